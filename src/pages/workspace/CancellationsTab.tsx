import { useTranslate } from '@refinedev/core';
import { Table } from 'antd';
import { type CancellationEntry, type ShareDetail } from '../../domain';
import { formatDateTime } from '../../components/formatters';
import { useShareList } from '../../hooks/useShareWorkspace';
import { QueryState } from './shared';

/** GET /share/cancellation_history ?shareId, newest first. */
const CancellationsTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const list = useShareList<CancellationEntry>(share.contractNumber, 'share.cancellationHistory', { shareId: share.shareId });
  return (
    <QueryState loading={list.isLoading} error={list.error}>
      <Table<CancellationEntry>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={list.list}
        locale={{ emptyText: t('workspace.cancellations.empty') }}
        columns={[
          { key: 'at', title: t('workspace.cancellations.at'), render: (_, c) => formatDateTime(c.at) },
          { key: 'reason', title: t('workspace.cancellations.reason'), dataIndex: 'reason' },
          { key: 'detail', title: t('workspace.cancellations.detail'), render: (_, c) => c.detail ?? '—' },
          { key: 'from', title: t('workspace.cancellations.fromState'), render: (_, c) => t(`shareState.${c.fromState}`) },
          { key: 'user', title: t('workspace.cancellations.user'), render: (_, c) => c.user?.name ?? '—' },
        ]}
      />
    </QueryState>
  );
};

export default CancellationsTab;
