/**
 * `npm run bench`: every benchmark, each beside its baseline, results as Markdown under bench/results/.
 * - bundle.md: JavaScript to show the login and the first list, ours against bench/baseline;
 * - browser.md: bytes on the wire, login → rows, filter → rows and a deep-link reload in headless
 *   Chromium on loopback and throttled 4G and 3G profiles (BENCH_PROFILES), and where Caddy runs the
 *   throttled ones again behind the production proxy over HTTP/2 (BENCH_PROXY_PROFILES), ours against bench/baseline;
 * - bulk-pglite.md (and bulk-postgres.md when DATABASE_URL is set): both bulk moves over 10,000 shares;
 * - account-timing-<db>.md: verify_username with and without an account (bench/accountTiming.ts);
 * - api-postgres.md and api-pglite.md: the API benchmark (bench/api.ts; BENCH_API=0 skips it);
 * - export-postgres.md: 1,000,000 shares exported as CSV and XLSX beside a read-only baseline (bench/exportBench.ts, issue 18).
 * The bulk and API benchmarks run in their own processes so their memory figures are their own.
 * Figures are measured here, never asserted by timed tests.
 * BENCH_PARTS=bundle,browser,bulk,account,api,export runs only the parts named (default: all).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startApps } from './baseline/apps';
import { BENCH_BROWSER_ARGS, browserReport, measureBrowser } from './browser';
import { BUDGETS, type BundleFigures, hasCharts, measureApp } from './bundle';

const results = new URL('./results/', import.meta.url);
mkdirSync(results, { recursive: true });
const write = (file: string, text: string) => {
  writeFileSync(new URL(file, results), text);
  console.log(text);
};

const status = (value: number, budget: number) => (value <= budget ? 'within budget' : `over by ${(value - budget).toFixed(1)} KB`);

export function bundleReport(ours: BundleFigures, baseline: BundleFigures): string {
  const row = (label: string, o: BundleFigures['login'], b: BundleFigures['login'], budget: number) =>
    `| ${label} | ${o.kb} KB (${o.files} files) | ${b.kb} KB (${b.files} files) | ${(o.kb / b.kb).toFixed(2)}× | ${budget} KB | ${status(o.kb, budget)} |`;
  return [
    '# Bundle',
    '',
    `Measured ${new Date().toISOString()} in headless Chromium against the production server: every script the browser downloaded (fresh context, empty cache), each gzip-compressed at level 9, to show the login page \`/\` and then, after signing in as the demo operator, the first list \`/listagem\` with its rows (totals include the login's scripts). Byte counts do not depend on the machine's load.`,
    '',
    '| figure | Repasse | baseline | ratio (ours / baseline) | budget (DESIGN §5) | status |',
    '| --- | --- | --- | --- | --- | --- |',
    row('JavaScript (gzip -9) to show the login page', ours.login, baseline.login, BUDGETS.loginKb),
    row('JavaScript (gzip -9) to show the first list after login', ours.firstList, baseline.firstList, BUDGETS.firstListKb),
    ...(ours.home
      ? [
          `| JavaScript (gzip -9) to show the dashboard (Painel) after login | ${ours.home.kb} KB (${ours.home.files} files) | — | — | — | charts chunk ${hasCharts(ours.home) ? 'loaded here only' : 'not seen'}${hasCharts(ours.firstList) ? ', ALSO IN THE FIRST LIST' : ''} |`,
        ]
      : []),
    '',
    'Since issue 18 a login lands on the dashboard `/painel`; the first list is measured by signing in at `/?to=/listagem`, which lands on the list as before. The dashboard row signs in at `/` and waits for its figures; its charts are a chunk of their own that neither the login nor the first list downloads.',
    '',
    'The baseline (bench/baseline) is a minimal Refine + antd app with one list — AuthPage, ThemedLayout, @refinedev/antd useTable, an antd Table with one state filter — built with Vite defaults from the same package versions and served by the same server. It ships one script for every page.',
    '',
  ].join('\n');
}

const PARTS = (process.env.BENCH_PARTS ?? 'bundle,browser,bulk,account,api,export').split(',').map((p) => p.trim());
const wants = (part: string) => PARTS.includes(part);

if (wants('bundle') || wants('browser')) {
  const apps = await startApps();
  try {
    const browser = await launchBrowser(BENCH_BROWSER_ARGS);
    try {
      if (wants('bundle')) {
        const bundle = { ours: await measureApp(browser, apps.ours), baseline: await measureApp(browser, apps.baseline) };
        write('bundle.md', bundleReport(bundle.ours, bundle.baseline));
      }
      if (wants('browser')) {
        write('browser.md', browserReport(await measureBrowser(browser, apps)));
      }
    } finally {
      await browser.close();
    }
  } finally {
    await apps.stop();
  }
}

/** Runs a benchmark script in its own Node process; a failure fails `npm run bench` at the end. */
const runScript = (file: string, env: NodeJS.ProcessEnv) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', new URL(file, import.meta.url).pathname], { stdio: 'inherit', env });
  if (run.status !== 0) process.exitCode = run.status ?? 1;
};

// Bulk moves on the embedded PGlite always, and on PostgreSQL when DATABASE_URL names one.
if (wants('bulk')) runScript('./bulkMove.ts', { ...process.env, DATABASE_URL: '' });
if (wants('bulk') && process.env.DATABASE_URL) runScript('./bulkMove.ts', process.env);

// Whether an answer's time tells an account exists, on the database the run names.
if (wants('account')) runScript('./accountTiming.ts', process.env);

// The API benchmark takes about 30 minutes at both sizes (BENCH_API=0 skips it; BENCH_SIZES, BENCH_DURATION shorten it).
if (wants('api') && process.env.BENCH_API !== '0') runScript('./api.ts', process.env);

// Issue 18: the export of a million shares, its heap growth against the 60 MB budget (PostgreSQL, as the API benchmark's 1M).
if (wants('export')) runScript('./exportBench.ts', process.env);
