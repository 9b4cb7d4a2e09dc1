/**
 * The `total` of a share list, bounded in cost on any table size: counted exactly up to a cap, the
 * planner's estimate beyond it (`totalExact: false`, "cerca de N" in the app). An estimate is
 * remembered for a few seconds per list (kind, scope and filters): it only moves when statistics do,
 * and re-asking for it cost one more round trip to PostgreSQL on every page of a large list.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shares } from '../db/schema';
import { rowsOf } from '../db/seed/bulk';
import { inlineLimit, shapeCache } from '../db/preparedShapes';
import { preparableSql } from '../db/statements';

/**
 * Totals are counted exactly up to these many rows; beyond, the answer carries the planner's
 * estimate. Free text gets the lower bound: every candidate row costs a trigram recheck.
 */
export const EXACT_TOTAL_LIMIT = 1000;
export const EXACT_TOTAL_LIMIT_SEARCH = 100;

/**
 * How long an estimate is reused. A list that falls under the cap within this time still reads
 * "cerca de" until it passes; every exact total is counted on each request.
 */
export const ESTIMATE_TTL_MS = 10_000;
/** Lists remembered per database; the oldest is forgotten first. */
const ESTIMATES_KEPT = 1000;

export interface Total {
  total: number;
  exact: boolean;
}

/** The capped count as an expression: one scalar subquery the page query can carry as a column. */
export function cappedCountSql(where: SQL | undefined, cap: number): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${shares} where ${where ?? sql`true`} limit ${inlineLimit(cap + 1)}) "capped")`;
}

export async function cappedCount(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${cappedCountSql(where, cap)} as n`));
  return Number(row.n);
}

async function plannerEstimate(db: Db, where: SQL | undefined): Promise<number> {
  const plan = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) select 1 from ${shares} where ${where ?? sql`true`}`));
  const json = Object.values(plan[0])[0];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/** Estimates per database (tests open several in one process), per list key. */
const estimates = new WeakMap<Db, Map<string, { total: number; until: number }>>();

/** The remembered estimate of a list known to exceed its cap, if still fresh. */
export function knownEstimate(db: Db, key: string, now = Date.now()): number | undefined {
  const hit = estimates.get(db)?.get(key);
  return hit && hit.until > now ? hit.total : undefined;
}

function remember(db: Db, key: string, total: number): void {
  let kept = estimates.get(db);
  if (!kept) estimates.set(db, (kept = new Map()));
  kept.delete(key);
  if (kept.size >= ESTIMATES_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { total, until: Date.now() + ESTIMATE_TTL_MS });
}

/**
 * The total for `counted` matching rows (counted with the cap): exact within the cap, else the
 * planner's estimate, never under what was counted, remembered under `key`. `where` is built only
 * when it is needed (the page query is prepared; this is the rare path).
 */
export async function totalFromCount(db: Db, key: string, where: () => SQL | undefined, counted: number, cap: number): Promise<Total> {
  if (counted <= cap) return { total: counted, exact: true };
  const total = Math.max(await plannerEstimate(db, where()), cap + 1);
  remember(db, key, total);
  return { total, exact: false };
}

/** Counts (capped) and, beyond the cap, estimates; a remembered estimate answers without a query. */
export async function boundedTotal(db: Db, key: string, where: () => SQL | undefined, cap: number): Promise<Total> {
  const known = knownEstimate(db, key);
  if (known !== undefined) return { total: known, exact: false };
  return totalFromCount(db, key, where, await cappedCount(db, where(), cap), cap);
}

/** One count of a set asked for at once (status tabs, dashboard figures): its cache key and WHERE. */
export interface CountItem {
  key: string;
  where: () => SQL | undefined;
  /**
   * The same WHERE with its values as named placeholders: the shape (what the SQL text depends on),
   * the builder and the values. When every count of a set has one, the set's statement is rendered
   * once per shape and run with each request's values (server/db/preparedShapes.ts), as the list's
   * page is: rebuilding and rendering eight counts per request was the status tabs' largest CPU
   * cost of their own (issue 17). `keepPlan` as the list's: not for free text. A function: most
   * counts of a large list are remembered estimates and never reach SQL.
   */
  shaped?: () => { shape: string; where: (bind: (name: string) => unknown) => SQL | undefined; values: Record<string, unknown>; keepPlan: boolean };
}

const preparedCounts = shapeCache<unknown>();

/** The capped counts of `items` in one SELECT (columns c0, c1…), rendered once per shape when every item has one. */
async function countRow(db: Db, items: readonly CountItem[], cap: number): Promise<Record<string, number>> {
  if (!items.every((item) => item.shaped)) {
    const columns = sql.join(
      items.map((item, n) => sql`${cappedCountSql(item.where(), cap)} as ${sql.identifier(`c${n}`)}`),
      sql`, `,
    );
    return rowsOf<Record<string, number>>(await db.execute(sql`select ${columns}`))[0];
  }
  const shaped = items.map((item) => item.shaped!());
  // Each count's values under its own prefix: two counts may compare the same name with other values.
  const values: Record<string, unknown> = {};
  shaped.forEach((s, n) => {
    // Placeholders skip Drizzle's column encoders: dates go as the ISO text they would have become.
    for (const [name, v] of Object.entries(s.values)) values[`c${n}_${name}`] = v instanceof Date ? v.toISOString() : v;
  });
  const shape = `counts|${cap}|${shaped.map((s) => s.shape).join('||')}`;
  const build = () =>
    preparableSql(
      db,
      sql`select ${sql.join(
        shaped.map((s, n) => sql`${cappedCountSql(s.where((name) => sql.placeholder(`c${n}_${name}`)), cap)} as ${sql.identifier(`c${n}`)}`),
        sql`, `,
      )}`,
    );
  return rowsOf<Record<string, number>>(await preparedCounts(db, shape, build, values, { keepPlan: shaped.every((s) => s.keepPlan) }))[0];
}

/**
 * Several bounded totals in one statement: every count not remembered as an estimate is capped and
 * counted in the same SELECT (one round trip), and each past its cap gets the planner's estimate,
 * remembered under its key as the list's own total is, so a tab or a figure and the list it opens
 * read the same number.
 */
export async function boundedTotals(db: Db, items: readonly CountItem[], cap: number): Promise<Total[]> {
  const out: (Total | undefined)[] = items.map((item) => {
    const known = knownEstimate(db, item.key);
    return known === undefined ? undefined : { total: known, exact: false };
  });
  const todo = items.map((item, i) => ({ item, i })).filter(({ i }) => out[i] === undefined);
  if (todo.length) {
    const row = await countRow(
      db,
      todo.map(({ item }) => item),
      cap,
    );
    for (const [n, { item, i }] of todo.entries()) out[i] = await totalFromCount(db, item.key, item.where, Number(row[`c${n}`]), cap);
  }
  return out as Total[];
}
