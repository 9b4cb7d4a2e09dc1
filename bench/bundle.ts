/**
 * What JavaScript a browser downloads, gzip-compressed, to show the login page and then the first
 * list's rows after login. Measured in Chromium against the production server, so code splitting,
 * lazy routes and the real API all count, not a static reading of dist/. The same reading is taken
 * of the baseline app (bench/baseline), a minimal Refine + antd list served by the same server.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { type AppUnderTest, startApps } from './baseline/apps';

export interface RouteFigures {
  kb: number;
  files: number;
  /** Script URL path → gzip -9 bytes, for finding what a route pulls in. */
  scripts: Record<string, number>;
}

export interface BundleFigures {
  login: RouteFigures;
  firstList: RouteFigures;
}

// The first list's 380 KB moved to 395 KB with Refine's form hooks (docs/decisions.md, issue 11).
export const BUDGETS = { loginKb: 220, firstListKb: 395 } as const;

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

    await app.submitLogin(page);
    await app.rows(page).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { login, firstList: figures(scripts) };
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

/** `npx tsx bench/bundle.ts`: prints both apps' figures with every script, largest first. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureBundles();
  for (const [name, f] of Object.entries(result)) {
    for (const [route, r] of Object.entries(f) as [string, RouteFigures][]) {
      console.log(`\n${name} ${route}: ${r.kb} KB in ${r.files} files`);
      for (const [url, bytes] of Object.entries(r.scripts).sort((a, b) => b[1] - a[1])) console.log(`  ${kb(bytes).toFixed(1).padStart(7)}  ${url}`);
    }
  }
}
