import { useOne, useTranslate } from '@refinedev/core';
import { Descriptions, Drawer, Skeleton } from 'antd';
import type { ShareListItem } from '../../domain';
import { renderCell } from './cells';
import type { CellKind } from '../../resources';

const FIELDS: { key: keyof ShareListItem; labelKey: string; cell?: CellKind }[] = [
  { key: 'contractNumber', labelKey: 'shares.contractNumber' },
  { key: 'ownerName', labelKey: 'shares.owner' },
  { key: 'ownerDocument', labelKey: 'shares.document', cell: 'document' },
  { key: 'state', labelKey: 'shares.state', cell: 'shareState' },
  { key: 'processStep', labelKey: 'shares.processStep', cell: 'processStep' },
  { key: 'sentToPartner', labelKey: 'shares.sentToPartner', cell: 'boolean' },
  { key: 'isPj', labelKey: 'shares.personType', cell: 'personType' },
  { key: 'admName', labelKey: 'shares.administrator' },
  { key: 'fundName', labelKey: 'shares.fund' },
  { key: 'createdAt', labelKey: 'shares.createdAt', cell: 'dateTime' },
  { key: 'updatedAt', labelKey: 'shares.updatedAt', cell: 'dateTime' },
];

/**
 * A read-only look at one share (GET /share/get), until the share workspace exists. Its own chunk:
 * nobody needs it to see the list.
 */
const ShareDrawer = ({ resource, id, onClose }: { resource: string; id: string | null; onClose: () => void }) => {
  const t = useTranslate();
  const { result, query } = useOne<ShareListItem>({ resource, id: id ?? '', queryOptions: { enabled: !!id } });
  return (
    <Drawer open={!!id} onClose={onClose} width={480} title={`${t('shares.details')} ${id ?? ''}`} destroyOnHidden>
      {query.isLoading || !result ? (
        <Skeleton active />
      ) : (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={FIELDS.map((f) => ({ key: f.key, label: t(f.labelKey), children: renderCell(f.cell, result[f.key], t) }))}
        />
      )}
    </Drawer>
  );
};

export default ShareDrawer;
