/**
 * A fingerprint of every table of the public schema, to prove that a rejected request left the
 * database exactly as it found it. One md5 per table over its rows' text, in one round trip, so a
 * difference names the table that moved.
 *
 * Not covered, on purpose: sequences (nextval is not transactional, so a rolled-back insert burns an
 * id without changing any row) and the drizzle migrations journal (another schema, never written by
 * a request).
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from './app';

export type Fingerprint = Record<string, string>;

/**
 * What a rejected request may legitimately change, per table: whole columns, or the rows a
 * condition selects (raw SQL over the alias `t`). Each use states its reason where it is declared.
 */
export interface Exclusions {
  [table: string]: { columns?: readonly string[]; rowsWhere?: string };
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

export async function publicTables(t: TestApp): Promise<string[]> {
  const rows = await t.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rows.map((r) => r.name);
  // The names go into SQL text below: refuse anything that is not a plain identifier.
  const odd = names.find((n) => !IDENT.test(n));
  if (odd) throw new Error(`unexpected table name ${odd}`);
  return names;
}

/** One statement computing every table's digest; exclusions change only the tables they name. */
function fingerprintSql(tables: readonly string[], exclusions: Exclusions): string {
  const parts = tables.map((name) => {
    const ex = exclusions[name];
    const row = ex?.columns?.length ? `(to_jsonb(t) ${ex.columns.map((c) => `- '${c}'`).join(' ')})::text` : 't::text';
    const where = ex?.rowsWhere ? ` where not (${ex.rowsWhere})` : '';
    return `(select coalesce(md5(string_agg(x, ',' order by x)), '-') from (select ${row} as x from "${name}" t${where}) s) as "${name}"`;
  });
  return `select ${parts.join(', ')}`;
}

export function createFingerprinter(t: TestApp, tables: readonly string[]) {
  const cache = new Map<string, string>();
  return async (exclusions: Exclusions = {}): Promise<Fingerprint> => {
    const key = JSON.stringify(exclusions);
    let text = cache.get(key);
    if (!text) cache.set(key, (text = fingerprintSql(tables, exclusions)));
    const [row] = await t.query<Fingerprint>(sql.raw(text));
    return row;
  };
}

/** The tables whose digest differs, for the failure message. */
export const changedTables = (before: Fingerprint, after: Fingerprint): string[] =>
  Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
