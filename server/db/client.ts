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
import { DEFAULT_POOL_SIZE } from '../config';

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

/** How long a request waits for a new PostgreSQL connection before answering 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

export const redactUrl = (url: string): string => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // A database that does not answer a connection attempt (host down, network gone) fails the
      // request with 503 after this long instead of holding it until the client gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A client that loses its connection (PostgreSQL restarting: 57P01 "terminating connection due to
    // administrator command") emits 'error'. The pool listens on idle clients only; a checked-out one
    // between two statements of a transaction has no listener, and an unheard 'error' ends the process.
    // With a listener the error is dropped here, the transaction's next statement fails (503) and the
    // pool discards the client when it is released.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), close: () => pool.end() };
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', location: options.dataDir ?? 'memory', close: () => client.close() };
}
