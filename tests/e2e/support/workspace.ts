/** Helpers of the share-workspace browser tests: the API to find shares, real files, the modals' steps. */
import { expect } from 'vitest';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { todayInSaoPaulo } from '../../../src/domain/pendencies';
import { DEMO_PASSWORD } from './session';

export interface ListedShare {
  shareId: string;
  contractNumber: string;
  state: string;
  admId: number;
  admName: string;
  fundId: number | null;
}

/** POST /api/user/login → the bearer token. */
export async function apiLogin(url: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  expect(res.status, `login of ${email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** GET /api/share/list with the DESIGN §3 JSON filters. */
export async function listShares(url: string, token: string, filters: Record<string, unknown> = {}, limit = 100): Promise<ListedShare[]> {
  const query = new URLSearchParams({ filters: JSON.stringify(filters), limit: String(limit) });
  const res = await fetch(`${url}/api/share/list?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, `share list ${query}`).toBe(200);
  return ((await res.json()) as { data: ListedShare[] }).data;
}

/**
 * Hands out each contract number once per test file, so every test works on shares no other test
 * touched (tests stay independent whatever their order).
 */
export function shareClaims() {
  const claimed = new Set<string>();
  return (candidates: readonly ListedShare[], count = 1, accept: (s: ListedShare) => boolean = () => true): ListedShare[] => {
    const picked = candidates.filter((s) => !claimed.has(s.contractNumber) && accept(s)).slice(0, count);
    expect(picked.length, `${count} unclaimed share(s) among ${candidates.length}`).toBe(count);
    for (const s of picked) claimed.add(s.contractNumber);
    return picked;
  };
}

/** A small but well-formed one-page PDF (header, objects, an xref table with the real offsets, trailer). */
export function pdfBytes(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A valid 1×1 PNG (signature, IHDR, IDAT, IEND with their CRCs). */
export const pngBytes = (): Buffer =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Picks a file through the FileUpload's hidden input (`<id>-input`) and follows it to the end: the
 * progress bar shows while the storage flow runs, then the file's name with its remove button.
 * The caller holds `upload_finalize` back a moment (see slowFinalize) so the bar can be seen.
 */
export async function uploadThroughField(page: Page, scope: Locator, inputId: string, file: UploadFile): Promise<void> {
  const finalized = page.waitForResponse((r) => r.url().endsWith('/api/storage/upload_finalize') && r.request().method() === 'POST', { timeout: 30_000 });
  await scope.getByTestId(`${inputId}-input`).setInputFiles(file);
  await expect.poll(() => scope.getByRole('progressbar', { name: `Enviando ${file.name}` }).count(), { timeout: 10_000 }).toBe(1);
  expect((await finalized).status()).toBe(200);
  await scope.getByRole('button', { name: `Remover ${file.name}` }).waitFor({ state: 'visible', timeout: 15_000 });
  await scope.getByRole('progressbar', { name: `Enviando ${file.name}` }).waitFor({ state: 'detached', timeout: 10_000 });
}

/** Holds each upload_finalize back 400 ms, so a small file's progress bar is on screen long enough to see. */
export async function slowFinalize(page: Page): Promise<void> {
  await page.route('**/api/storage/upload_finalize', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
}

/**
 * Waits until no antd motion is running (a dialog zooming in, a dropdown sliding in). A click lands
 * where the target was when it was computed: one sent while its dialog or panel still moved could hit
 * nothing, or the day cell that slid under the pointer. Clicks wait for this instead of being repeated.
 */
export async function motionSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[class*="-appear"], [class*="-enter"]')].some((el) =>
            [...el.classList].some((c) => /^ant-[\w-]+-(appear|enter)(-(prepare|start|active))?$/.test(c)),
          ),
        ),
      { timeout: 15_000 },
    )
    .toBe(false);
}

/** Fills the lazy date picker of a "paid" form with today, through its panel's "Hoje" link. */
export async function pickToday(page: Page, scope: Locator): Promise<void> {
  const input = scope.getByLabel('Data do pagamento');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await motionSettled(page);
  await input.click();
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await panel.waitFor({ state: 'visible' });
  await motionSettled(page);
  // Today in São Paulo, typed: the one paid-date rule (src/domain/pendencies.ts) counts São Paulo's
  // days, and this browser runs in UTC, where the panel's "Hoje" is São Paulo's tomorrow from 21:00.
  const [y, m, d] = todayInSaoPaulo().split('-');
  const today = `${d}/${m}/${y}`;
  await input.fill(today);
  await input.press('Enter');
  await panel.waitFor({ state: 'hidden' });
  expect(await input.inputValue()).toBe(today);
}

/** Marks the document so a later check can tell that the page was not reloaded in between. */
export const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
export const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** The state tag of the workspace header. */
export const stateTag = (page: Page) => page.getByTestId('share-state');

