/**
 * What JavaScript a browser downloads, gzip-compressed, to show the login page and then the first
 * list's rows after login. Measured in Chromium against the production server, so code splitting,
 * lazy routes and the real API all count, not a static reading of dist/. The same reading is taken
 * of the baseline app (bench/baseline), a minimal Refine + antd list served by the same server.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { type AppUnderTest, startApps, submitLogin } from './baseline/apps';

export interface RouteFigures {
  kb: number;
  files: number;
  /** Script URL path → gzip -9 bytes, for finding what a route pulls in. */
  scripts: Record<string, number>;
}

export interface BundleFigures {
  login: RouteFigures;
  firstList: RouteFigures;
  /** Ours: login → the dashboard (the home since issue 18) with its figures, login's scripts included. */
  home?: RouteFigures;
}

/** The dashboard's charts chunk (src/pages/dashboard/DashboardCharts.tsx): never in the login's or the first list's scripts. */
export const CHARTS_CHUNK = /\/DashboardCharts-[^/]*\.js$/;
export const hasCharts = (f: RouteFigures) => Object.keys(f.scripts).some((path) => CHARTS_CHUNK.test(path));

// The first list's 380 KB moved to 395 KB with Refine's form hooks (docs/decisions.md, issue 11).
// Issue 15 and 18 (pendency columns, status tabs, Exportar, Visões/Colunas, Buscar, live notices and
// their pt-BR words) moved them from 220/395 KB: docs/decisions.md, "Budgets after issues 15 and 18".
// Issue 16 dropped four antd stand-ins that saved 9.6 KB together (first list 406.4 → 416.0 KB):
// 412 → 418 KB, docs/decisions.md "Issue 16 (client)".
export const BUDGETS = { loginKb: 226, firstListKb: 412 } as const;

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const figures = (scripts: Map<string, number>): RouteFigures => ({
  kb: kb([...scripts.values()].reduce((a, b) => a + b, 0)),
  files: scripts.size,
  scripts: Object.fromEntries(scripts),
});

/** Scripts downloaded by a fresh page (empty cache) to show `/`, then the first list after signing in. */
export async function measureApp(browser: Browser, app: AppUnderTest): Promise<BundleFigures> {
  const context = await browser.newContext();
  try {
    // The live updates' stream (issue 18) never ends, so 'networkidle' would never come: refused here.
    await context.route('**/api/live/events', (route) => route.abort());
    const page: Page = await context.newPage();
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (res: Response) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then((body) => {
          scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
        }),
      );
    });

    await page.goto(app.url, { waitUntil: 'networkidle' });
    await app.loginReady(page);
    await Promise.all(pending);
    const login = figures(scripts);

    await submitLogin(app, page);
    await app.rows(page).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const firstList = figures(scripts);
    return app.home ? { login, firstList, home: await measureHome(browser, app) } : { login, firstList };
  } finally {
    await context.close();
  }
}

/** Scripts a fresh page downloads to sign in at `/` and show the dashboard's figures. */
async function measureHome(browser: Browser, app: AppUnderTest): Promise<RouteFigures> {
  const context = await browser.newContext();
  try {
    const page: Page = await context.newPage();
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (res: Response) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(res.body().then((body) => void scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length)));
    });
    await page.goto(app.home!.url, { waitUntil: 'networkidle' });
    await app.loginReady(page);
    await submitLogin(app, page);
    await app.home!.loaded(page).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return figures(scripts);
  } finally {
    await context.close();
  }
}

/** Ours and the baseline, each against its own production server, in one run. */
export async function measureBundles(): Promise<{ ours: BundleFigures; baseline: BundleFigures }> {
  const apps = await startApps();
  const browser = await launchBrowser();
  try {
    return { ours: await measureApp(browser, apps.ours), baseline: await measureApp(browser, apps.baseline) };
  } finally {
    await browser.close();
    await apps.stop();
  }
}

/** The budgets (DESIGN §5) our figures break, in words; none when within. */
export const overBudget = (ours: BundleFigures): string[] => [
  ...(ours.login.kb > BUDGETS.loginKb ? [`login page ${ours.login.kb} KB > ${BUDGETS.loginKb} KB`] : []),
  ...(ours.firstList.kb > BUDGETS.firstListKb ? [`first list ${ours.firstList.kb} KB > ${BUDGETS.firstListKb} KB`] : []),
];

/**
 * `npx tsx bench/bundle.ts`: prints both apps' figures with every script, largest first.
 * `--check` (CI): exits 1 when ours is over a budget or the dashboard's charts chunk is in the
 * login's or the first list's scripts (issue 18).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureBundles();
  if (process.argv.includes('--check')) {
    const { ours } = result;
    const problems = [
      hasCharts(ours.login) && 'the charts chunk is in the login page',
      hasCharts(ours.firstList) && 'the charts chunk is in the first list',
      ours.home && !hasCharts(ours.home) && 'the dashboard did not load its charts chunk (renamed? update CHARTS_CHUNK)',
    ].filter(Boolean);
    console.log(problems.length ? `charts check FAILED: ${problems.join('; ')}` : 'charts check passed: the charts load with the dashboard only');
    if (problems.length) process.exitCode = 1;
  }
  for (const [name, f] of Object.entries(result)) {
    for (const [route, r] of Object.entries(f) as [string, RouteFigures][]) {
      console.log(`\n${name} ${route}: ${r.kb} KB in ${r.files} files`);
      for (const [url, bytes] of Object.entries(r.scripts).sort((a, b) => b[1] - a[1])) console.log(`  ${kb(bytes).toFixed(1).padStart(7)}  ${url}`);
    }
  }
  if (process.argv.includes('--check')) {
    const over = overBudget(result.ours);
    console.log(over.length ? `\nOver budget: ${over.join('; ')}` : `\nWithin budget (login ${BUDGETS.loginKb} KB, first list ${BUDGETS.firstListKb} KB).`);
    if (over.length) process.exit(1);
  }
}
