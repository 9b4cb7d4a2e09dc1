import { WarningOutlined } from '@ant-design/icons';
import { API, PENDENCY_LIST_STATES } from '../domain';
import { NEWEST_FIRST, SHARE_COLUMNS, SHARE_FILTERS } from './shareColumns';
import type { ResourceDef } from './types';

/** DESIGN §4: the share list restricted, for good, to shares with a pendency. */
export const pendencies: ResourceDef = {
  name: 'pendencies',
  route: '/pendencias',
  labelKey: 'menu.pendencies',
  titleKey: 'shares.titles.pendencies',
  icon: WarningOutlined,
  api: { kind: 'share', list: API.share.list, get: { endpoint: API.share.get, idParam: 'contractNumber' } },
  permissions: { list: 'share.list', show: 'share.read' },
  rowKey: 'contractNumber',
  columns: SHARE_COLUMNS,
  // The state is fixed, so a state control would only offer ways to empty the list.
  filters: SHARE_FILTERS.filter((f) => f !== 'state'),
  permanentFilters: [{ field: 'state', operator: 'in', value: [...PENDENCY_LIST_STATES] }],
  defaultSorters: NEWEST_FIRST,
  emptyKey: 'shares.empty',
  totalKey: 'shares.total',
};
