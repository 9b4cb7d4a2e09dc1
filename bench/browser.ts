/**
 * Time and bytes in headless Chromium, ours against the baseline app (bench/baseline) on the same
 * server code and demo data, on loopback and on emulated networks (bench/network.ts, issue 17):
 * - wire: bytes Chromium received (compressed bodies and headers) to show the login page, and then
 *   the first list's rows after signing in (cumulative);
 * - login → rows: from the click on the login button to the first list's rows on screen, in a fresh
 *   browser context (empty cache: the list's code is downloaded after the login, as on a first visit);
 * - filter → rows: from the click on a state option (with_pendency) to the table showing other rows;
 * - deep-link reload: a reload of the filtered list's address while signed in (the browser's cache
 *   warm, as when a user presses F5), from the reload to the rows on screen;
 * - main-thread busy: the page's main-thread task time during login → rows and filter → rows
 *   (what the page itself computed; steadier than wall time on a shared machine).
 * One warm-up round, then ROUNDS measured rounds (paced: the server allows 10 logins a minute per
 * e-mail), ours and the baseline alternating; median, min and max. Timed from the test driver
 * (playwright-core), so each figure includes a few milliseconds of driver round trips.
 * `npx tsx bench/browser.ts` writes bench/results/browser.md (BENCH_PROFILES=loopback,4g,3g).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { type AppUnderTest, type Apps, startApps } from './baseline/apps';
import { type NetworkProfile, WireMeter, profileNamed } from './network';
import { hasCaddy } from './proxy';

export const ROUNDS = Number(process.env.BROWSER_ROUNDS ?? 10);

export interface Timings {
  loginToRows: number[];
  filterToRows: number[];
  deepLinkReload: number[];
  /** Bytes received to show the login page, and to the first list's rows (cumulative). */
  loginBytes: number[];
  listBytes: number[];
  /** Main-thread task time (ms) during login → rows and filter → rows. */
  loginBusy: number[];
  filterBusy: number[];
}

/**
 * The page's main-thread task time so far, in ms (Chromium's TaskDuration metric): what a step cost
 * the page's CPU (script, style, layout, paint). On a shared machine it moves far less than wall
 * time, so it tells whether a change made the page do less even when the clock cannot.
 */
