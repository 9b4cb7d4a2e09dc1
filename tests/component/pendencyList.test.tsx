/**
 * Issue 15, `/pendencias`: each share's open pendencies — their kinds, how long the oldest has been
 * open, the nearest due date marked "Vencida" when past — and filters on them, declared in the
 * resource definition and sent as GET /share/with_pendency_list's keys (through the real data provider).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PendencyShareListItem } from '../../src/domain';
import { ptBR } from '../../src/i18n/pt-BR';
import { createDataProvider } from '../../src/providers/dataProvider';
import { toPendencyListFilters } from '../../src/resources/pendencyFilters';
import { AppRoutes } from '../../src/routes';
import { share } from './fixtures';
import { signIn } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Call } from './workspaceApi';

vi.setConfig({ testTimeout: 60_000 });
const S = ptBR.shares;

const row = (over: Partial<PendencyShareListItem>): PendencyShareListItem => ({
  ...share({ state: 'with_pendency', processStep: 7 }),
  pendency: { count: 1, kinds: ['retention'], openedAt: '2026-10-01T12:00:00.000Z', ageDays: 12, dueDate: '2099-01-10', overdue: false },
  ...over,
});

const ROWS = [
  row({ shareId: 's-1', contractNumber: 'ACM-0000001', ownerName: 'Maria da Silva', pendency: { count: 2, kinds: ['overdue_installments', 'document'], openedAt: '2026-09-01T12:00:00.000Z', ageDays: 1, dueDate: '2020-03-05', overdue: true } }),
  row({ shareId: 's-2', contractNumber: 'ACM-0000002', ownerName: 'João Souza' }),
  row({ shareId: 's-3', contractNumber: 'ACM-0000003', ownerName: 'Ana Lima', pendency: null }),
];

const openList = (path = '/pendencias', hidden: string[] = []) => {
  signIn('operator');
  const api = fakeApi({
    'GET /share/with_pendency_list': { status: 200, data: { data: ROWS, total: ROWS.length, page: 1, limit: 20 } },
    'GET /view/columns_list': { status: 200, data: { data: [{ list: 'pendencies', hiddenColumns: hidden }], total: 1, page: 1, limit: 20 } },
    // The file itself is the API tests' (export.test.ts): here, what the list asks for.
    'POST /share/with_pendency_list_export': { status: 200, data: new ReadableStream<Uint8Array>({ start: (c) => c.close() }) },
    'GET /fund/list': { status: 200, data: { data: [], total: 0, page: 1, limit: 100 } },
    'GET /share/administrator_options': { status: 200, data: { data: [], total: 0, page: 1, limit: 100 } },
  });
  render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) });
  return api;
};

const lastList = (calls: Call[]) => calls.filter((c) => c.path === '/share/with_pendency_list').at(-1)!;
const filtersOf = (call: Call) => JSON.parse(String(call.params?.filters ?? '{}')) as Record<string, unknown>;
const cell = (tr: HTMLElement, header: string) => {
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  return within(tr).getAllByRole('cell')[headers.indexOf(header)];
};

describe('/pendencias', () => {
  it('shows each share’s pendency kinds, the oldest one’s age and the nearest due date, overdue marked', async () => {
    const api = openList();
    const maria = (await screen.findByText('Maria da Silva')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining([S.pendencyKinds, S.pendencyAge, S.pendencyDue]));
    // The process step always reads "Pendência" here and the state "Com pendência": both, with the
    // person type, made room for the pendency columns.
    expect(headers).not.toContain(S.processStep);
    expect(headers).not.toContain(S.state);
    expect(within(cell(maria, S.pendencyKinds)).getByText(ptBR.pendencyKind.overdue_installments)).toHaveClass('ant-tag');
    expect(within(cell(maria, S.pendencyKinds)).getByText(ptBR.pendencyKind.document)).toHaveClass('ant-tag');
    expect(cell(maria, S.pendencyAge)).toHaveTextContent('1 dia');
    expect(cell(maria, S.pendencyDue)).toHaveTextContent(`05/03/2020 ${S.pendencyOverdue}`);
    const joao = screen.getByText('João Souza').closest('tr')!;
    expect(cell(joao, S.pendencyAge)).toHaveTextContent('12 dias');
    expect(cell(joao, S.pendencyDue)).toHaveTextContent('10/01/2099');
    expect(cell(joao, S.pendencyDue)).not.toHaveTextContent(S.pendencyOverdue);
    // A share left in the state from before pendencies were records reads empty, not broken.
    expect(cell(screen.getByText('Ana Lima').closest('tr')!, S.pendencyKinds)).toHaveTextContent('—');
    expect(filtersOf(lastList(api.calls))).toEqual({ state: ['with_pendency'] });
  });

  it('filters by kind, age and due date, and keeps them in the URL', async () => {
    const api = openList();
    await screen.findByText('Maria da Silva');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: S.filterPendencyKind }));
    await user.click(await screen.findByTitle(ptBR.pendencyKind.reactivation));
    await waitFor(() => expect(filtersOf(lastList(api.calls))).toMatchObject({ pendencyKind: ['reactivation'] }));
    await user.click(screen.getByRole('combobox', { name: S.filterPendencyAge }));
    await user.click(await screen.findByTitle(S.pendencyAgeOption['30']));
    await waitFor(() => expect(filtersOf(lastList(api.calls))).toMatchObject({ pendencyKind: ['reactivation'], pendencyMinAgeDays: 30 }));
    await user.click(screen.getByRole('combobox', { name: S.filterPendencyDue }));
    await user.click(await screen.findByTitle(S.pendencyDueOption.overdue));
    await waitFor(() =>
      expect(filtersOf(lastList(api.calls))).toEqual({ state: ['with_pendency'], pendencyKind: ['reactivation'], pendencyMinAgeDays: 30, pendencyOverdue: true }),
    );
    expect(screen.getByTestId('location').textContent).toContain('pendencyMinAgeDays');
  });

  it('applies the filters a URL carries and shows them in the controls', async () => {
    const api = openList(
      '/pendencias?filters[0][field]=pendencyKind&filters[0][operator]=in&filters[0][value][0]=retention' +
        '&filters[1][field]=pendencyDue&filters[1][operator]=eq&filters[1][value]=onTime',
    );
    await screen.findByText('Maria da Silva');
    await waitFor(() => expect(filtersOf(lastList(api.calls))).toEqual({ state: ['with_pendency'], pendencyKind: ['retention'], pendencyOverdue: false }));
    const bar = screen.getByRole('search');
    expect(within(bar).getByText(ptBR.pendencyKind.retention)).toBeInTheDocument();
    expect(within(bar).getByText(S.pendencyDueOption.onTime)).toBeInTheDocument();
  });

  it('sorts by the oldest open pendency', async () => {
    const api = openList();
    await screen.findByText('Maria da Silva');
    await userEvent.setup({ delay: null }).click(screen.getByRole('columnheader', { name: new RegExp(S.pendencyAge) }));
    await waitFor(() => expect(lastList(api.calls).params).toMatchObject({ sort: 'pendencyOpenedAt' }));
  });
});

describe('Exportar on /pendencias', () => {
  type ExportBody = { format: string; query: Record<string, string>; columns: { field: string; title: string; kind: string; labels?: Record<string, string> }[]; title: string };

  const exportBody = async (api: ReturnType<typeof openList>) => {
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: ptBR.listExport.button }));
    const dialog = await screen.findByRole('dialog', { name: `Exportar ${S.titles.pendencies}` });
    await user.click(within(dialog).getByRole('radio', { name: ptBR.listExport.xlsx }));
    await user.click(within(dialog).getByRole('button', { name: ptBR.listExport.start }));
    await waitFor(() => expect(api.called('POST', '/share/with_pendency_list_export')).toHaveLength(1));
    return api.called('POST', '/share/with_pendency_list_export')[0].body as ExportBody;
  };

  it("sends the list's own query (its pendency filters and sort, every page) and its columns", async () => {
    const api = openList(
      '/pendencias?filters[0][field]=pendencyKind&filters[0][operator]=in&filters[0][value][0]=retention' +
        '&filters[1][field]=pendencyDue&filters[1][operator]=eq&filters[1][value]=overdue&sorters[0][field]=pendencyDueDate&sorters[0][order]=asc',
    );
    await screen.findByText('Maria da Silva');
    await waitFor(() => expect(lastList(api.calls).params).toMatchObject({ sort: 'pendencyDueDate', order: 'asc' }));
    const body = await exportBody(api);
    expect(body.format).toBe('xlsx');
    expect(body.title).toBe(S.titles.pendencies);
    // Exactly the list call's parameters, less its paging.
    const { page: _page, limit: _limit, ...listed } = lastList(api.calls).params as Record<string, unknown>;
    expect(body.query).toEqual(listed);
    expect(JSON.parse(body.query.filters)).toEqual({ state: ['with_pendency'], pendencyKind: ['retention'], pendencyOverdue: true });

    // The table's columns in its order; the pendency ones as a spreadsheet reads them.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '').filter(Boolean);
    const expected = headers.flatMap((h) => (h === S.pendencyAge ? [S.pendencyAgeInDays] : h === S.pendencyDue ? [S.pendencyDue, S.pendencyOverdue] : [h]));
    expect(body.columns.map((c) => c.title)).toEqual(expected);
    const byField = Object.fromEntries(body.columns.map((c) => [c.field, c]));
    expect(byField['pendency.kinds']).toMatchObject({ kind: 'label', labels: { retention: ptBR.pendencyKind.retention, overdue_installments: ptBR.pendencyKind.overdue_installments } });
    expect(byField['pendency.ageDays']).toMatchObject({ kind: 'number' });
    expect(byField['pendency.dueDate']).toMatchObject({ kind: 'date', title: S.pendencyDue });
    expect(byField['pendency.overdue']).toMatchObject({ kind: 'label', labels: { true: ptBR.common.yes, false: ptBR.common.no } });
  });

  it('leaves out the columns the user hid: a hidden due date takes its "Vencida" with it', async () => {
    const api = openList('/pendencias', ['pendencyDue', 'ownerDocument']);
    await screen.findByText('Maria da Silva');
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain(S.pendencyDue));
    const body = await exportBody(api);
    const fields = body.columns.map((c) => c.field);
    expect(fields).not.toContain('pendency.dueDate');
    expect(fields).not.toContain('pendency.overdue');
    expect(fields).not.toContain('ownerDocument');
    expect(fields).toEqual(expect.arrayContaining(['contractNumber', 'pendency.kinds', 'pendency.ageDays']));
  });
});

describe('the pendency filters as the API takes them', () => {
  it('counts "due within a week" in São Paulo days, whatever the hour', () => {
    // 01:30 UTC on 2 December is still 1 December in São Paulo.
    const lateEvening = new Date('2026-12-02T01:30:00Z');
    expect(toPendencyListFilters([{ field: 'pendencyDue', operator: 'eq', value: 'nextWeek' }], lateEvening)).toEqual({ pendencyDueFrom: '2026-12-01', pendencyDueTo: '2026-12-08' });
    // Values a reload gives as strings; unknown kinds and ages are left out.
    expect(
      toPendencyListFilters([
        { field: 'pendencyKind', operator: 'in', value: 'retention' },
        { field: 'pendencyKind', operator: 'in', value: ['nope'] },
        { field: 'pendencyMinAgeDays', operator: 'eq', value: '15' },
      ]),
    ).toEqual({ pendencyKind: ['retention'], pendencyMinAgeDays: 15 });
    expect(toPendencyListFilters([{ field: 'pendencyMinAgeDays', operator: 'eq', value: 'abc' }])).toEqual({});
  });
});
