import { CANCEL_REASON_LABEL_MAX_LENGTH } from '../../domain/management';
import type { CrudForm } from '../types';

const form: CrudForm = {
  fields: [
    {
      key: 'label',
      labelKey: 'management.cancelReasons.label',
      kind: 'text',
      required: true,
      maxLength: CANCEL_REASON_LABEL_MAX_LENGTH,
      helpKey: 'management.cancelReasons.labelHelp',
    },
  ],
  showFields: [
    { key: 'enabled', labelKey: 'management.common.enabled', cell: 'boolean' },
    { key: 'createdAt', labelKey: 'management.common.createdAt', cell: 'dateTime' },
  ],
};

export default form;
