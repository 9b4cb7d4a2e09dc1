import { NAME_MAX_LENGTH } from '../../domain/management';
import type { CrudForm } from '../types';

const form: CrudForm = {
  fields: [
    { key: 'name', labelKey: 'management.funds.name', kind: 'text', required: true, maxLength: NAME_MAX_LENGTH },
    { key: 'cnpj', labelKey: 'management.funds.cnpj', kind: 'cnpj', required: true },
  ],
  showFields: [
    { key: 'enabled', labelKey: 'management.common.enabled', cell: 'boolean' },
    { key: 'createdAt', labelKey: 'management.common.createdAt', cell: 'dateTime' },
  ],
};

export default form;
