/**
 * Share reads: the three lists, one share and its process status. Every query carries the caller's
 * tenant scope, and lists keep to the (scope, state, updated_at, id) indexes of the schema.
 */
import { type SQL, type SQLWrapper, and, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { isSentToPartner } from '../../src/domain/processSteps';
import type { ListResponse, ShareListItem, SortOrder } from '../../src/domain/shareList';
import type { ProcessHistoryEntry, ShareDetail } from '../../src/domain/workspace';
import { type PendencyListSortField, type PendencyShareListItem, type PendencySummary, isPendencyOverdue, pendencyAgeDays } from '../../src/domain/pendencies';
import { type ShareState, TRANSFER_LIST_STATES, stateFlags } from '../../src/domain/shareStates';
import type { Db } from '../db/client';
import { type Bind, byPlaceholder, inlineLimit, literally, shapeCache } from '../db/preparedShapes';
import { administrators, cancelReasons, cancellations, funds, pendencies, processStatusHistory, shares, users } from '../db/schema';
import { notFound } from './errors';
import { afterCursor, cursorKeyColumn, decodeCursor, encodeCursor, isCursorSort } from './shareCursor';
import { type ParsedShareFilters, parseShareFilters } from './shareFilters';
import { EXACT_TOTAL_LIMIT, EXACT_TOTAL_LIMIT_SEARCH, type Total, boundedTotal, cappedCount, cappedCountSql, knownEstimate, totalFromCount } from './shareTotals';
import { type Scope, shareScopeCondition } from './tenant';

/** `pendency`: the /pendencias list (shares with_pendency, with their open pendencies summed up, issue 15). */
export type ShareListKind = 'all' | 'transfer' | 'canceled' | 'pendency';

export interface ShareListQuery {
  page: number;
  limit: number;
  filters: ParsedShareFilters;
  /** The pendency sorts only on the pendency list (the route's schema keeps them there). */
  sort: PendencyListSortField;
  order: SortOrder;
  /**
   * Keyset paging (shareCursor.ts), opt-in: absent, SPEC's shape; '' pages by offset and answers
   * nextCursor; a cursor starts the page right after its row, whatever `page` says.
   */
  cursor?: string;
}

/**
 * The list answer: SPEC's ListResponse, plus two fields that appear only when they say something,
 * so that a client of SPEC's contract sees exactly { data, total, page, limit }.
 */
export interface ShareListResponse extends ListResponse<ShareListItem> {
  /** Present (false) when more rows match than are counted exactly: `total` is the planner's estimate. */
  totalExact?: false;
  /** Present when the request sent `cursor`: the next page's cursor, null on the last page or a sort without cursors. */
  nextCursor?: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * The values a list's WHERE compares with, by name. Which names are present is part of the query's
 * shape (server/db/preparedShapes.ts); the values are what changes from one request to the next.
 */
export function listBindings(scope: Scope, f: ParsedShareFilters): Record<string, unknown> {
  const b = scopeBindings(scope);
  f.state?.forEach((state, i) => (b[`state${i}`] = state));
  if (f.admId !== undefined) b.admId = f.admId;
  if (f.fundId !== undefined) b.fundId = f.fundId;
  if (f.isPj !== undefined) b.isPj = f.isPj;
  f.processStep?.forEach((step, i) => (b[`step${i}`] = step));
  if (f.updatedFrom) b.updatedFrom = f.updatedFrom;
  if (f.updatedBefore) b.updatedBefore = f.updatedBefore;
  f.pendencyKind?.forEach((kind, i) => (b[`pendencyKind${i}`] = kind));
  if (f.pendencyOpenedOnOrBefore) b.pendencyOpenedOnOrBefore = f.pendencyOpenedOnOrBefore;
  if (f.pendencyDueFrom) b.pendencyDueFrom = f.pendencyDueFrom;
  if (f.pendencyDueTo) b.pendencyDueTo = f.pendencyDueTo;
  // The name says which way: the binding names are the prepared shape's key (true and false are two queries).
  if (f.pendencyOverdue !== undefined) b[f.pendencyOverdue ? 'overdueToday' : 'notOverdueToday'] = f.today;
  // Free text: the generated, lower-cased `search` column has a trigram index that serves ILIKE.
  if (f.q) [f.q, ...(f.qAlternatives ?? [])].forEach((term, i) => (b[`q${i}`] = `%${escapeLike(term)}%`));
  return b;
}

const scopeBindings = (scope: Scope): Record<string, unknown> =>
  scope.kind === 'adm' ? { scopeAdmId: scope.admId } : scope.kind === 'fund' ? { scopeFundId: scope.fundId } : {};

/** shareScopeCondition with its tenant id bound by name (scopeAdmId, scopeFundId). */
function boundScopeCondition(scope: Scope, bind: Bind): SQL | undefined {
  if (scope.kind === 'adm') return eq(shares.admId, bind('scopeAdmId') as number);
  if (scope.kind === 'fund') return eq(shares.fundId, bind('scopeFundId') as number);
  return shareScopeCondition(scope);
}

/**
 * The state a share was in when its sale was last cancelled (the cancellation's `from_state`): a
 * cancelled sale puts the share back to `available`, so on the canceled list its current state
 * would read "Disponível" on every row. One index probe per row (cancellations_share_idx).
 */
export const canceledFromState = sql<ShareState | null>`(select c.from_state from ${cancellations} c where c.share_id = ${shares.id} order by c.at desc, c.id desc limit 1)`;

/** The share's open pendencies (open or paid): pendencies_open_share_idx serves them. */
const openPendencies = (where: SQL) => sql`exists (select 1 from ${pendencies} p where p.share_id = ${shares.id} and p.resolved_at is null and ${where})`;

/** The oldest open pendency's opening and the nearest due date: the /pendencias list's sorts. */
export const oldestOpenPendency = sql<string | null>`(select min(p.opened_at) from ${pendencies} p where p.share_id = ${shares.id} and p.resolved_at is null)`;
export const nearestPendencyDue = sql<string | null>`(select min(p.due_date) from ${pendencies} p where p.share_id = ${shares.id} and p.resolved_at is null)`;

/** The summary as PostgreSQL builds it; pendencySummary finishes it. */
export type RawPendencySummary = { count: number; kinds: PendencySummary['kinds']; openedAt: string; dueDate: string | null; openDues: string[] } | null;

/** What /pendencias shows of a share's open pendencies (ages and overdue are counted in São Paulo days when read). */
export const pendencySummaryColumn = sql<RawPendencySummary>`(
  select case when count(*) = 0 then null else json_build_object(
    'count', count(*),
    'kinds', (select json_agg(k.kind order by k.first) from (select p2.kind, min(p2.opened_at) as first from ${pendencies} p2 where p2.share_id = ${shares.id} and p2.resolved_at is null group by p2.kind) k),
    'openedAt', to_char(min(p.opened_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'dueDate', to_char(min(p.due_date), 'YYYY-MM-DD'),
    'openDues', coalesce(json_agg(to_char(p.due_date, 'YYYY-MM-DD')) filter (where p.status = 'open' and p.due_date is not null), '[]'::json)
  ) end
  from ${pendencies} p where p.share_id = ${shares.id} and p.resolved_at is null)`;

/**
 * The WHERE of a list: scope, list kind and filters. `bind` defaults to the values themselves
 * (EXPLAIN tests); the list prepares it with placeholders.
 */
export function listConditions(kind: ShareListKind, scope: Scope, f: ParsedShareFilters, bind: Bind = literally(listBindings(scope, f))): SQL | undefined {
  const v = <T>(name: string) => bind(name) as T;
  const search = f.q ? [f.q, ...(f.qAlternatives ?? [])].map((_, i) => sql`${shares.search} ilike ${v<string>(`q${i}`)}`) : [];
  // The canceled list shows, and so filters by, the state at cancellation.
  const stateColumn: SQLWrapper = kind === 'canceled' ? canceledFromState : shares.state;
  const states = f.state?.map((_, i) => v<ShareState>(`state${i}`)) ?? [];
  const steps = f.processStep?.map((_, i) => v<number>(`step${i}`)) ?? [];
  const kinds = f.pendencyKind?.map((_, i) => v<string>(`pendencyKind${i}`)) ?? [];
  const overdue = sql`p.status = 'open' and p.due_date < ${v<string>(f.pendencyOverdue ? 'overdueToday' : 'notOverdueToday')}::date`;
  return and(
    boundScopeCondition(scope, bind),
    kind === 'transfer' ? inArray(shares.state, [...TRANSFER_LIST_STATES]) : undefined,
    kind === 'canceled' ? isNotNull(shares.canceledAt) : undefined,
    kind === 'pendency' ? sql`${shares.state} = 'with_pendency'` : undefined,
    kinds.length ? openPendencies(sql`p.kind in (${sql.join(kinds.map((k) => sql`${k}::pendency_kind`), sql`, `)})`) : undefined,
    f.pendencyOpenedOnOrBefore ? openPendencies(sql`(p.opened_at at time zone 'America/Sao_Paulo')::date <= ${v<string>('pendencyOpenedOnOrBefore')}::date`) : undefined,
    f.pendencyDueFrom || f.pendencyDueTo
      ? openPendencies(
          and(
            f.pendencyDueFrom ? sql`p.due_date >= ${v<string>('pendencyDueFrom')}::date` : undefined,
            f.pendencyDueTo ? sql`p.due_date <= ${v<string>('pendencyDueTo')}::date` : undefined,
          )!,
        )
      : undefined,
    f.pendencyOverdue === true ? openPendencies(overdue) : f.pendencyOverdue === false ? sql`not ${openPendencies(overdue)}` : undefined,
    states.length === 1 ? sql`${stateColumn} = ${states[0]}` : states.length ? sql`${stateColumn} in (${sql.join(states.map((s) => sql`${s}`), sql`, `)})` : undefined,
    f.admId !== undefined ? eq(shares.admId, v<number>('admId')) : undefined,
    f.fundId !== undefined ? eq(shares.fundId, v<number>('fundId')) : undefined,
    f.isPj !== undefined ? eq(shares.isPj, v<boolean>('isPj')) : undefined,
    steps.length ? sql`${shares.processStep} in (${sql.join(steps.map((s) => sql`${s}`), sql`, `)})` : undefined,
    f.updatedFrom ? gte(shares.updatedAt, v<Date>('updatedFrom')) : undefined,
    f.updatedBefore ? lt(shares.updatedAt, v<Date>('updatedBefore')) : undefined,
    search.length ? or(...search) : undefined,
  );
}

/**
 * ORDER BY written to match the indexes exactly, NULLS clauses included: PostgreSQL only walks an
 * index for an ORDER BY whose null ordering matches it. The (updated_at DESC NULLS LAST, id DESC
 * NULLS LAST) indexes serve desc forwards and "asc nulls first" backwards; contract_number is
 * unique, so it needs no tie-break and its plain index serves both directions.
 */
export function orderBy(sort: PendencyListSortField, order: SortOrder): SQL[] {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  switch (sort) {
    case 'pendencyOpenedAt':
      return [sql`${oldestOpenPendency} ${dir} nulls last`, sql`${shares.id} ${dir}`];
    case 'pendencyDueDate':
      // Shares whose pendencies have no due date go last either way.
      return [sql`${nearestPendencyDue} ${dir} nulls last`, sql`${shares.id} ${dir}`];
    case 'updatedAt':
      return order === 'desc'
        ? [sql`${shares.updatedAt} desc nulls last`, sql`${shares.id} desc nulls last`]
        : [sql`${shares.updatedAt} asc nulls first`, sql`${shares.id} asc nulls first`];
    case 'contractNumber':
      return [order === 'asc' ? sql`${shares.contractNumber} asc nulls last` : sql`${shares.contractNumber} desc nulls first`];
    case 'ownerName':
      // Shares without an owner name go last either way: a blank first row reads as a bug.
      return [sql`${shares.ownerName} ${dir} nulls last`, sql`${shares.id} ${dir}`];
    case 'state':
      // The enum sorts in workflow order (available … payment_done, with_pendency), not alphabetically.
      return [sql`${shares.state} ${dir}`, sql`${shares.id} ${dir}`];
    case 'processStep':
      return [sql`${shares.processStep} ${dir}`, sql`${shares.id} ${dir}`];
    case 'canceledAt':
      // Matches shares_canceled_idx like updatedAt does its index; only cancelled shares have one.
      return order === 'desc'
        ? [sql`${shares.canceledAt} desc nulls last`, sql`${shares.id} desc nulls last`]
        : [sql`${shares.canceledAt} asc nulls first`, sql`${shares.id} asc nulls first`];
  }
}

/** A time as Date#toISOString writes it (UTC, milliseconds): PostgreSQL hands over the API's own text. */
const isoTime = (time: SQLWrapper) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A list item as PostgreSQL builds it, one JSON value per row: mapping sixteen typed columns per
 * row (and their dates through Date and back) was the app's largest remaining cost per list page.
 */
export const listItemColumn = sql<ShareListItem>`json_build_object(
  'shareId', ${shares.id}, 'contractNumber', ${shares.contractNumber}, 'state', ${shares.state}, 'isPj', ${shares.isPj},
  'ownerName', ${shares.ownerName}, 'ownerDocument', ${shares.ownerDocument},
  'admId', ${shares.admId}, 'admName', ${administrators.name}, 'fundId', ${shares.fundId}, 'fundName', ${funds.name},
  'processStep', ${shares.processStep}, 'sentToPartner', ${shares.sentToPartner},
  'createdAt', ${isoTime(shares.createdAt)}, 'updatedAt', ${isoTime(shares.updatedAt)}, 'canceledAt', ${isoTime(shares.canceledAt)},
  -- The reason's label; a reason id without a row still says something rather than nothing.
  'cancelReason', case when ${shares.canceledAt} is null then null else coalesce(${cancelReasons.label}, ${shares.cancelReason}) end)`;


/**
 * The page query alone, for EXPLAIN in tests and benchmarks. With `countCap` each row also carries
 * the capped count of the whole list (one scalar subquery, run once): page and total in one round
 * trip. `bind` as listConditions; the paging values are bound as offset, cursorValue and cursorId.
 */
export function sharePageQuery(db: Db, kind: ShareListKind, scope: Scope, q: ShareListQuery, countCap?: number, bind?: Bind) {
  const paging = pagingBindings(q);
  const b: Bind = bind ?? ((name) => (name in paging ? paging[name] : literally(listBindings(scope, q.filters))(name)));
  const where = listConditions(kind, scope, q.filters, b);
  const order = orderBy(q.sort, q.order);
  const counted = countCap === undefined ? sql<number | null>`null` : cappedCountSql(where, countCap);
  const fromState = kind === 'canceled' ? canceledFromState : sql<ShareState | null>`null`;
  const pendency = kind === 'pendency' ? pendencySummaryColumn : sql<null>`null`;
  const select = db
    .select({ item: listItemColumn, cursorKey: cursorKeyColumn, counted, fromState, pendency })
    .from(shares)
    .innerJoin(administrators, eq(administrators.id, shares.admId))
    .leftJoin(funds, eq(funds.id, shares.fundId))
    .leftJoin(cancelReasons, eq(cancelReasons.id, shares.cancelReason));
  // The page size is part of the shape (inlined), so that a plan can be reused (preparedShapes.ts).
  // One row more than the page: whether it comes tells whether this page is the last.
  const limit = inlineLimit(q.limit + 1);
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort, q.order);
    return select
      .where(and(where, afterCursor(c, b('cursorValue') as string, b('cursorId') as string)))
      .orderBy(...order)
      .limit(limit);
  }
  if (q.page === 1) return select.where(where).orderBy(...order).limit(limit);
  // Past page 1 the page is chosen on `shares` alone (an index-only walk of the ordering) and only
  // its rows are joined: joining every skipped row too made page 5,000 cost 5,000 pages of joins.
  const pageIds = db.select({ id: shares.id }).from(shares).where(where).orderBy(...order).limit(limit).offset(b('offset') as number);
  return select.where(inArray(shares.id, pageIds)).orderBy(...order);
}

