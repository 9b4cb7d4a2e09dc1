/**
 * `npm run bench`: runs the benchmarks (bundle in Chromium, bulk move of 10,000 shares; on PostgreSQL
 * when DATABASE_URL is set) and writes their results as Markdown under bench/results/.
 * Figures are measured here, never asserted by timed tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { BUDGETS, measureBundle } from './bundle';

const status = (value: number, budget: number) => (value <= budget ? 'within budget' : `over by ${(value - budget).toFixed(1)} KB`);

const bundle = await measureBundle();
const table = [
  '| figure | measured | files | budget (DESIGN §5) | status |',
  '| --- | --- | --- | --- | --- |',
  `| JavaScript (gzip -9) to show the login page | ${bundle.loginKb} KB | ${bundle.loginFiles} | ${BUDGETS.loginKb} KB | ${status(bundle.loginKb, BUDGETS.loginKb)} |`,
  `| JavaScript (gzip -9) to show the first list after login | ${bundle.firstListKb} KB | ${bundle.firstListFiles} | ${BUDGETS.firstListKb} KB | ${status(bundle.firstListKb, BUDGETS.firstListKb)} |`,
].join('\n');

const report = `# Bundle\n\nMeasured ${new Date().toISOString()} in headless Chromium against \`npm start\` (production build): every script the browser downloaded, each gzip-compressed at level 9.\n\n${table}\n`;
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/bundle.md', import.meta.url), report);
console.log(report);

// The bulk-move budget runs in its own process so that its heap figures are not the browser bench's.
const bulk = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', new URL('./bulkMove.ts', import.meta.url).pathname], { stdio: 'inherit', env: process.env });
if (bulk.status !== 0) process.exitCode = bulk.status ?? 1;
