import { ArrowRightOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Space, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { formatDateTime } from '../../components/formatters';
import { type AuctionInfo } from '../../domain';
import { useApiWrite } from '../../hooks/useApi';
import { auctionWrite } from './useAuction';
import { saleContext } from './wording';
import { AlertIcon, CONFIRM_ICON } from '../../components/AlertIcon';

/** Whether an instant is still ahead; a missing or unreadable one is not. */
const ahead = (iso: string | null | undefined): boolean => !!iso && Date.parse(iso) > Date.now();

/**
 * The two moves of the status machine: the next step (shown disabled, with the reason, while the
 * server's gate holds it) and cancel, each after a confirmation that says what it does. The server
 * answers what it decided; the page refetches. While a confirmation is open or a move is on its
 * way both buttons hold still, so a second click never sends a second move.
 */
export const AuctionActions = ({ auction }: { auction: AuctionInfo }) => {
  const t = useTranslate();
  const { modal } = App.useApp();
  const reasonId = useId();
  const ctx = saleContext(auction.isAuction);
  const next = auction.nextStatus;
  const nextLabel = next ? t(`auctions.steps.${next}`) : '';
  const advance = useApiWrite({ endpoint: 'auction.nextStep', ...auctionWrite(auction.auctionId, auction.isAuction), success: () => t('auctions.actions.nextDone', { ...ctx, step: nextLabel }) });
  const cancel = useApiWrite({ endpoint: 'auction.cancel', ...auctionWrite(auction.auctionId, auction.isAuction), success: () => t('auctions.actions.canceledDone', ctx) });
  // A ref, not only state: two clicks in one frame both see the state before the first re-render.
  const asking = useRef(false);
  const [askingNow, setAsking] = useState(false);
  if (!next && !auction.cancelable) return null;
  const blocker = auction.nextStepBlocker;
  const reason = blocker ? t(`auctions.blockers.${blocker}`) : null;
  const busy = askingNow || advance.isPending || cancel.isPending;

  const ask = (open: (done: () => void) => void) => {
    if (asking.current || advance.isPending || cancel.isPending) return;
    asking.current = true;
    setAsking(true);
    open(() => {
      asking.current = false;
      setAsking(false);
    });
  };

  const confirmNext = () =>
    ask((done) => {
      if (!next) return done();
      // Opening a live window before its start, or finishing before its end, is allowed: say so.
      const warning =
        next === 'live' && ahead(auction.startsAt)
          ? t('auctions.actions.notOpenYet', { at: formatDateTime(auction.startsAt) })
          : next === 'finished' && ahead(auction.endsAt)
            ? t('auctions.actions.notEndedYet', { at: formatDateTime(auction.endsAt) })
            : null;
      modal.confirm({
        icon: CONFIRM_ICON,
        title: t('auctions.actions.nextTitle', { step: nextLabel }),
        content: (
          <>
            <Typography.Paragraph style={{ marginBottom: warning ? 12 : 0 }}>{t(`auctions.actions.nextText.${next}`, ctx)}</Typography.Paragraph>
            {warning && <Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={warning} data-testid="next-step-warning" />}
          </>
        ),
        okText: t('auctions.actions.nextConfirm'),
        cancelText: t('auctions.actions.nextKeep'),
        onOk: () => advance.mutateAsync({ fromStatus: auction.status }).catch(() => undefined),
        afterClose: done,
      });
    });

  const confirmCancel = () =>
    ask((done) =>
      modal.confirm({
        icon: CONFIRM_ICON,
        title: t('auctions.actions.cancelTitle', ctx),
        content: t('auctions.actions.cancelText', { ...ctx, name: auction.name ?? t('auctionList.unnamed', ctx) }),
        okText: t('auctions.actions.cancelConfirm', ctx),
        okButtonProps: { danger: true },
        cancelText: t('auctions.actions.cancelKeep'),
        onOk: () => cancel.mutateAsync({ fromStatus: auction.status }).catch(() => undefined),
        afterClose: done,
      }),
    );

  return (
    <div role="toolbar" aria-label={t('auctions.actions.label', ctx)} style={{ marginTop: 8 }}>
      <Space wrap>
        {next && (
          <Button
            type="primary"
            icon={<ArrowRightOutlined aria-hidden />}
            disabled={!!blocker || (busy && !advance.isPending)}
            loading={advance.isPending}
            aria-describedby={reason ? reasonId : undefined}
            onClick={confirmNext}
          >
            {t('auctions.actions.next', { step: nextLabel })}
          </Button>
        )}
        {auction.cancelable && (
          <Button danger icon={<StopOutlined aria-hidden />} disabled={busy && !cancel.isPending} loading={cancel.isPending} onClick={confirmCancel}>
            {t('auctions.actions.cancel', ctx)}
          </Button>
        )}
      </Space>
      {reason && (
        <Typography.Paragraph id={reasonId} type="secondary" style={{ margin: '8px 0 0' }} data-testid="next-step-blocker">
          {reason}
        </Typography.Paragraph>
      )}
    </div>
  );
};

export default AuctionActions;
