/**
 * Auctions (`/leiloes`, issue 4) in Chromium against `npm start`: the Acme administrator creates an
 * auction, configures it over real available shares, sends a pricing spreadsheet with one bad row
 * and reads that row's error, sends the fixed one, watches it get processed by the server's
 * background run, and moves the auction to live and finished. The fund user has no create button
 * and the API refuses it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { waitForRows } from './support/session';
import { apiLogin, listShares } from './support/workspace';

const ADM = 'adm@acme.repasse.dev';
const FUND = 'fundo@repasse.dev';

const suite = browserSuite();

const signedIn = (email: string): Promise<Page> => suite.signedIn(email);

const api = async <T>(token: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${suite.server.url}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
};

/** Available Acme shares that no open auction already offers (the seed configures some over real shares). */
async function freeAcmeShares(token: string, count: number): Promise<string[]> {
  const shares = await listShares(suite.server.url, token, { state: ['available'] }, 100);
  const { body } = await api<{ data: { auctionId: string; status: string }[] }>(token, `/auction/list?limit=100`);
  const taken = new Set<string>();
  for (const a of body.data.filter((x) => !['finished', 'canceled'].includes(x.status))) {
    const info = await api<{ config: { contractNumbers?: string[] } }>(token, `/auction/info?auctionId=${a.auctionId}`);
    for (const c of info.body.config.contractNumbers ?? []) taken.add(c);
  }
  const free = shares.filter((s) => s.admId === 1 && !taken.has(s.contractNumber)).map((s) => s.contractNumber);
  expect(free.length, 'free available Acme shares').toBeGreaterThanOrEqual(count);
  return free.slice(0, count);
}

