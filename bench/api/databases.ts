/**
 * The benchmark's scratch databases, kept between runs: a 1,000,000-share seed takes minutes, so a
 * database already holding the right number of shares is reused, and one that does not is rebuilt
 * with the documented seed (`npm run db:seed -- --reset --shares N`).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

const SEED_CLI = fileURLToPath(new URL('../../server/db/seedCli.ts', import.meta.url));

/** Server of BENCH_DATABASE_URL, else of DATABASE_URL, else the local default. */
export function serverUrl(env = process.env): string {
  const raw = env.BENCH_DATABASE_URL || env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(raw);
  url.pathname = '/postgres';
  return url.toString();
}

export const databaseName = (shares: number) => `repasse_bench_${shares >= 1_000_000 && shares % 1_000_000 === 0 ? `${shares / 1_000_000}m` : shares % 1000 === 0 ? `${shares / 1000}k` : shares}`;

function runSeed(shares: number, env: NodeJS.ProcessEnv, log: (m: string) => void): void {
  log(`seeding ${shares.toLocaleString('en')} shares (npm run db:seed -- --reset --shares ${shares})`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', SEED_CLI, '--reset', '--shares', String(shares)], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`seed failed with status ${result.status}`);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function countShares(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<number> {
  try {
    const { rows } = await query('select count(*)::int as n from shares');
    return Number(rows[0].n);
  } catch {
    return -1;
  }
}

/** A PostgreSQL database seeded with exactly `shares` shares; returns its URL. */
export async function ensurePostgres(shares: number, log: (m: string) => void): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  const name = databaseName(shares);
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const count = await countShares((t) => client.query(t)).finally(() => client.end());
  if (count === shares) log(`${name}: reusing (${shares.toLocaleString('en')} shares)`);
  else runSeed(shares, { ...process.env, DATABASE_URL: url.toString() }, log);
  // What autovacuum does in steady state (after the seed's bulk load, after the last run's writes):
  // the visibility map that lets a deep page or a bounded count read the index alone.
  const vacuum = new pg.Client({ connectionString: url.toString() });
  await vacuum.connect();
  await vacuum.query('vacuum (analyze)').finally(() => vacuum.end());
  return url.toString();
}

/** A PGlite data directory seeded with exactly `shares` shares. */
export async function ensurePglite(dir: string, shares: number, log: (m: string) => void): Promise<void> {
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const count = await countShares((t) => client.query(t)).finally(() => client.close());
  if (count === shares) log(`${dir}: reusing (${shares.toLocaleString('en')} shares)`);
  else {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    runSeed(shares, env, log);
  }
  // PGlite has no autovacuum: without this its tables never get a visibility map and every index
  // walk fetches the heap. The app vacuums after bulk moves (server/db/bulkVacuum.ts), not after the seed.
  const vacuum = await PGlite.create(dir, { extensions: { pg_trgm } });
  await vacuum.query('vacuum (analyze) shares').finally(() => vacuum.close());
}
