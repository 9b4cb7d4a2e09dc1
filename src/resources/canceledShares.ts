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
  api: { kind: 'share', list: API.share.canceledList, get: { endpoint: API.share.get, idParam: 'contractNumber' } },
  permissions: { list: 'share.canceled_list', show: 'share.read' },
  rowKey: 'shareId',
  columns: [
    ...SHARE_COLUMNS,
    { key: 'canceledAt', titleKey: 'shares.canceledAt', dataIndex: 'canceledAt', cell: 'dateTime', sortField: 'canceledAt' },
    { key: 'cancelReason', titleKey: 'shares.cancelReason', dataIndex: 'cancelReason' },
  ],
  filters: SHARE_FILTERS,
  // The latest cancellations first: what the list is for.
  defaultSorters: [{ field: 'canceledAt', order: 'desc' }],
  emptyKey: 'shares.empty',
  totalKey: 'shares.total',
};
