import { StopOutlined } from '@ant-design/icons';
import type { CrudSort } from '@refinedev/core';
import { API } from '../domain';
import { CANCEL_REASON_SORT_FIELDS } from '../domain/referenceLists';
import { ENABLE_ACTIONS } from './recordActions';
import { toReferenceListFilters } from './referenceFilters';
import type { ResourceDef } from './types';

const BY_LABEL: CrudSort[] = [{ field: 'label', order: 'asc' }];

/** The reasons "Cancelar venda" offers (issue 16): operators add, rename and disable them. */
export const cancelReasons: ResourceDef = {
  name: 'cancelReasons',
  route: '/motivos-cancelamento',
  labelKey: 'menu.cancelReasons',
  titleKey: 'cancelReasons.title',
  icon: StopOutlined,
  api: {
    kind: 'json',
    list: API.cancelReason.list,
    // Text ids: the seed's are readable (`desistencia_cliente`), new ones UUIDs.
    get: { endpoint: API.cancelReason.get, idParam: 'reasonId' },
    create: API.cancelReason.create,
    update: API.cancelReason.update,
    actions: { disable: API.cancelReason.disable, enable: API.cancelReason.enable },
    toFilters: (filters) => ({ ...toReferenceListFilters(filters) }),
    sortFields: CANCEL_REASON_SORT_FIELDS,
  },
  permissions: {
    list: 'cancel_reason.manage',
    show: 'cancel_reason.manage',
    create: 'cancel_reason.manage',
    edit: 'cancel_reason.manage',
    disable: 'cancel_reason.manage',
    enable: 'cancel_reason.manage',
  },
  rowKey: 'reasonId',
  columns: [
    { key: 'label', titleKey: 'cancelReasons.label', dataIndex: 'label', sortField: 'label' },
    { key: 'enabled', titleKey: 'cancelReasons.enabled', dataIndex: 'enabled', cell: 'boolean' },
    { key: 'createdAt', titleKey: 'cancelReasons.createdAt', dataIndex: 'createdAt', cell: 'dateTime', sortField: 'createdAt' },
  ],
  filters: ['q'],
  searchPlaceholderKey: 'cancelReasons.searchPlaceholder',
  defaultSorters: BY_LABEL,
  emptyKey: 'cancelReasons.empty',
  crud: {
    createKey: 'cancelReasons.new',
    showTitleKey: 'management.cancelReasons.showTitle',
    editTitleKey: 'management.cancelReasons.editTitle',
    nameField: 'label',
    form: () => import('./forms/cancelReasons'),
    actions: ENABLE_ACTIONS,
  },
};
