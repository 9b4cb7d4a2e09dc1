import { CloseOutlined } from '@ant-design/icons';
import { useSubscription, useTranslate, type LiveEvent } from '@refinedev/core';
import { Alert } from 'antd';
import { useState } from 'react';
import { AlertIcon } from '../../components/AlertIcon';
import type { LiveShareEvent } from '../../domain';
import { useApiInvalidate } from '../../hooks/useApi';
import { shareRecord } from '../../hooks/useShareWorkspace';
import { SHARES_CHANNEL } from '../../providers/liveProvider';
import { readSession } from '../../providers/session';

/**
 * Someone else changed the share on screen (issue 18): the workspace says who, and everything of the
 * share refetches at once (its record key). The user's own changes refresh through their own calls.
 */
export const LiveNotice = ({ contractNumber }: { contractNumber: string }) => {
  const t = useTranslate();
  const invalidate = useApiInvalidate();
  const [by, setBy] = useState<string | null>(null);
  useSubscription({
    channel: SHARES_CHANNEL,
    types: ['updated'],
    onLiveEvent: (event: LiveEvent) => {
      const e = event.payload as Partial<LiveShareEvent> & { many?: boolean; ids?: unknown[] };
      const mine = e.by?.userId && e.by.userId === readSession()?.claims.userId;
      if (e.many) {
        // Many shares moved (a bulk move) or the server may have missed some: refetch quietly.
        void invalidate(shareRecord(contractNumber));
        return;
      }
      if (e.contractNumber !== contractNumber || mine) return;
      setBy(e.by?.name ?? t('workspace.live.someone'));
      void invalidate(shareRecord(contractNumber));
    },
  });
  if (by === null) return null;
  return (
    <Alert
      type="info"
      showIcon
      icon={<AlertIcon type="info" />}
      role="status"
      closable={{ closeIcon: <CloseOutlined aria-hidden />, 'aria-label': t('workspace.live.dismiss') }}
      onClose={() => setBy(null)}
      message={t('workspace.live.changed', { name: by })}
      style={{ marginBottom: 12 }}
    />
  );
};
