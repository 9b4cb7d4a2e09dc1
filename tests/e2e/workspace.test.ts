/**
 * The share workspace (`/cotas/:contractNumber`, issue 3) in Chromium against `npm start`: an
 * operator moves shares through the workflow with real files uploaded through the storage flow,
 * cancels a sale, marks three shares paid in bulk from a list selection; a fund sees no actions; an
 * administrator gets a not-found page for another brand's share; the signer form checks the CPF.
 *
 * Every test picks its own shares through the API (by state, never by a hard-coded number) and
 * claims them, so no two tests touch the same share.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { tableRows, waitForRows } from './support/session';
import {
  apiLogin,
  sendAction,
  listShares,
  markNoReload,
  pdfBytes,
  pickToday,
  shareClaims,
  slowFinalize,
  stateTag,
  stillSameDocument,
  uploadThroughField,
  waitForWorkspace,
  type ListedShare,
  type UploadFile,
  approveTransfer,
  markPaid,
  toolbar,
} from './support/workspace';

const OPERATOR = 'operador@repasse.dev';
const FUND = 'fundo@repasse.dev';
const ORBITA = 'adm@orbita.repasse.dev';
const ACTION_LABELS = [
  'Iniciar venda',
  'Enviar ao autoatendimento',
  'Aprovar transferência',
  'Marcar como paga',
  'Cancelar venda',
  'Liberar propostas',
  'Anexar comprovante',
  'Transferir selecionadas',
  'Marcar como pagas',
];

const suite = browserSuite();
let operatorToken: string;
const claim = shareClaims();

beforeAll(async () => {
  operatorToken = await apiLogin(suite.server.url, OPERATOR);
});

const signedIn = (email: string): Promise<Page> => suite.signedIn(email);

const sharesIn = (state: string, limit = 100) => listShares(suite.server.url, operatorToken, { state: [state] }, limit);

async function openShare(page: Page, contractNumber: string): Promise<void> {
  await page.goto(`${suite.server.url}/cotas/${contractNumber}`);
  await waitForWorkspace(page, contractNumber);
}

/** The share as the API has it now. */
async function apiShare(contractNumber: string): Promise<ListedShare> {
  const [share] = await listShares(suite.server.url, operatorToken, { q: contractNumber }, 5);
  expect(share?.contractNumber).toBe(contractNumber);
  return share;
}

