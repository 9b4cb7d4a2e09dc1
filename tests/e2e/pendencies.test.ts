/**
 * Issue 15 in Chromium against `npm start`: an operator opens a pendency on a share whose sale is
 * under way, attaches its boleto and the payment proof through the storage flow, clears it, and the
 * share returns to the state it had and leaves /pendencias.
 *
 * The browser runs in São Paulo's time zone (where the back office works) and every date it types is
 * either today (the payment, through the picker's "Hoje") or far in the future (due dates), so the
 * test reads the same at any hour of the day.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { tableRows, waitForRows } from './support/session';
import {
  BOLETO_LINE,
  apiLogin,
  listShares,
  motionSettled,
  pdfBytes,
  pickToday,
  shareClaims,
  slowFinalize,
  stateTag,
  toolbar,
  uploadThroughField,
  waitForWorkspace,
  type UploadFile,
} from './support/workspace';

const OPERATOR = 'operador@repasse.dev';

const claim = shareClaims();
const suite = browserSuite();

// Signed in at the list, in São Paulo's time zone (see above).
const signedIn = (email: string) => suite.signedIn(email, { timezoneId: 'America/Sao_Paulo' });

/** Clicks the dialog's button and answers the pendency call it sends. */
async function send(page: Page, call: string, button: Locator): Promise<Response> {
  const response = page.waitForResponse((r) => r.url().includes(`/api/share/${call}`) && r.request().method() === 'POST', { timeout: 60_000 });
  await button.click();
  return response;
}