/** The paging values of a page query (see sharePageQuery). */
function pagingBindings(q: ShareListQuery): Record<string, unknown> {
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort, q.order);
    return { cursorValue: c.value, cursorId: c.id };
  }
  return q.page === 1 ? {} : { offset: (q.page - 1) * q.limit };
}

const preparedPage = shapeCache<Awaited<ReturnType<typeof sharePageQuery>>>();

/** The page query, rendered once per shape (server/db/preparedShapes.ts) and run with this request's values. */
function runPageQuery(db: Db, kind: ShareListKind, scope: Scope, q: ShareListQuery, countCap?: number) {
  const values = Object.assign(listBindings(scope, q.filters), pagingBindings(q));
  const mode = q.cursor ? 'cursor' : q.page === 1 ? 'first' : 'offset';
  const shape = [kind, scope.kind, q.sort, q.order, mode, q.limit, countCap ?? '', ...Object.keys(values)].join('|');
  // Placeholders skip Drizzle's column encoders: dates go as the ISO text they would have become.
  for (const [k, v] of Object.entries(values)) if (v instanceof Date) values[k] = v.toISOString();
  return preparedPage(db, shape, () => sharePageQuery(db, kind, scope, q, countCap, byPlaceholder), values, { keepPlan: !q.filters.q });
}

