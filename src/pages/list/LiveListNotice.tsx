import { useSubscription, useTranslate, type LiveEvent } from '@refinedev/core';
import { Alert, Button } from 'antd';
import { useCallback, useState } from 'react';
import { AlertIcon } from '../../components/AlertIcon';
import type { LiveShareEvent } from '../../domain';
import { SHARES_CHANNEL } from '../../providers/liveProvider';
import { readSession } from '../../providers/session';

export type LiveListState = { kind: 'some'; count: number } | { kind: 'many' };

/**
 * Shares others changed since the list was loaded (issue 18), through Refine's liveProvider. The
 * table does not move under the pointer: changed rows are marked and a notice offers "Atualizar".
 * The user's own changes are not counted (the list refetches after them anyway).
 */
export const useLiveChanges = (enabled: boolean) => {
  const [changed, setChanged] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [many, setMany] = useState(false);
  useSubscription({
    channel: SHARES_CHANNEL,
    types: ['updated'],
    enabled,
    onLiveEvent: (event: LiveEvent) => {
      const e = event.payload as Partial<LiveShareEvent> & { many?: boolean; count?: number };
      if (e.many) {
        setMany(true);
        return;
      }
      if (!e.contractNumber || (e.by?.userId && e.by.userId === readSession()?.claims.userId)) return;
      setChanged((prev) => new Map(prev).set(e.contractNumber!, e.by?.name ?? ''));
    },
  });
  const clear = useCallback(() => {
    setChanged(new Map());
    setMany(false);
  }, []);
  const notice: LiveListState | null = many ? { kind: 'many' } : changed.size > 0 ? { kind: 'some', count: changed.size } : null;
  // The same function until a share changes: the list's table is rendered again only then.
  const isChanged = useCallback((row: Record<string, unknown>) => typeof row.contractNumber === 'string' && changed.has(row.contractNumber), [changed]);
  return { notice, clear, changed: isChanged };
};

export const LiveListNotice = ({ notice, onRefresh }: { notice: LiveListState; onRefresh: () => void }) => {
  const t = useTranslate();
  return (
    <Alert
      type="info"
      showIcon
      icon={<AlertIcon type="info" />}
      role="status"
      style={{ marginBottom: 12 }}
      message={notice.kind === 'many' ? t('live.many') : t('live.changed', { count: notice.count })}
      action={
        <Button size="small" onClick={onRefresh}>
          {t('live.refresh')}
        </Button>
      }
    />
  );
};
