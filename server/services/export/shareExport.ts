/**
 * The share lists' export (issue 18): the list's own WHERE (listConditions: scope, list kind,
 * filters), its own ORDER BY and item, read in keyset batches. Each batch starts strictly after the
 * last row of the one before in the list's ordering (its sort key, then the share id), so every
 * batch costs what the first does, on any of the list's sorts, and a million rows never sit in memory.
 * /pendencias is the `pendency` kind: its rows carry their pendency summary, as its list's do, and
 * its two sorts (the oldest open pendency, the nearest due date) are keys like the others.
 */
import { type SQL, type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import type { PendencyListSortField } from '../../../src/domain/pendencies';
import type { ShareListItem, SortOrder } from '../../../src/domain/shareList';
import type { ShareState } from '../../../src/domain/shareStates';
import type { Db } from '../../db/client';
import { administrators, cancelReasons, funds, shares } from '../../db/schema';
import type { ParsedShareFilters } from '../shareFilters';
import {
  type RawPendencySummary,
  type ShareListKind,
  canceledFromState,
  listConditions,
  listItemColumn,
  nearestPendencyDue,
  oldestOpenPendency,
  orderBy,
  pendencySummary,
  pendencySummaryColumn,
  totalKey,
} from '../shares';
import { boundedTotal } from '../shareTotals';
import type { Scope } from '../tenant';
import type { ExportRow, ExportSource } from './stream';

/** Rows per database round trip. */
export const SHARE_EXPORT_BATCH = 1000;
/**
 * Rows per round trip when the key is computed per share (/pendencias by its oldest pendency or its
 * nearest due date): no index holds it, so every batch evaluates it again for each share with a
 * pendency. Fewer, larger batches; still a few megabytes at a time.
 */
export const COMPUTED_KEY_BATCH = 5000;
/** The progress bar's total is exact up to here, the planner's estimate beyond (a count of a million rows is a scan). */
export const EXPORT_EXACT_TOTAL_LIMIT = 100_000;

const micros = (column: SQLWrapper) => sql<string | null>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const instant = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

/** The sort key of a row as text (timestamps in microseconds: a Date would drop PostgreSQL's precision). */
const keyColumn = (sort: PendencyListSortField): SQL<string | null> => {
  switch (sort) {
    case 'pendencyOpenedAt':
      return micros(oldestOpenPendency);
    case 'pendencyDueDate':
      return sql<string | null>`to_char(${nearestPendencyDue}, 'YYYY-MM-DD')`;
    case 'updatedAt':
      return micros(shares.updatedAt);
    case 'canceledAt':
      return micros(shares.canceledAt);
    case 'contractNumber':
      return sql<string>`${shares.contractNumber}`;
    case 'ownerName':
      return sql<string | null>`${shares.ownerName}`;
    case 'state':
      return sql<string>`${shares.state}::text`;
    case 'processStep':
      return sql<string>`${shares.processStep}::text`;
  }
};

interface Last {
  key: string | null;
  id: string;
}

/**
 * Rows after `last` in orderBy(sort, order) of shares.ts, NULLS placement included: updatedAt and
 * canceledAt put nulls last going down and first going up; ownerName and the two pendency keys
 * last either way (a share in with_pendency without an open pendency record has neither); the
 * other keys are never null.
 */
export function afterRow(sort: PendencyListSortField, order: SortOrder, last: Last): SQL {
  const gt = order === 'asc' ? sql`>` : sql`<`;
  const id = sql`${last.id}::uuid`;
  /** A key placed NULLS LAST in both directions, then the id. */
  const nullsLastKey = (key: SQLWrapper, value: SQL) =>
    last.key === null
      ? sql`(${key} is null and ${shares.id} ${gt} ${id})`
      : sql`(${key} ${gt} ${value} or (${key} = ${value} and ${shares.id} ${gt} ${id}) or ${key} is null)`;
  switch (sort) {
    case 'pendencyOpenedAt':
      return nullsLastKey(oldestOpenPendency, last.key === null ? sql`null` : instant(last.key));
    case 'pendencyDueDate':
      return nullsLastKey(nearestPendencyDue, sql`${last.key}::date`);
    case 'contractNumber':
      return sql`${shares.contractNumber} ${gt} ${last.key}`;
    case 'updatedAt':
      return sql`(${shares.updatedAt}, ${shares.id}) ${gt} (${instant(last.key!)}, ${id})`;
    case 'state':
      return sql`(${shares.state}, ${shares.id}) ${gt} (cast(${last.key} as share_state), ${id})`;
    case 'processStep':
      return sql`(${shares.processStep}, ${shares.id}) ${gt} (${last.key}::smallint, ${id})`;
    case 'canceledAt': {
      const nullsLast = order === 'desc';
      if (last.key === null) {
        const sameNull = sql`(${shares.canceledAt} is null and ${shares.id} ${gt} ${id})`;
        return nullsLast ? sameNull : sql`(${sameNull} or ${shares.canceledAt} is not null)`;
      }
      const after = sql`(${shares.canceledAt}, ${shares.id}) ${gt} (${instant(last.key)}, ${id})`;
      return nullsLast ? sql`(${after} or ${shares.canceledAt} is null)` : after;
    }
    case 'ownerName':
      return nullsLastKey(shares.ownerName, sql`${last.key}`);
  }
}

export interface ShareExportQuery {
  filters: ParsedShareFilters;
  /** The pendency sorts only for the `pendency` kind (its route's schema keeps them there). */
  sort: PendencyListSortField;
  order: SortOrder;
}

type BatchRow = { item: ShareListItem; key: string | null; fromState: ShareState | null; pendency: RawPendencySummary };

/** The list's own item: the state at cancellation on the canceled list, the pendency summary on /pendencias. */
const itemOf = (kind: ShareListKind, now: Date) => {
  if (kind === 'canceled') return (r: BatchRow): ExportRow => ({ ...r.item, canceledFromState: r.fromState });
  if (kind === 'pendency') return (r: BatchRow): ExportRow => ({ ...r.item, pendency: pendencySummary(r.pendency, now) });
  return (r: BatchRow): ExportRow => r.item as unknown as ExportRow;
};

export async function* shareExportBatches(db: Db, kind: ShareListKind, scope: Scope, q: ShareExportQuery, batchSize = SHARE_EXPORT_BATCH): AsyncGenerator<ExportRow[]> {
  const where = listConditions(kind, scope, q.filters);
  const order = orderBy(q.sort, q.order);
  const key = keyColumn(q.sort);
  const fromState = kind === 'canceled' ? canceledFromState : sql<ShareState | null>`null`;
  const pendency = kind === 'pendency' ? pendencySummaryColumn : sql<null>`null`;
  let last: Last | null = null;
  for (;;) {
    const rows: BatchRow[] = await db
      .select({ item: listItemColumn, key, fromState, pendency })
      .from(shares)
      .innerJoin(administrators, eq(administrators.id, shares.admId))
      .leftJoin(funds, eq(funds.id, shares.fundId))
      .leftJoin(cancelReasons, eq(cancelReasons.id, shares.cancelReason))
      .where(last ? and(where, afterRow(q.sort, q.order, last)) : where)
      .orderBy(...order)
      .limit(batchSize);
    if (!rows.length) return;
    // Ages and "overdue" are São Paulo days as of this batch, as a list page computes them as of its request.
    yield rows.map(itemOf(kind, new Date()));
    if (rows.length < batchSize) return;
    const end = rows[rows.length - 1];
    last = { key: end.key, id: end.item.shareId };
  }
}

export async function shareExportSource(db: Db, kind: ShareListKind, scope: Scope, q: ShareExportQuery): Promise<ExportSource> {
  const total = await boundedTotal(db, `export:${totalKey(kind, scope, q.filters)}`, () => listConditions(kind, scope, q.filters), EXPORT_EXACT_TOTAL_LIMIT);
  const computedKey = q.sort === 'pendencyOpenedAt' || q.sort === 'pendencyDueDate';
  return { total, batches: shareExportBatches(db, kind, scope, q, computedKey ? COMPUTED_KEY_BATCH : SHARE_EXPORT_BATCH) };
}