/**
 * What a list's total depends on: the same key, the same WHERE. Keys in a fixed order, so that the
 * status tabs (server/services/shareStateCounts.ts), which build their filters themselves, share
 * the list's remembered estimates.
 */
export const totalKey = (kind: ShareListKind, scope: Scope, f: ParsedShareFilters) =>
  JSON.stringify([kind, scope, Object.keys(f).sort().map((k) => [k, f[k as keyof ParsedShareFilters]])]);

/**
 * A list call as the API takes it: `filters` as JSON text, `order` by default newest first for
 * updatedAt, else ascending. The pendency sorts only on the pendency list (its route's schema).
 */
export interface ShareListRequest {
  page: number;
  limit: number;
  filters?: string;
  sort: PendencyListSortField;
  order?: SortOrder;
  cursor?: string;
}

/** The list route's default order: newest first by date, A to Z otherwise. */
export const defaultOrder = (sort: PendencyListSortField, order?: SortOrder): SortOrder => order ?? (sort === 'updatedAt' ? 'desc' : 'asc');

/** The list's `filters` parsed as its route reads them: /pendencias also takes the pendency keys. */
export const parseListFilters = (kind: ShareListKind, raw: string | undefined): ParsedShareFilters => parseShareFilters(raw, { pendency: kind === 'pendency' });

