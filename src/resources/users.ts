import { UserOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { USER_SORT_FIELDS } from '../domain/referenceLists';
import { BY_NAME, toReferenceListFilters } from './referenceFilters';
import { ENABLE_ACTIONS } from './recordActions';
import type { ResourceDef } from './types';

export const users: ResourceDef = {
  name: 'users',
  route: '/usuarios',
  labelKey: 'menu.users',
  titleKey: 'users.title',
  icon: UserOutlined,
  // SPEC §7: GET /user/list ?profile; the search goes in `filters` like the other lists.
  api: {
    kind: 'json',
    list: API.user.list,
    export: API.user.listExport,
    get: { endpoint: API.user.get, idParam: 'userId' },
    create: API.user.create,
    update: API.user.update,
    actions: { disable: API.user.disable, enable: API.user.enable, sendReset: API.user.sendReset },
    queryFilters: ['profile'],
    toFilters: (filters) => ({ ...toReferenceListFilters(filters) }),
    sortFields: USER_SORT_FIELDS,
  },
  // An administrator manages only its own brand's `adm` users: the server narrows, the form fixes.
  permissions: {
    list: 'user.list',
    show: 'user.list',
    create: 'user.manage',
    edit: 'user.manage',
    disable: 'user.manage',
    enable: 'user.manage',
    sendReset: 'user.manage',
  },
  rowKey: 'userId',
  columns: [
    { key: 'name', titleKey: 'users.name', dataIndex: 'name', sortField: 'name' },
    { key: 'email', titleKey: 'users.email', dataIndex: 'email', sortField: 'email' },
    { key: 'profile', titleKey: 'users.profile', dataIndex: 'profile', cell: 'profile' },
    { key: 'enabled', titleKey: 'users.enabled', dataIndex: 'enabled', cell: 'boolean' },
    { key: 'lastAccess', titleKey: 'users.lastAccess', dataIndex: 'lastAccess', cell: 'dateTime', sortField: 'lastAccess' },
  ],
  filters: ['q', 'profile'],
  searchPlaceholderKey: 'users.searchPlaceholder',
  defaultSorters: BY_NAME,
  emptyKey: 'users.empty',
  crud: {
    createKey: 'users.new',
    showTitleKey: 'management.users.showTitle',
    editTitleKey: 'management.users.editTitle',
    nameField: 'name',
    form: () => import('./forms/users'),
    actions: [
      ...ENABLE_ACTIONS,
      { name: 'sendReset', labelKey: 'management.actions.sendReset', confirmKey: 'management.actions.sendResetConfirm', successKey: 'management.actions.sendResetDone' },
    ],
    afterCreate: 'oneTimePassword',
  },
};