/**
 * Picks the option of an antd select whose text starts with `option`, once the dialog and the
 * dropdown have stopped moving: an option clicked while its list still slid in (or its dialog still
 * zoomed in) could be the neighbour that moved under the pointer (seen once under load: a kind
 * without an amount picked instead of the retention, so "Valor devido" never showed).
 */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await motionSettled(page);
  await scope.getByLabel(label, { exact: true }).click();
  // The dropdown first (its slide-in classes come with it), then its motion.
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await options.first().waitFor();
  await motionSettled(page);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title^="${option}"]`).click();
}

/** The /pendencias rows a search for the contract finds. */
async function pendencyRowsFor(page: Page, contractNumber: string): Promise<number> {
  await page.goto(`${suite.server.url}/pendencias`);
  await waitForRows(page).catch(() => 0);
  const listed = page.waitForResponse((r) => r.url().includes('/api/share/with_pendency_list') && r.url().includes(encodeURIComponent(contractNumber)));
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(contractNumber);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  expect((await listed).status()).toBe(200);
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  return tableRows(page).count();
}

describe('a pendency, from opened to cleared', () => {
  it('an operator opens a retention, bills it, registers the payment and clears it: the share returns and leaves /pendencias', async () => {
    const token = await apiLogin(suite.server.url, OPERATOR);
    const [share] = claim(await listShares(suite.server.url, token, { state: ['received_from_client'] }));
    const page = await signedIn(OPERATOR);
    await slowFinalize(page);
    await page.goto(`${suite.server.url}/cotas/${share.contractNumber}`);
    await waitForWorkspace(page, share.contractNumber);
    await expect.poll(() => stateTag(page).innerText()).toBe('Recebida do cliente');

    // Open it.
    const opener = toolbar(page).getByRole('button', { name: 'Abrir pendência' });
    await opener.click();
    const openDialog = page.getByRole('dialog', { name: 'Abrir pendência' });
    await openDialog.waitFor();
    await choose(page, openDialog, 'Tipo de pendência', 'Retenção pela administradora');
    await openDialog.getByLabel('Descrição').fill('Administradora reteve a cota até a primeira parcela ser paga.');
    await openDialog.getByLabel('Valor devido').fill('1.250,40');
    await choose(page, openDialog, 'Forma de pagamento', 'Pagamento à vista');
    const due = openDialog.getByRole('textbox', { name: 'Prazo para regularizar' });
    await due.fill('20/12/2099');
    await due.press('Enter');
    const opened = await send(page, 'pendency_open', openDialog.getByRole('button', { name: 'Abrir pendência' }));
    expect(opened.status(), await opened.text()).toBe(200);
    expect(opened.request().postDataJSON()).toMatchObject({ shareId: share.shareId, kind: 'retention', amount: 1250.4, paymentType: 'payment_in_full', dueDate: '2099-12-20' });
    await page.getByText('Pendência aberta.').waitFor();
    await openDialog.waitFor({ state: 'detached' });
    await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Com pendência');
    // The keyboard is back on the button that opened the dialog.
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // Bill it: a boleto through the storage flow, its line checked on the field.
    await page.getByRole('tab', { name: 'Pendências' }).click();
    const card = page.getByTestId('pendency').filter({ has: page.getByRole('heading', { name: 'Retenção pela administradora' }) });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/R\$\s1\.250,40/);
    expect(await card.innerText()).toContain('Recebida do cliente');
    await card.getByRole('button', { name: 'Anexar boleto' }).click();
    const ticketDialog = page.getByRole('dialog', { name: 'Anexar boleto: Retenção pela administradora' });
    await ticketDialog.waitFor();
    await choose(page, ticketDialog, 'Tipo de boleto', 'Retenção: primeira parcela');
    const boleto: UploadFile = { name: 'boleto-retencao.pdf', mimeType: 'application/pdf', buffer: pdfBytes(`Boleto ${share.contractNumber}`) };
    await uploadThroughField(page, ticketDialog, 'pendency-ticket-file', boleto);
    const line = ticketDialog.getByLabel('Linha digitável');
    await line.fill(`${BOLETO_LINE.slice(0, -1)}7`);
    await ticketDialog.getByText('Linha digitável inválida: os dígitos verificadores não conferem.').waitFor();
    await line.fill(BOLETO_LINE);
    await ticketDialog.getByLabel('Valor do boleto').fill('1.250,40');
    const ticketDue = ticketDialog.getByRole('textbox', { name: 'Vencimento do boleto' });
    await ticketDue.fill('20/12/2099');
    await ticketDue.press('Enter');
    const billed = await send(page, 'pendency_add_ticket', ticketDialog.getByRole('button', { name: 'Anexar boleto' }));
    expect(billed.status(), await billed.text()).toBe(200);
    expect(billed.request().postDataJSON()).toMatchObject({ kind: 'RETENTION_FIRST_INSTALLMENT', line: BOLETO_LINE, dueDate: '2099-12-20' });
    await page.getByText('Boleto anexado à pendência.').waitFor();
    await ticketDialog.waitFor({ state: 'detached' });
    await card.getByTestId('pendency-ticket').waitFor();
    expect(await card.getByTestId('pendency-ticket').innerText()).toContain('20/12/2099');
    await card.getByRole('button', { name: `Baixar ${boleto.name}` }).waitFor();

    // While it is open the share is on /pendencias, with what the pendency is.
    // (checked from a second tab, so the workspace stays as it is)
    const listPage = await signedIn(OPERATOR);
    expect(await pendencyRowsFor(listPage, share.contractNumber)).toBe(1);
    expect(await tableRows(listPage).first().innerText()).toContain('Retenção pela administradora');

    // Pay it: the proof and today, the amount still owed already filled in.
    await card.getByRole('button', { name: 'Registrar pagamento' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Registrar pagamento: Retenção pela administradora' });
    await payDialog.waitFor();
    await choose(page, payDialog, 'Boleto pago', 'Retenção: primeira parcela');
    const proof: UploadFile = { name: 'comprovante-retencao.pdf', mimeType: 'application/pdf', buffer: pdfBytes(`Pagamento ${share.contractNumber}`) };
    await uploadThroughField(page, payDialog, 'pendency-payment-proof', proof);
    expect(await payDialog.getByLabel('Valor pago').inputValue()).toBe('1.250,40');
    await pickToday(page, payDialog);
    const paid = await send(page, 'pendency_register_payment', payDialog.getByRole('button', { name: 'Registrar pagamento' }));
    expect(paid.status(), await paid.text()).toBe(200);
    expect(paid.request().postDataJSON()).toMatchObject({ amount: 1250.4, paidDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    await page.getByText('Pagamento da pendência registrado.').waitFor();
    await payDialog.waitFor({ state: 'detached' });
    await card.getByTestId('pendency-payment').waitFor();
    expect(await card.innerText()).toContain('Paga, aguardando baixa');
    await card.getByRole('button', { name: `Baixar ${proof.name}` }).waitFor();

    // Clear it: the last one, so the share goes back to where it was.
    await card.getByRole('button', { name: 'Resolver pendência' }).click();
    const clearDialog = page.getByRole('dialog', { name: 'Resolver pendência: Retenção pela administradora' });
    await clearDialog.getByText('É a última pendência aberta: a cota volta para “Recebida do cliente” e sai da lista de Pendências.').waitFor();
    const cleared = await send(page, 'pendency_clear', clearDialog.getByRole('button', { name: 'Resolver pendência' }));
    expect(cleared.status(), await cleared.text()).toBe(200);
    await page.getByText('Pendência resolvida.').waitFor();
    await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Recebida do cliente');
    await page.getByText('Nenhuma pendência aberta nesta cota.').waitFor();

    // The history says what was opened, billed, paid and cleared, with the files.
    await page.getByRole('tab', { name: 'Resumo' }).click();
    const history = (await page.getByTestId('history-entry').allInnerTexts()).join('\n');
    for (const said of ['Pendência aberta', 'Boleto anexado à pendência', 'Pagamento da pendência registrado', 'Pendência resolvida', boleto.name, proof.name]) expect(history).toContain(said);

    expect(await pendencyRowsFor(listPage, share.contractNumber)).toBe(0);
    const [after] = await listShares(suite.server.url, token, { q: share.contractNumber }, 5);
    expect(after.state).toBe('received_from_client');
  });
});
