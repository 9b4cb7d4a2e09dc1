import { SwapOutlined } from '@ant-design/icons';
import { API, TRANSFER_LIST_STATES } from '../domain';
import { NEWEST_FIRST, SHARE_COLUMNS, SHARE_FILTERS } from './shareColumns';
import type { ResourceDef } from './types';

export const transfers: ResourceDef = {
  name: 'transfers',
  route: '/transferencia',
  labelKey: 'menu.transfers',
  titleKey: 'shares.titles.transfers',
  icon: SwapOutlined,
  api: { kind: 'share', list: API.share.transferList, export: API.share.transferListExport, get: { endpoint: API.share.get, idParam: 'contractNumber' } },
  permissions: { list: 'share.transfer_list', show: 'share.read' },
  rowKey: 'contractNumber',
  columns: SHARE_COLUMNS,
  filters: SHARE_FILTERS,
  statusTabs: 'transfer',
  stateOptions: TRANSFER_LIST_STATES,
  defaultSorters: NEWEST_FIRST,
  emptyKey: 'shares.empty',
  totalKey: 'shares.total',
};
