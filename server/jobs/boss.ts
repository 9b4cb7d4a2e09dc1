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

export interface QueueDefinition {
  name: string;
  policy: PgBoss.QueuePolicy;
  deadLetter?: string;
}

/**
 * Creates the queues that are missing, one replica at a time. pg-boss's createQueue attaches a
 * partition and foreign keys, and two replicas creating queues at once on a fresh database deadlock
 * (seen on PostgreSQL 16); under one advisory transaction lock the second finds them made.
 * `pgboss.create_queue(name, options)` is what `createQueue` calls, and is a no-op for a queue that
 * exists. The names and options are ours, never user input.
 */
export async function createQueues(bossDb: BossDb, boss: PgBoss, queues: readonly QueueDefinition[]): Promise<void> {
  const missing = [];
  for (const q of queues) if (!(await boss.getQueue(q.name))) missing.push(q);
  if (!missing.length) return;
  const literal = (v: string) => `'${v.replaceAll("'", "''")}'`;
  const creates = missing.map((q) => `SELECT pgboss.create_queue(${literal(q.name)}, ${literal(JSON.stringify({ policy: q.policy, deadLetter: q.deadLetter }))}::json)`);
  await bossDb.executeSql(`BEGIN; SELECT pg_advisory_xact_lock(hashtext('repasse.pgboss.create_queues')); ${creates.join('; ')}; COMMIT;`);
}

export interface BossOptions {
  /** How often one instance (whichever takes the turn) expires stale active jobs and archives old ones. */
  maintenanceIntervalSeconds: number;
}

/**
 * A pg-boss on the app's database, not started. It creates (or migrates) its own schema `pgboss` on
 * start, under its own advisory lock, so replicas may start together.
 */
export function createBoss(bossDb: BossDb, options: BossOptions): PgBoss {
  return new PgBoss({
    db: bossDb as PgBoss.Db,
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
}