const mainThreadMeter = async (context: BrowserContext, page: Page) => {
  const session = await context.newCDPSession(page);
  await session.send('Performance.enable');
  return async () => ((await session.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
};

const ROWS = '.ant-table-tbody tr.ant-table-row';
/** The spinner over a table's rows: antd's table puts it around the table, our list around its table box. */
const TABLE_SPINNING = '.ant-spin-nested-loading .ant-spin-spinning';
/**
 * The rows' text as the DOM holds it. `textContent`, not `innerText`: the wait below checks it on
 * every frame, and innerText lays the page out each time it is read — work in the page's main
 * thread that the driver, not the app, caused (it showed in the busy time as the wait grew longer,
 * on slow 3G most of all).
 */
const rowsText = (page: Page) => page.evaluate((selector) => [...document.querySelectorAll(selector)].map((r) => r.textContent).join('\n'), ROWS);

/**
 * Resolves when the table shows rows other than `before` and no longer spins, once the frame that
 * shows them is drawn. The check runs when the DOM changes (a MutationObserver), not on every
 * animation frame: polling each frame reads all the rows' text 60 times a second for as long as the
 * wait lasts, main-thread work of the driver's that grew with the network's delay and with the
 * number of cells (our nine columns against the baseline's three).
 */
const rowsChanged = (page: Page, before: string) =>
  // A string, not a function: tsx names inner functions with a helper (`__name`) the page lacks.
  page.evaluate(`new Promise((resolve, reject) => {
    const [selector, prev, spinning, timeoutMs] = ${JSON.stringify([ROWS, before, TABLE_SPINNING, 120_000])};
    const done = () => {
      const rows = [...document.querySelectorAll(selector)];
      return rows.length > 0 && !document.querySelector(spinning) && rows.map((r) => r.textContent).join('\\n') !== prev;
    };
    const finish = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (done()) return finish();
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      clearTimeout(timer);
      finish();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('no changed rows in ' + timeoutMs + ' ms'));
    }, timeoutMs);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })`);

/**
 * The server allows 10 logins a minute per address and e-mail: rounds wait, untimed, so that no
 * more than LOGINS_PER_MINUTE of them fall in any minute (the bundle bench logs in once more). Each
 * round is a fresh browser context, so nothing is cached between rounds.
 */
const LOGINS_PER_MINUTE = 8;
const logins = new Map<string, number[]>();
async function paceLogin(server: string): Promise<void> {
  const recent = (logins.get(server) ?? []).filter((t) => Date.now() - t < 61_000);
  if (recent.length >= LOGINS_PER_MINUTE) await new Promise((r) => setTimeout(r, 61_000 - (Date.now() - recent[0])));
  logins.set(server, [...recent.filter((t) => Date.now() - t < 61_000), Date.now()]);
}

interface Round {
  login: number;
  filter: number;
  reload: number;
  loginBytes: number;
  listBytes: number;
  loginBusy: number;
  filterBusy: number;
}

async function round(browser: Browser, app: AppUnderTest, profile: NetworkProfile, i: number): Promise<Round> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    const meter = await WireMeter.attach(context, page, profile);
    const busy = await mainThreadMeter(context, page);
    await paceLogin(app.url);
    await page.goto(app.url, { waitUntil: 'load', timeout: 120_000 });
    await app.loginReady(page);
    await meter.idle();
    const loginBytes = meter.total;

    // A person takes seconds to type the credentials; the driver types them at once and then waits
    // for the network to settle, untimed, as that person's typing would have let it (an app that
    // loads code on the form's input gets that time, as it would from a person).
    await app.fillLogin(page);
    await meter.idle();
    let busyBefore = await busy();
    let started = performance.now();
    await app.pressLogin(page);
    await page
      .locator(ROWS)
      .first()
      .waitFor({ state: 'visible', timeout: 120_000 })
      .catch(async (e: Error) => {
        throw new Error(`${app.name}, ${profile.name} round ${i}: no rows at ${page.url()}; the page says: ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: e });
      });
    const login = performance.now() - started;
    const loginBusy = (await busy()) - busyBefore;
    await meter.idle();
    const listBytes = meter.total;

    const before = await rowsText(page);
    await app.openFilter(page);
    busyBefore = await busy();
    started = performance.now();
    await app.pickFilter(page);
    await rowsChanged(page, before);
    const filter = performance.now() - started;
    const filterBusy = (await busy()) - busyBefore;

    // The filtered list's address, reloaded: what a user gets from F5 or a shared link while signed in.
    await meter.idle();
    started = performance.now();
    await page.reload({ waitUntil: 'commit' });
    await rowsChanged(page, '');
    const reload = performance.now() - started;
    await meter.detach();
    return { login, filter, reload, loginBytes, listBytes, loginBusy, filterBusy };
  } finally {
    await context.close();
  }
}

const empty = (): Timings => ({ loginToRows: [], filterToRows: [], deepLinkReload: [], loginBytes: [], listBytes: [], loginBusy: [], filterBusy: [] });
const add = (t: Timings, r: Round) => {
  t.loginToRows.push(r.login);
  t.filterToRows.push(r.filter);
  t.deepLinkReload.push(r.reload);
  t.loginBytes.push(r.loginBytes);
  t.listBytes.push(r.listBytes);
  t.loginBusy.push(r.loginBusy);
  t.filterBusy.push(r.filterBusy);
};

/** Both apps on one network profile: a warm-up round each, then `rounds` rounds, alternating. */
export async function measureProfile(browser: Browser, apps: { ours: AppUnderTest; baseline: AppUnderTest }, profile: NetworkProfile, rounds = ROUNDS) {
  await round(browser, apps.ours, profile, 0); // warm-up: the server's first queries and the OS file cache
  await round(browser, apps.baseline, profile, 0);
  const ours = empty();
  const baseline = empty();
  for (let i = 1; i <= rounds; i++) {
    add(ours, await round(browser, apps.ours, profile, i));
    add(baseline, await round(browser, apps.baseline, profile, i));
  }
  return { profile, ours, baseline };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const ms = (x: number) => `${Math.round(x)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
const spread = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))} – ${f(Math.max(...xs))}`;
const ratio = (a: number[], b: number[]) => median(a) / median(b);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

export const TARGETS = { listWireKb: 400, timeRatio: 0.8, reloadMs: 600 } as const;

export function browserReport(results: Awaited<ReturnType<typeof measureProfile>>[]): string {
  const lines = [
    '# Browser',
    '',
    `Measured ${new Date().toISOString()} in headless Chromium (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}), each app served by the product's server on its own PGlite with the demo data (300 shares), signed in as the demo operator, on loopback and under Chrome DevTools Protocol network throttling. Median of ${results[0]?.ours.loginToRows.length ?? 0} rounds per profile after one warm-up, ours and the baseline alternating (min – max in brackets). Wire bytes are what Chromium received (compressed bodies and headers), to the login page and then to the first list's rows (cumulative). Login → rows runs in a fresh browser context (empty cache, so the list's code downloads after the login); filter → rows picks "with_pendency" in the state filter and waits for the table to show other rows; deep-link reload reloads the filtered list's address while signed in (cache warm). Times are taken by the test driver, so each includes a few milliseconds of driver round trips. The machine has 2 CPUs shared with other jobs: times vary from run to run; bytes do not.`,
    '',
    `Targets (issue 17): ≤ ${TARGETS.listWireKb} KB on the wire to the first list; login → rows and filter → rows ≤ ${TARGETS.timeRatio}× the baseline on every profile; deep-link reload ≤ ${TARGETS.reloadMs} ms on loopback.`,
    '',
  ];
  const wire = results.find((r) => r.profile.name === 'loopback') ?? results[0];
  if (wire) {
    lines.push(
      '## On the wire',
      '',
      '| figure | Repasse | baseline | ratio | target |',
      '| --- | --- | --- | --- | --- |',
      `| bytes to the login page | ${kb(median(wire.ours.loginBytes))} | ${kb(median(wire.baseline.loginBytes))} | ${ratio(wire.ours.loginBytes, wire.baseline.loginBytes).toFixed(2)}× | — |`,
      `| bytes to the first list's rows | ${kb(median(wire.ours.listBytes))} | ${kb(median(wire.baseline.listBytes))} | ${ratio(wire.ours.listBytes, wire.baseline.listBytes).toFixed(2)}× | ≤ ${TARGETS.listWireKb} KB ${mark(median(wire.ours.listBytes) / 1024 <= TARGETS.listWireKb)} |`,
      '',
    );
  }
  for (const { profile, ours, baseline } of results) {
    const row = (label: string, a: number[], b: number[], target: string) =>
      `| ${label} | ${ms(median(a))} (${spread(a, ms)}) | ${ms(median(b))} (${spread(b, ms)}) | ${ratio(a, b).toFixed(2)}× | ${target} |`;
    const timeTarget = (a: number[], b: number[]) => `≤ ${TARGETS.timeRatio}× ${mark(ratio(a, b) <= TARGETS.timeRatio)}`;
    lines.push(
      `## ${profile.label}`,
      '',
      '| figure | Repasse: median (min – max) | baseline: median (min – max) | ratio (ours / baseline) | target |',
      '| --- | --- | --- | --- | --- |',
      row('login → first list rows', ours.loginToRows, baseline.loginToRows, timeTarget(ours.loginToRows, baseline.loginToRows)),
      row('filter change → updated rows', ours.filterToRows, baseline.filterToRows, timeTarget(ours.filterToRows, baseline.filterToRows)),
      row(
        'deep-link reload → rows',
        ours.deepLinkReload,
        baseline.deepLinkReload,
        profile.conditions ? '—' : `≤ ${TARGETS.reloadMs} ms ${mark(median(ours.deepLinkReload) <= TARGETS.reloadMs)}`,
      ),
      row('main-thread busy during login → rows', ours.loginBusy, baseline.loginBusy, '—'),
      row('main-thread busy during filter → rows', ours.filterBusy, baseline.filterBusy, '—'),
      '',
    );
  }
  lines.push(
    'The baseline (bench/baseline) is a minimal Refine + antd app with one list (AuthPage, ThemedLayout, useTable, antd Table, one state filter) built with Vite defaults from the same package versions, talking to the same API and served (compressed alike) by the same server.',
    '',
  );
  return lines.join('\n');
}

