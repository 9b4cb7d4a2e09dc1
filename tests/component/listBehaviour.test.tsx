/**
 * The share lists as a first week of use found them (issue 13): tables that fit beside the menu,
 * a filter bar that fits a phone, lists that behave like a browser (Back/Forward, links, a pager
 * that only offers what exists) and a search box that always shows what is applied.
 */
import type { DataProvider, GetListParams } from '@refinedev/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIN_COLUMN_PX, SEARCH_MAX_LENGTH, SHARE_STATES } from '../../src/domain';
import { ptBR } from '../../src/i18n/pt-BR';
import { NARROW_QUERY } from '../../src/pages/list/ListFilters';
import { WHOLE_CELL_MIN_PX } from '../../src/pages/list/cells';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { SHARES } from './fixtures';
import { fakeHttp, signIn } from './helpers';
import { TestWrapper, mockDataProvider } from './TestWrapper';
import { fakeApi } from './workspaceApi';

const ADMINISTRATORS = [
  { admId: 3, name: 'Órbita Administradora' },
  { admId: 5, name: 'Zênite Consórcios' },
  { admId: 9, name: 'Alvorada Consórcios' },
];

type Answer = { data: unknown[]; total: number; totalExact?: false };
const provider = (answer: (params: GetListParams) => Answer | Promise<Answer> = () => ({ data: SHARES, total: SHARES.length })) => {
  const getList = vi.fn(async (params: GetListParams) => {
    if (params.resource === 'funds') return { data: [{ fundId: 7, name: 'Fundo Alfa', cnpj: '' }], total: 1 };
    if (params.resource === 'administratorOptions') return { data: ADMINISTRATORS, total: ADMINISTRATORS.length };
    return answer(params);
  });
  return { getList, dataProvider: mockDataProvider({ getList: getList as unknown as DataProvider['getList'] }) };
};

/** Back and Forward, as the browser's buttons do them. */
const HistoryButtons = () => {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        test-back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        test-forward
      </button>
    </>
  );
};

const renderList = (path: string, dataProvider: DataProvider) =>
  render(
    <>
      <AppRoutes />
      <HistoryButtons />
    </>,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider }) },
  );

/** The names the open select offers, in order. */
const offered = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
const calls = (getList: ReturnType<typeof vi.fn>, resource = 'shares') => getList.mock.calls.map((c) => c[0] as GetListParams).filter((p) => p.resource === resource);
const lastCall = (getList: ReturnType<typeof vi.fn>, resource = 'shares') => calls(getList, resource).at(-1)!;
const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');
const searchBox = () => screen.getByRole('searchbox', { name: ptBR.shares.search });
const user = () => userEvent.setup({ delay: null });

/** Lays the table out `width` px wide: what the browser's ResizeObserver reports. */
const layOut = (width: number) => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target, contentRect: { width, height: 600 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    },
  );
};

/** A phone: NARROW_QUERY matches. */
const onPhone = () => {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query === NARROW_QUERY }));
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const colWidths = () => [...document.querySelectorAll('.ant-table-header colgroup col, .ant-table-content colgroup col')].map((c) => parseInt((c as HTMLElement).style.width, 10));

