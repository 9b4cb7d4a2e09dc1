/**
 * Saved views, the column chooser and the command palette in a real browser against `npm start`
 * (issue 18): a view saved from a filtered and sorted list comes back after a reload and, applied,
 * makes the list and its address what was saved; a hidden column stays hidden across visits and the
 * table still fits; Ctrl-K goes to a contract by its number; the header keeps a phone from scrolling
 * sideways with the search button in it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { tableRows, waitForRows } from './support/session';

const suite = browserSuite();

const signedIn = (email: string, viewport = { width: 1440, height: 900 }) => suite.signedIn(email, { viewport });

const headers = (page: Page) => page.locator('.ant-table-thead th').allInnerTexts().then((all) => all.map((h) => h.trim()).filter(Boolean));

describe('saved views', () => {
  it('save the filtered, sorted list as a view; after a reload, applying it brings back the list and its address', async () => {
    const page = await signedIn('adm@acme.repasse.dev');
    // Sort by a column and ask for 50 rows a page: the URL now holds both.
    await page.getByRole('columnheader', { name: /Atualizada em/ }).click();
    await page.waitForURL(/sorters/);
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill('a');
    await search.press('Enter');
    await page.waitForURL(/filters/);
    await waitForRows(page);
    const saved = new URL(page.url());

    await page.getByRole('button', { name: 'Visões' }).click();
    const dialog = page.getByRole('dialog', { name: /Visões de/ });
    await dialog.getByLabel('Nome da visão').fill('Minha seleção');
    await dialog.getByRole('button', { name: 'Salvar visão' }).click();
    await dialog.getByText('Minha seleção').waitFor();
    // The same name again is refused on the field, in Portuguese.
    await dialog.getByLabel('Nome da visão').fill('MINHA SELEÇÃO');
    await dialog.getByRole('button', { name: 'Salvar visão' }).click();
    await dialog.getByText('Já existe uma visão com este nome nesta lista.').waitFor();
    await page.keyboard.press('Escape');

    // Back to the bare list, reload: the view is kept on the server.
    await page.getByRole('navigation').getByRole('link', { name: 'Listagem' }).click();
    await page.waitForURL((u) => u.pathname === '/listagem' && !u.search.includes('filters'));
    await page.reload();
    await waitForRows(page);
    await page.getByRole('button', { name: 'Visões' }).click();
    await page.getByRole('button', { name: 'Aplicar a visão Minha seleção' }).click();
    await page.waitForURL(/filters/);
    const applied = new URL(page.url());
    for (const key of ['sorters[0][field]', 'sorters[0][order]', 'filters[0][value]']) expect(applied.searchParams.get(key), key).toBe(saved.searchParams.get(key));
    // The list shows what its address says: the search box and the sort arrow.
    await expect.poll(() => page.getByRole('searchbox', { name: 'Buscar' }).inputValue()).toBe('a');
    await expect
      .poll(() => page.getByRole('columnheader', { name: /Atualizada em/ }).getAttribute('aria-sort'))
      .toBe(saved.searchParams.get('sorters[0][order]') === 'desc' ? 'descending' : 'ascending');

    // Rename, then delete with a confirmation.
    await page.getByRole('button', { name: 'Visões' }).click();
    await page.getByRole('button', { name: 'Renomear a visão Minha seleção' }).click();
    const rename = page.getByLabel('Novo nome da visão Minha seleção');
    await rename.fill('Antigas');
    await rename.press('Enter');
    await page.getByRole('button', { name: 'Excluir a visão Antigas' }).click();
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Nenhuma visão salva nesta lista ainda.').waitFor();
  });

  it('a hidden column stays hidden on the next visit, and the table still fits without scrolling sideways', async () => {
    const page = await signedIn('operador@repasse.dev', { width: 1280, height: 800 });
    expect(await headers(page)).toContain('CPF/CNPJ');
    await page.getByRole('button', { name: /^Colunas/ }).click();
    const dialog = page.getByRole('dialog', { name: /Colunas de/ });
    await dialog.getByRole('checkbox', { name: 'CPF/CNPJ' }).uncheck();
    await expect.poll(() => headers(page)).not.toContain('CPF/CNPJ');
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await page.getByRole('button', { name: 'Colunas (1 oculta)' }).waitFor();

    await page.reload();
    await waitForRows(page);
    await expect.poll(() => headers(page)).not.toContain('CPF/CNPJ');
    const scrolls = await page.evaluate(() => {
      const content = document.querySelector<HTMLElement>('.ant-table-content')!;
      return content.scrollWidth > content.clientWidth + 1;
    });
    expect(scrolls).toBe(false);

    // Mostrar todas brings every column back (the last visible column is tested in tests/component/viewsPalette.test.tsx).
    await page.getByRole('button', { name: /^Colunas/ }).click();
    expect(await tableRows(page).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Mostrar todas' }).click();
    await expect.poll(() => headers(page)).toContain('CPF/CNPJ');
  });
});

describe('the command palette', () => {
  it('Ctrl-K, a contract number, Enter: the share opens; Esc gives the focus back', async () => {
    const page = await signedIn('operador@repasse.dev');
    const contract = (await tableRows(page).first().getByRole('link').first().innerText()).trim();

    const searchButton = page.getByTestId('palette-button');
    await searchButton.focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Buscar contrato, lista ou ação' });
    await box.waitFor();
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
    await expect.poll(() => searchButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Control+k');
    await box.fill(contract);
    await page.getByRole('option', { name: new RegExp(`Contrato ${contract}`) }).first().waitFor();
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === `/cotas/${contract}`, { timeout: 30_000 });
  });

  it('jumps to a list by its name with the arrow keys, and offers only what the user may open', async () => {
    const page = await signedIn('fundo@repasse.dev');
    await page.getByTestId('palette-button').click();
    const box = page.getByRole('combobox', { name: 'Buscar contrato, lista ou ação' });
    await box.fill('transf');
    await page.getByRole('option', { name: /Transferência/ }).waitFor();
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/transferencia');
    // A fund opens neither the canceled shares nor the users, and creates no auction.
    await page.keyboard.press('Control+k');
    for (const q of ['Canceladas', 'Usuários', 'Novo leilão']) {
      await box.fill(q);
      await page.getByRole('status').filter({ hasText: `Nada encontrado para "${q}".` }).waitFor();
    }
  });

  it('on a 390 px phone the header keeps the search button without scrolling sideways', async () => {
    const page = await signedIn('operador@repasse.dev', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Buscar contrato, lista ou ação' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