export function listSharesFor(db: Db, kind: ShareListKind, scope: Scope, q: ShareListRequest): Promise<ShareListResponse> {
  const { page, limit, sort, order, cursor } = q;
  return listShares(db, kind, scope, { page, limit, filters: parseListFilters(kind, q.filters), sort, order: defaultOrder(sort, order), cursor });
}

export async function listShares(db: Db, kind: ShareListKind, scope: Scope, q: ShareListQuery): Promise<ShareListResponse> {
  const where = () => listConditions(kind, scope, q.filters);
  const key = totalKey(kind, scope, q.filters);
  let fetched: Awaited<ReturnType<typeof sharePageQuery>>;
  let total: Total;
  const known = knownEstimate(db, key);
  if (known !== undefined) {
    // A large list seen a moment ago: the page alone, the remembered estimate as its total.
    fetched = await runPageQuery(db, kind, scope, q);
    total = { total: known, exact: false };
  } else if (q.filters.q) {
    // A free-text count repeats the trigram scan; a first page that ends the list already is the
    // count (a contract number or a CPF: one row), so the count waits for the page here.
    fetched = await runPageQuery(db, kind, scope, q);
    total = q.page === 1 && !q.cursor && fetched.length <= q.limit ? { total: fetched.length, exact: true } : await boundedTotal(db, key, where, EXACT_TOTAL_LIMIT_SEARCH);
  } else {
    fetched = await runPageQuery(db, kind, scope, q, EXACT_TOTAL_LIMIT);
    // No row carries the count past the last page (or on an empty list, whose count is 0).
    const counted = fetched.length ? Number(fetched[0].counted) : q.page === 1 && !q.cursor ? 0 : await cappedCount(db, where(), EXACT_TOTAL_LIMIT);
    total = await totalFromCount(db, key, where, counted, EXACT_TOTAL_LIMIT);
  }
  const hasMore = fetched.length > q.limit;
  const rows = hasMore ? fetched.slice(0, q.limit) : fetched;
  if (!total.exact && !q.cursor) total = await settledTotal(db, q, rows.length, hasMore, where, total);
  const data =
    kind === 'canceled'
      ? rows.map((r) => Object.assign(r.item, { canceledFromState: r.fromState }))
      : kind === 'pendency'
        ? rows.map((r): PendencyShareListItem => Object.assign(r.item, { pendency: pendencySummary(r.pendency) }))
        : rows.map((r) => r.item);
  const out: ShareListResponse = { data, total: total.total, page: q.page, limit: q.limit };
  if (!total.exact) out.totalExact = false;
  if (q.cursor !== undefined) {
    const last = rows.at(-1);
    out.nextCursor =
      last && hasMore && isCursorSort(q.sort)
        ? encodeCursor({ sort: q.sort, order: q.order, value: q.sort === 'updatedAt' ? last.cursorKey : last.item.contractNumber, id: last.item.shareId })
        : null;
  }
  return out;
}

