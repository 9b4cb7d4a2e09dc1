/** Small steps a person takes in the app, shared by the browser tests. */
import { expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';

export const DEMO_PASSWORD = 'repasse123';

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** Where the live updates' event stream is asked for (issue 18). */
export const LIVE_EVENTS_ROUTE = '**/api/live/events';

/**
 * A fresh context on `url`, 1440 × 900 in Portuguese unless `context` says otherwise (a viewport, a
 * time zone, downloads). `live: false` refuses the live updates' stream (issue 18): a stream that
 * stays open keeps the network from ever being idle, which `networkidle` waits for; the app then
 * simply shows no live notices (it retries the stream at growing intervals).
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: { live?: boolean; context?: BrowserContextOptions } = {},
): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR', ...options.context });
  if (options.live === false) await context.route(LIVE_EVENTS_ROUTE, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/**
 * Watches the page's requests from now on; `settled()` resolves once none (other than the live
 * event stream) has been in flight for `quietMs`. Playwright's `waitForLoadState('networkidle')`
 * answers at once after the page's first idle moment, so it cannot wait for what a later input
 * asks for (the code the login form brings while the user types).
 */
export function watchNetwork(page: Page): { settled: (quietMs?: number) => Promise<void> } {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (r) => {
    if (/\/api\/live\/events\b/.test(r.url())) return;
    inFlight.add(r);
    changed = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settled: (quietMs = 300) =>
      expect.poll(() => inFlight.size === 0 && Date.now() - changed >= quietMs, { timeout: 30_000, interval: 50 }).toBe(true) as unknown as Promise<void>,
  };
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * The login page asking for the share list: signing in there lands on the list (`?to=`), where a
 * bare login lands on the dashboard since issue 18.
 */
export const listLoginUrl = (url: string): string => {
  const at = new URL(url);
  if (at.pathname === '/' && !at.searchParams.has('to')) at.searchParams.set('to', '/listagem');
  return at.href;
};

/**
 * A new browser context (with `context`'s options, see `openPage`) signed in as `email`, on the share
 * list; kept in `sessions` to close later.
 */
export async function signedInPage(
  browser: Browser,
  url: string,
  email: string,
  sessions: Session[],
  context?: BrowserContextOptions,
): Promise<Page> {
  const session = await openPage(browser, listLoginUrl(url), { context });
  sessions.push(session);
  await logIn(session.page, email);
  await waitForRows(session.page);
  return session.page;
}

export const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** Waits until the table shows rows (not the loading or the empty state). */
export async function waitForRows(page: Page): Promise<number> {
  await tableRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
  return tableRows(page).count();
}

export async function menuLabels(page: Page): Promise<string[]> {
  const items = page.locator('.ant-menu-item');
  await items.first().waitFor({ state: 'visible', timeout: 30_000 });
  return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

export const expectSameMembers = (actual: string[], expected: string[]) =>
  expect([...actual].sort()).toEqual([...expected].sort());
