import { StopOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { SHARE_COLUMNS, SHARE_FILTERS } from './shareColumns';
import type { ResourceDef } from './types';

export const canceledShares: ResourceDef = {
  name: 'canceledShares',
  route: '/canceladas',
  labelKey: 'menu.canceledShares',
  titleKey: 'shares.titles.canceledShares',
  icon: StopOutlined,
  api: { kind: 'share', list: API.share.canceledList, export: API.share.canceledListExport, get: { endpoint: API.share.get, idParam: 'contractNumber' } },
  permissions: { list: 'share.canceled_list', show: 'share.read' },
  rowKey: 'shareId',
  columns: [
    // A cancelled sale puts the share back to "Disponível": what tells the rows apart is the state
    // the sale was in when it was cancelled (the server filters `state` on it for this list).
    ...SHARE_COLUMNS.map((c) =>
      c.key === 'state' ? { key: 'canceledFromState', titleKey: 'shares.stateAtCancel', dataIndex: 'canceledFromState', cell: 'shareState' as const } : c,
    ),
    { key: 'canceledAt', titleKey: 'shares.canceledAt', dataIndex: 'canceledAt', cell: 'dateTime', sortField: 'canceledAt' },
    { key: 'cancelReason', titleKey: 'shares.cancelReason', dataIndex: 'cancelReason' },
  ],
  filters: SHARE_FILTERS,
  statusTabs: 'canceled',
  stateFilterLabelKey: 'shares.stateAtCancel',
  // The latest cancellations first: what the list is for.
  defaultSorters: [{ field: 'canceledAt', order: 'desc' }],
  emptyKey: 'shares.empty',
  totalKey: 'shares.total',
};
