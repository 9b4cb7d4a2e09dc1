/**
 * GET /share/state_counts: the counts of a share list's status tabs (issue 18). The list's total
 * with every filter but the state ("Todas"), and the same per state the list holds, each bounded as
 * the list's own total is (shareTotals.ts) and remembered under the list's own key: a tab's count is
 * the total the list shows when that tab is chosen.
 */
import { STATE_COUNT_LIST_STATES, type StateCountList, type StateCountsResponse } from '../../src/domain/dashboard';
import { type Permission, can } from '../../src/domain/permissions';
import type { Db } from '../db/client';
import { denied } from './errors';
import { type ParsedShareFilters, parseShareFilters } from './shareFilters';
import { type ShareListKind, listBindings, listConditions, totalKey } from './shares';
import { type CountItem, EXACT_TOTAL_LIMIT, EXACT_TOTAL_LIMIT_SEARCH, boundedTotals } from './shareTotals';
import { type Scope, scopeOf } from './tenant';
import type { AuthUser } from './users';

// Each list's counts need that list's own permission (the route's own is share.list).
const LIST_PERMISSION: Record<StateCountList, Permission> = { all: 'share.list', transfer: 'share.transfer_list', canceled: 'share.canceled_list' };

/** GET /share/state_counts for a user: the list's permission checked, its `filters` parsed. */
export async function stateCountsFor(db: Db, user: AuthUser, list: StateCountList = 'all', rawFilters?: string): Promise<StateCountsResponse> {
  if (!can(user, LIST_PERMISSION[list])) throw denied();
  return shareStateCounts(db, list, scopeOf(user), parseShareFilters(rawFilters));
}

export async function shareStateCounts(db: Db, kind: Exclude<ShareListKind, 'pendency'>, scope: Scope, filters: ParsedShareFilters): Promise<StateCountsResponse> {
  const { state: _chosen, ...others } = filters;
  const states = STATE_COUNT_LIST_STATES[kind];
  // Free text counts with the list's lower cap: every candidate row costs a trigram recheck.
  const totals = await boundedTotals(db, countItems(kind, scope, others), filters.q ? EXACT_TOTAL_LIMIT_SEARCH : EXACT_TOTAL_LIMIT);
  const bounded = (i: number) => ({ count: totals[i].total, exact: totals[i].exact });
  return { total: bounded(0), states: states.map((state, i) => ({ state, ...bounded(i + 1) })) };
}

/**
 * The count items of a list's tabs, kept by the list's key without its state: a tab bar asks again
 * with the same filters every few seconds, and building eight keys and their closures was most of
 * the call's own CPU once the counts were remembered estimates (issue 17). A key names everything
 * an item captures, so an item built for an earlier call answers this one the same.
 */
const ITEM_SETS_KEPT = 500;
const itemSets = new Map<string, CountItem[]>();

function countItems(kind: Exclude<ShareListKind, 'pendency'>, scope: Scope, others: ParsedShareFilters): CountItem[] {
  const setKey = totalKey(kind, scope, others);
  const kept = itemSets.get(setKey);
  if (kept) return kept;
  const sets: ParsedShareFilters[] = [others, ...STATE_COUNT_LIST_STATES[kind].map((s) => ({ ...others, state: [s] }))];
  const items: CountItem[] = sets.map((f) => ({
    key: totalKey(kind, scope, f),
    where: () => listConditions(kind, scope, f),
    shaped: () => {
      const values = listBindings(scope, f);
      // What the text depends on, as the list page's shape (shares.ts): the kind, the scope and which values there are.
      return { shape: [kind, scope.kind, ...Object.keys(values)].join('|'), where: (bind) => listConditions(kind, scope, f, bind), values, keepPlan: !f.q };
    },
  }));
  if (itemSets.size >= ITEM_SETS_KEPT) itemSets.delete(itemSets.keys().next().value!);
  itemSets.set(setKey, items);
  return items;
}
