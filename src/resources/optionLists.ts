import { API } from '../domain';
import type { ResourceApi } from './types';

/**
 * Lists read only as a control's options: no page, no menu entry, so they are not in RESOURCES; the
 * data provider still maps them to their call like any resource (useSelect/useList by name).
 */
export const OPTION_LISTS = {
  /** The Administradora filter of the share lists: the administrators the user's shares may be of. */
  administratorOptions: { kind: 'plain', list: API.share.administratorOptions, queryFilters: ['q'] },
  /** The audit trail's user filter: who appears in the entries the user may read (issue 18). */
  auditUsers: { kind: 'plain', list: API.audit.userOptions, queryFilters: ['q'] },
} as const satisfies Record<string, ResourceApi>;
