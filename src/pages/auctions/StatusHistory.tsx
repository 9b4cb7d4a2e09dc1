import { useTranslate } from '@refinedev/core';
import { Empty, Skeleton, Timeline } from 'antd';
import { formatDateTime } from '../../components/formatters';
import type { AuctionStatus } from '../../domain';
import { QueryError } from './QueryError';
import { useStatusHistory } from './useAuction';
import { saleContext } from './wording';

const DOT: Record<AuctionStatus, string> = { created: 'gray', pricing: 'blue', processing: 'blue', live: 'green', finished: 'green', canceled: 'red' };

/** Every status the auction went through, oldest first, with who moved it and when. */
export const StatusHistory = ({ auctionId, isAuction = true }: { auctionId: string; isAuction?: boolean }) => {
  const t = useTranslate();
  const history = useStatusHistory(auctionId);
  if (history.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const items = [...history.list].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <QueryError error={history.error} retry={() => void history.refetch()}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auctions.history.empty')} />
      ) : (
        <Timeline
          data-testid="auction-history"
          items={items.map((h, i) => {
            const to = t(`auctionStatus.${h.toStatus}`, saleContext(isAuction));
            return {
              key: i,
              color: DOT[h.toStatus],
              children: (
                <>
                  <div>{h.fromStatus ? t('auctions.history.moved', { from: t(`auctionStatus.${h.fromStatus}`, saleContext(isAuction)), to }) : t('auctions.history.created', { to, ...saleContext(isAuction) })}</div>
                  <div style={{ color: '#595959', fontSize: 12 }}>
                    {formatDateTime(h.at)}
                    {h.userName ? ` · ${t('auctions.history.by', { name: h.userName })}` : ''}
                  </div>
                </>
              ),
            };
          })}
        />
      )}
    </QueryError>
  );
};

export default StatusHistory;