/** Waits for the workspace of one share to show its header. */
export async function waitForWorkspace(page: Page, contractNumber: string): Promise<void> {
  await page.getByRole('heading', { name: `Cota ${contractNumber}` }).waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * Clicks the button that sends one action, once its dialog has settled, and answers the call's
 * response. A call that never comes fails with what happened to it and what the page (or `shownIn`)
 * showed, instead of a bare timeout.
 */
export async function sendAction(page: Page, action: string, button: Locator, shownIn?: Locator): Promise<Response> {
  const matches = (r: Request) => r.url().includes(`/api/actions/${action}`) && r.method() === 'POST';
  const t0 = Date.now();
  const events: string[] = [];
  const onRequest = (r: Request) => {
    if (matches(r)) events.push(`call left at +${Date.now() - t0} ms`);
  };
  const onFailed = (r: Request) => {
    if (matches(r)) events.push(`call failed at +${Date.now() - t0} ms: ${r.failure()?.errorText}`);
  };
  page.on('request', onRequest);
  page.on('requestfailed', onFailed);
  const response = page.waitForResponse((r) => matches(r.request()), { timeout: 60_000 });
  response.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  try {
    await button.waitFor({ state: 'visible', timeout: 15_000 });
    await motionSettled(page);
    await button.click({ timeout: 15_000 });
    return await response;
  } catch (e) {
    const shown = await (shownIn ?? page.locator('body')).innerText({ timeout: 1_000 }).catch(() => '(gone)');
    throw new Error(`${action} was not answered (${events.join('; ') || 'no call left'}): ${(e as Error).message}\nthe page showed:\n${shown.slice(0, 1500)}`, { cause: e });
  } finally {
    page.off('request', onRequest);
    page.off('requestfailed', onFailed);
  }
}

/** A valid Brazilian boleto line (bank 001), 47 digits. */
export const BOLETO_LINE = '00190000090114971860168524522114675860000102656';

/** The workspace header's action buttons. */
export const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Ações da cota' });

type ShareRef = Pick<ListedShare, 'shareId' | 'contractNumber'>;

/** "Aprovar transferência" with a real proof, a billet and its line, until the header says approved. */
export async function approveTransfer(page: Page, share: ShareRef): Promise<{ transferProof: UploadFile; billet: UploadFile }> {
  const transferProof: UploadFile = { name: 'comprovante-transferencia.pdf', mimeType: 'application/pdf', buffer: pdfBytes(`Transferencia ${share.contractNumber}`) };
  const billet: UploadFile = { name: 'boleto.png', mimeType: 'image/png', buffer: pngBytes() };
  await toolbar(page).getByRole('button', { name: 'Aprovar transferência' }).click();
  const transfer = page.getByRole('dialog', { name: 'Aprovar transferência' });
  await transfer.waitFor();
  await uploadThroughField(page, transfer, 'set_transfer-proofFile', transferProof);
  await uploadThroughField(page, transfer, 'set_transfer-billetFile', billet);
  await transfer.getByLabel('Linha digitável do boleto').fill(BOLETO_LINE);
  const approvedRes = await sendAction(page, 'set_transfer', transfer.getByRole('button', { name: 'Aprovar transferência' }), transfer);
  expect(approvedRes.status(), await approvedRes.text()).toBe(200);
  expect(approvedRes.request().postDataJSON()).toMatchObject({ shareId: share.shareId, billetLine: BOLETO_LINE });
  await page.getByText('Transferência aprovada.').waitFor();
  await transfer.waitFor({ state: 'detached' });
  await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Aprovada pela administradora');
  return { transferProof, billet };
}

/** "Marcar como paga" with a real proof and today's date, until the header says paid and completed. */
export async function markPaid(page: Page, share: ShareRef): Promise<{ paidProof: UploadFile }> {
  const paidProof: UploadFile = { name: 'comprovante-pagamento.pdf', mimeType: 'application/pdf', buffer: pdfBytes(`Pagamento ${share.contractNumber}`) };
  await toolbar(page).getByRole('button', { name: 'Marcar como paga' }).click();
  const paid = page.getByRole('dialog', { name: 'Marcar como paga' });
  await paid.waitFor();
  await uploadThroughField(page, paid, 'set_paid-proofFile', paidProof);
  await pickToday(page, paid);
  const paidRes = await sendAction(page, 'set_paid', paid.getByRole('button', { name: 'Marcar como paga' }), paid);
  expect(paidRes.status(), await paidRes.text()).toBe(200);
  expect(paidRes.request().postDataJSON()).toMatchObject({ shareId: share.shareId, paidDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  await page.getByText('Pagamento registrado.').waitFor();
  await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Pagamento realizado');
  await expect.poll(() => page.getByTestId('process-step').innerText()).toBe('Concluído');
  return { paidProof };
}
