/**
 * A fingerprint of every table of the public schema: an md5 of each table's rows in a stable order.
 * Two equal fingerprints mean the database is byte-for-byte the same as far as a client can tell.
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from './app';

export type Fingerprint = Record<string, string>;

export async function tablesOf(t: TestApp): Promise<string[]> {
  const rows = await t.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

/** `skip` names tables whose change a rejected request legitimately makes (each with its reason at the call site). */
export async function fingerprint(t: TestApp, skip: readonly string[] = []): Promise<Fingerprint> {
  const out: Fingerprint = {};
  for (const name of await tablesOf(t)) {
    if (skip.includes(name)) continue;
    const ident = sql.identifier(name);
    const [row] = await t.query<{ md5: string | null }>(sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as md5 from ${ident} r`);
    out[name] = row.md5 ?? '';
  }
  return out;
}
