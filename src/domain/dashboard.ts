/**
 * The dashboard (/painel) and the share lists' status tabs (issue 18): what the server answers and
 * the links from a figure to the list filtered to it. Shared by the web app and the server.
 */
import type { AuctionStatus } from './enums';
import { isTimeZone } from './exportFormat';
import type { ProcessStep } from './processSteps';
import { OPEN_SALE_STATES, SHARE_STATES, type ShareState, TRANSFER_LIST_STATES } from './shareStates';

/** A count bounded like a list's total: exact up to a cap, the database's estimate beyond it. */
export interface BoundedCount {
  count: number;
  /** false: `count` is the planner's estimate (more rows match than are counted exactly). */
  exact: boolean;
}

/** The lists that have status tabs, by the `list` parameter of GET /share/state_counts. */
export const STATE_COUNT_LISTS = ['all', 'transfer', 'canceled'] as const;
export type StateCountList = (typeof STATE_COUNT_LISTS)[number];

/**
 * The states each list can hold, its tabs: the transfer list its two, the canceled list the states
 * a sale can be cancelled from (it shows and filters the state at cancellation), the list every state.
 */
export const STATE_COUNT_LIST_STATES: Readonly<Record<StateCountList, readonly ShareState[]>> = {
  all: SHARE_STATES,
  transfer: TRANSFER_LIST_STATES,
  canceled: [...OPEN_SALE_STATES, 'with_pendency'],
};

/** GET /share/state_counts: the list's total with every filter but the state, and per state. */
export interface StateCountsResponse {
  total: BoundedCount;
  states: ({ state: ShareState } & BoundedCount)[];
}

/** Ageing buckets: days since a share entered its current state, each bucket from its lower bound. */
export const AGE_BUCKETS = [
  { key: 'upTo7', fromDays: 0 },
  { key: 'upTo30', fromDays: 8 },
  { key: 'upTo90', fromDays: 31 },
  { key: 'over90', fromDays: 91 },
] as const;
export type AgeBucketKey = (typeof AGE_BUCKETS)[number]['key'];

/** How many of the longest-waiting shares the dashboard names per state. */
export const AGEING_OLDEST = 3;
/** Days the moves chart covers, today included. */
export const MOVES_DAYS = 30;

export interface AgeingRow {
  state: ShareState;
  /** Shares in the state, per AGE_BUCKETS (same order). */
  buckets: BoundedCount[];
  /** The shares longest in the state, the oldest first. */
  oldest: { contractNumber: string; since: string }[];
}

export interface DashboardSummary {
  total: BoundedCount;
  byState: ({ state: ShareState } & BoundedCount)[];
  byStep: ({ step: ProcessStep } & BoundedCount)[];
  ageing: AgeingRow[];
  /** One entry per day, oldest first, MOVES_DAYS entries ending today (in the time zone asked for). */
  movesPerDay: { day: string; count: number }[];
  /** Open pendencies of the user's shares, by kind, the most frequent first. */
  pendenciesByKind: { kind: string; count: number }[];
  auctionsByStatus: { status: AuctionStatus; count: number }[];
}

/** The time zone the dashboard's days start in when the browser names none (exportFormat.ts isTimeZone checks one). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The dashboard's `tz`: the runtime's own time zone, so that the moves' days start at the user's
 * midnight, as the list's dates do; the default when it names none the server would take.
 */
export const localTimeZone = (): string => {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz && isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
};

/** A filter as Refine keeps it in the URL (syncWithLocation). */
export interface UrlFilter {
  field: string;
  operator: string;
  value: string | number | boolean | readonly (string | number)[];
}

/**
 * The address of a list showing `filters`, in the form Refine writes into the URL (so the list
 * reads it on arrival and its controls show it).
 */
export const listLink = (route: string, filters: readonly UrlFilter[] = []): string => {
  const parts: string[] = [];
  filters.forEach((f, i) => {
    const p = `filters[${i}]`;
    parts.push(`${p}[field]=${encodeURIComponent(f.field)}`, `${p}[operator]=${encodeURIComponent(f.operator)}`);
    if (Array.isArray(f.value)) f.value.forEach((v, j) => parts.push(`${p}[value][${j}]=${encodeURIComponent(String(v))}`));
    else parts.push(`${p}[value]=${encodeURIComponent(String(f.value))}`);
  });
  return parts.length ? `${route}?${parts.join('&')}` : route;
};

/** A day (YYYY-MM-DD) as the list's updated-at range of that day. */
export const dayFilters = (day: string): UrlFilter[] => [
  { field: 'updatedAt', operator: 'gte', value: day },
  { field: 'updatedAt', operator: 'lte', value: day },
];

/** pt-BR number formatting for counts ("1.234"), with "cerca de" for an estimate. */
const COUNT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
export const formatCount = (n: number): string => COUNT.format(n);
