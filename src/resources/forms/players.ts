import { NAME_MAX_LENGTH } from '../../domain/management';
import type { CrudForm } from '../types';

const form: CrudForm = {
  fields: [
    { key: 'name', labelKey: 'management.players.name', kind: 'text', required: true, maxLength: NAME_MAX_LENGTH },
    { key: 'document', labelKey: 'management.players.document', kind: 'document', required: true },
    // The fund the player buys for, if any.
    { key: 'fundId', labelKey: 'management.players.fund', kind: 'select', reference: { resource: 'funds', valueField: 'fundId', labelField: 'name' } },
  ],
  showFields: [
    { key: 'enabled', labelKey: 'management.common.enabled', cell: 'boolean' },
    { key: 'createdAt', labelKey: 'management.common.createdAt', cell: 'dateTime' },
  ],
};

export default form;