/** Chromium's switches for the benchmark: accept the proxy's certificate (Caddy's local CA). */
export const BENCH_BROWSER_ARGS = ['--ignore-certificate-errors'] as const;

/**
 * Every profile of BENCH_PROFILES (default: all), both apps, one browser; then, where Caddy runs,
 * the throttled profiles of BENCH_PROXY_PROFILES (default 4g,3g; empty skips) with both apps behind
 * the production proxy, over HTTP/2.
 */
export async function measureBrowser(browser: Browser, apps: Pick<Apps, 'ours' | 'baseline'> & Partial<Pick<Apps, 'proxied'>>) {
  const results = [];
  for (const profile of profileNamed(process.env.BENCH_PROFILES)) results.push(await measureProfile(browser, apps, profile));
  const viaProxy = profileNamed(process.env.BENCH_PROXY_PROFILES ?? '4g,3g');
  if (apps.proxied && viaProxy.length && hasCaddy()) {
    // The direct rows stand on their own: a proxy that does not start costs only its rows.
    const proxied = await apps.proxied().catch((e: unknown) => void console.error(`No rows behind the proxy: ${String(e)}`));
    if (!proxied) return results;
    try {
      for (const profile of viaProxy) {
        const measured = await measureProfile(browser, proxied, profile);
        results.push({ ...measured, profile: { ...profile, label: `${profile.label}, behind the production proxy (Caddy, HTTP/2)` } });
      }
    } finally {
      await proxied.stop();
    }
  }
  return results;
}

/** `npx tsx bench/browser.ts`. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const apps = await startApps();
  const browser = await launchBrowser(BENCH_BROWSER_ARGS);
  try {
    const report = browserReport(await measureBrowser(browser, apps));
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/browser.md', import.meta.url), report);
    console.log(report);
  } finally {
    await browser.close();
    await apps.stop();
  }
}
