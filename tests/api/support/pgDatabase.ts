/**
 * A throw-away PostgreSQL database per test file, so API tests on PostgreSQL start from the same
 * empty state as on PGlite and never touch the database DATABASE_URL points at.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshPostgres {
  /** DATABASE_URL with the fresh database's name in place of the original one. */
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** null when DATABASE_URL is unset: the caller skips its PostgreSQL run. */
export async function withFreshPostgres(): Promise<FreshPostgres | null> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return null;
  const name = `repasse_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // FORCE (PostgreSQL 13+) ends a pool the test forgot to close instead of failing the drop.
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
