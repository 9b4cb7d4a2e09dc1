import type { RowActionDef } from './types';

/** Desativar while enabled (asks first), Ativar while not: every managed record has both. */
export const ENABLE_ACTIONS: readonly RowActionDef[] = [
  {
    name: 'disable',
    labelKey: 'management.actions.disable',
    when: (r) => r.enabled !== false,
    confirmKey: 'management.actions.disableConfirm',
    successKey: 'management.actions.disabled',
    danger: true,
  },
  { name: 'enable', labelKey: 'management.actions.enable', when: (r) => r.enabled === false, successKey: 'management.actions.enabled' },
];