/** Age and overdue in São Paulo days, by the domain's rules (the same the workspace applies to one pendency). */
export function pendencySummary(raw: RawPendencySummary, now: Date = new Date()): PendencySummary | null {
  if (!raw) return null;
  return {
    count: Number(raw.count),
    kinds: raw.kinds,
    openedAt: raw.openedAt,
    ageDays: pendencyAgeDays(raw.openedAt, now),
    dueDate: raw.dueDate,
    overdue: raw.openDues.some((dueDate) => isPendencyOverdue({ status: 'open', dueDate }, now)),
  };
}

/**
 * An estimated total made exact where the page itself shows where the list ends: a page with rows
 * and nothing after them is the last one (the total is the rows before it plus its own), and a page
 * past the end counts the list exactly. That count walks no more rows than the offset the page
 * already walked, and the answer lets the app bring the pager back to the last page (an estimate
 * there claimed up to page × size shares).
 */
async function settledTotal(db: Db, q: ShareListQuery, onPage: number, hasMore: boolean, where: () => SQL | undefined, estimate: Total): Promise<Total> {
  const before = (q.page - 1) * q.limit;
  if (onPage > 0 && !hasMore) return { total: before + onPage, exact: true };
  if (onPage === 0 && q.page > 1) return { total: await cappedCount(db, where(), before), exact: true };
  return estimate;
}

