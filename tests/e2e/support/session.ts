/** Small steps a person takes in the app, shared by the browser tests. */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'repasse123';

export interface Session {
  context: BrowserContext;
  page: Page;
}

export async function openPage(browser: Browser, url: string): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A new browser context signed in as `email`, on the list it lands on; kept in `sessions` to close later. */
export async function signedInPage(browser: Browser, url: string, email: string, sessions: Session[]): Promise<Page> {
  const session = await openPage(browser, url);
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
