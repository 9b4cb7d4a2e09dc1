import { useTranslate } from '@refinedev/core';
import { Descriptions, Empty, Grid, Typography } from 'antd';
import { EMPTY_CELL, formatDateTime } from '../../components/formatters';
import type { AuctionBuyerNames, AuctionConfig } from '../../domain';
import { nameOf, useBuyerOptions, type BuyerOption } from './buyers';
import { minimumText } from './wording';

/** Values wrap between words only: a date or a name is never cut in the middle on a phone. */
const VALUE_STYLE = { wordBreak: 'normal', overflowWrap: 'anywhere' } as const;

/** The saved configuration, read-only: for users who may not change it and for the later steps. */
export const ConfigSummary = ({ config, isAuction = true, buyerNames }: { config: Partial<AuctionConfig>; isAuction?: boolean; buyerNames?: AuctionBuyerNames }) => {
  const t = useTranslate();
  const buyers = useBuyerOptions();
  // Label beside value leaves a phone's value column a few characters wide: stack them there.
  const wide = Grid.useBreakpoint().sm ?? true;
  if (Object.keys(config).length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auctions.config.notSaved')} />;
  const contracts = config.contractNumbers ?? [];
  const min = config.minimumPrice;
  const list = (ids: number[] | undefined, options: BuyerOption[], known?: { id: number; name: string }[]) =>
    ids?.length ? ids.map((id) => nameOf(options, id, known)).join(', ') : EMPTY_CELL;
  return (
    <Descriptions size="small" column={1} bordered layout={wide ? 'horizontal' : 'vertical'} styles={{ content: VALUE_STYLE }} data-testid="config-summary">
      <Descriptions.Item label={t('auctions.config.name')}>{config.name || EMPTY_CELL}</Descriptions.Item>
      <Descriptions.Item label={t(isAuction ? 'auctions.config.window' : 'auctions.config.windowDirectSale')}>
        {formatDateTime(config.startsAt)} – {formatDateTime(config.endsAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('auctions.config.contracts')}>
        <div>{t('auctions.config.contractsCount', { count: contracts.length })}</div>
        {contracts.length > 0 && (
          <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0, fontFamily: 'monospace' }}>
            {contracts.join(', ')}
          </Typography.Paragraph>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('auctions.config.funds')}>{list(config.fundIds, buyers.funds, buyerNames?.funds)}</Descriptions.Item>
      <Descriptions.Item label={t('auctions.config.players')}>{list(config.playerIds, buyers.players, buyerNames?.players)}</Descriptions.Item>
      <Descriptions.Item label={t('auctions.config.minimumPrice')}>{min ? minimumText(min, t('auctions.config.percentSuffix')) : EMPTY_CELL}</Descriptions.Item>
    </Descriptions>
  );
};

export default ConfigSummary;
