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
/*
 * Drizzle is opened without its relational `schema` option: nothing here uses `db.query.*`, and with
 * it every transaction (a PgDatabase of its own) built a relational query builder for each of the
 * schema's tables — measurable CPU per write (issue 17, docs/decisions.md). The type keeps the schema.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: a directory, 'memory' or the URL without its password. */
  location: string;
  close(): Promise<void>;
  /**
   * Hears NOTIFYs on `channel` (issue 18, live updates): PGlite in-process; on PostgreSQL one
   * dedicated connection outside the pool, reconnected with backoff when it drops. `onState` tells
   * whether the listener is connected (notifications sent while it was not are lost: the listener
   * says so, and the subscribers refresh). Answers the function that stops listening. Absent on a
   * handle built by hand (the API benchmark's): nothing is heard, the streams only beat.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onState?: (connected: boolean) => void): Promise<() => Promise<void>>;
}

/** How long the PostgreSQL listener waits before reconnecting: doubles from 500 ms up to 30 s. */
export const LISTEN_BACKOFF_MS = { first: 500, max: 30_000 } as const;

/** Quotes a channel name as an SQL identifier (LISTEN takes no parameters). */
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** DatabaseHandle.listen on an embedded PGlite: its notifications arrive in this process. */
export const pgliteListen =
  (client: PGlite): DatabaseHandle['listen'] =>
  async (channel, onPayload, onState) => {
    const stop = await client.listen(channel, onPayload);
    onState?.(true);
    return async () => {
      // A closed database has nothing left to unlisten.
      if (!client.closed) await stop();
    };
  };

function listenPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void, onState?: (connected: boolean) => void): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay: number = LISTEN_BACKOFF_MS.first;
  let timer: NodeJS.Timeout | null = null;
  const connect = async () => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client = c;
    let failed = false;
    const retry = () => {
      if (failed) return;
      failed = true;
      onState?.(false);
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (stopped) return;
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, LISTEN_BACKOFF_MS.max);
    };
    c.on('error', retry);
    c.on('end', retry);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
      if (stopped) return void c.end().catch(() => {});
      delay = LISTEN_BACKOFF_MS.first;
      onState?.(true);
    } catch {
      retry();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  };
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
    const db = drizzlePg(pool) as unknown as Db;
    const url = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      location: redactUrl(url),
      close: () => pool.end(),
      listen: async (channel, onPayload, onState) => listenPostgres(url, channel, onPayload, onState),
    };
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: options.dataDir ?? 'memory',
    close: () => client.close(),
    listen: pgliteListen(client),
  };
}