const csv = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`, 'utf8') });

const statusTag = (page: Page) => page.getByTestId('auction-status');
const runsTable = (page: Page) => page.getByTestId('pricing-runs');

async function advanceTo(page: Page, step: string, status: string): Promise<void> {
  const moved = page.waitForResponse((r) => r.url().endsWith('/api/auction/next_step') && r.request().method() === 'POST');
  // Each wait names what it waited for: a CI run once timed out here without saying which part
  // (the button, the confirmation or the call) never came.
  moved.catch(() => undefined);
  const button = page.getByRole('button', { name: `Avançar para ${step}` });
  await button.click({ timeout: 20_000 });
  // Every move asks first, saying what it does.
  const dialog = page.getByRole('dialog', { name: `Avançar para ${step}?` });
  await dialog.waitFor({ timeout: 10_000 }).catch(async (e: Error) => {
    throw new Error(`no confirmation after clicking "Avançar para ${step}" (button ${(await button.isEnabled()) ? 'enabled' : 'disabled'})`, { cause: e });
  });
  await dialog.getByRole('button', { name: 'Avançar', exact: true }).click({ timeout: 10_000 });
  expect((await moved).status()).toBe(200);
  await expect.poll(() => statusTag(page).innerText(), { timeout: 15_000 }).toBe(status);
}

async function sendSpreadsheet(page: Page, file: ReturnType<typeof csv>): Promise<void> {
  const added = page.waitForResponse((r) => r.url().endsWith('/api/auction/add_file') && r.request().method() === 'POST', { timeout: 30_000 });
  await page.getByTestId('pricing-file-input').setInputFiles(file);
  expect((await added).status()).toBe(200);
}

describe('auctions in the browser', () => {
  it('the administrator creates, configures, prices (fixing a bad row) and runs an auction to the end', async () => {
    const token = await apiLogin(suite.server.url, ADM);
    const [first, second] = await freeAcmeShares(token, 2);
    const page = await signedIn(ADM);

    // Create from the list.
    await page.getByRole('link', { name: 'Leilões' }).click();
    await page.getByRole('heading', { name: 'Leilões e vendas diretas' }).waitFor();
    await page.getByRole('button', { name: 'Novo leilão' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /^Leilão/ }).check();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/auction/create'));
    await dialog.getByRole('button', { name: 'Criar' }).click();
    expect((await created).status()).toBe(200);
    await page.waitForURL(/\/leiloes\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Leilão sem nome' }).waitFor();
    await expect.poll(() => statusTag(page).innerText()).toBe('Criado');
    await expect.poll(() => page.getByTestId('next-step-blocker').innerText()).toContain('configuração completa');

    // Configure: name, window, two shares, a fund, a fixed minimum price.
    await page.getByLabel('Nome', { exact: true }).fill('Leilão e2e de cotas Acme');
    const [start, end] = [page.getByPlaceholder('Início'), page.getByPlaceholder('Término')];
    await start.click();
    await start.fill('01/12/2030 10:00');
    await start.press('Enter');
    await end.fill('20/12/2030 18:00');
    await end.press('Enter');
    await page.getByLabel('Cotas incluídas (números de contrato)', { exact: true }).fill(`${first}\n${second}`);
    await expect.poll(() => page.getByTestId('contracts-count').innerText()).toBe('2 contratos');
    await page.getByLabel('Fundos', { exact: true }).click();
    await page.locator('.ant-select-item-option[title="Fundo Alfa FIDC"]').click();
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Valor fixo por cota (R$)' }).check();
    await page.getByLabel('Valor do preço mínimo', { exact: true }).fill('100');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/auction/save_config'));
    await page.getByRole('button', { name: 'Salvar configuração' }).click();
    expect((await saved).status(), await (await saved).text()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Leilão e2e de cotas Acme' }).waitFor({ timeout: 15_000 });

    await advanceTo(page, 'Precificação', 'Em precificação');
    await expect.poll(() => page.getByTestId('next-step-blocker').innerText()).toContain('planilha de precificação');

    // A spreadsheet with one bad row (line 3): the run fails and the row's error is shown.
    await sendSpreadsheet(page, csv('precos-com-erro.csv', ['contrato;valor', `${first};1.500,00`, `${second};abc`]));
    await runsTable(page).getByText('Com erros').waitFor({ timeout: 60_000 });
    const errors = page.getByTestId('pricing-errors');
    const row = errors.locator('tbody tr').filter({ hasText: 'Valor inválido' });
    await expect.poll(() => row.locator('td').allInnerTexts()).toEqual(['3', second, 'Valor inválido', 'abc']);
    expect(await page.getByRole('button', { name: 'Avançar para Processamento' }).isDisabled()).toBe(true);

    // The fixed spreadsheet is processed in the background; the page refreshes by itself.
    await sendSpreadsheet(page, csv('precos.csv', ['contrato;valor', `${first};1.500,00`, `${second};2.750,50`]));
    await runsTable(page).getByText('Processada').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('pricing-errors').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Avançar para Processamento' }).isEnabled(), { timeout: 15_000 }).toBe(true);

    await advanceTo(page, 'Processamento', 'Em processamento');
    await advanceTo(page, 'Ao vivo', 'Ao vivo');
    await advanceTo(page, 'Finalizado', 'Finalizado');
    expect(await page.getByRole('toolbar', { name: 'Ações do leilão' }).count()).toBe(0);

    // The timeline lists every move in order.
    const history = await page.getByTestId('auction-history').locator('.ant-timeline-item').allInnerTexts();
    expect(history.map((h) => h.split('\n')[0])).toEqual([
      'Leilão criado',
      'Criado → Em precificação',
      'Em precificação → Em processamento',
      'Em processamento → Ao vivo',
      'Ao vivo → Finalizado',
    ]);
  });

  it('the fund user sees the auctions without a create button, and the API refuses to create one', async () => {
    const page = await signedIn(FUND);
    const listed = page.waitForResponse((r) => r.url().includes('/api/auction/list'));
    await page.getByRole('link', { name: 'Leilões' }).click();
    await page.getByRole('heading', { name: 'Leilões e vendas diretas' }).waitFor();
    // The fund reads the auctions it may bid on (the one above, at least) before the button is checked.
    expect((await listed).status()).toBe(200);
    await waitForRows(page);
    expect(await page.getByRole('button', { name: 'Novo leilão' }).count()).toBe(0);
    const token = await apiLogin(suite.server.url, FUND);
    const refused = await api<{ message: string }>(token, '/auction/create', { method: 'POST', body: JSON.stringify({ isAuction: true }) });
    expect(refused.status).toBe(403);
  });
});
