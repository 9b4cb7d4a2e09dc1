/**
 * Pricing spreadsheets as an administrator sends them in the first week (issue 13), in Chromium
 * against `npm start`: a 3 MB file is refused before anything is uploaded (the message names the
 * limit, nothing reaches storage), and a CSV saved by Excel in Portuguese on Windows (Windows-1252,
 * accents in the header and the cells) is priced, each share's price then shown on the page.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { apiLogin, listShares } from './support/workspace';

const ADM = 'adm@acme.repasse.dev';

const suite = browserSuite();

const api = async <T>(token: string, path: string, body?: object): Promise<T> => {
  const res = await fetch(`${suite.server.url}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
};

/** Every object the local disk store holds. */
const storedObjects = (): string[] => {
  try {
    return readdirSync(join(suite.server.dataDir, 'files', 'objects'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
};

/** An Acme auction in pricing over `count` available shares no open auction offers, minimum R$ 1.000,00. */
async function pricingAuction(token: string, count: number): Promise<{ auctionId: string; contracts: string[] }> {
  const shares = await listShares(suite.server.url, token, { state: ['available'] }, 100);
  const { data } = await api<{ data: { auctionId: string; status: string }[] }>(token, '/auction/list?limit=100');
  const taken = new Set<string>();
  for (const a of data.filter((x) => !['finished', 'canceled'].includes(x.status))) {
    const info = await api<{ config: { contractNumbers?: string[] } }>(token, `/auction/info?auctionId=${a.auctionId}`);
    for (const c of info.config.contractNumbers ?? []) taken.add(c);
  }
  const contracts = shares.filter((s) => s.admId === 1 && !taken.has(s.contractNumber)).map((s) => s.contractNumber).slice(0, count);
  expect(contracts).toHaveLength(count);
  const { auctionId } = await api<{ auctionId: string }>(token, '/auction/create', { isAuction: true });
  const day = 86_400_000;
  const config = {
    name: 'Leilão de cotações',
    startsAt: new Date(Date.now() + 2 * day).toISOString(),
    endsAt: new Date(Date.now() + 9 * day).toISOString(),
    contractNumbers: contracts,
    fundIds: [1],
    playerIds: [],
    minimumPrice: { kind: 'fixed', value: 1000 },
  };
  await api(token, '/auction/save_config', { auctionId, config });
  await api(token, '/auction/next_step', { auctionId, fromStatus: 'created' });
  return { auctionId, contracts };
}

async function openAuction(page: Page, auctionId: string): Promise<void> {
  await page.goto(`${suite.server.url}/leiloes/${auctionId}`);
  await page.getByRole('heading', { level: 1, name: 'Leilão de cotações' }).waitFor({ timeout: 30_000 });
  await page.getByTestId('pricing-file-input').waitFor({ state: 'attached' });
}

describe('pricing spreadsheets in the browser (issue 13)', () => {
  it('refuses a spreadsheet over 2 MB before uploading it: the message names the limit and nothing is stored', async () => {
    const token = await apiLogin(suite.server.url, ADM);
    const { auctionId, contracts } = await pricingAuction(token, 1);
    const page = await suite.signedIn(ADM);
    await openAuction(page, auctionId);
    const before = storedObjects();
    const calls: string[] = [];
    page.on('request', (r) => calls.push(r.url()));
    const bytes = Buffer.concat([Buffer.from(`contrato;valor\n${contracts[0]};1.500,00\n`), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    await page.getByTestId('pricing-file-input').setInputFiles({ name: 'precos-grande.csv', mimeType: 'text/csv', buffer: bytes });
    const refused = page.getByTestId('pricing-file-input-refused');
    await refused.waitFor();
    expect(await refused.innerText()).toBe('Planilha grande demais: este arquivo tem 3 MB e o limite é 2 MB. Nada foi enviado.');
    expect(calls.filter((u) => /\/api\/(storage|auction\/add_file)/.test(u))).toEqual([]);
    expect(storedObjects()).toEqual(before);
    expect(await page.getByTestId('pricing-runs').innerText()).toContain('Nenhuma planilha enviada');
  });

  it('prices a CSV saved by Excel in Portuguese on Windows (Windows-1252, accents) and shows each share’s price', async () => {
    const token = await apiLogin(suite.server.url, ADM);
    const { auctionId, contracts } = await pricingAuction(token, 2);
    const [first, second] = contracts;
    const page = await suite.signedIn(ADM);
    await openAuction(page, auctionId);
    // One byte per accent, as Excel's "CSV (separado por vírgulas)" writes on Windows; not valid UTF-8.
    const text = `Contrato;Valor;Observação\r\n${first};R$ 1.500,00;cotação revisada\r\n${second};2.750,50;ação única – não alterar\r\n`;
    const bytes = Buffer.from(text.replace('–', '\u0096'), 'latin1');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const added = page.waitForResponse((r) => r.url().endsWith('/api/auction/add_file') && r.request().method() === 'POST', { timeout: 30_000 });
    await page.getByTestId('pricing-file-input').setInputFiles({ name: 'precos-excel.csv', mimeType: 'text/csv', buffer: bytes });
    expect((await added).status()).toBe(200);
    await page.getByTestId('pricing-runs').getByText('Processada').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('pricing-errors').count()).toBe(0);
    // Each share's price, in reais, on the page.
    const results = page.getByTestId('auction-results');
    await results.getByRole('link', { name: first }).waitFor({ timeout: 30_000 });
    const rows = await results.locator('tbody tr.ant-table-row').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const byContract = new Map(rows.map((r) => [r[0], r[4]]));
    expect(byContract.get(first)).toBe('R$\u00a01.500,00');
    expect(byContract.get(second)).toBe('R$\u00a02.750,50');
  });
});
