/**
 * `npx tsx --expose-gc bench/bulkMove.ts`: the bulk-move budget of DESIGN §5 (10,000 shares ≤ 2 s,
 * flat memory) for both bulk moves of the API, the way a client calls them:
 * 1. POST /api/actions/transfer_in_bulk over 10,000 shares in received_from_client (→ approved_by_adm);
 * 2. POST /api/actions/set_paid with the same 10,000 ids, one proof and a paid date (→ payment_done).
 * Runs the API in process (Fastify inject: routing, validation, the moves, the JSON answer) on a
 * throw-away database: PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is set.
 * Writes bench/results/bulk-<pglite|postgres>.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { API } from '../src/domain/apiPaths';
import { files, users } from '../server/db/schema';
import { USERS, createTestApp } from '../tests/api/support/app';

const COUNT = Number(process.env.BULK_COUNT ?? 10_000);
const BUDGET_MS = 2000;

interface Figure {
  name: string;
  ms: number;
  moved: number;
  heapPeakMb: number;
  rssPeakMb: number;
}

const mb = (b: number) => b / 1024 / 1024;

/** Time and peak memory growth of one call, sampled every 5 ms on top of a collected heap. */
async function measure(name: string, call: () => Promise<number>): Promise<Figure> {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  };
  const sampler = setInterval(sample, 5);
  const started = performance.now();
  const moved = await call();
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  return { name, ms, moved, heapPeakMb: mb(heapPeak - heapBefore), rssPeakMb: mb(rssPeak - rssBefore) };
}

const t = await createTestApp({ shares: COUNT + 500 });
try {
  await t.query(sql`update shares set state = 'received_from_client', process_step = 2 where id in (select id from shares order by id limit ${COUNT})`);
  const ids = (await t.query<{ id: string }>(sql`select id from shares where state = 'received_from_client' order by contract_number limit ${COUNT}`)).map((r) => r.id);
  const [operator] = await t.handle.db.select().from(users).where(eq(users.email, USERS.operator));
  // A finished platform upload (operators may attach it to any tenant's share) stands for the proof.
  const [proof] = await t.handle.db
    .insert(files)
    .values({ key: `bench/proof-${Date.now()}.pdf`, name: 'comprovante.pdf', size: 1024, contentType: 'application/pdf', documentType: 'PAYMENT_PROOF', status: 'complete', uploadedBy: operator.id })
    .returning({ id: files.id });
  const headers = { authorization: `Bearer ${await t.token(USERS.operator)}` };

  const post = (path: string, payload: object) => async () => {
    const res = await t.inject({ method: 'POST', url: `/api${path}`, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json().results as { ok: boolean }[]).filter((r) => r.ok).length;
  };

  const figures = [
    await measure('transfer_in_bulk', post(API.actions.transferInBulk.path, { shareIds: ids })),
    await measure('set_paid (bulk)', post(API.actions.setPaid.path, { shareId: ids, proofFile: proof.id, paidDate: new Date().toISOString().slice(0, 10) })),
  ];
  const [{ paid }] = await t.query<{ paid: number }>(sql`select count(*)::int as paid from shares where state = 'payment_done' and id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))`);

  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.ms.toFixed(0)} ms | ${(f.ms / BUDGET_MS).toFixed(2)}× | ${f.moved} / ${ids.length} | ${f.heapPeakMb.toFixed(1)} MB | ${f.rssPeakMb.toFixed(1)} MB |`,
  );
  const report =
    `# Bulk moves on ${t.backend}\n\n` +
    `Measured ${new Date().toISOString()} on ${t.backend} (${t.backend === 'postgres' ? 'a fresh database on DATABASE_URL' : 'in memory'}): ` +
    `one POST per move over the same ${ids.length} shares, through the API in process (routing, validation, the moves in chunks of 500, the JSON answer). ` +
    `Heap and RSS are the peak growth over the call, sampled every 5 ms after a garbage collection. The machine has 2 CPUs shared with other jobs: times vary from run to run.\n\n` +
    `| call | time | of the 2 s budget (DESIGN §5) | shares moved | heap growth at peak | RSS growth at peak |\n| --- | --- | --- | --- | --- | --- |\n` +
    `${rows.join('\n')}\n\n` +
    `Shares in payment_done afterwards: ${paid} / ${ids.length}.\n`;
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`./results/bulk-${t.backend}.md`, import.meta.url), report);
  console.log(report);
} finally {
  await t.close();
}
