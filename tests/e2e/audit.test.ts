/**
 * The audit trail's viewer (issue 18) in Chromium against `npm start`: an administrator edits a
 * signer's occupation in a share's workspace; the operator opens Auditoria, filters by the contract
 * and by the action, and reads the change as "Profissão: antes → depois"; the administrator of
 * another brand does not find it; a fund has no Auditoria in its menu.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { menuLabels, tableRows } from './support/session';
import { apiLogin, listShares } from './support/workspace';

const suite = browserSuite({ env: { SEED_SHARES: '200' } });

const OCCUPATION = 'Auditora independente';

/** Saves the first signer's occupation through the API, as the workspace's form does. */
async function editSigner(email: string): Promise<string> {
  const token = await apiLogin(suite.server.url, email);
  const shares = await listShares(suite.server.url, token, { state: ['available'], isPj: false }, 20);
  for (const share of shares) {
    const res = await fetch(`${suite.server.url}/api/person/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shareId: share.shareId, person: { signer: 1, occupation: OCCUPATION } }),
    });
    if (res.status === 200) return share.contractNumber;
  }
  throw new Error('no share with a first signer to edit');
}

const searchObject = async (page: Page, text: string) => {
  const box = page.getByLabel('Objeto', { exact: true });
  await box.fill(text);
  await box.press('Enter');
};

describe('Auditoria', () => {
  it('an operator finds a signer edit by its contract and reads the change in Portuguese', async () => {
    const contract = await editSigner('adm@acme.repasse.dev');
    const page = await suite.signedIn('operador@repasse.dev');
    await page.locator('.ant-menu-item', { hasText: 'Auditoria' }).click();
    await page.getByRole('heading', { name: 'Auditoria' }).waitFor();
    await tableRows(page).first().waitFor({ timeout: 30_000 });

    await searchObject(page, contract);
    await expect.poll(() => page.url()).toContain(encodeURIComponent(contract).slice(0, 4));
    const row = tableRows(page).filter({ hasText: 'Signatário salvo' });
    await row.first().waitFor({ timeout: 15_000 });
    // One signer edit among the share's entries (its other changes are listed too).
    expect(await row.count()).toBe(1);
    await expect.poll(() => row.first().innerText()).toContain('Augusto');

    await row.first().getByRole('button', { name: 'Mostrar detalhes' }).click();
    const changes = page.getByRole('table', { name: 'Alterações' });
    await changes.waitFor();
    const occupation = changes.getByRole('row').filter({ hasText: 'Profissão' });
    expect(await occupation.innerText()).toContain(OCCUPATION);

    // A reload keeps the filter (it is in the URL).
    await page.reload();
    await tableRows(page).filter({ hasText: 'Signatário salvo' }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Objeto', { exact: true }).inputValue()).toBe(contract);
  });

  it("another brand's administrator does not see it; a fund has no Auditoria", async () => {
    const contract = await editSigner('adm@acme.repasse.dev');
    const orbita = await suite.signedIn('adm@orbita.repasse.dev');
    await orbita.goto(`${suite.server.url}/auditoria`);
    await orbita.getByRole('heading', { name: 'Auditoria' }).waitFor();
    await searchObject(orbita, contract);
    await orbita.getByText('Nenhuma alteração encontrada com estes filtros').waitFor({ timeout: 15_000 });

    const fund = await suite.signedIn('fundo@repasse.dev');
    expect(await menuLabels(fund)).not.toContain('Auditoria');
  });
});
