import { UserOutlined } from '@ant-design/icons';
import { API } from '../domain';
import type { ResourceDef } from './types';

export const users: ResourceDef = {
  name: 'users',
  route: '/usuarios',
  labelKey: 'menu.users',
  titleKey: 'users.title',
  icon: UserOutlined,
  // SPEC §7: GET /user/list ?profile
  api: { kind: 'plain', list: API.user.list, queryFilters: ['profile'] },
  permissions: { list: 'user.list' },
  rowKey: 'userId',
  columns: [
    { key: 'name', titleKey: 'users.name', dataIndex: 'name' },
    { key: 'email', titleKey: 'users.email', dataIndex: 'email' },
    { key: 'profile', titleKey: 'users.profile', dataIndex: 'profile', cell: 'profile' },
    { key: 'lastAccess', titleKey: 'users.lastAccess', dataIndex: 'lastAccess', cell: 'dateTime' },
  ],
  filters: ['profile'],
};