describe('tables that fit', () => {
  it('fit 1,000 px (1280 beside the menu): numbers, states and dates get room to be read whole, names share the rest', async () => {
    layOut(1000);
    signIn('operator');
    renderList('/listagem', provider().dataProvider);
    await screen.findByText('Maria da Silva');
    const widths = colWidths();
    // Selection, contract, owner, CPF/CNPJ, state, step, type, administrator, fund, updated at.
    expect(widths).toHaveLength(10);
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
    const [, contract, owner, document, state, , , , , updated] = widths;
    expect(contract).toBeGreaterThanOrEqual(WHOLE_CELL_MIN_PX.code!);
    expect(document).toBeGreaterThanOrEqual(WHOLE_CELL_MIN_PX.document!);
    expect(state).toBeGreaterThanOrEqual(WHOLE_CELL_MIN_PX.shareState!);
    expect(updated).toBeGreaterThanOrEqual(WHOLE_CELL_MIN_PX.dateTime!);
    // The names share what is left: more than the floor at this width.
    expect(owner).toBeGreaterThan(MIN_COLUMN_PX);
    // Numbers never shorten; names do, with their whole text in the title.
    const row = screen.getByText('Padaria Pão Quente Ltda').closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).not.toHaveClass('ant-table-cell-ellipsis');
    expect(cells[3]).not.toHaveClass('ant-table-cell-ellipsis');
    expect(cells[2]).toHaveClass('ant-table-cell-ellipsis');
    expect(cells[2]).toHaveAttribute('title', 'Padaria Pão Quente Ltda');
  });

  it('shows a state tag whole, with no "…" after it, on Pendências and Canceladas', async () => {
    layOut(1000);
    signIn('operator');
    const canceled = [{ ...SHARES[1], canceledAt: '2025-02-10T12:00:00.000Z', cancelReason: 'Desistência', canceledFromState: 'approved_by_adm' }];
    renderList('/canceladas', provider(() => ({ data: canceled, total: 1 })).dataProvider);
    // In the table: the status tab above it (issue 18) reads the same state.
    const tag = await within(await screen.findByRole('table')).findByText(ptBR.shareState.approved_by_adm);
    const cell = tag.closest('td')!;
    expect(cell).not.toHaveClass('ant-table-cell-ellipsis');
    // Wraps between its words rather than being cut (jsdom keeps no logical margins to check).
    expect(tag).toHaveStyle({ whiteSpace: 'normal' });
    expect(colWidths().reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
  });

  it('hides the Administradora column from an administrator, whose rows are all its own', async () => {
    signIn('adm');
    renderList('/listagem', provider().dataProvider);
    await screen.findByText('Maria da Silva');
    expect(screen.queryByRole('columnheader', { name: ptBR.shares.administrator })).toBeNull();
    expect(screen.getByRole('columnheader', { name: ptBR.shares.fund })).toBeInTheDocument();
    expect(screen.queryByText('Órbita Administradora')).toBeNull();
  });
});

describe('the filter bar on a phone', () => {
  it('folds the filters behind "Filtros (n)", keeping the search in view', async () => {
    onPhone();
    signIn('operator');
    renderList(
      '/listagem?filters[0][field]=state&filters[0][operator]=in&filters[0][value][0]=with_pendency&filters[1][field]=isPj&filters[1][operator]=eq&filters[1][value]=true',
      provider().dataProvider,
    );
    await screen.findByText('Maria da Silva');
    expect(searchBox()).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: ptBR.shares.filterState })).toBeNull();
    const toggle = screen.getByRole('button', { name: /Filtros \(2\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: ptBR.shares.filterState })).toBeInTheDocument();
  });

  it('offers the date range as two one-month pickers', async () => {
    onPhone();
    signIn('operator');
    renderList('/listagem?filters[0][field]=updatedAt&filters[0][operator]=gte&filters[0][value]=2025-01-01', provider().dataProvider);
    await screen.findByText('Maria da Silva');
    await user().click(screen.getByRole('button', { name: /Filtros \(1\)/ }));
    // The stand-in gives way to the pickers once their chunk is in.
    const group = () => screen.getByRole('group', { name: ptBR.shares.filterUpdatedAt });
    await waitFor(() => expect(within(group()).getByDisplayValue('01/01/2025')).toBeInTheDocument());
    expect(group().querySelector('.ant-picker-range')).toBeNull();
    expect(group().querySelectorAll('.ant-picker')).toHaveLength(2);
  });
});

