/**
 * Several API processes may start at once on one PostgreSQL database (replicas of a deployment).
 * Migrating and seeding are not safe to run twice at the same time (`CREATE EXTENSION` and the
 * migrations table race, and both would seed), so start-up takes a PostgreSQL advisory lock around
 * them: the first process migrates and seeds, the others wait and then find nothing to do.
 * PGlite is one process by construction and needs no lock.
 */
import pg from 'pg';

/** Any fixed number: advisory locks are per database, and only Repasse's start-up takes this one. */
const STARTUP_LOCK_KEY = 5_817_263_401;

export async function withStartupLock<T>(databaseUrl: string | null, run: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return run();
  // Its own connection: a session-level lock must be released on the connection that took it.
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await run();
  } finally {
    // Ending the session releases the lock even when the unlock itself fails.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
