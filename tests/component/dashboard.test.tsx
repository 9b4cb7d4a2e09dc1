/**
 * Issue 18: the share lists' status tabs (counts from GET /share/state_counts, a tab sets the state
 * filter in the URL) and the dashboard /painel (figures from GET /dashboard/summary, each a link to
 * the list filtered to it), through the real data provider with the network faked.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import type { DashboardSummary, StateCountsResponse } from '../../src/domain';
import { ptBR } from '../../src/i18n/pt-BR';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { SHARES } from './fixtures';
import { fakeHttp, signIn } from './helpers';
import { TestWrapper } from './TestWrapper';

const location = () => screen.getByTestId('location').textContent ?? '';
const decoded = () => decodeURIComponent(location());

const COUNTS: StateCountsResponse = {
  total: { count: 1234, exact: true },
  states: [
    { state: 'available', count: 1100, exact: true },
    { state: 'sent_to_autoservice', count: 40, exact: true },
    { state: 'accepted_by_client', count: 30, exact: true },
    { state: 'received_from_client', count: 20, exact: true },
    { state: 'approved_by_adm', count: 20, exact: true },
    { state: 'payment_done', count: 12, exact: true },
    { state: 'with_pendency', count: 12, exact: true },
  ],
};

const days = Array.from({ length: 30 }, (_, i) => ({ day: `2026-10-${String(i + 1).padStart(2, '0')}`, count: i === 29 ? 7 : i % 3 }));
const SUMMARY: DashboardSummary = {
  total: { count: 250000, exact: false },
  byState: COUNTS.states.map((s) => (s.state === 'available' ? { ...s, count: 200000, exact: false } : s)),
  byStep: [
    { step: -1, count: 2, exact: true },
    { step: 0, count: 900, exact: true },
    { step: 1, count: 5, exact: true },
    { step: 2, count: 6, exact: true },
    { step: 3, count: 7, exact: true },
    { step: 4, count: 3, exact: true },
    { step: 5, count: 1, exact: true },
    { step: 6, count: 12, exact: true },
    { step: 7, count: 12, exact: true },
    { step: 8, count: 0, exact: true },
  ],
  ageing: COUNTS.states.map((s) => ({
    state: s.state,
    buckets: [
      { count: 1, exact: true },
      { count: 2, exact: true },
      { count: 3, exact: true },
      { count: s.state === 'with_pendency' ? 4 : 0, exact: true },
    ],
    oldest: s.state === 'with_pendency' ? [{ contractNumber: '100201', since: '2026-05-02T15:00:00.000Z' }] : [],
  })),
  movesPerDay: days,
  pendenciesByKind: [{ kind: 'bank_data', count: 8 }],
  auctionsByStatus: [
    { status: 'created', count: 1 },
    { status: 'pricing', count: 0 },
    { status: 'canceled', count: 0 },
    { status: 'processing', count: 0 },
    { status: 'live', count: 2 },
    { status: 'finished', count: 3 },
  ],
};

type Asked = { url?: string; params: Record<string, unknown> };

const network = (asked: Asked[], counts: StateCountsResponse = COUNTS, summary: DashboardSummary = SUMMARY) =>
  fakeHttp((config: InternalAxiosRequestConfig) => {
    asked.push({ url: config.url, params: { ...(config.params as Record<string, unknown>) } });
    if (config.url === '/share/state_counts') return { status: 200, data: counts };
    if (config.url === '/dashboard/summary') return { status: 200, data: summary };
    if (config.url === '/share/list') return { status: 200, data: { data: SHARES, total: SHARES.length, page: 1, limit: 20 } };
    return { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } };
  });

const renderAt = (path: string, asked: Asked[], counts?: StateCountsResponse, summary?: DashboardSummary) =>
  render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(network(asked, counts, summary)) }) });

const lastCall = (asked: Asked[], url: string) => asked.filter((a) => a.url === url).at(-1)!;

describe('status tabs', () => {
  it('name each state with its count, and a tab sets the state filter in the URL and the list call', async () => {
    signIn('operator');
    const asked: Asked[] = [];
    renderAt('/listagem', asked);
    const tablist = await screen.findByRole('tablist', { name: ptBR.shares.statusTabs.label });
    const all = await within(tablist).findByRole('tab', { name: 'Todas (1.234)' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(within(tablist).getAllByRole('tab')).toHaveLength(8);
    const pendency = within(tablist).getByRole('tab', { name: 'Com pendência (12)' });
    expect(pendency).toHaveAttribute('aria-selected', 'false');

    await userEvent.setup({ delay: null }).click(pendency);
    await waitFor(() => expect(decoded()).toContain('filters[0][field]=state'));
    expect(decoded()).toContain('[value][0]=with_pendency');
    await waitFor(() => expect(within(tablist).getByRole('tab', { name: 'Com pendência (12)' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(JSON.parse(String(lastCall(asked, '/share/list').params.filters))).toEqual({ state: ['with_pendency'] }));
    // The counts never carry the state itself: every tab keeps its own number.
    expect(asked.filter((a) => a.url === '/share/state_counts').every((a) => !String(a.params.filters ?? '').includes('state'))).toBe(true);

    await userEvent.setup({ delay: null }).click(within(tablist).getByRole('tab', { name: 'Todas (1.234)' }));
    await waitFor(() => expect(decoded()).not.toContain('with_pendency'));
  });

  it('counts with the other filters of the URL, and an estimate reads "cerca de"', async () => {
    signIn('operator');
    const asked: Asked[] = [];
    const estimated = { ...COUNTS, total: { count: 250000, exact: false } };
    renderAt('/listagem?filters[0][field]=isPj&filters[0][operator]=eq&filters[0][value]=true&filters[1][field]=state&filters[1][operator]=in&filters[1][value][0]=payment_done', asked, estimated);
    const tablist = await screen.findByRole('tablist', { name: ptBR.shares.statusTabs.label });
    expect(await within(tablist).findByRole('tab', { name: 'Todas (cerca de 250.000)' })).toHaveAttribute('aria-selected', 'false');
    expect(within(tablist).getByRole('tab', { name: 'Pagamento realizado (12)' })).toHaveAttribute('aria-selected', 'true');
    const call = lastCall(asked, '/share/state_counts');
    expect(call.params.list).toBe('all');
    expect(JSON.parse(String(call.params.filters))).toEqual({ isPj: true });
  });

  it('is one tab stop: the arrows move between tabs, Enter chooses', async () => {
    signIn('operator');
    renderAt('/transferencia', []);
    const tablist = await screen.findByRole('tablist', { name: ptBR.shares.statusTabs.label });
    // The transfer list holds two states: two tabs and Todas.
    expect(within(tablist).getAllByRole('tab')).toHaveLength(3);
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    tabs[0].focus();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tabs[2]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(decoded()).toContain('[value][0]=approved_by_adm'));
  });

  it('are not on the pendency list, which holds one state', async () => {
    signIn('operator');
    renderAt('/pendencias', []);
    expect(await screen.findByRole('heading', { name: ptBR.shares.titles.pendencies })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('dashboard', () => {
  it('is the first menu entry and shows every figure as a link to the list filtered to it, in pt-BR', async () => {
    signIn('adm');
    const asked: Asked[] = [];
    renderAt('/painel', asked);
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeInTheDocument();
    const menu = screen.getByRole('menu', { name: ptBR.menu.label });
    expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('Painel');

    const byState = (await screen.findByRole('heading', { name: 'Cotas por situação' })).closest('section')!;
    const available = within(byState).getByRole('link', { name: /Disponível/ });
    expect(available).toHaveTextContent('cerca de 200.000');
    expect(decodeURIComponent(available.getAttribute('href')!)).toBe('/listagem?filters[0][field]=state&filters[0][operator]=in&filters[0][value][0]=available');
    expect(within(byState).getByRole('link', { name: /Total de cotas/ })).toHaveTextContent('cerca de 250.000');

    const bySteps = screen.getByRole('heading', { name: 'Cotas por etapa do processo' }).closest('section')!;
    // Steps -1 and 4 both read "Rejeitado": one figure, both steps in its link.
    const rejected = within(bySteps).getByRole('link', { name: /Rejeitado/ });
    expect(rejected).toHaveTextContent('5');
    expect(decodeURIComponent(rejected.getAttribute('href')!)).toBe('/listagem?filters[0][field]=processStep&filters[0][operator]=in&filters[0][value][0]=-1&filters[0][value][1]=4');

    const ageing = screen.getByRole('heading', { name: 'Tempo na situação' }).closest('section')!;
    const firstRow = within(ageing).getAllByRole('row')[1];
    // The state whose shares wait longest comes first, with its oldest share and since when.
    expect(within(firstRow).getByRole('rowheader')).toHaveTextContent('Com pendência');
    expect(within(firstRow).getByRole('link', { name: '100201' })).toHaveAttribute('href', '/cotas/100201');
    expect(firstRow).toHaveTextContent('desde 02/05/2026');

    const moves = screen.getByRole('heading', { name: 'Movimentações por dia (últimos 30 dias)' }).closest('section')!;
    expect(moves).toHaveTextContent('35 movimentações em 30 dias');
    const day = within(moves).getByRole('link', { name: '30/10/2026' });
    expect(decodeURIComponent(day.getAttribute('href')!)).toBe(
      '/listagem?filters[0][field]=updatedAt&filters[0][operator]=gte&filters[0][value]=2026-10-30&filters[1][field]=updatedAt&filters[1][operator]=lte&filters[1][value]=2026-10-30',
    );
    // The chart itself is decorative: the table beside it says the same.
    expect(moves.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');

    const auctions = screen.getByRole('heading', { name: 'Leilões e vendas diretas por situação' }).closest('section')!;
    expect(decodeURIComponent(within(auctions).getByRole('link', { name: /Ao vivo/ }).getAttribute('href')!)).toBe(
      '/leiloes?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=live',
    );
    const pendencies = screen.getByRole('heading', { name: 'Pendências abertas por tipo' }).closest('section')!;
    expect(within(pendencies).getByRole('link', { name: /8/ })).toHaveAttribute('href', '/pendencias');

    // One call, with the browser's time zone.
    expect(asked.filter((a) => a.url === '/dashboard/summary')).toHaveLength(1);
    expect(typeof lastCall(asked, '/dashboard/summary').params.tz).toBe('string');
  });

  it('a figure opens the list filtered to it', async () => {
    signIn('operator');
    const asked: Asked[] = [];
    renderAt('/painel', asked);
    const byState = (await screen.findByRole('heading', { name: 'Cotas por situação' })).closest('section')!;
    await userEvent.setup({ delay: null }).click(within(byState).getByRole('link', { name: /Com pendência/ }));
    expect(await screen.findByRole('heading', { name: ptBR.shares.titles.shares })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(String(lastCall(asked, '/share/list').params.filters))).toEqual({ state: ['with_pendency'] }));
    const tablist = await screen.findByRole('tablist', { name: ptBR.shares.statusTabs.label });
    expect(within(tablist).getByRole('tab', { name: 'Com pendência (12)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says why it is empty for a brand with no shares, instead of bars of zeros', async () => {
    signIn('adm');
    const none = { count: 0, exact: true };
    const empty: DashboardSummary = {
      total: none,
      byState: COUNTS.states.map((s) => ({ state: s.state, ...none })),
      byStep: SUMMARY.byStep.map((s) => ({ ...s, ...none })),
      ageing: [],
      movesPerDay: days.map((d) => ({ ...d, count: 0 })),
      pendenciesByKind: [],
      auctionsByStatus: [],
    };
    renderAt('/painel', [], undefined, empty);
    expect(await screen.findByText('Ainda não há cotas na sua carteira')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cotas por situação' })).not.toBeInTheDocument();
  });
});
