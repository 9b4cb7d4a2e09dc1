import { BankOutlined } from '@ant-design/icons';
import { API } from '../domain';
import type { ResourceDef } from './types';

export const funds: ResourceDef = {
  name: 'funds',
  route: '/fundos',
  labelKey: 'menu.funds',
  titleKey: 'funds.title',
  icon: BankOutlined,
  api: { kind: 'plain', list: API.fund.list },
  permissions: { list: 'fund.list' },
  rowKey: 'fundId',
  columns: [
    { key: 'name', titleKey: 'funds.name', dataIndex: 'name' },
    { key: 'cnpj', titleKey: 'funds.cnpj', dataIndex: 'cnpj', cell: 'document' },
  ],
  filters: [],
};
