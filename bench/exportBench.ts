/**
 * `npx tsx --expose-gc bench/exportBench.ts`: issue 18's export of 1,000,000 shares (EXPORT_SHARES),
 * as CSV and as XLSX, the way the browser asks for it (POST /api/share/list_export over HTTP, the
 * answer read as it streams and thrown away), beside a baseline in the same run: the same rows read
 * in the same keyset batches without formatting, HTTP or zip. For each: time, rows/s, bytes, and the
 * peak growth of the heap and of the process's resident memory over a collected heap, sampled every
 * 5 ms. Budget (issue 18): heap growth ≤ 60 MB. Then /pendencias (POST /api/share/with_pendency_list_export),
 * its shares with a pendency sorted by the nearest due date: a key computed per share (a correlated
 * subquery), which every keyset batch evaluates again, unlike the share list's indexed keys.
 *
 * On PostgreSQL (BENCH_DATABASE_URL / DATABASE_URL, else the local server), in the scratch database
 * the API benchmark uses (repasse_bench_1m, seeded once with `npm run db:seed`, then reused).
 * Writes bench/results/export-postgres.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { API } from '../src/domain/apiPaths';
import { EXPORT_TOTAL_HEADER } from '../src/domain/exportFormat';
import { buildApp } from '../server/app';
import { generateSecret, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { shareExportBatches } from '../server/services/export/shareExport';
import { ensurePostgres } from './api/databases';

const SHARES = Number(process.env.EXPORT_SHARES ?? 1_000_000);
const HEAP_BUDGET_MB = 60;
const log = (m: string) => console.log(`[export bench] ${m}`);

interface Figure {
  name: string;
  ms: number;
  rows: number;
  bytes: number;
  heapPeakMb: number;
  rssPeakMb: number;
}

const mb = (b: number) => b / 1024 / 1024;

async function measure(name: string, run: () => Promise<{ rows: number; bytes: number }>): Promise<Figure> {
  global.gc?.();
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
  const { rows, bytes } = await run();
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  const f = { name, ms, rows, bytes, heapPeakMb: mb(heapPeak - heapBefore), rssPeakMb: mb(rssPeak - rssBefore) };
  log(`${name}: ${rows.toLocaleString('en')} rows in ${(ms / 1000).toFixed(1)} s, heap +${f.heapPeakMb.toFixed(1)} MB, rss +${f.rssPeakMb.toFixed(1)} MB`);
  return f;
}

const url = await ensurePostgres(SHARES, log);
const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
const app = await buildApp({ db: handle, config: { ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: generateSecret() }), staticDir: null, authCacheTtlMs: 0 } });
const figures: Figure[] = [];
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const login = await fetch(`${base}${API.user.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operador@repasse.dev', password: process.env.SEED_PASSWORD ?? 'repasse123' }),
  });
  const { token } = (await login.json()) as { token: string };
  const columns = [
    { field: 'contractNumber', title: 'Contrato', kind: 'text' },
    { field: 'ownerName', title: 'Titular', kind: 'text' },
    { field: 'ownerDocument', title: 'CPF/CNPJ', kind: 'document' },
    { field: 'state', title: 'Situação', kind: 'label', labels: { available: 'Disponível', with_pendency: 'Com pendência' } },
    { field: 'processStep', title: 'Etapa', kind: 'label', labels: { '0': 'Cadastro' } },
    { field: 'isPj', title: 'Tipo de pessoa', kind: 'label', labels: { true: 'PJ', false: 'PF' } },
    { field: 'admName', title: 'Administradora', kind: 'text' },
    { field: 'fundName', title: 'Fundo', kind: 'text' },
    { field: 'updatedAt', title: 'Atualizada', kind: 'dateTime' },
  ];

  const viaHttp = (format: 'csv' | 'xlsx') => async () => {
    const res = await fetch(`${base}${API.share.listExport.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ format, columns, title: 'Listagem de cotas' }),
    });
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const expected = Number(res.headers.get(EXPORT_TOTAL_HEADER));
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === 'csv') for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    return { rows: format === 'csv' ? lines - 1 : expected, bytes };
  };

  figures.push(
    await measure('baseline: the same keyset batches, read only', async () => {
      let rows = 0;
      for await (const batch of shareExportBatches(handle.db, 'all', { kind: 'all' }, { filters: {}, sort: 'updatedAt', order: 'desc' })) rows += batch.length;
      return { rows, bytes: 0 };
    }),
  );
  figures.push(await measure('CSV over HTTP', viaHttp('csv')));
  figures.push(await measure('XLSX over HTTP', viaHttp('xlsx')));
  const pendencyColumns = [
    columns[0],
    columns[1],
    { field: 'pendency.kinds', title: 'Pendência', kind: 'label', labels: { retention: 'Retenção pela administradora' } },
    { field: 'pendency.ageDays', title: 'Aberta há (dias)', kind: 'number' },
    { field: 'pendency.dueDate', title: 'Vencimento', kind: 'date' },
    { field: 'pendency.overdue', title: 'Vencida', kind: 'label', labels: { true: 'Sim', false: 'Não' } },
    columns[8],
  ];
  figures.push(
    await measure('/pendencias by due date: CSV over HTTP', async () => {
      const res = await fetch(`${base}${API.share.withPendencyListExport.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ format: 'csv', query: { sort: 'pendencyDueDate', order: 'asc' }, columns: pendencyColumns, title: 'Cotas com pendência' }),
      });
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
      }
      return { rows: lines - 1, bytes };
    }),
  );
} finally {
  await app.close();
  await handle.close();
}

const row = (f: Figure) =>
  `| ${f.name} | ${f.rows.toLocaleString('en')} | ${(f.ms / 1000).toFixed(1)} s | ${Math.round(f.rows / (f.ms / 1000)).toLocaleString('en')} | ${f.bytes ? `${mb(f.bytes).toFixed(0)} MB` : '—'} | ${f.heapPeakMb.toFixed(1)} MB | ${f.rssPeakMb.toFixed(1)} MB | ${f.name.startsWith('baseline') ? '—' : f.heapPeakMb <= HEAP_BUDGET_MB ? 'within budget' : `over by ${(f.heapPeakMb - HEAP_BUDGET_MB).toFixed(1)} MB`} |`;
const text = [
  '# Export (issue 18)',
  '',
  `Measured ${new Date().toISOString()} on PostgreSQL (${SHARES.toLocaleString('en')} shares, the operator's whole /listagem, newest first, nine columns), ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)} at the end. The export is POST /api/share/list_export over HTTP on loopback, its answer read as it streams and discarded; the baseline reads the same rows in the same keyset batches of 1,000 (the export's own reader) without formatting, HTTP or zip. Memory: peak growth over a collected heap, sampled every 5 ms, the HTTP client's side included (same process). Budget: heap growth ≤ ${HEAP_BUDGET_MB} MB.`,
  '',
  "The last row is /pendencias (POST /api/share/with_pendency_list_export): the operator's shares with a pendency, nearest due date first, seven columns with the pendency summary; its sort key is computed per share by a subquery that each batch evaluates again.",
  '',
  '| run | rows | time | rows/s | bytes | heap growth (peak) | RSS growth (peak) | budget |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...figures.map(row),
  '',
].join('\n');
const results = new URL('./results/', import.meta.url);
mkdirSync(results, { recursive: true });
writeFileSync(new URL('export-postgres.md', results), text);
console.log(text);
if (figures.some((f) => !f.name.startsWith('baseline') && f.heapPeakMb > HEAP_BUDGET_MB)) process.exitCode = 1;
