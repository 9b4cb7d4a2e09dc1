/**
 * Issue 13 in Chromium against `npm start`: a bulk refusal reads its reason in Portuguese on the
 * share's row (the server's "Invalid move: set_transfer from payment_done" becomes what was tried,
 * the state the share is in and the state it needs), and the workspace's tab lives in the URL.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { apiLogin, listShares, shareClaims, waitForWorkspace } from './support/workspace';

const OPERATOR = 'operador@repasse.dev';

const suite = browserSuite();
let operatorToken: string;
const claim = shareClaims();

beforeAll(async () => {
  operatorToken = await apiLogin(suite.server.url, OPERATOR);
});

const signedIn = (email: string): Promise<Page> => suite.signedIn(email);

describe('a bulk refusal says why (issue 13)', () => {
  it('a paid share in "Transferir selecionadas" reads, on its row, that it is paid and what the transfer needs', async () => {
    const [paid] = claim(await listShares(suite.server.url, operatorToken, { state: ['payment_done'] }, 20), 1);
    const page = await signedIn(OPERATOR);

    // The list narrowed to that share by the search box, as a person finds it.
    const search = page.getByPlaceholder('Contrato, titular ou CPF/CNPJ');
    await search.fill(paid.contractNumber);
    await search.press('Enter');
    const row = page.locator(`tr[data-row-key="${paid.contractNumber}"]`);
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await row.getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: '1 selecionada' });
    await bar.waitFor({ timeout: 15_000 });
    await bar.getByRole('button', { name: 'Transferir selecionadas' }).click();

    const confirm = page.getByRole('dialog').filter({ hasText: 'Transferir 1 cotas selecionadas?' });
    await confirm.waitFor();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/actions/transfer_in_bulk') && r.request().method() === 'POST', { timeout: 30_000 });
    await confirm.getByRole('button', { name: 'Executar' }).click();
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { results: { ok: boolean; message?: string }[] }).results).toEqual([
      expect.objectContaining({ ok: false, message: 'Invalid move: set_transfer from payment_done' }),
    ]);

    const dialog = page.getByRole('dialog', { name: 'Transferir selecionadas' });
    const result = dialog.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: paid.contractNumber });
    await result.waitFor({ timeout: 15_000 });
    const text = await result.innerText();
    expect(text).toContain('Falhou');
    expect(text).toContain('Não foi possível aprovar a transferência: a cota está em “Pagamento realizado”. Isso só é possível com a cota em “Recebida do cliente”.');
    expect(text).not.toContain('Informações inválidas');
    expect(text).not.toMatch(/Invalid move|payment_done/);
  });
});

describe('the workspace tab is in the URL (issue 13)', () => {
  it('a link opens its tab, and Back/Forward move between the tabs chosen', async () => {
    const [share] = claim(await listShares(suite.server.url, operatorToken, { state: ['available'] }, 20), 1);
    const page = await signedIn(OPERATOR);
    await page.goto(`${suite.server.url}/cotas/${share.contractNumber}?aba=propostas`);
    await waitForWorkspace(page, share.contractNumber);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect.poll(() => tab('Propostas').getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');

    await tab('Documentos').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?aba=documentos');
    await expect.poll(() => tab('Documentos').getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('?aba=propostas');
    await expect.poll(() => tab('Propostas').getAttribute('aria-selected')).toBe('true');
    await page.goForward();
    await expect.poll(() => tab('Documentos').getAttribute('aria-selected')).toBe('true');
  });
});
