/**
 * GET /dashboard/summary (issue 18): the figures of /painel, scoped to the user like every share
 * read. Counts of shares are bounded like the lists' totals (exact up to a cap, the planner's
 * estimate beyond, shareTotals.ts) and the per-state ones share the list's own cache key, so a
 * figure and the list it links to show the same number. Moves, pendencies and auctions are few
 * enough per period to be counted exactly (measured at 1,000,000 shares in bench/dashboard.ts).
 */
import { type SQL, and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { AGEING_OLDEST, AGE_BUCKETS, type AgeingRow, type BoundedCount, DEFAULT_TIME_ZONE, type DashboardSummary, MOVES_DAYS } from '../../src/domain/dashboard';
import { AUCTION_STATUSES, type AuctionStatus } from '../../src/domain/enums';
import { isTimeZone } from '../../src/domain/exportFormat';
import { PROCESS_STEPS, type ProcessStep } from '../../src/domain/processSteps';
import { SHARE_STATES, type ShareState } from '../../src/domain/shareStates';
import type { Db } from '../db/client';
import { rowsOf } from '../db/seed/bulk';
import { auctions, pendencies, shareHistory, shares } from '../db/schema';
import { auctionScopeCondition } from './auctions';
import { invalid } from './errors';
import { listConditions, totalKey } from './shares';
import { type CountItem, EXACT_TOTAL_LIMIT, type Total, boundedTotals } from './shareTotals';
import { type Scope, scopeOf, shareScopeCondition } from './tenant';
import type { AuthUser } from './users';

const DAY_MS = 86_400_000;

const counted = (t: Total): BoundedCount => ({ count: t.total, exact: t.exact });

/** The share counts: total, per state (the list's own keys), per process step and per age bucket. */
function countItems(scope: Scope, now: number) {
  const scoped = shareScopeCondition(scope);
  const total: CountItem = { key: totalKey('all', scope, {}), where: () => listConditions('all', scope, {}) };
  const byState = SHARE_STATES.map((s): CountItem => ({ key: totalKey('all', scope, { state: [s] }), where: () => listConditions('all', scope, { state: [s] }) }));
  const byStep = PROCESS_STEPS.map((step): CountItem => ({ key: totalKey('all', scope, { processStep: [step] }), where: () => listConditions('all', scope, { processStep: [step] }) }));
  // Buckets by days in the state: [fromDays, next bucket's fromDays). Cache keys by the day, so
  // that an estimate is reused within the day it was made for.
  const today = Math.floor(now / DAY_MS);
  const ageing = SHARE_STATES.flatMap((s) =>
    AGE_BUCKETS.map((b, i): CountItem => {
      const newest = new Date(now - b.fromDays * DAY_MS);
      const next = AGE_BUCKETS[i + 1];
      const oldest = next ? new Date(now - next.fromDays * DAY_MS) : undefined;
      return {
        key: JSON.stringify(['age', scope, s, b.key, today]),
        where: () => and(scoped, eq(shares.state, s), lt(shares.stateSince, newest), oldest ? gte(shares.stateSince, oldest) : undefined),
      };
    }),
  );
  return { total, byState, byStep, ageing };
}

/** The shares longest in each state, the oldest first: one index walk per state, in one statement. */
async function oldestPerState(db: Db, scope: Scope): Promise<Map<ShareState, AgeingRow['oldest']>> {
  const scoped = shareScopeCondition(scope) ?? sql`true`;
  const parts = SHARE_STATES.map(
    (s) => sql`(select ${shares.state}::text as state, ${shares.contractNumber} as contract_number, ${shares.stateSince} as since from ${shares}
      where ${scoped} and ${shares.state} = ${s} order by ${shares.stateSince} asc, ${shares.id} asc limit ${AGEING_OLDEST})`,
  );
  const rows = rowsOf<{ state: ShareState; contract_number: string; since: Date | string }>(await db.execute(sql.join(parts, sql` union all `)));
  const out = new Map<ShareState, AgeingRow['oldest']>(SHARE_STATES.map((s) => [s, []]));
  for (const r of rows) out.get(r.state)!.push({ contractNumber: r.contract_number, since: new Date(r.since).toISOString() });
  // union all keeps each part's order, but only within the part: sort again to be sure.
  for (const list of out.values()) list.sort((a, b) => a.since.localeCompare(b.since));
  return out;
}

/**
 * Moves of the user's shares per day, over the last MOVES_DAYS days in `timeZone` (today included),
 * every day present. A move is a history entry between two states (a share's creation is not).
 */
async function movesPerDay(db: Db, scope: Scope, timeZone: string): Promise<DashboardSummary['movesPerDay']> {
  const scoped = shareScopeCondition(scope);
  const from = sql`((date_trunc('day', now() at time zone ${timeZone}) - ${`${MOVES_DAYS - 1} days`}::interval) at time zone ${timeZone})`;
  const scopeJoin = scoped ? sql`join ${shares} on ${shares.id} = ${shareHistory.shareId} and ${scoped}` : sql``;
  const rows = rowsOf<{ day: string; count: number }>(
    await db.execute(sql`
      with days as (
        select generate_series(date_trunc('day', now() at time zone ${timeZone}) - ${`${MOVES_DAYS - 1} days`}::interval, date_trunc('day', now() at time zone ${timeZone}), '1 day'::interval) as d
      ), moves as (
        select date_trunc('day', ${shareHistory.at} at time zone ${timeZone}) as d, count(*)::int as n
        from ${shareHistory} ${scopeJoin}
        where ${shareHistory.at} >= ${from} and ${shareHistory.fromState} is not null and ${shareHistory.toState} is not null
        group by 1
      )
      select to_char(days.d, 'YYYY-MM-DD') as day, coalesce(moves.n, 0)::int as count from days left join moves on moves.d = days.d order by days.d`),
  );
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** Open pendencies of the user's shares with a pendency, by kind, the most frequent first. */
async function pendenciesByKind(db: Db, scope: Scope): Promise<DashboardSummary['pendenciesByKind']> {
  const rows = await db
    .select({ kind: pendencies.kind, count: sql<number>`count(*)::int` })
    .from(pendencies)
    .innerJoin(shares, eq(shares.id, pendencies.shareId))
    .where(and(isNull(pendencies.resolvedAt), eq(shares.state, 'with_pendency'), shareScopeCondition(scope)))
    .groupBy(pendencies.kind)
    .orderBy(sql`count(*) desc`, pendencies.kind);
  return rows.map((r) => ({ kind: r.kind, count: Number(r.count) }));
}

/** Auctions the user sees (the auction list's own scope), per status, every status present. */
async function auctionsByStatus(db: Db, user: AuthUser): Promise<DashboardSummary['auctionsByStatus']> {
  const rows = await db
    .select({ status: auctions.status, count: sql<number>`count(*)::int` })
    .from(auctions)
    .where(auctionScopeCondition(user) as SQL | undefined)
    .groupBy(auctions.status);
  const by = new Map(rows.map((r) => [r.status as AuctionStatus, Number(r.count)]));
  return AUCTION_STATUSES.map((status) => ({ status, count: by.get(status) ?? 0 }));
}

/** The home page's figures; `timeZone` (an IANA name, default America/Sao_Paulo) sets the days of the moves per day. */
export async function dashboardSummary(db: Db, user: AuthUser, timeZone: string = DEFAULT_TIME_ZONE, now = Date.now()): Promise<DashboardSummary> {
  if (!isTimeZone(timeZone)) throw invalid('Invalid time zone', { tz: 'must be an IANA time zone, such as America/Sao_Paulo' });
  const scope = scopeOf(user);
  const items = countItems(scope, now);
  const all = [items.total, ...items.byState, ...items.byStep, ...items.ageing];
  const totals = await boundedTotals(db, all, EXACT_TOTAL_LIMIT);
  let i = 0;
  const next = () => counted(totals[i++]);
  const total = next();
  const byState = SHARE_STATES.map((state) => ({ state, ...next() }));
  const byStep = PROCESS_STEPS.map((step: ProcessStep) => ({ step, ...next() }));
  const oldest = await oldestPerState(db, scope);
  const ageing: AgeingRow[] = SHARE_STATES.map((state) => ({ state, buckets: AGE_BUCKETS.map(() => next()), oldest: oldest.get(state) ?? [] }));
  return {
    total,
    byState,
    byStep,
    ageing,
    movesPerDay: await movesPerDay(db, scope, timeZone),
    pendenciesByKind: await pendenciesByKind(db, scope),
    auctionsByStatus: await auctionsByStatus(db, user),
  };
}

/** Summaries being computed, per database, by scope and time zone. */
const inFlight = new WeakMap<Db, Map<string, Promise<DashboardSummary>>>();

/**
 * The summary for GET /dashboard/summary: requests of one scope (an operator's whole base, one
 * brand, one fund) and time zone that arrive while its figures are being computed share that
 * computation. At a million shares one costs ~0.35 s of the database (the 30 days of moves, the
 * pendencies); fifty colleagues opening /painel at once queued fifty of them and none answered
 * within 2.5 s (bench/results/api-postgres.md). Nothing is kept once answered: the next request
 * counts again, so a move shows on the next load.
 */
export function sharedDashboardSummary(db: Db, user: AuthUser, timeZone: string = DEFAULT_TIME_ZONE): Promise<DashboardSummary> {
  if (!isTimeZone(timeZone)) throw invalid('Invalid time zone', { tz: 'must be an IANA time zone, such as America/Sao_Paulo' });
  let running = inFlight.get(db);
  if (!running) inFlight.set(db, (running = new Map()));
  const key = JSON.stringify([scopeOf(user), timeZone]);
  const pending = running.get(key);
  if (pending) return pending;
  const started = dashboardSummary(db, user, timeZone).finally(() => running.delete(key));
  running.set(key, started);
  return started;
}