export type { ProcessHistoryEntry, ShareDetail };

const detailColumns = {
  item: listItemColumn,
  groupCode: shares.groupCode,
  quotaCode: shares.quotaCode,
  creditValue: shares.creditValue,
  previousState: shares.previousState,
  version: shares.version,
  transferResponsibleId: shares.transferResponsibleId,
  transferResponsibleName: users.name,
};

/**
 * The share's process history rides along as one JSON column (one round trip, not two). Times are
 * formatted like Date#toISOString (UTC, milliseconds) so the answer reads the same as the list's.
 */
const historyColumn = sql<{ step: number; state: string; at: string }[]>`(
  select coalesce(json_agg(json_build_object('step', h.step, 'state', h.state, 'at', ${isoTime(sql`h.at`)}) order by h.at, h.id), '[]'::json)
  from ${processStatusHistory} h where h.share_id = ${shares.id})`;

/** One share with its history, by contract number or by id, inside the scope (bound by name). */
function detailQuery(db: Db, by: 'contractNumber' | 'shareId', scope: Scope, bind: Bind) {
  const key = by === 'contractNumber' ? eq(shares.contractNumber, bind('key') as string) : eq(shares.id, bind('key') as string);
  return db
    .select({ ...detailColumns, history: historyColumn })
    .from(shares)
    .innerJoin(administrators, eq(administrators.id, shares.admId))
    .leftJoin(funds, eq(funds.id, shares.fundId))
    .leftJoin(cancelReasons, eq(cancelReasons.id, shares.cancelReason))
    .leftJoin(users, eq(users.id, shares.transferResponsibleId))
    // Another tenant's share is "not found", exactly like a missing one: numbers cannot be probed.
    .where(and(key, boundScopeCondition(scope, bind)))
    .limit(inlineLimit(1));
}

