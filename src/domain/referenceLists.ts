/**
 * The player, fund and user lists (SPEC §7) behave like the share lists (DESIGN §3): one
 * JSON-encoded `filters` parameter whose unknown keys are a 400, and a `sort`/`order` pair. The user
 * list keeps its SPEC `?profile` parameter as the profile filter. The free-text key is `search`, as
 * on the auction list (the share lists' older `q`).
 */

export interface ReferenceListFilters {
  /** Free text, accent-insensitive: name and document (players, funds) or name and e-mail (users). */
  search?: string;
  /** Players only: enabled (true) or not (false). */
  enabled?: boolean;
}

export const PLAYER_FILTER_KEYS = ['search', 'enabled'] as const satisfies readonly (keyof ReferenceListFilters)[];
export const FUND_FILTER_KEYS = ['search'] as const satisfies readonly (keyof ReferenceListFilters)[];
export const CANCEL_REASON_FILTER_KEYS = ['search'] as const satisfies readonly (keyof ReferenceListFilters)[];
export const USER_FILTER_KEYS = ['search'] as const satisfies readonly (keyof ReferenceListFilters)[];

export const PLAYER_SORT_FIELDS = ['name', 'document'] as const;
export const FUND_SORT_FIELDS = ['name', 'cnpj'] as const;
export const CANCEL_REASON_SORT_FIELDS = ['label', 'createdAt'] as const;
export const USER_SORT_FIELDS = ['name', 'email', 'lastAccess'] as const;

export type PlayerSortField = (typeof PLAYER_SORT_FIELDS)[number];
export type FundSortField = (typeof FUND_SORT_FIELDS)[number];
export type CancelReasonSortField = (typeof CANCEL_REASON_SORT_FIELDS)[number];
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
