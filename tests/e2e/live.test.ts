/**
 * Live updates (issue 18) in two browser contexts against `npm start`: an administrator of Acme has a
 * share open and the list in another tab while an operator sends that share to the autoservice from
 * its own workspace. The administrator's workspace says who changed it and shows the new state
 * without a reload; its list marks the row and offers "Atualizar".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { tableRows } from './support/session';
import { apiLogin, listShares, sendAction, stateTag, toolbar, waitForWorkspace } from './support/workspace';

const OPERATOR = 'operador@repasse.dev';
const ADM = 'adm@acme.repasse.dev';
const suite = browserSuite({ env: { SEED_SHARES: '200' } });

const openShare = async (page: Page, contractNumber: string) => {
  await page.goto(`${suite.server.url}/cotas/${contractNumber}`);
  await waitForWorkspace(page, contractNumber);
};

describe('live updates', () => {
  it("another user's move shows in the open workspace and is marked in the list", async () => {
    const token = await apiLogin(suite.server.url, OPERATOR);
    const [share] = await listShares(suite.server.url, token, { state: ['available'], admId: 1 }, 5);
    expect(share, 'an available Acme share').toBeDefined();

    const watcher = await suite.signedIn(ADM);
    const list = await watcher.context().newPage();
    await list.goto(`${suite.server.url}/listagem?pageSize=100`);
    await tableRows(list).first().waitFor({ timeout: 30_000 });
    await openShare(watcher, share.contractNumber);
    expect(await stateTag(watcher).innerText()).toBe('Disponível');

    const mover = await suite.signedIn(OPERATOR);
    await openShare(mover, share.contractNumber);
    await toolbar(mover).getByRole('button', { name: 'Enviar ao autoatendimento' }).click();
    const confirm = mover.getByRole('dialog');
    expect((await sendAction(mover, 'share_send_autoservice', confirm.getByRole('button', { name: 'Confirmar' }), confirm)).status()).toBe(200);

    // The watcher did nothing: the notice names the operator and the state is the new one.
    await watcher.getByRole('status').filter({ hasText: 'A cota foi alterada por' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => stateTag(watcher).innerText(), { timeout: 15_000 }).toBe('Enviada ao autoatendimento');
    // The mover's own workspace says nothing of the kind.
    expect(await mover.getByText('A cota foi alterada por').count()).toBe(0);

    // The list in the other tab did not move under the pointer: a notice and "Atualizar".
    const notice = list.getByRole('status').filter({ hasText: 'alterada por outro usuário' });
    await notice.waitFor({ timeout: 30_000 });
    await notice.getByRole('button', { name: 'Atualizar' }).click();
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
  });
});