const preparedDetail = shapeCache<Awaited<ReturnType<typeof detailQuery>>>();

async function findShare(db: Db, by: 'contractNumber' | 'shareId', scope: Scope, key: string) {
  const [row] = await preparedDetail(db, `${by}|${scope.kind}`, () => detailQuery(db, by, scope, byPlaceholder), { key, ...scopeBindings(scope) }, { keepPlan: true });
  if (!row) throw notFound('Share');
  return row;
}

export async function getShare(db: Db, scope: Scope, contractNumber: string): Promise<ShareDetail> {
  return toDetail(await findShare(db, 'contractNumber', scope, contractNumber));
}

/** One share by id inside the scope (the answer of every action); 404 "Share not found" otherwise. */
export async function getShareById(db: Db, scope: Scope, shareId: string): Promise<ShareDetail> {
  return toDetail(await findShare(db, 'shareId', scope, shareId));
}

function toDetail(row: Awaited<ReturnType<typeof findShare>>): ShareDetail {
  const { item, history } = row;
  // The detail is the row's own freshly parsed item with the rest set on it, not `{ ...item, … }`:
  // on Node 20 (V8 11.3) a spread followed by more keys cost ~20 µs, a tenth of share/get's CPU (issue 17).
  return Object.assign(item, {
    sentToPartner: item.sentToPartner || isSentToPartner(history),
    stateFlags: stateFlags(item.state),
    groupCode: row.groupCode,
    quotaCode: row.quotaCode,
    creditValue: row.creditValue === null ? null : Number(row.creditValue),
    previousState: row.previousState,
    version: row.version,
    transferResponsible: row.transferResponsibleId ? { userId: row.transferResponsibleId, name: row.transferResponsibleName ?? '' } : null,
    history,
  });
}

export async function getShareStatus(db: Db, scope: Scope, contractNumber: string) {
  const row = await findShare(db, 'contractNumber', scope, contractNumber);
  return { step: row.item.processStep, history: row.history, sentToPartner: row.item.sentToPartner || isSentToPartner(row.history) };
}
