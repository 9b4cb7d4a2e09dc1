/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, otherwise the embedded
 * PGlite (on disk under a data directory, or in memory for tests). Both speak the same SQL, so the
 * rest of the server sees one Drizzle type.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a directory, 'memory' or the URL without its password. */
  location: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** node-postgres pool size. */
  poolSize?: number;
}

export const redactUrl = (url: string): string => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle client that loses its connection (e.g. PostgreSQL restarting) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), close: () => pool.end() };
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', location: options.dataDir ?? 'memory', close: () => client.close() };
}
