/**
 * The share lists in a real browser against `npm start` (issue 13): the table fits 1280 px beside
 * the menu without cutting a contract number, a CPF/CNPJ, a state or a date; Back and Forward show
 * what their URL says; a Ctrl-click on a row opens that share in a new tab; on a 390 px phone the
 * filters fold and each date calendar opens inside the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { tableRows, waitForRows } from './support/session';

const suite = browserSuite();

async function signedIn(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await suite.signedIn('operador@repasse.dev', { viewport });
  if (path !== '/listagem') {
    await page.goto(`${suite.server.url}${path}`);
    await waitForRows(page);
  }
  return page;
}

/**
 * For each named column, the cells of the visible rows whose content is wider than the cell (cut,
 * or pushed past its edge), and whether the table scrolls sideways at all.
 */
async function cutCells(page: Page, headers: string[]) {
  return page.evaluate((names) => {
    const ths = [...document.querySelectorAll<HTMLElement>('.ant-table-thead th')];
    const titles = ths.map((th) => th.innerText.trim());
    const rows = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
    const cut: string[] = [];
    const missing = names.filter((n) => !titles.includes(n));
    for (const name of names) {
      const i = titles.indexOf(name);
      if (i < 0) continue;
      for (const row of rows) {
        const td = row.children[i] as HTMLElement;
        // Every element inside too: a tag or a nowrap span wider than the cell shows as overflow of the cell.
        const boxes = [td, ...td.querySelectorAll<HTMLElement>('*')];
        if (boxes.some((b) => b.scrollWidth > b.clientWidth + 1) || td.scrollWidth > td.clientWidth) cut.push(`${name}: ${td.innerText}`);
      }
    }
    const content = document.querySelector<HTMLElement>('.ant-table-content')!;
    return { cut, missing, rows: rows.length, scrollsSideways: content.scrollWidth > content.clientWidth + 1 };
  }, headers);
}

describe('tables that fit', () => {
  it.each([
    ['/listagem', ['Contrato', 'CPF/CNPJ', 'Situação', 'Atualizada em']],
    ['/pendencias', ['Contrato', 'CPF/CNPJ', 'Pendência', 'Vencimento', 'Atualizada em']],
    ['/canceladas', ['Contrato', 'CPF/CNPJ', 'Situação ao cancelar', 'Atualizada em', 'Cancelada em']],
    // Status tags such as "Em processamento" and the dates stay whole in the auctions list too.
    ['/leiloes', ['Tipo', 'Situação', 'Início', 'Término']],
  ])('%s at 1280 px shows contract numbers, CPF/CNPJ, states and dates whole, without scrolling sideways', async (path, headers) => {
    const page = await signedIn(path);
    const fit = await cutCells(page, headers);
    expect(fit.missing).toEqual([]);
    expect(fit.rows).toBeGreaterThan(0);
    expect(fit.cut).toEqual([]);
    expect(fit.scrollsSideways).toBe(false);
    // The table takes the content area beside the menu, and the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe('the filter bar on a phone (390 px)', () => {
  it('folds the filters behind "Filtros" and opens each date calendar inside the screen', async () => {
    const page = await signedIn('/listagem', { width: 390, height: 844 });
    await page.getByRole('searchbox', { name: 'Buscar' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Situação' }).count()).toBe(0);
    await page.getByRole('button', { name: /Filtros/ }).click();
    for (const placeholder of ['Atualizada de', 'Atualizada até']) {
      await page.getByPlaceholder(placeholder).first().click();
      const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').last();
      await popup.waitFor({ state: 'visible', timeout: 15_000 });
      // Wait for the popup to settle where it opens (it animates in).
      await expect
        .poll(async () => {
          const box = (await popup.locator('.ant-picker-panel-container').boundingBox())!;
          return box.x >= 0 && box.x + box.width <= 390;
        }, { timeout: 10_000 })
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'hidden', timeout: 10_000 });
    }
  });
});

describe('lists that behave like a browser', () => {
  it('Back and Forward: the URL, the search box and the rows agree', async () => {
    const page = await signedIn('/listagem', { width: 1440, height: 900 });
    const box = page.getByRole('searchbox', { name: 'Buscar' });
    const contracts = () => tableRows(page).evaluateAll((rows) => rows.map((r) => (r.children[1] as HTMLElement).innerText.trim()));
    const unfiltered = await contracts();

    await box.fill('maria');
    await box.press('Enter');
    await page.waitForURL(/filters.*maria/);
    await expect.poll(() => contracts(), { timeout: 15_000 }).not.toEqual(unfiltered);
    const searched = await contracts();
    expect(searched.length).toBeGreaterThan(0);

    // The list's own menu entry: a fresh list.
    await page.locator('.ant-menu-item', { hasText: /^Listagem$/ }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).not.toMatch(/maria/);
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe('');
    await expect.poll(() => contracts(), { timeout: 15_000 }).toEqual(unfiltered);

    await page.goBack();
    expect(page.url()).toMatch(/maria/);
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe('maria');
    await expect.poll(() => contracts(), { timeout: 15_000 }).toEqual(searched);

    await page.goForward();
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe('');
    await expect.poll(() => contracts(), { timeout: 15_000 }).toEqual(unfiltered);
    expect(page.url()).not.toMatch(/maria/);
  });

  it('Ctrl-click on a row, or on its contract number, opens that share in a new tab', async () => {
    const page = await signedIn('/listagem', { width: 1440, height: 900 });
    const row = tableRows(page).nth(2);
    const contract = (await row.locator('td').nth(1).innerText()).trim();
    expect(contract).not.toBe('');

    for (const target of [row.locator('td').nth(2), row.getByRole('link', { name: contract })]) {
      const [tab] = await Promise.all([page.context().waitForEvent('page', { timeout: 15_000 }), target.click({ modifiers: ['Control'] })]);
      await tab.waitForURL(new RegExp(`/cotas/${encodeURIComponent(contract)}`), { timeout: 15_000 });
      // Signed in there too (same browser profile), on that share.
      await tab.getByText(contract).first().waitFor({ state: 'visible', timeout: 30_000 });
      await tab.close();
    }
    // The list itself stayed where it was.
    expect(new URL(page.url()).pathname).toBe('/listagem');
  });
});
