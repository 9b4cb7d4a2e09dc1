import type { ColumnDef, FilterKind } from './types';

/** The columns every share list shows, in order. */
export const SHARE_COLUMNS: readonly ColumnDef[] = [
  { key: 'contractNumber', titleKey: 'shares.contractNumber', dataIndex: 'contractNumber', cell: 'code', sortField: 'contractNumber' },
  { key: 'ownerName', titleKey: 'shares.owner', dataIndex: 'ownerName', sortField: 'ownerName' },
  { key: 'ownerDocument', titleKey: 'shares.document', dataIndex: 'ownerDocument', cell: 'document' },
  { key: 'state', titleKey: 'shares.state', dataIndex: 'state', cell: 'shareState', sortField: 'state' },
  { key: 'processStep', titleKey: 'shares.processStep', dataIndex: 'processStep', cell: 'processStep', sortField: 'processStep' },
  { key: 'isPj', titleKey: 'shares.personType', dataIndex: 'isPj', cell: 'personType' },
  { key: 'admName', titleKey: 'shares.administrator', dataIndex: 'admName', tenant: 'adm' },
  { key: 'fundName', titleKey: 'shares.fund', dataIndex: 'fundName', tenant: 'fund' },
  { key: 'updatedAt', titleKey: 'shares.updatedAt', dataIndex: 'updatedAt', cell: 'dateTime', sortField: 'updatedAt' },
];

export const SHARE_FILTERS: readonly FilterKind[] = ['q', 'state', 'processStep', 'isPj', 'admId', 'fundId', 'updatedAt'];

export const NEWEST_FIRST = [{ field: 'updatedAt', order: 'desc' as const }];
