/**
 * The optional keyset cursor of the share lists (docs/api.md "Cursor"): a position in one ordering,
 * `(updated_at, id)` or `contract_number`, opaque to the client. Page N by offset makes the
 * database walk N×limit rows; page N by cursor starts where page N-1 ended, so a deep page costs
 * what page 1 does. Offsets keep working: SPEC's page/limit contract is untouched.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ShareSortField, SortOrder } from '../../src/domain/shareList';
import type { PendencyListSortField } from '../../src/domain/pendencies';
import { shares } from '../db/schema';
import { invalid } from './errors';

/** Orderings a cursor can follow: the ones an index serves with a unique tie-break. */
export const CURSOR_SORTS = ['updatedAt', 'contractNumber'] as const satisfies readonly ShareSortField[];
type CursorSort = (typeof CURSOR_SORTS)[number];

export interface ShareCursor {
  sort: CursorSort;
  order: SortOrder;
  /** updatedAt: microseconds since the epoch (a Date would drop PostgreSQL's microseconds); contractNumber: the number. */
  value: string;
  /** The share id; the tie-break of updatedAt. */
  id: string;
}

export const isCursorSort = (sort: ShareSortField | PendencyListSortField): sort is CursorSort => (CURSOR_SORTS as readonly string[]).includes(sort);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalidCursor = (reason: string) => invalid('Invalid cursor', { cursor: reason });

export function encodeCursor(c: ShareCursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.order, c.value, c.id])).toString('base64url');
}

/** The cursor of a request, checked against the list's sort and order: a cursor of another ordering is a 400. */
export function decodeCursor(raw: string, sort: ShareSortField | PendencyListSortField, order: SortOrder): ShareCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('not a cursor this server issued');
  }
  if (!Array.isArray(parts) || parts.length !== 4 || !parts.every((p) => typeof p === 'string')) throw invalidCursor('not a cursor this server issued');
  const [cSort, cOrder, value, id] = parts as string[];
  if (!isCursorSort(sort)) throw invalidCursor(`sort by ${CURSOR_SORTS.join(' or ')} to page by cursor`);
  if (cSort !== sort || cOrder !== order) throw invalidCursor('it belongs to another sort or order');
  if (!UUID.test(id) || (sort === 'updatedAt' && !/^-?\d{1,19}$/.test(value)) || value.length > 64) throw invalidCursor('not a cursor this server issued');
  return { sort, order, value, id };
}

/** The key the next cursor is made of, selected with the page (microseconds, exactly as stored). */
export const cursorKeyColumn = sql<string>`(extract(epoch from ${shares.updatedAt}) * 1000000)::bigint::text`;

/**
 * Rows strictly after the cursor in its ordering; written as the row comparison the index serves.
 * `value` and `id` are the cursor's own, or placeholders bound to them (a prepared page query).
 */
export function afterCursor(c: ShareCursor, value: unknown = c.value, id: unknown = c.id): SQL {
  if (c.sort === 'contractNumber') return c.order === 'asc' ? sql`${shares.contractNumber} > ${value}` : sql`${shares.contractNumber} < ${value}`;
  const at = sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
  return c.order === 'desc' ? sql`(${shares.updatedAt}, ${shares.id}) < (${at}, ${id}::uuid)` : sql`(${shares.updatedAt}, ${shares.id}) > (${at}, ${id}::uuid)`;
}
