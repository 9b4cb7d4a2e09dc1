import { BankOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { FUND_SORT_FIELDS } from '../domain/referenceLists';
import { BY_NAME, toReferenceListFilters } from './referenceFilters';
import type { ResourceDef } from './types';

export const funds: ResourceDef = {
  name: 'funds',
  route: '/fundos',
  labelKey: 'menu.funds',
  titleKey: 'funds.title',
  icon: BankOutlined,
  api: { kind: 'json', list: API.fund.list, toFilters: (filters) => ({ ...toReferenceListFilters(filters) }), sortFields: FUND_SORT_FIELDS },
  permissions: { list: 'fund.list' },
  rowKey: 'fundId',
  columns: [
    { key: 'name', titleKey: 'funds.name', dataIndex: 'name', sortField: 'name' },
    { key: 'cnpj', titleKey: 'funds.cnpj', dataIndex: 'cnpj', cell: 'document', sortField: 'cnpj' },
  ],
  filters: ['q'],
  searchPlaceholderKey: 'funds.searchPlaceholder',
  defaultSorters: BY_NAME,
  emptyKey: 'funds.empty',
};
