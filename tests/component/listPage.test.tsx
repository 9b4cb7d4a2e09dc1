import type { DataProvider, GetListParams } from '@refinedev/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FLAGGED_COLUMN_PX, TABLE_WIDTH_PX, fitColumnWidths } from '../../src/domain';
import { ptBR } from '../../src/i18n/pt-BR';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { SHARES } from './fixtures';
import { fakeHttp, signIn } from './helpers';
import { TestWrapper, mockDataProvider } from './TestWrapper';

const withRows = (rows: unknown[] = SHARES, total = rows.length) => {
  const getList = vi.fn(async (params: GetListParams) => ({ data: params.resource === 'funds' ? [{ fundId: 7, name: 'Fundo Alfa', cnpj: '' }] : rows, total })) as unknown as DataProvider['getList'];
  return { getList, dataProvider: mockDataProvider({ getList }) };
};

const renderList = (path: string, dataProvider: DataProvider) =>
  render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider }) });

const lastListCall = (getList: DataProvider['getList'], resource: string) =>
  (getList as ReturnType<typeof vi.fn>).mock.calls.map((c) => c[0] as GetListParams).filter((p) => p.resource === resource).at(-1)!;

const location = () => screen.getByTestId('location').textContent ?? '';

describe('list page', () => {
  it('renders the rows with Portuguese labels, masked documents and pt-BR dates', async () => {
    signIn('operator');
    const { dataProvider } = withRows();
    renderList('/listagem', dataProvider);
    expect(await screen.findByRole('heading', { name: ptBR.shares.titles.shares })).toBeInTheDocument();
    const row = (await screen.findByText('Maria da Silva')).closest('tr')!;
    expect(within(row).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(row).getByText(ptBR.shareState.available)).toHaveClass('ant-tag');
    expect(within(row).getByText(ptBR.processStep.customer_signature)).toBeInTheDocument();
    expect(within(row).getByText(ptBR.shares.pf)).toBeInTheDocument();
    // Date and time may wrap onto two lines in a narrow column, never be cut.
    expect(within(row).getAllByRole('cell').some((c) => /^04\/03\/2025 \d{2}:30$/.test(c.textContent ?? ''))).toBe(true);
    const pj = screen.getByText('Padaria Pão Quente Ltda').closest('tr')!;
    expect(within(pj).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(pj).getByText(ptBR.shareState.with_pendency)).toBeInTheDocument();
    expect(within(pj).getByText(ptBR.processStep.pendency)).toBeInTheDocument();
    expect(within(pj).getByText(ptBR.shares.pj)).toBeInTheDocument();
    expect(screen.getByText('3 cotas')).toBeInTheDocument();
  });

  it('gives the columns the SPEC §9 share of the width, flagged when rows can be selected for a bulk move', async () => {
    signIn('operator');
    renderList('/listagem', withRows().dataProvider);
    await screen.findByText('Maria da Silva');
    // The operator may transfer in bulk: a selection column, and the flagged width.
    expect(screen.getAllByRole('columnheader')).toHaveLength(10);
    const widths = () => [...document.querySelectorAll('colgroup col')].map((c) => parseInt((c as HTMLElement).style.width, 10));
    // Unmeasured (jsdom has no layout), the table is SPEC's 1248 px wide.
    expect(widths()[0]).toBe(FLAGGED_COLUMN_PX);
    expect(widths().reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(TABLE_WIDTH_PX);
    expect(widths().slice(1)).toEqual(fitColumnWidths(TABLE_WIDTH_PX, [120, undefined, 152, 136, undefined, undefined, undefined, undefined, 112], true));
    cleanup();
    signIn('fund');
    renderList('/listagem', withRows().dataProvider);
    await screen.findByText('Maria da Silva');
    // A fund sees only its own fund's shares: no Fundo column.
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
    expect(screen.queryByRole('columnheader', { name: ptBR.shares.fund })).toBeNull();
    expect(widths().reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(TABLE_WIDTH_PX);
  });

  it('opens the share workspace from its row by keyboard: the row link is its one tab stop, Enter opens it', async () => {
    signIn('fund');
    const { dataProvider } = withRows();
    renderList('/listagem', dataProvider);
    const row = (await screen.findByText('Padaria Pão Quente Ltda')).closest('tr')!;
    // Not a tab stop itself (issue 14): only its link is.
    expect(row).not.toHaveAttribute('tabindex');
    within(row).getByRole('link').focus();
    await userEvent.setup({ delay: null }).keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/cotas/100201'));
  });

  it('says a failed load failed, never "no results", and loads again on Tentar novamente', async () => {
    signIn('operator');
    let fail = true;
    const getList = vi.fn(async (params: GetListParams) => {
      if (params.resource === 'shares' && fail) throw Object.assign(new Error('Database unavailable, try again later'), { statusCode: 503 });
      return { data: params.resource === 'funds' ? [] : SHARES, total: SHARES.length };
    }) as unknown as DataProvider['getList'];
    renderList('/listagem', mockDataProvider({ getList }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ptBR.errors.database);
    expect(screen.queryByText(ptBR.shares.empty)).toBeNull();
    fail = false;
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: ptBR.app.retry }));
    expect(await screen.findByText('Maria da Silva')).toBeInTheDocument();
  });

  it('names its controls in Portuguese, each date input on its own', async () => {
    signIn('operator');
    renderList('/listagem', withRows().dataProvider);
    expect(await screen.findByRole('checkbox', { name: ptBR.bulk.selectPage })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /select all/i })).toBeNull();
    const range = await screen.findByRole('group', { name: ptBR.shares.filterUpdatedAt });
    const inputs = within(range).getAllByRole('textbox');
    expect(inputs.map((i) => i.getAttribute('placeholder'))).toEqual([ptBR.shares.updatedFrom, ptBR.shares.updatedTo]);
    expect(inputs.every((i) => !i.hasAttribute('aria-label'))).toBe(true);
  });

  it('shows the Portuguese empty state', async () => {
    signIn('operator');
    renderList('/listagem', withRows([]).dataProvider);
    expect(await screen.findByText(ptBR.shares.empty)).toBeInTheDocument();
  });

  it('applies filters, sort and page read from the URL and shows them in the controls', async () => {
    signIn('operator');
    const { getList, dataProvider } = withRows(SHARES, 120);
    const url =
      '/listagem?currentPage=2&pageSize=20' +
      '&sorters[0][field]=ownerName&sorters[0][order]=asc' +
      '&filters[0][field]=state&filters[0][operator]=in&filters[0][value][0]=with_pendency&filters[0][value][1]=available' +
      '&filters[1][field]=q&filters[1][operator]=contains&filters[1][value]=Maria' +
      '&filters[2][field]=isPj&filters[2][operator]=eq&filters[2][value]=true' +
      '&filters[3][field]=updatedAt&filters[3][operator]=gte&filters[3][value]=2025-01-01' +
      '&filters[4][field]=updatedAt&filters[4][operator]=lte&filters[4][value]=2025-01-31';
    renderList(url, dataProvider);
    await screen.findByText('Maria da Silva');

    const call = lastListCall(getList, 'shares');
    expect(call.pagination).toMatchObject({ currentPage: 2, pageSize: 20 });
    expect(call.sorters).toEqual([{ field: 'ownerName', order: 'asc' }]);
    expect(call.filters).toEqual(
      expect.arrayContaining([
        { field: 'state', operator: 'in', value: ['with_pendency', 'available'] },
        { field: 'q', operator: 'contains', value: 'Maria' },
      ]),
    );

    expect(screen.getByRole('searchbox', { name: ptBR.shares.search })).toHaveValue('Maria');
    const bar = screen.getByRole('search');
    expect(within(bar).getByText(ptBR.shareState.with_pendency)).toBeInTheDocument();
    expect(within(bar).getByText(ptBR.shareState.available)).toBeInTheDocument();
    expect(within(bar).getByText(ptBR.shares.pj)).toBeInTheDocument();
    expect(await within(bar).findByDisplayValue('01/01/2025')).toBeInTheDocument();
    expect(within(bar).getByDisplayValue('31/01/2025')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: new RegExp(ptBR.shares.owner) })).toHaveAttribute('aria-sort', 'ascending');
    expect(document.querySelector('.ant-pagination-item-active')).toHaveTextContent('2');
  });

  it('writes a search into the URL, back to page 1', async () => {
    signIn('adm');
    const { getList, dataProvider } = withRows(SHARES, 120);
    renderList('/listagem?currentPage=3&pageSize=20', dataProvider);
    await screen.findByText('Maria da Silva');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: ptBR.shares.search }), '100201{Enter}');
    await waitFor(() => expect(location()).toContain('filters[0][field]=q'));
    expect(location()).toContain('filters[0][value]=100201');
    expect(location()).toContain('currentPage=1');
    await waitFor(() => expect(lastListCall(getList, 'shares').filters).toContainEqual({ field: 'q', operator: 'contains', value: '100201' }));
  });

  it('keeps a search with &, # and % whole in the URL and reads it back the same', async () => {
    signIn('operator');
    const { getList, dataProvider } = withRows(SHARES, 120);
    renderList('/listagem', dataProvider);
    await screen.findByText('Maria da Silva');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: ptBR.shares.search }), 'Silva & Lima #2 100%{Enter}');
    await waitFor(() => expect(location()).toContain('filters[0][value]=Silva%20%26%20Lima%20%232%20100%25'));
    const search = new URLSearchParams(location().slice(location().indexOf('?')));
    expect(search.get('filters[0][value]')).toBe('Silva & Lima #2 100%');
    await waitFor(() => expect(lastListCall(getList, 'shares').filters).toContainEqual({ field: 'q', operator: 'contains', value: 'Silva & Lima #2 100%' }));
  });

  it('clears the filters but keeps the pendency list restricted to pendencies', async () => {
    signIn('operator');
    const { getList, dataProvider } = withRows();
    renderList('/pendencias?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=Maria', dataProvider);
    await screen.findByText('Maria da Silva');
    expect(screen.getByRole('heading', { name: ptBR.shares.titles.pendencies })).toBeInTheDocument();
    expect(lastListCall(getList, 'pendencies').filters).toEqual(
      expect.arrayContaining([
        { field: 'state', operator: 'in', value: ['with_pendency'] },
        { field: 'q', operator: 'contains', value: 'Maria' },
      ]),
    );
    // The fixed state is not offered as a control, and never lands in the URL.
    expect(screen.queryByRole('combobox', { name: ptBR.shares.filterState })).not.toBeInTheDocument();
    expect(location()).not.toContain('with_pendency');

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: ptBR.shares.clearFilters }));
    await waitFor(() => expect(lastListCall(getList, 'pendencies').filters).toEqual([{ field: 'state', operator: 'in', value: ['with_pendency'] }]));
    expect(screen.getByRole('searchbox', { name: ptBR.shares.search })).toHaveValue('');
  });

  it("starts afresh from the list's own menu entry: filters, search and page all go", async () => {
    signIn('operator');
    const { getList, dataProvider } = withRows(SHARES, 120);
    renderList('/listagem?currentPage=3&pageSize=20&filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=Maria', dataProvider);
    await screen.findByText('Maria da Silva');
    expect(screen.getByRole('searchbox', { name: ptBR.shares.search })).toHaveValue('Maria');

    await userEvent.setup({ delay: null }).click(await screen.findByRole('link', { name: ptBR.menu.shares }));
    await waitFor(() => expect(lastListCall(getList, 'shares').filters ?? []).toEqual([]));
    expect(lastListCall(getList, 'shares').pagination?.currentPage).toBe(1);
    expect(screen.getByRole('searchbox', { name: ptBR.shares.search })).toHaveValue('');
    await waitFor(() => expect(location()).not.toContain('Maria'));
  });

  it('offers the administrator filter to operators and funds (an administrator lists only its own), and the fund filter to staff', async () => {
    signIn('operator');
    const first = renderList('/listagem', withRows().dataProvider);
    await screen.findByText('Maria da Silva');
    expect(await screen.findByRole('combobox', { name: ptBR.shares.filterAdministrator })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: ptBR.shares.filterFund })).toBeInTheDocument();
    first.unmount();

    signIn('adm');
    const second = renderList('/listagem', withRows().dataProvider);
    await screen.findByText('Maria da Silva');
    expect(await screen.findByRole('combobox', { name: ptBR.shares.filterFund })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: ptBR.shares.filterAdministrator })).not.toBeInTheDocument();
    second.unmount();

    signIn('fund');
    renderList('/listagem', withRows().dataProvider);
    await screen.findByText('Maria da Silva');
    expect(screen.getByRole('combobox', { name: ptBR.shares.filterState })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: ptBR.shares.filterFund })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: ptBR.shares.filterAdministrator })).toBeInTheDocument();
  });

  it('reads an estimated total as "cerca de", and still pages on from a full page', async () => {
    signIn('operator');
    const page = Array.from({ length: 20 }, (_, i) => ({ ...SHARES[0], shareId: `s-${i}`, contractNumber: `ACM-${String(i).padStart(7, '0')}` }));
    const getList = vi.fn(async () => ({ data: page, total: 1_234_567, totalExact: false })) as unknown as DataProvider['getList'];
    renderList('/listagem', mockDataProvider({ getList }));
    expect(await screen.findByText('cerca de 1.234.567 cotas')).toBeInTheDocument();
    expect(screen.getByTitle('Próxima página')).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the canceled list with when and why', async () => {
    signIn('adm');
    const rows = [{ ...SHARES[0], canceledAt: '2025-02-10T12:00:00.000Z', cancelReason: 'Desistência do cliente' }];
    renderList('/canceladas', withRows(rows).dataProvider);
    expect(await screen.findByText('Desistência do cliente')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: ptBR.shares.canceledAt })).toBeInTheDocument();
  });

  it('tells a profile that may not open a list so, without asking the server', async () => {
    signIn('fund');
    const { getList, dataProvider } = withRows();
    renderList('/canceladas', dataProvider);
    expect(await screen.findByText(ptBR.forbiddenPage.title)).toBeInTheDocument();
    expect((getList as ReturnType<typeof vi.fn>).mock.calls.filter((c) => c[0].resource === 'canceledShares')).toHaveLength(0);
  });

  it('asks the real API for the transfer list through the real providers', async () => {
    signIn('operator');
    const asked: { url?: string; params: Record<string, unknown> }[] = [];
    const network = fakeHttp((config) => {
      asked.push({ url: config.url, params: config.params });
      return { status: 200, data: { data: config.url === '/share/transfer_list' ? [SHARES[2]] : [], total: 1, page: 1, limit: 20 } };
    });
    renderList(
      '/transferencia?filters[0][field]=state&filters[0][operator]=in&filters[0][value][0]=approved_by_adm',
      createDataProvider(network),
    );
    expect(await screen.findByText('João Souza')).toBeInTheDocument();
    const call = asked.find((a) => a.url === '/share/transfer_list')!;
    expect(call.params).toMatchObject({ page: 1, limit: 20, sort: 'updatedAt', order: 'desc' });
    expect(JSON.parse(String(call.params.filters))).toEqual({ state: ['approved_by_adm'] });
  });

  it('shows a server error as the catalogue toast', async () => {
    signIn('operator');
    const network = fakeHttp((config) =>
      config.url === '/share/list' ? { status: 400, data: { message: 'Invalid filter: foo' } } : { status: 200, data: { data: [], total: 0 } },
    );
    renderList('/listagem', createDataProvider(network));
    expect(await screen.findByText(ptBR.errors.invalidInfo)).toBeInTheDocument();
  });
});
