/**
 * The /pendencias list's own filters (issue 15): the pendency kind, how long the oldest open one has
 * been open, and its due date. Each is a select of the filter bar (SelectFilterDef), kept in the URL
 * as a CrudFilter; `toPendencyListFilters` turns them into the keys GET /share/with_pendency_list takes.
 */
import type { CrudFilter } from '@refinedev/core';
import { PENDENCY_KINDS, type PendencyListFilters, isPendencyKind, todayInSaoPaulo } from '../domain/pendencies';
import type { SelectFilterDef } from './types';

/** Offered ages: "open for at least N days". */
export const PENDENCY_AGE_OPTIONS = [7, 15, 30, 60, 90] as const;

/** Due-date choices: past due without a payment, due within a week, none past due. */
export const PENDENCY_DUE_OPTIONS = ['overdue', 'nextWeek', 'onTime'] as const;
export type PendencyDueOption = (typeof PENDENCY_DUE_OPTIONS)[number];

export const PENDENCY_FILTER = {
  kind: { field: 'pendencyKind', operator: 'in' },
  age: { field: 'pendencyMinAgeDays', operator: 'eq' },
  due: { field: 'pendencyDue', operator: 'eq' },
} as const;

export const PENDENCY_SELECT_FILTERS: readonly SelectFilterDef[] = [
  { ...PENDENCY_FILTER.kind, labelKey: 'shares.filterPendencyKind', options: PENDENCY_KINDS.map((k) => ({ value: k, labelKey: `pendencyKind.${k}` })) },
  { ...PENDENCY_FILTER.age, labelKey: 'shares.filterPendencyAge', options: PENDENCY_AGE_OPTIONS.map((d) => ({ value: String(d), labelKey: `shares.pendencyAgeOption.${d}` })) },
  { ...PENDENCY_FILTER.due, labelKey: 'shares.filterPendencyDue', options: PENDENCY_DUE_OPTIONS.map((o) => ({ value: o, labelKey: `shares.pendencyDueOption.${o}` })) },
];

const valueOf = (filters: readonly CrudFilter[], { field, operator }: { field: string; operator: string }): unknown =>
  filters.find((f) => 'field' in f && f.field === field && f.operator === operator)?.value;

/** The São Paulo calendar date `days` after `iso`. */
const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The API's pendency filters for the bar's values (tolerating the string forms a reload gives). Days
 * are São Paulo's, as the server counts them, so "Vencem em até 7 dias" means the same at any hour.
 */
export const toPendencyListFilters = (filters: readonly CrudFilter[] = [], now: Date = new Date()): Partial<PendencyListFilters> => {
  const out: Partial<PendencyListFilters> = {};
  const kinds = ([] as unknown[]).concat(valueOf(filters, PENDENCY_FILTER.kind) ?? []).filter(isPendencyKind);
  if (kinds.length) out.pendencyKind = [...new Set(kinds)];
  const age = Number(valueOf(filters, PENDENCY_FILTER.age));
  if (Number.isInteger(age) && age > 0) out.pendencyMinAgeDays = age;
  const due = valueOf(filters, PENDENCY_FILTER.due);
  if (due === 'overdue') out.pendencyOverdue = true;
  else if (due === 'onTime') out.pendencyOverdue = false;
  else if (due === 'nextWeek') {
    const today = todayInSaoPaulo(now);
    out.pendencyDueFrom = today;
    out.pendencyDueTo = addDays(today, 7);
  }
  return out;
};