describe('lists that behave like a browser', () => {
  it('Back and Forward show what their URL says: search box, filters and rows', async () => {
    signIn('operator');
    const { getList, dataProvider } = provider();
    renderList('/listagem?currentPage=1&pageSize=20&filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=maria', dataProvider);
    await screen.findByText('Maria da Silva');
    expect(searchBox()).toHaveValue('maria');

    // The menu entry of the list itself: a fresh list.
    await user().click(await screen.findByRole('link', { name: ptBR.menu.shares }));
    await waitFor(() => expect(lastCall(getList).filters ?? []).toEqual([]));
    await waitFor(() => expect(searchBox()).toHaveValue(''));

    await user().click(screen.getByRole('button', { name: 'test-back' }));
    await waitFor(() => expect(location()).toContain('filters[0][value]=maria'));
    await waitFor(() => expect(searchBox()).toHaveValue('maria'));
    await waitFor(() => expect(lastCall(getList).filters).toContainEqual({ field: 'q', operator: 'contains', value: 'maria' }));

    await user().click(screen.getByRole('button', { name: 'test-forward' }));
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    await waitFor(() => expect(lastCall(getList).filters ?? []).toEqual([]));
    expect(location()).not.toContain('maria');
  });

  it('makes each row a link: its contract number is an <a href>, Ctrl-click and middle-click open a new tab', async () => {
    signIn('operator');
    renderList('/listagem', provider().dataProvider);
    const link = await screen.findByRole('link', { name: '100201' });
    expect(link).toHaveAttribute('href', '/cotas/100201');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const owner = screen.getByText('Padaria Pão Quente Ltda');
    fireEvent.click(owner, { ctrlKey: true });
    expect(open).toHaveBeenLastCalledWith('/cotas/100201', '_blank', 'noopener');
    fireEvent(owner, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(open).toHaveBeenCalledTimes(2);
    // A plain click still opens the share in place.
    await user().click(owner);
    await waitFor(() => expect(location()).toBe('/cotas/100201'));
    expect(open).toHaveBeenCalledTimes(2);
  });
});

describe('the pager', () => {
  it('brings a page size the pager does not offer back to one it does, in the URL too', async () => {
    signIn('operator');
    const { getList, dataProvider } = provider(() => ({ data: SHARES, total: 3 }));
    renderList('/listagem?currentPage=1&pageSize=500', dataProvider);
    await screen.findByText('Maria da Silva');
    await waitFor(() => expect(location()).toContain('pageSize=100'));
    expect(calls(getList).every((c) => c.pagination?.pageSize !== 500)).toBe(true);
    expect(screen.getByText('100 / página')).toBeInTheDocument();
  });

  it('brings a page past the end back to the last page, and says an exact total exactly', async () => {
    signIn('operator');
    const page = Array.from({ length: 20 }, (_, i) => ({ ...SHARES[0], shareId: `s-${i}`, contractNumber: `ACM-${String(i).padStart(7, '0')}` }));
    // The server counts exactly past the end (3,000 shares), and serves the last page.
    const { getList, dataProvider } = provider((p) => ({ data: (p.pagination?.currentPage ?? 1) > 150 ? [] : page, total: 3000 }));
    renderList('/listagem?currentPage=9999&pageSize=20', dataProvider);
    await waitFor(() => expect(location()).toContain('currentPage=150'));
    await waitFor(() => expect(lastCall(getList).pagination?.currentPage).toBe(150));
    expect(await screen.findByText('3.000 cotas')).toBeInTheDocument();
    expect(screen.queryByText(/cerca de/)).toBeNull();
    expect(screen.queryByText(ptBR.shares.empty)).toBeNull();
  });

  it('refuses a search longer than the server takes on the field, without a call or a toast', async () => {
    signIn('operator');
    const { getList, dataProvider } = provider();
    renderList('/listagem', dataProvider);
    await screen.findByText('Maria da Silva');
    const before = calls(getList).length;
    const long = 'a'.repeat(SEARCH_MAX_LENGTH + 1);
    fireEvent.change(searchBox(), { target: { value: long } });
    await user().type(searchBox(), '{Enter}');
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(`até ${SEARCH_MAX_LENGTH} caracteres`);
    expect(searchBox()).toHaveAttribute('aria-invalid', 'true');
    expect(location()).not.toContain('aaaa');
    expect(calls(getList).slice(before).some((c) => JSON.stringify(c.filters).includes('aaaa'))).toBe(false);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });
});

describe('the search box shows what is applied', () => {
  it('applies typed text with the next filter change, and Limpar filtros empties it', async () => {
    signIn('operator');
    const { getList, dataProvider } = provider();
    renderList('/listagem', dataProvider);
    await screen.findByText('Maria da Silva');
    await user().type(searchBox(), 'Maria');
    await user().click(screen.getByRole('combobox', { name: ptBR.shares.filterPersonType }));
    await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${ptBR.shares.pj}"]`)).not.toBeNull());
    await user().click(document.querySelector(`.ant-select-item-option[title="${ptBR.shares.pj}"]`)!);
    await waitFor(() =>
      expect(lastCall(getList).filters).toEqual(
        expect.arrayContaining([
          { field: 'q', operator: 'contains', value: 'Maria' },
          { field: 'isPj', operator: 'eq', value: true },
        ]),
      ),
    );
    expect(searchBox()).toHaveValue('Maria');

    await user().type(searchBox(), ' Silva');
    await user().click(screen.getByRole('button', { name: ptBR.shares.clearFilters }));
    await waitFor(() => expect(lastCall(getList).filters ?? []).toEqual([]));
    expect(searchBox()).toHaveValue('');
  });
});

describe('filters and columns', () => {
  it('offers every administrator in the Administradora filter, not only those on the loaded rows', async () => {
    signIn('operator');
    const { getList, dataProvider } = provider();
    renderList('/listagem', dataProvider);
    await screen.findByText('Maria da Silva');
    await user().click(await screen.findByRole('combobox', { name: ptBR.shares.filterAdministrator }));
    // No loaded row is of Zênite or Alvorada.
    expect(await screen.findByTitle('Zênite Consórcios')).toBeInTheDocument();
    expect(screen.getByTitle('Alvorada Consórcios')).toBeInTheDocument();
    expect(calls(getList, 'administratorOptions').length).toBeGreaterThan(0);
  });

  it('asks for the status counts once the first rows are in, and for a filter select\'s options only once it is reached (issue 17)', async () => {
    signIn('operator');
    let answerList = () => undefined as void;
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    const api = fakeApi({
      'GET /share/list': async () => {
        await listAnswered;
        return { status: 200, data: { data: SHARES, total: SHARES.length, page: 1, limit: 20 } };
      },
      'GET /share/state_counts': { status: 200, data: { total: { count: SHARES.length, exact: true }, states: [] } },
      'GET /share/administrator_options': { status: 200, data: { data: ADMINISTRATORS, total: ADMINISTRATORS.length, page: 1, limit: 100 } },
      'GET /fund/list': { status: 200, data: { data: [{ fundId: 7, name: 'Fundo Alfa', cnpj: '' }], total: 1, page: 1, limit: 100 } },
    });
    renderList('/listagem', createDataProvider(api.client));
    const administrators = await screen.findByRole('combobox', { name: ptBR.shares.filterAdministrator });
    await waitFor(() => expect(api.called('GET', '/share/list')).toHaveLength(1));
    expect(api.called('GET', '/share/state_counts')).toHaveLength(0);

    answerList();
    await screen.findByText('Maria da Silva');
    await waitFor(() => expect(screen.getByRole('tab', { name: `${ptBR.shares.statusTabs.all} (${SHARES.length})` })).toBeInTheDocument());
    // Nobody has reached the selects: their options are not asked for.
    expect(api.called('GET', '/share/administrator_options')).toHaveLength(0);
    expect(api.called('GET', '/fund/list')).toHaveLength(0);

    await user().click(administrators);
    expect(await screen.findByTitle('Zênite Consórcios')).toBeInTheDocument();
    expect(api.called('GET', '/share/administrator_options')).toHaveLength(1);
    expect(api.called('GET', '/fund/list')).toHaveLength(0);
  });

  it('names an administrator and a fund the address filters by at once, asking for their options without a click', async () => {
    signIn('operator');
    const api = fakeApi({
      'GET /share/list': { status: 200, data: { data: SHARES, total: SHARES.length, page: 1, limit: 20 } },
      'GET /share/administrator_options': { status: 200, data: { data: ADMINISTRATORS, total: ADMINISTRATORS.length, page: 1, limit: 100 } },
      'GET /fund/list': { status: 200, data: { data: [{ fundId: 7, name: 'Fundo Alfa', cnpj: '' }], total: 1, page: 1, limit: 100 } },
    });
    renderList('/listagem?filters[0][field]=admId&filters[0][operator]=eq&filters[0][value]=5&filters[1][field]=fundId&filters[1][operator]=eq&filters[1][value]=7', createDataProvider(api.client));
    const administrators = (await screen.findByRole('combobox', { name: ptBR.shares.filterAdministrator })).closest('.ant-select')!;
    const funds = screen.getByRole('combobox', { name: ptBR.shares.filterFund }).closest('.ant-select')!;
    await waitFor(() => expect(within(administrators as HTMLElement).getByText('Zênite Consórcios')).toBeInTheDocument());
    await waitFor(() => expect(within(funds as HTMLElement).getByText('Fundo Alfa')).toBeInTheDocument());
  });

  it('gives a fund user the Administradora filter, offering the administrators of its shares from GET /share/administrator_options', async () => {
    signIn('fund');
    // The administrators this fund holds shares of, as the server scopes them.
    const held = [ADMINISTRATORS[2], ADMINISTRATORS[1]];
    const api = fakeApi({
      'GET /share/list': { status: 200, data: { data: SHARES, total: SHARES.length, page: 1, limit: 20 } },
      'GET /share/administrator_options': ({ params }) => {
        const data = held.filter((a) => !params?.q || a.name.toLowerCase().includes(String(params.q).toLowerCase()));
        return { status: 200, data: { data, total: data.length, page: 1, limit: 100 } };
      },
    });
    renderList('/listagem', createDataProvider(api.client));
    await screen.findByText('Maria da Silva');
    await user().click(await screen.findByRole('combobox', { name: ptBR.shares.filterAdministrator }));
    await waitFor(() => expect(offered()).toEqual(['Alvorada Consórcios', 'Zênite Consórcios']));
    expect(api.called('GET', '/administrator/list')).toHaveLength(0);

    await user().type(screen.getByRole('combobox', { name: ptBR.shares.filterAdministrator }), 'zên');
    await waitFor(() => expect(offered()).toEqual(['Zênite Consórcios']));
    expect(api.called('GET', '/share/administrator_options').at(-1)!.params).toMatchObject({ q: 'zên' });
    await user().click(within(document.querySelector('.ant-select-dropdown')!).getByTitle('Zênite Consórcios'));
    await waitFor(() => expect(JSON.parse(String(api.called('GET', '/share/list').at(-1)!.params?.filters))).toEqual({ admId: 5 }));
  });

  it('Canceladas: shows the state each sale was cancelled in, filters by it, and a second click reverses "Cancelada em"', async () => {
    signIn('operator');
    const rows = [{ ...SHARES[0], state: 'available', canceledAt: '2025-02-10T12:00:00.000Z', cancelReason: 'Desistência', canceledFromState: 'received_from_client' }];
    const { getList, dataProvider } = provider(() => ({ data: rows, total: 1 }));
    renderList('/canceladas', dataProvider);
    const row = (await screen.findByText('Desistência')).closest('tr')!;
    expect(within(row).getByText(ptBR.shareState.received_from_client)).toBeInTheDocument();
    expect(within(row).queryByText(ptBR.shareState.available)).toBeNull();
    expect(screen.getByRole('columnheader', { name: new RegExp(ptBR.shares.stateAtCancel) })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: ptBR.shares.stateAtCancel })).toBeInTheDocument();

    const header = () => screen.getByRole('columnheader', { name: new RegExp(ptBR.shares.canceledAt) });
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await user().click(within(header()).getByText(ptBR.shares.canceledAt));
    await waitFor(() => expect(lastCall(getList, 'canceledShares').sorters).toEqual([{ field: 'canceledAt', order: 'asc' }]));
    await user().click(within(header()).getByText(ptBR.shares.canceledAt));
    await waitFor(() => expect(lastCall(getList, 'canceledShares').sorters).toEqual([{ field: 'canceledAt', order: 'desc' }]));
    expect(header()).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the spinner alone while the first page loads, "no results" only once loaded and empty', async () => {
    signIn('operator');
    let answer: (a: Answer) => void = () => undefined;
    const { dataProvider } = provider(() => new Promise<Answer>((ok) => (answer = ok)));
    renderList('/listagem', dataProvider);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.queryByText(ptBR.shares.empty)).toBeNull();
    await act(async () => answer({ data: [], total: 0 }));
    expect(await screen.findByText(ptBR.shares.empty)).toBeInTheDocument();
  });

  it('keeps the rows it shows, marked busy, while a filter change loads; then shows the new ones', async () => {
    signIn('operator');
    let answer: ((a: Answer) => void) | null = null;
    const { dataProvider } = provider((params) =>
      params.filters?.length ? new Promise<Answer>((ok) => (answer = ok)) : { data: SHARES, total: SHARES.length },
    );
    renderList('/listagem', dataProvider);
    const box = () => document.querySelector('.ant-table-wrapper')!.closest('[aria-busy]')!;
    await screen.findAllByRole('link', { name: String(SHARES[0].contractNumber) });
    await waitFor(() => expect(box()).toHaveAttribute('aria-busy', 'false'));

    await user().click(screen.getByRole('combobox', { name: ptBR.shares.filterState }));
    await user().click(await screen.findByTitle(ptBR.shareState.with_pendency));
    await waitFor(() => expect(answer).not.toBeNull());
    // Loading: the same rows, under the spinner, and the box says so to assistive technology.
    await waitFor(() => expect(box()).toHaveAttribute('aria-busy', 'true'));
    expect(box().querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: String(SHARES[0].contractNumber) }).length).toBeGreaterThan(0);
    expect(screen.queryByText(ptBR.shares.empty)).toBeNull();

    await act(async () => answer!({ data: [SHARES[1]], total: 1 }));
    await waitFor(() => expect(box()).toHaveAttribute('aria-busy', 'false'));
    expect(box().querySelector('.ant-spin-spinning')).toBeNull();
    expect(screen.queryByRole('link', { name: String(SHARES[0].contractNumber) })).toBeNull();
    expect(screen.getByRole('link', { name: String(SHARES[1].contractNumber) })).toBeInTheDocument();
  });
});

