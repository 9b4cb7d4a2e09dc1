/**
 * The player, fund and user lists (src/domain/referenceLists.ts) take the share lists' `filters`
 * JSON and `sort`/`order`. These tables are small, so the search is a folded ILIKE without an index.
 */
import { type SQL, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCENTED_CHARS, UNACCENTED_CHARS, foldSearchText } from '../../src/domain/search';
import type { ReferenceListFilters } from '../../src/domain/referenceLists';
import type { SortOrder } from '../../src/domain/shareList';
import { invalidFilter, readFilters } from './filters';
import { MAX_QUERY_LENGTH } from './shareFilters';

export interface ParsedReferenceFilters {
  /** Folded like foldSearchText. */
  q?: string;
  /** The digits of q when q reads as a (masked) document number. */
  digits?: string;
  enabled?: boolean;
}

/** What a reference list takes (server/http/schemas.ts referenceListQuerySchema validates it). */
export interface ReferenceListQuery {
  page: number;
  limit: number;
  filters?: string;
  sort?: string;
  order?: SortOrder;
}

const invalid = invalidFilter;
const MASKED_NUMBER = /^[\d.\-/\s]+$/;

/** Parses `filters`; absent or empty means no filter, a key outside `keys` is a 400 naming it. */
export function parseReferenceFilters(raw: string | undefined, keys: readonly (keyof ReferenceListFilters)[]): ParsedReferenceFilters {
  const input = readFilters(raw, keys);
  if (!input) return {};

  const out: ParsedReferenceFilters = {};
  const given = (k: string) => input[k] !== undefined && input[k] !== null && input[k] !== '';
  if (given('search')) {
    if (typeof input.search !== 'string') throw invalid('search', 'must be a string');
    const q = foldSearchText(input.search.trim());
    if (q.length > MAX_QUERY_LENGTH) throw invalid('search', `must be at most ${MAX_QUERY_LENGTH} characters`);
    if (q) {
      out.q = q;
      const digits = q.replace(/\D/g, '');
      if (digits && MASKED_NUMBER.test(q)) out.digits = digits;
    }
  }
  if (given('enabled')) {
    const v = input.enabled;
    if (v !== true && v !== false && v !== 'true' && v !== 'false') throw invalid('enabled', 'must be true or false');
    out.enabled = v === true || v === 'true';
  }
  return out;
}

/** A column folded the way foldSearchText folds the query. */
export const folded = (column: AnyPgColumn): SQL => sql`translate(lower(${column}), ${ACCENTED_CHARS}, ${UNACCENTED_CHARS})`;

const NON_DIGITS = '\\D';
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Free text over the text columns; a document number also matches whatever mask it is stored with
 * (digits against digits).
 */
export function searchCondition(f: ParsedReferenceFilters, textColumns: AnyPgColumn[], documentColumn?: AnyPgColumn): SQL | undefined {
  if (!f.q) return undefined;
  const pattern = `%${escapeLike(f.q)}%`;
  return or(
    ...textColumns.map((c) => sql`${folded(c)} like ${pattern}`),
    ...(documentColumn && f.digits ? [sql`regexp_replace(${documentColumn}, ${NON_DIGITS}, '', 'g') like ${`%${f.digits}%`}`] : []),
  );
}

/** ORDER BY a column (text columns folded, so "Órbita" sorts among the O's), then by id for stable pages. */
export function orderBy(column: AnyPgColumn, order: SortOrder, id: AnyPgColumn, { text = true } = {}): SQL[] {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  return [sql`${text ? folded(column) : column} ${dir} nulls last`, sql`${id} ${dir}`];
}
