import { ShopOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { BY_NAME, toReferenceListFilters } from './referenceFilters';
import type { ResourceDef } from './types';

/** The brands: an administrator with its white label and its own settings (operators only). */
export const administrators: ResourceDef = {
  name: 'administrators',
  route: '/administradoras',
  labelKey: 'menu.administrators',
  titleKey: 'administrators.title',
  icon: ShopOutlined,
  api: {
    kind: 'json',
    list: API.administrator.list,
    export: API.administrator.listExport,
    get: { endpoint: API.administrator.get, idParam: 'admId', numericId: true },
    create: API.administrator.create,
    update: API.administrator.update,
    toFilters: (filters) => ({ ...toReferenceListFilters(filters) }),
    sortFields: ['name', 'labelId'],
  },
  permissions: { list: 'administrator.manage', show: 'administrator.manage', create: 'administrator.manage', edit: 'administrator.manage' },
  rowKey: 'admId',
  columns: [
    { key: 'name', titleKey: 'administrators.name', dataIndex: 'name', sortField: 'name' },
    { key: 'cnpj', titleKey: 'administrators.cnpj', dataIndex: 'cnpj', cell: 'document' },
    { key: 'labelId', titleKey: 'administrators.labelId', dataIndex: 'labelId', sortField: 'labelId' },
    { key: 'createdAt', titleKey: 'administrators.createdAt', dataIndex: 'createdAt', cell: 'date' },
  ],
  filters: ['q'],
  searchPlaceholderKey: 'administrators.searchPlaceholder',
  defaultSorters: BY_NAME,
  emptyKey: 'administrators.empty',
  crud: {
    createKey: 'administrators.new',
    showTitleKey: 'management.administrators.showTitle',
    editTitleKey: 'management.administrators.editTitle',
    nameField: 'name',
    form: () => import('./forms/administrators'),
  },
};
