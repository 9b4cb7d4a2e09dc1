import { UnorderedListOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { NEWEST_FIRST, SHARE_COLUMNS, SHARE_FILTERS } from './shareColumns';
import type { ResourceDef } from './types';

export const shares: ResourceDef = {
  name: 'shares',
  route: '/listagem',
  labelKey: 'menu.shares',
  titleKey: 'shares.titles.shares',
  icon: UnorderedListOutlined,
  api: { kind: 'share', list: API.share.list, export: API.share.listExport, get: { endpoint: API.share.get, idParam: 'contractNumber' } },
  permissions: { list: 'share.list', show: 'share.read' },
  rowKey: 'contractNumber',
  columns: SHARE_COLUMNS,
  filters: SHARE_FILTERS,
  statusTabs: 'all',
  defaultSorters: NEWEST_FIRST,
  emptyKey: 'shares.empty',
  totalKey: 'shares.total',
};
