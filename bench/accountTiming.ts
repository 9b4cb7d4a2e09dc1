/**
 * `npx tsx bench/accountTiming.ts`: can `verify_username` tell an e-mail with an account from one
 * without by its answer time? Real and unknown e-mails interleaved through the real app (in-process,
 * `app.inject`), after warm-up pairs; medians, quartiles and their ratio. PGlite in memory, or a
 * fresh PostgreSQL database when DATABASE_URL is set. Writes bench/results/account-timing-<db>.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { testConfig } from '../tests/api/support/app';
import { withFreshPostgres } from '../tests/api/support/pgDatabase';

const PAIRS = Number(process.env.TIMING_PAIRS ?? 200);
const WARMUP = 50;
const REAL = 'operador@repasse.dev';

const pg = await withFreshPostgres();
const handle = await openDatabase(pg ? { databaseUrl: pg.url, poolSize: 5 } : {});
try {
  await runMigrations(handle);
  await seed(handle, { shares: 100, password: 'bench-password' });
  // The per-address limit would answer 429 after a few calls: lifted, this measures the flow itself.
  const limit = { max: 1_000_000, windowMs: 60_000 };
  const app = await buildApp({ db: handle, config: testConfig({ loginRateLimit: limit, accountRateLimit: limit }) });
  const timeOne = async (username: string) => {
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: 'POST', url: '/api/user/verify_username', payload: { username } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`verify_username ${username}: ${res.statusCode} ${res.body}`);
    return ms;
  };
  const real: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < WARMUP + PAIRS; i++) {
    // Alternate which goes first, so neither always pays for the other's cache misses.
    const order = i % 2 === 0 ? [REAL, `ninguem${i}@example.com`] : [`ninguem${i}@example.com`, REAL];
    for (const username of order) {
      const ms = await timeOne(username);
      if (i >= WARMUP) (username === REAL ? real : unknown).push(ms);
    }
  }
  await app.close();

  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const row = (name: string, xs: number[]) => `| ${name} | ${q(xs, 0.25).toFixed(2)} ms | ${q(xs, 0.5).toFixed(2)} ms | ${q(xs, 0.75).toFixed(2)} ms |`;
  const report =
    `# verify_username timing\n\nMeasured ${new Date().toISOString()} on ${handle.kind}: ${PAIRS} pairs (after ${WARMUP} warm-up pairs), a real and an unknown e-mail interleaved, through \`app.inject\`.\n\n` +
    `| e-mail | p25 | median | p75 |\n| --- | --- | --- | --- |\n${row('with an account', real)}\n${row('without an account', unknown)}\n\n` +
    `Ratio of medians (with / without): **${(q(real, 0.5) / q(unknown, 0.5)).toFixed(2)}×**; the quartile ranges ${q(real, 0.25) <= q(unknown, 0.75) && q(unknown, 0.25) <= q(real, 0.75) ? 'overlap' : 'do not overlap'}.\n`;
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`./results/account-timing-${handle.kind}.md`, import.meta.url), report);
  console.log(report);
} finally {
  await handle.close();
  await pg?.drop();
}
