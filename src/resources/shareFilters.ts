/**
 * Refine keeps filters as CrudFilters (and, with syncWithLocation, in the URL, where every value
 * becomes a string). The share lists take one ShareListFilters object. These functions convert
 * between the two and tolerate the string forms a reload produces.
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { SHARE_SORT_FIELDS, isProcessStep, isShareState, type ShareListFilters, type ShareSortField, type SortOrder } from '../domain';

/** CrudFilter field and operator of each control. The updated-at range is two filters on one field. */
export const SHARE_FILTER = {
  q: { field: 'q', operator: 'contains' },
  state: { field: 'state', operator: 'in' },
  processStep: { field: 'processStep', operator: 'in' },
  isPj: { field: 'isPj', operator: 'eq' },
  admId: { field: 'admId', operator: 'eq' },
  fundId: { field: 'fundId', operator: 'eq' },
  updatedFrom: { field: 'updatedAt', operator: 'gte' },
  updatedTo: { field: 'updatedAt', operator: 'lte' },
} as const;

type FilterSlot = keyof typeof SHARE_FILTER;

const find = (filters: readonly CrudFilter[], slot: FilterSlot): unknown => {
  const { field, operator } = SHARE_FILTER[slot];
  const hit = filters.find((f) => 'field' in f && f.field === field && f.operator === operator);
  return hit?.value;
};

const asText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

const asId = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

const asBoolean = (v: unknown): boolean | undefined => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A day of the range as the instant it starts or ends in the user's own time zone. The URL keeps the
 * readable day; the API gets instants, so "01/11" means 01/11 as the table shows it (local time),
 * not the UTC day, which in São Paulo starts at 21:00 the evening before.
 */
const dayBoundary = (v: unknown, end: boolean): string | undefined => {
  const m = typeof v === 'string' ? ISO_DAY.exec(v) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  return (end ? new Date(y, mo, d, 23, 59, 59, 999) : new Date(y, mo, d, 0, 0, 0, 0)).toISOString();
};

const asStates = (v: unknown): ShareListFilters['state'] => {
  const list = (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).filter(isShareState);
  return list.length ? [...new Set(list)] : undefined;
};

const asSteps = (v: unknown): ShareListFilters['processStep'] => {
  const list = (Array.isArray(v) ? v : [v]).filter((x) => x !== '' && x !== null && x !== undefined).map(Number).filter(isProcessStep);
  return list.length ? [...new Set(list)] : undefined;
};

/** The ShareListFilters a set of CrudFilters means; keys without a value are left out. */
export const toShareListFilters = (filters: readonly CrudFilter[] = []): ShareListFilters => {
  const out: ShareListFilters = {
    q: asText(find(filters, 'q')),
    state: asStates(find(filters, 'state')),
    processStep: asSteps(find(filters, 'processStep')),
    isPj: asBoolean(find(filters, 'isPj')),
    admId: asId(find(filters, 'admId')),
    fundId: asId(find(filters, 'fundId')),
    updatedFrom: dayBoundary(find(filters, 'updatedFrom'), false),
    updatedTo: dayBoundary(find(filters, 'updatedTo'), true),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ShareListFilters;
};

/**
 * The CrudFilter that sets one control. An undefined value still yields a filter: Refine's merge
 * drops filters whose value is undefined, which is how a control is cleared.
 */
export const shareFilter = (slot: FilterSlot, value: unknown): CrudFilter => {
  const { field, operator } = SHARE_FILTER[slot];
  const empty = value === '' || value === null || (Array.isArray(value) && value.length === 0);
  return { field, operator, value: empty ? undefined : value };
};

export const isShareSortField = (v: unknown): v is ShareSortField => typeof v === 'string' && (SHARE_SORT_FIELDS as readonly string[]).includes(v);

/** The first sorter the server knows (the share list's, or a list's own `extra` ones), as its `sort`/`order` pair. */
export const toShareSort = (sorters: readonly CrudSort[] = [], extra: readonly string[] = []): { sort: string; order: SortOrder } | null => {
  const known = (field: string) => isShareSortField(field) || extra.includes(field);
  const s = sorters.find((x) => known(x.field));
  if (!s) return null;
  return { sort: s.field, order: s.order === 'asc' ? 'asc' : 'desc' };
};
