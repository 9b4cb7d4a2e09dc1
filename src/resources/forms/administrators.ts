import { THEME } from '../../domain';
import { AA_TEXT, accessibleOnWhite } from '../../domain/contrast';
import { NAME_MAX_LENGTH, primaryContrastWarning } from '../../domain/management';
import type { CrudForm } from '../types';

/** A brand: the administrator, its white label (host label, colours, icon) and its settings. */
const form: CrudForm = {
  fields: [
    { key: 'name', labelKey: 'management.administrators.name', kind: 'text', required: true, maxLength: NAME_MAX_LENGTH },
    { key: 'cnpj', labelKey: 'management.administrators.cnpj', kind: 'cnpj', required: true },
    { key: 'labelId', labelKey: 'management.administrators.labelId', kind: 'labelId', required: true, helpKey: 'management.administrators.labelIdHelp' },
    {
      key: 'colors.primary',
      labelKey: 'management.administrators.primary',
      kind: 'color',
      required: true,
      initial: THEME.primaryColor,
      // Buttons and the selected menu entry put white text on it: below AA, say so and name the
      // darker shade the app will use instead (src/domain/contrast.ts), but let it be saved.
      warning: (v) => {
        const ratio = typeof v === 'string' ? primaryContrastWarning(v) : null;
        return ratio === null
          ? null
          : { key: 'management.administrators.contrastWarning', values: { ratio, minimum: AA_TEXT, accessible: accessibleOnWhite(v as string) } };
      },
    },
    { key: 'colors.secondary', labelKey: 'management.administrators.secondary', kind: 'color', required: true, initial: '#1B3F8F' },
    { key: 'favicon', labelKey: 'management.administrators.favicon', kind: 'favicon', helpKey: 'management.administrators.faviconHelp' },
    { key: 'allowMultiprices', labelKey: 'management.administrators.allowMultiprices', kind: 'boolean', initial: false },
    { key: 'displayDocumentsInBackoffice', labelKey: 'management.administrators.displayDocumentsInBackoffice', kind: 'boolean', initial: false },
    {
      key: 'admAllowMultiprices',
      labelKey: 'management.administrators.admAllowMultiprices',
      kind: 'boolean',
      initial: false,
      helpKey: 'management.administrators.admAllowMultipricesHelp',
    },
  ],
  showFields: [{ key: 'createdAt', labelKey: 'management.common.createdAt', cell: 'dateTime' }],
  preview: 'brand',
  // An existing brand's icon is its own file; a new brand has no administrator to name yet, so the
  // icon is a platform file (operators only) until the save inlines it.
  uploadSlug: (id) => (id ? `adm-${id}` : 'repasse'),
};

export default form;