describe('a change asks for its rows before the page renders it (issue 17)', () => {
  it('a filter, a sort and a page each send their one list call before the page shows the change', async () => {
    signIn('operator');
    // Whether the page already shows the change being made, asked when its list call leaves.
    let shown: () => boolean = () => false;
    const asked: { params: Record<string, unknown>; shownWhenSent: boolean }[] = [];
    const http = fakeHttp((config) => {
      if (config.url === '/share/list') {
        asked.push({ params: { ...(config.params as Record<string, unknown>) }, shownWhenSent: shown() });
        return { status: 200, data: { data: SHARES, total: 60, page: 1, limit: 20 } };
      }
      return { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } };
    });
    renderList('/listagem', createDataProvider(http));
    await screen.findAllByRole('link', { name: String(SHARES[0].contractNumber) });
    const settled = () => waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    await settled();
    const before = asked.length;

    // A filter: the state select's option; shown once the select holds it. Its call leaves as the
    // options open (one per state), so before the pick.
    shown = () => !!document.querySelector(`.ant-select-selection-item[title="${ptBR.shareState.with_pendency}"]`);
    await user().click(screen.getByRole('combobox', { name: ptBR.shares.filterState }));
    await waitFor(() => expect(asked.length).toBe(before + SHARE_STATES.length));
    const pendency = asked.slice(before).filter((a) => a.params.filters === JSON.stringify({ state: ['with_pendency'] }));
    expect(pendency).toEqual([expect.objectContaining({ shownWhenSent: false, params: expect.objectContaining({ page: 1 }) })]);
    await user().click(await screen.findByTitle(ptBR.shareState.with_pendency));
    await settled();
    const afterFilter = asked.length;
    expect(afterFilter).toBe(before + SHARE_STATES.length);

    // A sort: the contract column's header; shown once the header says it sorts.
    const header = screen.getByRole('columnheader', { name: new RegExp(ptBR.shares.contractNumber) });
    shown = () => header.getAttribute('aria-sort') === 'ascending';
    await user().click(header);
    await waitFor(() => expect(asked.length).toBe(afterFilter + 1));
    await settled();
    expect(asked.at(-1)).toMatchObject({ shownWhenSent: false, params: { sort: 'contractNumber' } });

    // A page: the pager's second page; shown once the pager marks it.
    shown = () => !!document.querySelector('.ant-pagination-item-active[title="2"]');
    await user().click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(asked.length).toBe(afterFilter + 2));
    await settled();
    expect(asked.at(-1)).toMatchObject({ shownWhenSent: false, params: { page: 2 } });
    // The table's own calls took these answers: no second call for any of the three.
    expect(asked.length).toBe(afterFilter + 2);
  });

  it('a state picked from the open filter shows its rows with the pick, from the call sent as the options opened', async () => {
    signIn('operator');
    const pendencyRow = { ...SHARES[1], contractNumber: 'PEN-0000001', ownerName: 'Paula Pendente', state: 'with_pendency' };
    const asked: string[] = [];
    const http = fakeHttp((config) => {
      if (config.url !== '/share/list') return { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } };
      const filters = String((config.params as Record<string, unknown>).filters ?? '');
      asked.push(filters);
      const rows = filters.includes('with_pendency') ? [pendencyRow] : SHARES;
      return { status: 200, data: { data: rows, total: rows.length, page: 1, limit: 20 } };
    });
    renderList('/listagem', createDataProvider(http));
    await screen.findByText('Maria da Silva');
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    await user().click(screen.getByRole('combobox', { name: ptBR.shares.filterState }));
    await waitFor(() => expect(asked.filter((f) => f.includes('with_pendency'))).toHaveLength(1));
    // Let the answers arrive, then record whether the table ever says it is loading.
    await new Promise((r) => setTimeout(r, 50));
    const calls = asked.length;
    let busy = false;
    const watch = new MutationObserver(() => (busy ||= !!document.querySelector('[aria-busy="true"]')));
    watch.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['aria-busy'] });
    await user().click(await screen.findByTitle(ptBR.shareState.with_pendency));
    expect(await screen.findByText('Paula Pendente')).toBeInTheDocument();
    watch.disconnect();
    expect(busy).toBe(false);
    expect(asked.length).toBe(calls);
  });
  it('a list opened by its address takes its rows and the columns its user hides from the calls sent ahead, in one round trip', async () => {
    signIn('operator');
    const asked: string[] = [];
    const http = fakeHttp((config) => {
      asked.push(String(config.url));
      if (config.url === '/view/columns_list') return { status: 200, data: { data: [{ list: 'shares', hiddenColumns: ['admName'] }] } };
      if (config.url === '/share/list') return { status: 200, data: { data: SHARES, total: 60, page: 1, limit: 20 } };
      return { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } };
    });
    const provider = createDataProvider(http);
    // What a reload or a login does before the page's code runs (SignedInApp prefetchListAt).
    provider.prefetchList({ resource: 'shares', pagination: { currentPage: 1, pageSize: 20 }, sorters: [{ field: 'updatedAt', order: 'desc' }] });
    provider.prefetchCall('view.columnsList');
    renderList('/listagem', provider);
    await screen.findAllByRole('link', { name: String(SHARES[0].contractNumber) });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: new RegExp(ptBR.shares.administrator) })).toBeNull());
    // Each was sent once, ahead: the page's own reads took those answers.
    expect(asked.filter((u) => u === '/share/list')).toHaveLength(1);
    expect(asked.filter((u) => u === '/view/columns_list')).toHaveLength(1);
  });
});
