/**
 * Players in a real browser against `npm start`: the operator sends a real file to two players
 * through the 'Enviar arquivo' modal (chunked upload with progress, completed by
 * POST /player/send_player_file) and finds it in the list; an administrator cannot reach /players.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { logIn, menuLabels, openPage, tableRows, waitForRows } from './support/session';

const suite = browserSuite();

const FILE = { name: 'carteira-novembro.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024, 7)]) };

/** Opens the modal's select by its label, types to search when asked, and picks the option that shows `label`. */
async function pick(page: Page, label: string, option: string, typed?: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: label }).click();
  if (typed) await dialog.getByRole('combobox', { name: label }).fill(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

describe('player files', () => {
  it('the operator sends a file to two players and sees it in the list', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    await logIn(page, 'operador@repasse.dev');
    await page.waitForURL(/\/painel/);
    expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Players', 'Arquivos de players']));

    await page.locator('.ant-menu-item', { hasText: /^Players$/ }).click();
    await page.waitForURL(/\/players/);
    // The URL changes before the lazily loaded page replaces the list's: wait for a control only the
    // players page has, or the list's rows (still on screen) answer for it and vanish mid-count.
    await page.getByRole('button', { name: 'Arquivos enviados' }).waitFor({ state: 'visible', timeout: 30_000 });
    expect(await waitForRows(page)).toBeGreaterThan(0);
    // The search is accent-insensitive on the real API.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('credito');
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
    await expect.poll(() => tableRows(page).allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('Alfa Crédito Consignado I')]);

    await page.getByRole('button', { name: 'Arquivos enviados' }).click();
    await page.waitForURL(/\/players\/arquivos/);
    await page.getByRole('heading', { name: 'Arquivos enviados a players' }).waitFor();

    // Held back a moment so the progress bar can be seen on a small file.
    await page.route('**/api/player/send_player_file', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enviar arquivo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Enviar arquivo a players').waitFor();
    await pick(page, 'Tipo de arquivo', 'Carteira de cotas');
    await pick(page, 'Players', 'Alfa Crédito Consignado I', 'alfa cred');
    await pick(page, 'Players', 'Beta Multicotas', 'multicotas');
    await dialog.getByTestId('player-file-input').setInputFiles(FILE);

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/player/send_player_file') && r.request().method() === 'POST', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => dialog.getByRole('progressbar', { name: `Enviando ${FILE.name}` }).count(), { timeout: 10_000 }).toBe(1);
    const response = await sent;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ fileType: 'SHARE_PORTFOLIO', players: ['1', '3'] });

    await page.getByText(`Arquivo ${FILE.name} enviado a 2 players.`).waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'hidden' });
    const row = tableRows(page).filter({ hasText: FILE.name });
    await row.waitFor({ timeout: 15_000 });
    const text = await row.innerText();
    expect(text).toContain('Carteira de cotas');
    expect(text).toContain('Alfa Crédito Consignado I, Beta Multicotas');
    expect(text).toContain('Olívia Operadora');
    await context.close();
  });

  it('an administrator has no players menu and is refused at /players', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    await logIn(page, 'adm@acme.repasse.dev');
    await page.waitForURL(/\/painel/);
    const menu = await menuLabels(page);
    expect(menu).not.toContain('Players');
    expect(menu).not.toContain('Arquivos de players');
    await page.goto(`${suite.server.url}/players`);
    await page.getByText('Você não tem permissão para acessar esta página').waitFor({ timeout: 15_000 });
    expect(await tableRows(page).count()).toBe(0);
    await page.goto(`${suite.server.url}/players/arquivos`);
    await page.getByText('Você não tem permissão para acessar esta página').waitFor({ timeout: 15_000 });
    await context.close();
  });
});