describe('the operator moves shares through the workflow', () => {
  it('sends an available share to autoservice from a list row, then takes another from received to approved to paid with real files', async () => {
    const page = await signedIn(OPERATOR);
    const [available] = claim(await sharesIn('available'));

    // Opens from the list: search the contract, click its row.
    await page.getByPlaceholder('Contrato, titular ou CPF/CNPJ').fill(available.contractNumber);
    await page.getByPlaceholder('Contrato, titular ou CPF/CNPJ').press('Enter');
    const row = page.locator(`.ant-table-tbody tr.ant-table-row[data-row-key="${available.contractNumber}"]`);
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await row.click();
    await page.waitForURL(`**/cotas/${available.contractNumber}`);
    await waitForWorkspace(page, available.contractNumber);
    await expect.poll(() => stateTag(page).innerText()).toBe('Disponível');

    await markNoReload(page);
    await toolbar(page).getByRole('button', { name: 'Enviar ao autoatendimento' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('A cota será enviada ao autoatendimento do cliente.').waitFor();
    expect((await sendAction(page, 'share_send_autoservice', confirm.getByRole('button', { name: 'Confirmar' }), confirm)).status()).toBe(200);
    await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Enviada ao autoatendimento');
    await expect.poll(() => page.getByTestId('process-step').innerText()).toBe('Assinatura do cliente');
    expect(await stillSameDocument(page), 'the state changed without a reload').toBe(true);
    expect((await apiShare(available.contractNumber)).state).toBe('sent_to_autoservice');

    // The client's own steps (client_accept in the autoservice, contract_received from the platform)
    // have no call in SPEC §7, so the paid path starts from a share the seed left received_from_client.
    const [received] = claim(await sharesIn('received_from_client'));
    await slowFinalize(page);
    await openShare(page, received.contractNumber);
    await expect.poll(() => stateTag(page).innerText()).toBe('Recebida do cliente');
    await markNoReload(page);

    const { transferProof, billet } = await approveTransfer(page, received);
    const { paidProof } = await markPaid(page, received);
    expect(await stillSameDocument(page), 'both moves showed without a reload').toBe(true);
    expect((await apiShare(received.contractNumber)).state).toBe('payment_done');

    // The history timeline shows both moves, each with the files it attached.
    const entries = page.getByTestId('history-entry');
    const transferEntry = entries.filter({ hasText: 'Recebida do cliente → Aprovada pela administradora' });
    const paidEntry = entries.filter({ hasText: 'Aprovada pela administradora → Pagamento realizado' });
    await transferEntry.getByRole('button', { name: `Baixar ${billet.name}` }).waitFor({ timeout: 15_000 });
    await expect.poll(() => transferEntry.innerText()).toContain('Aprovar transferência');
    await transferEntry.getByRole('button', { name: `Baixar ${transferProof.name}` }).waitFor();
    await paidEntry.getByRole('button', { name: `Baixar ${paidProof.name}` }).waitFor();
    await expect.poll(() => paidEntry.innerText()).toContain('Marcar como paga');

    // A file downloads through its short-lived link: generate_link's URL answers the same bytes.
    await page.evaluate(() => {
      const w = window as unknown as { __opened: string[] };
      w.__opened = [];
      window.open = ((u: string) => {
        w.__opened.push(String(u));
        return null;
      }) as typeof window.open;
    });
    const linkCall = page.waitForResponse((r) => r.url().endsWith('/api/storage/generate_link') && r.request().method() === 'POST');
    await transferEntry.getByRole('button', { name: `Baixar ${billet.name}` }).click();
    const linkRes = await linkCall;
    expect(linkRes.status()).toBe(200);
    const { url } = (await linkRes.json()) as { url: string };
    await expect.poll(() => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)).toEqual([url]);
    const file = await fetch(new URL(url, suite.server.url));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(billet.buffer)).toBe(true);
  });

  it('cancels an open sale with a reason and detail after two confirmations; the share is available again', async () => {
    const page = await signedIn(OPERATOR);
    const [share] = claim(await sharesIn('sent_to_autoservice'));
    await openShare(page, share.contractNumber);
    await expect.poll(() => stateTag(page).innerText()).toBe('Enviada ao autoatendimento');
    await markNoReload(page);

    await toolbar(page).getByRole('button', { name: 'Cancelar venda' }).click();
    const form = page.getByRole('dialog', { name: 'Cancelar venda' });
    await form.waitFor();
    await form.getByLabel('Motivo do cancelamento').click();
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    await option.waitFor({ timeout: 15_000 });
    const reason = (await option.innerText()).trim();
    await option.click();
    const detail = `Cliente desistiu da venda (${share.contractNumber}).`;
    await form.getByLabel('Detalhes').fill(detail);

    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/actions/cancel_sale')) calls += 1;
    });
    await form.getByRole('button', { name: 'Cancelar venda' }).click();
    // Destructive: a second confirmation before anything is sent.
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title').filter({ hasText: 'Confirmar: Cancelar venda?' }).waitFor();
    await confirm.getByText('A venda será cancelada e a cota voltará a ficar disponível.', { exact: false }).waitFor();
    expect(calls, 'nothing is sent before the second confirmation').toBe(0);
    const res = await sendAction(page, 'cancel_sale', confirm.getByRole('button', { name: 'Confirmar' }), confirm);
    expect(res.status(), await res.text()).toBe(200);
    expect(res.request().postDataJSON()).toMatchObject({ shareId: share.shareId, detail });
    await page.getByText('Venda cancelada.').waitFor();
    await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Disponível');
    await expect.poll(() => page.getByTestId('process-step').innerText()).toBe('Cancelado');

    await page.getByRole('tab', { name: 'Cancelamentos' }).click();
    const entry = page.getByRole('row').filter({ hasText: detail });
    await entry.waitFor({ timeout: 15_000 });
    const text = await entry.innerText();
    expect(text).toContain(reason);
    expect(text).toContain('Enviada ao autoatendimento');
    expect(text).toContain('Olívia Operadora');
    expect(await stillSameDocument(page)).toBe(true);
    expect((await apiShare(share.contractNumber)).state).toBe('available');
  });

  it('marks three approved shares paid in bulk from /transferencia and shows a result per share', async () => {
    const page = await signedIn(OPERATOR);
    await slowFinalize(page);
    await page.goto(`${suite.server.url}/transferencia`);
    await waitForRows(page);

    // Filter the list by state first, so every row can be marked paid.
    const filtered = page.waitForResponse((r) => r.url().includes('/api/share/') && r.url().includes('approved_by_adm') && r.request().method() === 'GET');
    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Aprovada pela administradora"]').click();
    expect((await filtered).status()).toBe(200);
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => ({ rows: await tableRows(page).count(), others: await tableRows(page).filter({ hasNotText: 'Aprovada pela administradora' }).count() }), { timeout: 15_000 })
      .toMatchObject({ rows: expect.any(Number), others: 0 });
    expect(await tableRows(page).count()).toBeGreaterThanOrEqual(3);

    // Rows of more than one administrator when the page has them (the contract's prefix names it):
    // one proof for shares of several administrators is the operator's everyday bulk.
    const shown = (await tableRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''))).map(
      (contractNumber) => ({ contractNumber }) as ListedShare,
    );
    const prefix = (s: ListedShare) => s.contractNumber.slice(0, 3);
    const [first] = claim(shown, 1);
    const others = shown.filter((s) => prefix(s) !== prefix(first));
    const second = others.length > 0 ? claim(others, 1)[0] : claim(shown, 1)[0];
    const [third] = claim(shown, 1);
    const picked = [first, second, third].map((s) => s.contractNumber);
    await markNoReload(page);
    for (const c of picked) await page.locator(`tr[data-row-key="${c}"]`).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: '3 selecionadas' });
    await bar.waitFor();
    expect(page.url()).toContain('/transferencia');
    await bar.getByRole('button', { name: 'Marcar como pagas' }).click();

    const dialog = page.getByRole('dialog', { name: 'Marcar como pagas' });
    await dialog.waitFor();
    const proof: UploadFile = { name: 'comprovante-lote.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Pagamento em lote') };
    await uploadThroughField(page, dialog, 'bulk-proof', proof);
    await pickToday(page, dialog);
    const res = await sendAction(page, 'set_paid', dialog.getByRole('button', { name: 'Executar' }), dialog);
    expect(res.status(), await res.text()).toBe(200);
    expect((res.request().postDataJSON() as { shareId: string[] }).shareId).toHaveLength(3);

    await dialog.getByRole('status').filter({ hasText: 'concluídas' }).waitFor({ timeout: 15_000 });
    expect((await dialog.getByRole('status').filter({ hasText: 'concluídas' }).innerText()).trim()).toBe('3 concluídas, 0 com falha');
    const results = dialog.locator('.ant-table-tbody tr.ant-table-row');
    expect(await results.count()).toBe(3);
    const resultTexts = await results.allInnerTexts();
    for (const c of picked) {
      const line = resultTexts.find((t) => t.includes(c));
      expect(line, `result line of ${c} in ${resultTexts.join(' | ')}`).toBeDefined();
      expect(line).toContain('Concluída');
      expect(line).toContain('Pagamento realizado');
    }
    // The footer's Fechar (the corner's × is named Fechar too).
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list refreshed by itself: the paid shares left the "approved" filter.
    await expect.poll(() => page.locator(picked.map((c) => `tr[data-row-key="${c}"]`).join(', ')).count(), { timeout: 15_000 }).toBe(0);
    expect(await stillSameDocument(page), 'the list changed without a reload').toBe(true);
    for (const c of picked) expect((await apiShare(c)).state).toBe('payment_done');
  });
});

