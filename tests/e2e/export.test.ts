/**
 * Issue 18 in Chromium: Exportar on a list downloads, as CSV and as XLSX, exactly the rows the list
 * shows (its filter and sort, every page), under the list's Portuguese name, in the columns shown
 * (those hidden with Colunas left out). /pendencias exports its own rows and pendency columns.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { tableRows, waitForRows } from './support/session';

const suite = browserSuite();

// Signed in at the list, in São Paulo's time zone (the files' dates), taking downloads.
const signedIn = () => suite.signedIn('operador@repasse.dev', { timezoneId: 'America/Sao_Paulo', acceptDownloads: true });

/** Exports the list on screen in `format` and answers the downloaded file's name and bytes. */
async function download(page: Page, format: 'CSV' | 'XLSX'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Exportar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByRole('button', { name: 'Baixar arquivo' }).click()]);
  const path = await file.path();
  await dialog.waitFor({ state: 'hidden' });
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** The contract numbers of every page of the list, by walking its pager at 100 a page (with `cell`, that column's text too). */
async function everyContract(page: Page, cell?: number): Promise<string[]> {
  const out: string[] = [];
  for (;;) {
    // Each row's link is its contract number (the first cell may be the bulk selection's checkbox).
    const contracts = (await tableRows(page).locator('a[href^="/cotas/"]').allInnerTexts()).map((t) => t.trim());
    if (cell === undefined) out.push(...contracts);
    else {
      const texts = await tableRows(page).evaluateAll((rows, i) => rows.map((r) => (r.querySelectorAll('td')[i]?.textContent ?? '').trim()), cell);
      out.push(...contracts.map((c, i) => `${c}|${texts[i]}`));
    }
    const next = page.locator('.ant-pagination-next');
    if ((await next.getAttribute('aria-disabled')) === 'true') return out;
    const first = await tableRows(page).first().innerText();
    await next.click();
    await page.waitForFunction((before) => document.querySelector('.ant-table-tbody tr.ant-table-row')?.textContent !== before, first.replace(/\s+/g, ''));
    await waitForRows(page);
  }
}

const LIST_QUERY = 'pageSize=100&sorters[0][field]=ownerName&sorters[0][order]=desc&filters[0][field]=state&filters[0][operator]=in&filters[0][value][0]=with_pendency';

describe('Exportar', () => {
  it('downloads the filtered, sorted list as CSV and XLSX, every page, in the columns shown', async () => {
    const page = await signedIn();
    // The shares with a pendency, by owner from Z to A, a hundred to a page.
    await page.goto(`${suite.server.url}/listagem?${LIST_QUERY}`);
    await waitForRows(page);
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    const contracts = await everyContract(page);
    expect(contracts.length).toBeGreaterThan(0);
    await page.goto(`${suite.server.url}/listagem?${LIST_QUERY}`);
    await waitForRows(page);

    const csv = await download(page, 'CSV');
    expect(csv.name).toMatch(/^Listagem de cotas \d{4}-\d{2}-\d{2}\.csv$/);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual(headers);
    expect(rows.slice(1).map((r) => r[0])).toEqual(contracts);
    // As the table reads them: a state's name, a date in pt-BR.
    const stateAt = headers.indexOf('Situação') >= 0 ? headers.indexOf('Situação') : headers.findIndex((h) => /situa|estado/i.test(h));
    expect(rows[1][stateAt]).toMatch(/^[A-ZÀ-Ú]/);
    expect(rows[1].some((cell) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(cell))).toBe(true);

    const xlsx = await download(page, 'XLSX');
    expect(xlsx.name).toMatch(/^Listagem de cotas \d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readSheet(xlsx.bytes);
    expect(sheet[0]).toEqual(headers);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(contracts);
    expect(sheet[1].some((cell) => cell instanceof Date)).toBe(true);
  });
});

describe('Exportar on /pendencias', () => {
  // Kind filter, nearest due date first, a hundred to a page.
  const QUERY =
    'pageSize=100&sorters[0][field]=pendencyDueDate&sorters[0][order]=asc' +
    '&filters[0][field]=pendencyKind&filters[0][operator]=in&filters[0][value][0]=retention&filters[0][value][1]=overdue_installments&filters[0][value][2]=document';

  it("downloads the list's own rows, every page, in its columns less the one hidden, the pendency ones as a spreadsheet reads them", async () => {
    const page = await signedIn();
    await page.goto(`${suite.server.url}/pendencias?${QUERY}`);
    await waitForRows(page);
    // Colunas: the CPF/CNPJ hidden, as a user would.
    await page.getByRole('button', { name: 'Colunas' }).click();
    const chooser = page.getByRole('dialog', { name: /Colunas de/ });
    await chooser.getByRole('checkbox', { name: 'CPF/CNPJ' }).uncheck();
    await chooser.getByRole('button', { name: 'Fechar' }).last().click();
    await chooser.waitFor({ state: 'hidden' });
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    expect(headers).not.toContain('CPF/CNPJ');
    expect(headers).toEqual(expect.arrayContaining(['Pendência', 'Aberta há', 'Vencimento']));
    // Every page's contracts with their age ("12 dias") as the table shows it.
    const ageAt = headers.indexOf('Aberta há');
    const listed = await everyContract(page, ageAt);
    expect(listed.length).toBeGreaterThan(0);
    await page.goto(`${suite.server.url}/pendencias?${QUERY}`);
    await waitForRows(page);

    const csv = await download(page, 'CSV');
    expect(csv.name).toMatch(/^Cotas com pendência \d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    // The table's headers in its order; the age in days, the due date beside "Vencida".
    expect(rows[0]).toEqual(headers.flatMap((h) => (h === 'Aberta há' ? ['Aberta há (dias)'] : h === 'Vencimento' ? ['Vencimento', 'Vencida'] : [h])));
    const age = rows[0].indexOf('Aberta há (dias)');
    const days = (text: string) => (/^menos de 1 dia$/.test(text) ? '0' : text.replace(/ dias?$/, ''));
    expect(rows.slice(1).map((r) => `${r[0]}|${r[age]}`)).toEqual(listed.map((l) => l.replace(/\|(.*)$/, (_, t: string) => `|${days(t)}`)));
    const kinds = rows[0].indexOf('Pendência');
    expect(rows.slice(1).every((r) => /Retenção|Parcelas|Documento/i.test(r[kinds]))).toBe(true);
    const due = rows[0].indexOf('Vencimento');
    expect(rows.slice(1).some((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r[due]))).toBe(true);
    expect(rows.slice(1).every((r) => ['Sim', 'Não'].includes(r[due + 1]))).toBe(true);

    const xlsx = await download(page, 'XLSX');
    expect(xlsx.name).toMatch(/^Cotas com pendência \d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readSheet(xlsx.bytes);
    expect(sheet[0]).toEqual(rows[0]);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(rows.slice(1).map((r) => r[0]));
    expect(sheet.slice(1).some((r) => r[due] instanceof Date)).toBe(true);
    expect(typeof sheet[1][age]).toBe('number');
  });
});
