import { BankOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { FUND_SORT_FIELDS } from '../domain/referenceLists';
import { ENABLE_ACTIONS } from './recordActions';
import { BY_NAME, toReferenceListFilters } from './referenceFilters';
import type { ResourceDef } from './types';

export const funds: ResourceDef = {
  name: 'funds',
  route: '/fundos',
  labelKey: 'menu.funds',
  titleKey: 'funds.title',
  icon: BankOutlined,
  api: {
    kind: 'json',
    list: API.fund.list,
    export: API.fund.listExport,
    get: { endpoint: API.fund.get, idParam: 'fundId', numericId: true },
    create: API.fund.create,
    update: API.fund.update,
    actions: { disable: API.fund.disable, enable: API.fund.enable },
    toFilters: (filters) => ({ ...toReferenceListFilters(filters) }),
    sortFields: FUND_SORT_FIELDS,
  },
  permissions: { list: 'fund.list', show: 'fund.manage', create: 'fund.manage', edit: 'fund.manage', disable: 'fund.manage', enable: 'fund.manage' },
  rowKey: 'fundId',
  columns: [
    { key: 'name', titleKey: 'funds.name', dataIndex: 'name', sortField: 'name' },
    { key: 'cnpj', titleKey: 'funds.cnpj', dataIndex: 'cnpj', cell: 'document', sortField: 'cnpj' },
    { key: 'enabled', titleKey: 'funds.enabled', dataIndex: 'enabled', cell: 'boolean' },
  ],
  filters: ['q'],
  searchPlaceholderKey: 'funds.searchPlaceholder',
  defaultSorters: BY_NAME,
  emptyKey: 'funds.empty',
  crud: {
    createKey: 'funds.new',
    showTitleKey: 'management.funds.showTitle',
    editTitleKey: 'management.funds.editTitle',
    nameField: 'name',
    form: () => import('./forms/funds'),
    actions: ENABLE_ACTIONS,
  },
};