describe('what each profile may see', () => {
  it('a fund user opening one of its shares sees no action buttons', async () => {
    const fundToken = await apiLogin(suite.server.url, FUND);
    const mine = await listShares(suite.server.url, fundToken, {}, 100);
    expect(mine.length).toBeGreaterThan(0);
    // Prefer a state in which an operator would have buttons, so "none" means something.
    const movable = ['received_from_client', 'approved_by_adm', 'available', 'sent_to_autoservice'];
    const [share] = claim(
      [...mine].sort((a, b) => Number(!movable.includes(a.state)) - Number(!movable.includes(b.state))),
      1,
    );
    const page = await signedIn(FUND);
    await openShare(page, share.contractNumber);
    // The page has settled: the summary's history answered.
    await page.getByTestId('history-entry').first().waitFor({ timeout: 15_000 });
    expect(await toolbar(page).count()).toBe(0);
    for (const label of ACTION_LABELS) expect(await page.getByRole('button', { name: label, exact: true }).count(), label).toBe(0);
    // The same share, seen by the operator, has buttons: the fund's page hides them by profile.
    if (movable.includes(share.state)) {
      const operatorPage = await signedIn(OPERATOR);
      await openShare(operatorPage, share.contractNumber);
      await toolbar(operatorPage).getByRole('button').first().waitFor({ timeout: 15_000 });
    }
  });

  it("an administrator who types another brand's contract number gets the Portuguese not-found page", async () => {
    const [acme] = await listShares(suite.server.url, operatorToken, { admId: 1 }, 5);
    expect(acme.contractNumber).toMatch(/^ACM-\d{7}$/);
    const page = await signedIn(ORBITA);
    const answer = page.waitForResponse((r) => r.url().includes('/api/share/get') && r.url().includes(acme.contractNumber));
    await page.goto(`${suite.server.url}/cotas/${acme.contractNumber}`);
    expect((await answer).status()).toBe(404);
    await page.getByText('Cota não encontrada', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText(`A cota ${acme.contractNumber} não existe ou você não tem acesso a ela.`).waitFor();
    expect(await page.getByRole('heading', { name: `Cota ${acme.contractNumber}` }).count()).toBe(0);
    expect(await page.getByText(acme.admName).count()).toBe(0);
    await page.getByRole('button', { name: 'Voltar para a listagem' }).click();
    await waitForRows(page);
  });

  it('an invalid CPF typed in the first signer form shows its error on the field', async () => {
    const [share] = claim(await sharesIn('available'));
    const page = await signedIn(OPERATOR);
    await openShare(page, share.contractNumber);
    await page.getByRole('tab', { name: 'Signatários' }).click();
    const form = page.getByRole('form', { name: 'Primeiro signatário' });
    const cpf = form.getByLabel('CPF', { exact: true });
    await cpf.waitFor({ timeout: 15_000 });
    await cpf.fill('');
    await cpf.pressSequentially('12345678900');
    await cpf.blur();
    // The mask formats as typed; the check digits are wrong (123.456.789-09 would be valid).
    expect(await cpf.inputValue()).toBe('123.456.789-00');
    const item = form.locator('.ant-form-item').filter({ has: page.locator(`#${await cpf.getAttribute('id')}`) });
    const errors = () => item.locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)').allInnerTexts();
    await expect.poll(errors, { timeout: 10_000 }).toEqual(['CPF inválido']);
    expect(await cpf.getAttribute('aria-invalid')).toBe('true');
    // A valid CPF clears it.
    await cpf.fill('');
    await cpf.pressSequentially('12345678909');
    await expect.poll(errors, { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => cpf.getAttribute('aria-invalid')).not.toBe('true');
  });
});
