/**
 * `npm run db:seed -- [--shares N] [--seed N] [--reset]`
 *
 * Seeds the database the server would open: PostgreSQL at DATABASE_URL, otherwise PGlite under
 * DATA_DIR (default ./data). Without --reset an already seeded database is left alone; --reset
 * drops every table (schema public and drizzle's migration journal) and migrates from scratch.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { DEFAULT_SEED, DEFAULT_SHARES, seed } from './seed';

interface Args {
  shares: number;
  seed: number;
  reset: boolean;
}

const USAGE = 'usage: npm run db:seed -- [--shares N] [--seed N] [--reset]';

function parseArgs(argv: string[]): Args {
  const args: Args = { shares: DEFAULT_SHARES, seed: DEFAULT_SEED, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => {
      const raw = inline ?? argv[++i];
      // Underscores and commas let a benchmark write --shares 1_000_000.
      const n = Number(String(raw ?? '').replace(/[_,]/g, ''));
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a non-negative integer\n${USAGE}`);
      return n;
    };
    if (flag === '--shares') args.shares = value();
    else if (flag === '--seed') args.seed = value();
    else if (flag === '--reset') args.reset = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
  }
  return args;
}

async function reset(handle: DatabaseHandle): Promise<void> {
  // CASCADE takes the enums and the pg_trgm extension with it; the first migration recreates both.
  await handle.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await handle.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await handle.db.execute(sql`CREATE SCHEMA public`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const handle = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: process.env.DATA_DIR || './data' });
  const log = (msg: string) => console.log(`[seed] ${msg}`);
  try {
    log(`database: ${handle.kind} ${handle.location}`);
    if (args.reset) {
      log('--reset: dropping every table');
      await reset(handle);
    }
    await runMigrations(handle);
    const summary = await seed(handle, { shares: args.shares, seed: args.seed, log });
    if (!summary.seeded) {
      log(`already seeded (${summary.shares.toLocaleString('en')} shares); nothing written. Use --reset to rebuild.`);
    } else {
      log('demo users (password: SEED_PASSWORD or repasse123):');
      for (const u of summary.users) log(`  ${u.profile.padEnd(8)} ${u.email}`);
    }
    log(`elapsed ${((performance.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(`[seed] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
