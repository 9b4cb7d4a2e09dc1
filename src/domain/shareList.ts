/**
 * The share list contract (DESIGN §3): `filters` is one JSON-encoded query parameter, `sort` and
 * `order` pick the order, and the answer is `{ data, total, page, limit }`.
 */
import type { LoginFollowUpAnswer } from './loginFollowUps';
import type { ProcessStep } from './processSteps';
import type { ShareState } from './shareStates';

export interface ShareListFilters {
  /** Free text over contract number, owner name and CPF/CNPJ. */
  q?: string;
  state?: ShareState[];
  processStep?: ProcessStep[];
  admId?: number;
  fundId?: number;
  isPj?: boolean;
  /** ISO dates, inclusive. */
  updatedFrom?: string;
  updatedTo?: string;
}

export const SHARE_FILTER_KEYS = ['q', 'state', 'processStep', 'admId', 'fundId', 'isPj', 'updatedFrom', 'updatedTo'] as const satisfies readonly (keyof ShareListFilters)[];

export const SHARE_SORT_FIELDS = ['updatedAt', 'contractNumber', 'ownerName', 'state', 'processStep', 'canceledAt'] as const;
export type ShareSortField = (typeof SHARE_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface ShareListItem {
  shareId: string;
  contractNumber: string;
  state: ShareState;
  isPj: boolean;
  ownerName: string | null;
  ownerDocument: string | null;
  admId: number;
  admName: string;
  fundId: number | null;
  fundName: string | null;
  processStep: ProcessStep;
  sentToPartner: boolean;
  createdAt: string;
  updatedAt: string;
  canceledAt?: string | null;
  cancelReason?: string | null;
  /** The canceled list only: the state the share was in when its sale was cancelled. */
  canceledFromState?: ShareState | null;
}

export interface ListResponse<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
  /** false when `total` is the database's estimate (share lists past their exact-count bound, docs/api.md). */
  totalExact?: false;
}

/** Small reference lists (DESIGN §3: every list answers the ListResponse shape). */
export interface FundItem {
  fundId: number;
  name: string;
  cnpj: string;
}

export interface PlayerItem {
  playerId: number;
  name: string;
  document: string;
  enabled: boolean;
}

export interface UserItem {
  userId: string;
  name: string;
  email: string;
  profile: string;
  admId: number | null;
  fundId: number | null;
  lastAccess: string | null;
}

/** An administrator the share lists may be filtered by (GET /share/administrator_options). */
export interface AdministratorOption {
  admId: number;
  name: string;
}

export interface CanceledReason {
  id: string;
  label: string;
}

export interface LoginResponse {
  token: string;
  /** The user must change the password before anything else (first access). */
  firstAccess: boolean;
  /** The answers of the reads the login carried (loginFollowUps.ts), in order. */
  then?: LoginFollowUpAnswer[];
}
