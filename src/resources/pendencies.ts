import { WarningOutlined } from '@ant-design/icons';
import { API, PENDENCY_LIST_STATES } from '../domain';
import { PENDENCY_KINDS, PENDENCY_SORT_FIELDS } from '../domain/pendencies';
import { PENDENCY_SELECT_FILTERS, toPendencyListFilters } from './pendencyFilters';
import { NEWEST_FIRST, SHARE_COLUMNS, SHARE_FILTERS } from './shareColumns';
import type { ColumnDef, ResourceDef } from './types';

/**
 * What each row's open pendencies are (issue 15): their kinds, how long the oldest has been open
 * (sorted by when it was opened) and the nearest due date, "Vencida" when one is past it. They stand
 * where the process step was: on this list it always reads "Pendência".
 * In a spreadsheet (issue 18) the age is a number of days and the due date a date with "Vencida"
 * (Sim/Não) beside it, so that both sort and filter there.
 */
const PENDENCY_COLUMNS: readonly ColumnDef[] = [
  {
    key: 'pendencyKinds',
    titleKey: 'shares.pendencyKinds',
    dataIndex: 'pendency',
    cell: 'pendencyKinds',
    exportParts: [{ field: 'pendency.kinds', cell: 'tag', labelPrefix: 'pendencyKind', values: PENDENCY_KINDS }],
  },
  {
    key: 'pendencyAge',
    titleKey: 'shares.pendencyAge',
    dataIndex: 'pendency',
    cell: 'pendencyAge',
    sortField: 'pendencyOpenedAt',
    exportParts: [{ field: 'pendency.ageDays', cell: 'number', titleKey: 'shares.pendencyAgeInDays' }],
  },
  {
    key: 'pendencyDue',
    titleKey: 'shares.pendencyDue',
    dataIndex: 'pendency',
    cell: 'pendencyDue',
    sortField: 'pendencyDueDate',
    exportParts: [
      { field: 'pendency.dueDate', cell: 'date' },
      { field: 'pendency.overdue', cell: 'boolean', titleKey: 'shares.pendencyOverdue' },
    ],
  },
];

/** DESIGN §4: the share list restricted, for good, to shares with a pendency, with what each pendency is. */
export const pendencies: ResourceDef = {
  name: 'pendencies',
  route: '/pendencias',
  labelKey: 'menu.pendencies',
  titleKey: 'shares.titles.pendencies',
  icon: WarningOutlined,
  api: {
    kind: 'share',
    list: API.share.withPendencyList,
    // Its own export: this list's rows, filters, sorts and pendency columns (issue 18).
    export: API.share.withPendencyListExport,
    get: { endpoint: API.share.get, idParam: 'contractNumber' },
    toFilters: toPendencyListFilters,
    sortFields: PENDENCY_SORT_FIELDS,
  },
  permissions: { list: 'share.list', show: 'share.read' },
  rowKey: 'contractNumber',
  // The person type and the state (always "Com pendência" here) give their place to the pendency
  // columns, so the table fits at 1280 px without scrolling sideways.
  columns: SHARE_COLUMNS.flatMap((c) => (c.key === 'processStep' ? PENDENCY_COLUMNS : c.key === 'isPj' || c.key === 'state' ? [] : [c])),
  // The state is fixed, so a state control would only offer ways to empty the list.
  filters: SHARE_FILTERS.filter((f) => f !== 'state'),
  selectFilters: PENDENCY_SELECT_FILTERS,
  permanentFilters: [{ field: 'state', operator: 'in', value: [...PENDENCY_LIST_STATES] }],
  defaultSorters: NEWEST_FIRST,
  emptyKey: 'shares.empty',
  totalKey: 'shares.total',
};
