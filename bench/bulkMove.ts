/**
 * `npx tsx bench/bulkMove.ts`: the bulk-move budget of DESIGN §5 (10,000 shares ≤ 2 s, flat
 * memory). Seeds a throw-away database (PGlite in memory, or a fresh PostgreSQL database when
 * DATABASE_URL is set), puts 10,000 shares in received_from_client and approves them all with one
 * moveShares call (what POST /actions/transfer_in_bulk runs). Writes bench/results/bulk-move.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { FEATURE_FLAGS } from '../src/domain/featureFlags';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { rowsOf } from '../server/db/seed/bulk';
import { users } from '../server/db/schema';
import { moveShares } from '../server/services/shareWorkflow';
import { toAuthUser } from '../server/services/users';
import { withFreshPostgres } from '../tests/api/support/pgDatabase';

const COUNT = Number(process.env.BULK_COUNT ?? 10_000);
const pg = await withFreshPostgres();
const handle = await openDatabase(pg ? { databaseUrl: pg.url, poolSize: 5 } : {});
try {
  await runMigrations(handle);
  await seed(handle, { shares: COUNT + 500, password: 'bench-password' });
  await handle.db.execute(sql`update shares set state = 'received_from_client', process_step = 2 where id in (select id from shares order by id limit ${COUNT})`);
  const ids = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from shares where state = 'received_from_client' order by contract_number limit ${COUNT}`)).map((r) => r.id);
  const [row] = await handle.db.select().from(users).where(eq(users.email, 'operador@repasse.dev'));
  const operator = toAuthUser(row);

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
  const started = performance.now();
  const outcomes = await moveShares(handle.db, operator, ids, { move: 'set_transfer', action: 'transfer_in_bulk', flags: FEATURE_FLAGS });
  const ms = performance.now() - started;
  clearInterval(sampler);
  const ok = outcomes.filter((o) => o.ok).length;

  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const report =
    `# Bulk move\n\nMeasured ${new Date().toISOString()} on ${handle.kind}: one \`moveShares\` call (transfer_in_bulk) over ${ids.length} shares in received_from_client.\n\n` +
    `| figure | measured | budget (DESIGN §5) |\n| --- | --- | --- |\n` +
    `| time | ${ms.toFixed(0)} ms | ≤ 2000 ms |\n| shares moved | ${ok} / ${ids.length} | all |\n| heap growth at peak | ${mb(heapPeak - heapBefore)} MB | flat (chunks of 500) |\n`;
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`./results/bulk-move-${handle.kind}.md`, import.meta.url), report);
  console.log(report);
} finally {
  await handle.close();
  await pg?.drop();
}
