/**
 * Time in headless Chromium over loopback, ours against the baseline app (bench/baseline) on the
 * same server code and demo data:
 * - login → rows: from the click on the login button to the first list's rows on screen, in a fresh
 *   browser context (empty cache: the list's code is downloaded after the login, as on a first visit);
 * - filter → rows: from the click on a state option (with_pendency) to the table showing other rows.
 * One warm-up round, then ROUNDS measured rounds (paced: the server allows 10 logins a minute per
 * e-mail); median, min and max. Timed from the test driver (playwright-core), so each figure
 * includes a few milliseconds of driver round trips.
 * `npx tsx bench/browser.ts` writes bench/results/browser.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { type AppUnderTest, startApps } from './baseline/apps';

export const ROUNDS = Number(process.env.BROWSER_ROUNDS ?? 10);

export interface Timings {
  loginToRows: number[];
  filterToRows: number[];
}

const ROWS = '.ant-table-tbody tr.ant-table-row';
const rowsText = (page: Page) => page.locator(ROWS).allInnerTexts().then((t) => t.join('\n'));

/** Resolves when the table shows rows other than `before` and no longer spins. */
const rowsChanged = (page: Page, before: string) =>
  page.waitForFunction(
    ([selector, prev]) => {
      const rows = [...document.querySelectorAll<HTMLElement>(selector)];
      return rows.length > 0 && !document.querySelector('.ant-table .ant-spin-spinning') && rows.map((r) => r.innerText).join('\n') !== prev;
    },
    [ROWS, before] as const,
    { timeout: 60_000, polling: 'raf' },
  );

/**
 * The server allows 10 logins a minute per address and e-mail: rounds wait, untimed, so that no
 * more than LOGINS_PER_MINUTE of them fall in any minute (the bundle bench logs in once more). Each
 * round is a fresh browser context, so nothing is cached between rounds. (Rounds once came from
 * 127.0.0.11, .12, …; the server now listens on 127.0.0.1 alone.)
 */
const LOGINS_PER_MINUTE = 8;
const logins = new Map<string, number[]>();
async function paceLogin(server: string): Promise<void> {
  const recent = (logins.get(server) ?? []).filter((t) => Date.now() - t < 61_000);
  if (recent.length >= LOGINS_PER_MINUTE) await new Promise((r) => setTimeout(r, 61_000 - (Date.now() - recent[0])));
  logins.set(server, [...recent.filter((t) => Date.now() - t < 61_000), Date.now()]);
}

async function round(browser: Browser, app: AppUnderTest, i: number): Promise<{ login: number; filter: number }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await paceLogin(app.url);
    await page.goto(app.url, { waitUntil: 'networkidle' });
    await app.loginReady(page);

    let started = performance.now();
    await app.submitLogin(page);
    await page
      .locator(ROWS)
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 })
      .catch(async (e: Error) => {
        throw new Error(`${app.name}, round ${i}: no rows at ${page.url()}; the page says: ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: e });
      });
    const login = performance.now() - started;

    await page.waitForLoadState('networkidle');
    const before = await rowsText(page);
    await app.openFilter(page);
    started = performance.now();
    await app.pickFilter(page);
    await rowsChanged(page, before);
    const filter = performance.now() - started;
    return { login, filter };
  } finally {
    await context.close();
  }
}

export async function measureTimings(browser: Browser, app: AppUnderTest, rounds = ROUNDS): Promise<Timings> {
  await round(browser, app, 0); // warm-up: the server's first queries and the OS file cache
  const t: Timings = { loginToRows: [], filterToRows: [] };
  for (let i = 1; i <= rounds; i++) {
    const r = await round(browser, app, i);
    t.loginToRows.push(r.login);
    t.filterToRows.push(r.filter);
  }
  return t;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const ms = (x: number) => `${Math.round(x)} ms`;
const spread = (xs: number[]) => `${ms(Math.min(...xs))} – ${ms(Math.max(...xs))}`;

export function browserReport(ours: Timings, baseline: Timings): string {
  const row = (label: string, a: number[], b: number[]) =>
    `| ${label} | ${ms(median(a))} (${spread(a)}) | ${ms(median(b))} (${spread(b)}) | ${(median(a) / median(b)).toFixed(2)}× |`;
  return [
    '# Browser',
    '',
    `Measured ${new Date().toISOString()} in headless Chromium (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}) over loopback, each app served by the product's server on its own PGlite with the demo data (300 shares), signed in as the demo operator. Median of ${ours.loginToRows.length} rounds after one warm-up (min – max in brackets). Login → rows runs in a fresh browser context (empty cache, so the list's code downloads after the login); filter → rows picks "with_pendency" in the state filter and waits for the table to show other rows. Times are taken by the test driver, so each includes a few milliseconds of driver round trips. The machine has 2 CPUs shared with other jobs: figures vary from run to run.`,
    '',
    '| figure | Repasse: median (min – max) | baseline: median (min – max) | ratio (ours / baseline) |',
    '| --- | --- | --- | --- |',
    row('login → first list rows', ours.loginToRows, baseline.loginToRows),
    row('filter change → updated rows', ours.filterToRows, baseline.filterToRows),
    '',
    'The baseline (bench/baseline) is a minimal Refine + antd app with one list (AuthPage, ThemedLayout, useTable, antd Table, one state filter) built with Vite defaults from the same package versions, talking to the same API.',
    '',
  ].join('\n');
}

/** `npx tsx bench/browser.ts`. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const apps = await startApps();
  const browser = await launchBrowser();
  try {
    const ours = await measureTimings(browser, apps.ours);
    const baseline = await measureTimings(browser, apps.baseline);
    const report = browserReport(ours, baseline);
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/browser.md', import.meta.url), report);
    console.log(report);
  } finally {
    await browser.close();
    await apps.stop();
  }
}
