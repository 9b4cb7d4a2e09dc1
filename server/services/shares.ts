/**
 * Share reads: the three lists, one share and its process status. Every query carries the caller's
 * tenant scope, and lists keep to the (scope, state, updated_at, id) indexes of the schema.
 */
import { type SQL, and, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { ProcessStep } from '../../src/domain/processSteps';
import { isSentToPartner } from '../../src/domain/processSteps';
import type { ListResponse, ShareListItem, ShareSortField, SortOrder } from '../../src/domain/shareList';
import type { ProcessHistoryEntry, ShareDetail } from '../../src/domain/workspace';
import { type ShareState, TRANSFER_LIST_STATES, stateFlags } from '../../src/domain/shareStates';
import type { Db } from '../db/client';
import { administrators, cancelReasons, funds, processStatusHistory, shares, users } from '../db/schema';
import { notFound } from '../http/errors';
import { afterCursor, cursorKeyColumn, decodeCursor, encodeCursor, isCursorSort } from './shareCursor';
import type { ParsedShareFilters } from './shareFilters';
import { EXACT_TOTAL_LIMIT, EXACT_TOTAL_LIMIT_SEARCH, type Total, boundedTotal, cappedCount, cappedCountSql, knownEstimate, totalFromCount } from './shareTotals';
import { type Scope, shareScopeCondition } from './tenant';

export type ShareListKind = 'all' | 'transfer' | 'canceled';

export interface ShareListQuery {
  page: number;
  limit: number;
  filters: ParsedShareFilters;
  sort: ShareSortField;
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

/** Free text: the generated, lower-cased `search` column has a trigram index that serves ILIKE. */
function searchCondition(f: ParsedShareFilters): SQL | undefined {
  if (!f.q) return undefined;
  const terms = [f.q, ...(f.qAlternatives ?? [])];
  return or(...terms.map((t) => sql`${shares.search} ilike ${`%${escapeLike(t)}%`}`));
}

/** The WHERE of a list: scope, list kind and filters. Exported for EXPLAIN tests. */
export function listConditions(kind: ShareListKind, scope: Scope, f: ParsedShareFilters): SQL | undefined {
  return and(
    shareScopeCondition(scope),
    kind === 'transfer' ? inArray(shares.state, [...TRANSFER_LIST_STATES]) : undefined,
    kind === 'canceled' ? isNotNull(shares.canceledAt) : undefined,
    f.state ? (f.state.length === 1 ? eq(shares.state, f.state[0]) : inArray(shares.state, f.state)) : undefined,
    f.admId !== undefined ? eq(shares.admId, f.admId) : undefined,
    f.fundId !== undefined ? eq(shares.fundId, f.fundId) : undefined,
    f.isPj !== undefined ? eq(shares.isPj, f.isPj) : undefined,
    f.updatedFrom ? gte(shares.updatedAt, f.updatedFrom) : undefined,
    f.updatedBefore ? lt(shares.updatedAt, f.updatedBefore) : undefined,
    searchCondition(f),
  );
}

/**
 * ORDER BY written to match the indexes exactly, NULLS clauses included: PostgreSQL only walks an
 * index for an ORDER BY whose null ordering matches it. The (updated_at DESC NULLS LAST, id DESC
 * NULLS LAST) indexes serve desc forwards and "asc nulls first" backwards; contract_number is
 * unique, so it needs no tie-break and its plain index serves both directions.
 */
function orderBy(sort: ShareSortField, order: SortOrder): SQL[] {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  switch (sort) {
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

const listColumns = {
  shareId: shares.id,
  contractNumber: shares.contractNumber,
  state: shares.state,
  isPj: shares.isPj,
  ownerName: shares.ownerName,
  ownerDocument: shares.ownerDocument,
  admId: shares.admId,
  admName: administrators.name,
  fundId: shares.fundId,
  fundName: funds.name,
  processStep: shares.processStep,
  sentToPartner: shares.sentToPartner,
  createdAt: shares.createdAt,
  updatedAt: shares.updatedAt,
  canceledAt: shares.canceledAt,
  // The reason's label; a reason id without a row still says something rather than nothing.
  cancelReason: sql<string | null>`coalesce(${cancelReasons.label}, ${shares.cancelReason})`,
};

const toListItem = (r: Record<string, unknown>): ShareListItem => {
  const row = r as {
    shareId: string; contractNumber: string; state: ShareState; isPj: boolean; ownerName: string | null; ownerDocument: string | null;
    admId: number; admName: string; fundId: number | null; fundName: string | null; processStep: number; sentToPartner: boolean;
    createdAt: Date; updatedAt: Date; canceledAt: Date | null; cancelReason: string | null;
  };
  return {
    shareId: row.shareId,
    contractNumber: row.contractNumber,
    state: row.state,
    isPj: row.isPj,
    ownerName: row.ownerName,
    ownerDocument: row.ownerDocument,
    admId: row.admId,
    admName: row.admName,
    fundId: row.fundId,
    fundName: row.fundName,
    processStep: row.processStep as ProcessStep,
    sentToPartner: row.sentToPartner,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canceledAt: row.canceledAt ? row.canceledAt.toISOString() : null,
    cancelReason: row.canceledAt ? row.cancelReason : null,
  };
};


/**
 * The page query alone, for EXPLAIN in tests and benchmarks. With `countCap` each row also carries
 * the capped count of the whole list (one scalar subquery, run once): page and total in one round trip.
 */
export function sharePageQuery(db: Db, kind: ShareListKind, scope: Scope, q: ShareListQuery, countCap?: number) {
  const where = listConditions(kind, scope, q.filters);
  const order = orderBy(q.sort, q.order);
  const counted = countCap === undefined ? sql<number | null>`null` : cappedCountSql(where, countCap);
  const select = db
    .select({ ...listColumns, cursorKey: cursorKeyColumn, counted })
    .from(shares)
    .innerJoin(administrators, eq(administrators.id, shares.admId))
    .leftJoin(funds, eq(funds.id, shares.fundId))
    .leftJoin(cancelReasons, eq(cancelReasons.id, shares.cancelReason));
  if (q.cursor) {
    return select
      .where(and(where, afterCursor(decodeCursor(q.cursor, q.sort, q.order))))
      .orderBy(...order)
      .limit(q.limit);
  }
  const offset = (q.page - 1) * q.limit;
  if (offset === 0) return select.where(where).orderBy(...order).limit(q.limit);
  // Past page 1 the page is chosen on `shares` alone (an index-only walk of the ordering) and only
  // its rows are joined: joining every skipped row too made page 5,000 cost 5,000 pages of joins.
  const pageIds = db.select({ id: shares.id }).from(shares).where(where).orderBy(...order).limit(q.limit).offset(offset);
  return select.where(inArray(shares.id, pageIds)).orderBy(...order);
}

/** What a list's total depends on: the same key, the same WHERE. */
const totalKey = (kind: ShareListKind, scope: Scope, f: ParsedShareFilters) => JSON.stringify([kind, scope, f]);

export async function listShares(db: Db, kind: ShareListKind, scope: Scope, q: ShareListQuery): Promise<ShareListResponse> {
  const where = listConditions(kind, scope, q.filters);
  const key = totalKey(kind, scope, q.filters);
  let rows: Awaited<ReturnType<typeof sharePageQuery>>;
  let total: Total;
  const known = knownEstimate(db, key);
  if (known !== undefined) {
    // A large list seen a moment ago: the page alone, the remembered estimate as its total.
    rows = await sharePageQuery(db, kind, scope, q);
    total = { total: known, exact: false };
  } else if (q.filters.q) {
    // A free-text count repeats the trigram scan; a first page that is not full already is the
    // count (a contract number or a CPF: one row), so the count waits for the page here.
    rows = await sharePageQuery(db, kind, scope, q);
    total =
      q.page === 1 && !q.cursor && rows.length < q.limit
        ? { total: rows.length, exact: true }
        : await boundedTotal(db, key, where, EXACT_TOTAL_LIMIT_SEARCH);
  } else {
    rows = await sharePageQuery(db, kind, scope, q, EXACT_TOTAL_LIMIT);
    // No row carries the count past the last page (or on an empty list, whose count is 0).
    const counted = rows.length ? Number(rows[0].counted) : q.page === 1 && !q.cursor ? 0 : await cappedCount(db, where, EXACT_TOTAL_LIMIT);
    total = await totalFromCount(db, key, where, counted, EXACT_TOTAL_LIMIT);
  }
  const out: ShareListResponse = { data: rows.map(toListItem), total: total.total, page: q.page, limit: q.limit };
  if (!total.exact) out.totalExact = false;
  if (q.cursor !== undefined) {
    const last = rows.at(-1);
    out.nextCursor =
      last && rows.length === q.limit && isCursorSort(q.sort)
        ? encodeCursor({ sort: q.sort, order: q.order, value: q.sort === 'updatedAt' ? last.cursorKey : last.contractNumber, id: last.shareId })
        : null;
  }
  return out;
}

export type { ProcessHistoryEntry, ShareDetail };

const detailColumns = {
  ...listColumns,
  groupCode: shares.groupCode,
  quotaCode: shares.quotaCode,
  creditValue: shares.creditValue,
  previousState: shares.previousState,
  version: shares.version,
  transferResponsibleId: shares.transferResponsibleId,
  transferResponsibleName: users.name,
};

function detailSelect(db: Db) {
  return db
    .select(detailColumns)
    .from(shares)
    .innerJoin(administrators, eq(administrators.id, shares.admId))
    .leftJoin(funds, eq(funds.id, shares.fundId))
    .leftJoin(cancelReasons, eq(cancelReasons.id, shares.cancelReason))
    .leftJoin(users, eq(users.id, shares.transferResponsibleId));
}

async function findShare(db: Db, scope: Scope, contractNumber: string) {
  const [row] = await detailSelect(db)
    // Another tenant's share is "not found", exactly like a missing one: numbers cannot be probed.
    .where(and(eq(shares.contractNumber, contractNumber), shareScopeCondition(scope)))
    .limit(1);
  if (!row) throw notFound('Share');
  return row;
}

async function processHistory(db: Db, shareId: string): Promise<ProcessHistoryEntry[]> {
  const rows = await db
    .select({ step: processStatusHistory.step, state: processStatusHistory.state, at: processStatusHistory.at })
    .from(processStatusHistory)
    .where(eq(processStatusHistory.shareId, shareId))
    .orderBy(processStatusHistory.at, processStatusHistory.id);
  return rows.map((r) => ({ step: r.step, state: r.state, at: r.at.toISOString() }));
}

export async function getShare(db: Db, scope: Scope, contractNumber: string): Promise<ShareDetail> {
  return toDetail(db, await findShare(db, scope, contractNumber));
}

/** One share by id inside the scope (the answer of every action); 404 "Share not found" otherwise. */
export async function getShareById(db: Db, scope: Scope, shareId: string): Promise<ShareDetail> {
  const [row] = await detailSelect(db)
    .where(and(eq(shares.id, shareId), shareScopeCondition(scope)))
    .limit(1);
  if (!row) throw notFound('Share');
  return toDetail(db, row);
}

async function toDetail(db: Db, row: Awaited<ReturnType<typeof findShare>>): Promise<ShareDetail> {
  const history = await processHistory(db, row.shareId);
  const item = toListItem(row);
  return {
    ...item,
    sentToPartner: item.sentToPartner || isSentToPartner(history),
    stateFlags: stateFlags(row.state),
    groupCode: row.groupCode,
    quotaCode: row.quotaCode,
    creditValue: row.creditValue === null ? null : Number(row.creditValue),
    previousState: row.previousState,
    version: row.version,
    transferResponsible: row.transferResponsibleId ? { userId: row.transferResponsibleId, name: row.transferResponsibleName ?? '' } : null,
    history,
  };
}

export async function getShareStatus(db: Db, scope: Scope, contractNumber: string) {
  const row = await findShare(db, scope, contractNumber);
  const history = await processHistory(db, row.shareId);
  return { step: row.processStep, history, sentToPartner: row.sentToPartner || isSentToPartner(history) };
}
