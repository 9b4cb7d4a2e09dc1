import { UserOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { USER_SORT_FIELDS } from '../domain/referenceLists';
import { BY_NAME, toReferenceListFilters } from './referenceFilters';
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
    queryFilters: ['profile'],
    toFilters: (filters) => ({ ...toReferenceListFilters(filters) }),
    sortFields: USER_SORT_FIELDS,
  },
  permissions: { list: 'user.list' },
  rowKey: 'userId',
  columns: [
    { key: 'name', titleKey: 'users.name', dataIndex: 'name', sortField: 'name' },
    { key: 'email', titleKey: 'users.email', dataIndex: 'email', sortField: 'email' },
    { key: 'profile', titleKey: 'users.profile', dataIndex: 'profile', cell: 'profile' },
    { key: 'lastAccess', titleKey: 'users.lastAccess', dataIndex: 'lastAccess', cell: 'dateTime', sortField: 'lastAccess' },
  ],
  filters: ['q', 'profile'],
  searchPlaceholderKey: 'users.searchPlaceholder',
  defaultSorters: BY_NAME,
  emptyKey: 'users.empty',
};
