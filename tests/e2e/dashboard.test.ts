/**
 * Issue 18 in a real browser against `npm start`: a login lands on the dashboard (Painel), a figure
 * opens the list filtered to it with the same count, and a status tab filters the list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { logIn, openPage, tableRows, waitForRows } from './support/session';

const suite = browserSuite();

/** "1.234" or "cerca de 1.234" as a number. */
const countOf = (text: string) => Number(/([\d.]+)\s*\)?\s*$/.exec(text.trim())![1].replace(/\./g, ''));

/** The pager's "N cotas", as a number. */
async function listTotal(page: Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text').innerText();
  return Number(/([\d.]+) cotas?/.exec(text)![1].replace(/\./g, ''));
}

/** Signs in from the bare address, where a login lands on the dashboard. */
async function signIn(email: string, width = 1440): Promise<Page> {
  const session = await openPage(suite.browser, suite.server.url, { context: { viewport: { width, height: width < 800 ? 844 : 900 } } });
  suite.sessions.push(session);
  await logIn(session.page, email);
  return session.page;
}

describe('the dashboard', () => {
  it.each(['operador@repasse.dev', 'adm@acme.repasse.dev', 'fundo@repasse.dev'])('is where %s lands after login, first in the menu', async (email) => {
    const page = await signIn(email);
    await page.waitForURL((u) => u.pathname === '/painel', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Painel' }).waitFor();
    await page.getByRole('heading', { name: 'Cotas por situação' }).waitFor({ timeout: 30_000 });
    const menu = page.getByRole('menu', { name: 'Menu principal' });
    expect((await menu.getByRole('link').first().innerText()).trim()).toBe('Painel');
    expect(await page.locator('.ant-menu-item-selected').innerText()).toContain('Painel');
    // Every figure is there, in Portuguese.
    for (const title of ['Cotas por etapa do processo', 'Tempo na situação', 'Movimentações por dia (últimos 30 dias)', 'Pendências abertas por tipo', 'Leilões e vendas diretas por situação']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    // The root address of a signed-in user is the dashboard too.
    await page.goto(suite.server.url);
    await page.waitForURL((u) => u.pathname === '/painel', { timeout: 30_000 });
  });

  it("a figure's link opens the list filtered to it, with the same count", async () => {
    const page = await signIn('operador@repasse.dev');
    const figures = page.locator('section', { has: page.getByRole('heading', { name: 'Cotas por situação' }) });
    const link = figures.getByRole('link', { name: /Com pendência/ });
    await link.waitFor({ timeout: 30_000 });
    const count = countOf(await link.innerText());
    expect(count).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL((u) => u.pathname === '/listagem', { timeout: 30_000 });
    await waitForRows(page);
    await expect.poll(() => listTotal(page)).toBe(count);
    const states = await tableRows(page).locator('.ant-tag').allInnerTexts();
    expect(states.filter((s) => s === 'Com pendência').length).toBe(await tableRows(page).count());
    // The tab of that state is the one chosen, with the same number.
    const tab = page.getByRole('tab', { name: /^Com pendência/ });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    expect(countOf(await tab.innerText())).toBe(count);
  });

  it('a status tab filters the list by keyboard, and the URL keeps it (a reload shows the same)', async () => {
    const page = await signIn('adm@acme.repasse.dev');
    await page.waitForURL((u) => u.pathname === '/painel', { timeout: 30_000 });
    await page.getByRole('menu', { name: 'Menu principal' }).getByRole('link', { name: 'Listagem' }).click();
    await waitForRows(page);
    const all = page.getByRole('tab', { name: /^Todas \(/ });
    await all.waitFor({ timeout: 30_000 });
    expect(await all.getAttribute('aria-selected')).toBe('true');
    expect(countOf(await all.innerText())).toBe(await listTotal(page));

    const available = page.getByRole('tab', { name: /^Disponível \(/ });
    const expected = countOf(await available.innerText());
    // By keyboard: the tablist is one tab stop, the arrows move, Enter chooses.
    await all.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => available.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => decodeURIComponent(u.search).includes('[value][0]=available'), { timeout: 15_000 });
    await expect.poll(() => listTotal(page)).toBe(expected);
    await expect.poll(() => available.getAttribute('aria-selected')).toBe('true');
    const states = await tableRows(page).locator('.ant-tag').allInnerTexts();
    expect(states.every((s) => s === 'Disponível')).toBe(true);
    // The URL is the list: a reload shows the same tab and rows.
    await page.reload();
    await waitForRows(page);
    await expect.poll(() => page.getByRole('tab', { name: /^Disponível \(/ }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => listTotal(page)).toBe(expected);
  });

  it('fits a 390 px phone without scrolling sideways', async () => {
    const page = await signIn('operador@repasse.dev', 390);
    await page.getByRole('heading', { name: 'Cotas por situação' }).waitFor({ timeout: 30_000 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect.poll(overflow, { timeout: 10_000 }).toBeLessThanOrEqual(0);
    await page.goto(`${suite.server.url}/listagem`);
    await waitForRows(page);
    await page.getByRole('tab', { name: /^Todas \(/ }).waitFor({ timeout: 30_000 });
    await expect.poll(overflow, { timeout: 10_000 }).toBeLessThanOrEqual(0);
  });
});
