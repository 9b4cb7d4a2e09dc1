import { NAME_MAX_LENGTH } from '../../domain/management';
import { PROFILES } from '../../domain';
import type { CrudForm } from '../types';

/**
 * A user: who it is, its profile and tenant (fixed once created) and the permissions its profile
 * grants that it is denied. An administrator creates only `adm` users of its own brand.
 */
const form: CrudForm = {
  fields: [
    { key: 'name', labelKey: 'management.users.name', kind: 'text', required: true, maxLength: NAME_MAX_LENGTH },
    { key: 'email', labelKey: 'management.users.email', kind: 'email', required: true },
    {
      key: 'profile',
      labelKey: 'management.users.profile',
      kind: 'select',
      required: true,
      createOnly: true,
      options: PROFILES.map((p) => ({ value: p, labelKey: `profile.${p}` })),
      fixed: (c) => (c.profile === 'adm' ? 'adm' : undefined),
    },
    {
      key: 'admId',
      labelKey: 'management.users.administrator',
      kind: 'select',
      required: true,
      createOnly: true,
      reference: { resource: 'administrators', valueField: 'admId', labelField: 'name' },
      when: (v) => v.profile === 'adm',
      fixed: (c) => (c.profile === 'adm' ? c.ownAdmId : undefined),
      fixedLabelKey: 'management.users.ownAdministrator',
    },
    {
      key: 'fundId',
      labelKey: 'management.users.fund',
      kind: 'select',
      required: true,
      createOnly: true,
      reference: { resource: 'funds', valueField: 'fundId', labelField: 'name' },
      when: (v) => v.profile === 'fund',
    },
    { key: 'deniedPermissions', labelKey: 'management.users.deniedPermissions', kind: 'permissions', initial: [], helpKey: 'management.users.deniedPermissionsHelp' },
  ],
  showFields: [
    { key: 'enabled', labelKey: 'management.common.enabled', cell: 'boolean' },
    { key: 'mustChangePassword', labelKey: 'management.users.mustChangePassword', cell: 'boolean' },
    { key: 'lastAccess', labelKey: 'management.users.lastAccess', cell: 'dateTime' },
    { key: 'createdAt', labelKey: 'management.common.createdAt', cell: 'dateTime' },
  ],
};

export default form;
