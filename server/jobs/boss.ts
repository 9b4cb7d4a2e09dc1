/**
 * pg-boss (a PostgreSQL job queue, docs/operations.md "Background jobs") over the app's own database
 * connection, PostgreSQL or the embedded PGlite alike, through pg-boss's `db` adapter.
 *
 * pg-boss sends some commands as one text `BEGIN; …; COMMIT;` (schema creation, maintenance). When a
 * statement inside fails, PostgreSQL leaves that connection in an aborted transaction until someone
 * says ROLLBACK, and pg-boss does not. On PGlite that connection is the only one, so every later query
 * of the app would fail; on PostgreSQL it would go back to the app's pool in that state. The adapter
 * therefore runs those texts as a real transaction of its own, which rolls back on failure.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';

export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const WRAPPED = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

const isPglite = (client: unknown): client is PGlite => typeof (client as PGlite).exec === 'function' && typeof (client as PGlite).transaction === 'function';

/** The adapter for the database under the app's Drizzle instance. */
export function bossDbOf(db: Db): BossDb {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (isPglite(client)) {
    return {
      async executeSql(text, values) {
        // A parameterised command is always one statement (the extended protocol allows no more).
        if (values?.length) return client.query(text, values);
        const wrapped = WRAPPED.exec(text);
        // transaction() also holds PGlite's lock, so no request of the app runs between the statements.
        const results = wrapped ? await client.transaction((tx) => tx.exec(wrapped[1])) : await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const pool = client;
  return {
    async executeSql(text, values) {
      if (values?.length || !WRAPPED.test(text)) return pool.query(text, values as unknown[] | undefined);
      const conn = await pool.connect();
      let broken: Error | undefined;
      try {
        return await conn.query(text);
      } catch (err) {
        // ROLLBACK, and if even that fails the connection is dropped rather than pooled half-done.
        broken = await conn.query('ROLLBACK').then(
          () => undefined,
          (e: Error) => e,
        );
        throw err;
      } finally {
        conn.release(broken);
      }
    },
  };
}

export interface BossOptions {
  /** How often one instance (whichever takes the turn) expires stale active jobs and archives old ones. */
  maintenanceIntervalSeconds: number;
}

/**
 * A pg-boss on the app's database, not started. It creates (or migrates) its own schema `pgboss` on
 * start, under its own advisory lock, so replicas may start together.
 */
export function createBoss(db: Db, options: BossOptions): PgBoss {
  return new PgBoss({
    db: bossDbOf(db) as PgBoss.Db,
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
}
