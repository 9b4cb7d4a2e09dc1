import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { A, AUCTION_ID, L, auctionInfo, auctionItem, auctionRoutes, pickOption, preloadAuctionChunks } from './auctionsApi';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Call, type Route } from './workspaceApi';

vi.setConfig({ testTimeout: 45_000 });
beforeAll(preloadAuctionChunks, 60_000);

type Profile = 'operator' | 'adm' | 'fund';

const ROWS = [
  auctionItem(),
  auctionItem({ auctionId: 'a-2', name: 'Venda de cotas Órbita', isAuction: false, status: 'live', admId: 2, administratorName: 'Órbita Consórcios' }),
];

const listRoute: Route = () => ({ status: 200, data: { data: ROWS, total: ROWS.length, page: 1, limit: 20 } });

const open = (path: string, profile: Profile = 'adm', routes: Record<string, FakeReply | Route> = {}) => {
  signIn(profile);
  const api = fakeApi({ 'GET /auction/list': listRoute, ...routes });
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

const location = () => screen.getByTestId('location').textContent ?? '';
const filtersOf = (c: Call) => (c.params?.filters ? JSON.parse(String(c.params.filters)) : {});
const lastList = (api: ReturnType<typeof fakeApi>) => api.called('GET', '/auction/list').at(-1)!;

describe('auction list (/leiloes)', () => {
  it('lists auctions with their type and status in Portuguese, and opens one from its row', async () => {
    open('/leiloes');
    expect(await screen.findByRole('heading', { name: L.auctionList.title })).toBeInTheDocument();
    const row = (await screen.findByText('Leilão de novembro')).closest('tr')!;
    expect(within(row).getByText(L.auctionType.true)).toHaveClass('ant-tag');
    expect(within(row).getByText(L.auctionStatus.created)).toHaveClass('ant-tag');
    const other = screen.getByText('Venda de cotas Órbita').closest('tr')!;
    expect(within(other).getByText(L.auctionType.false)).toBeInTheDocument();
    expect(within(other).getByText(L.auctionStatus.live)).toBeInTheDocument();
    expect(screen.getByText('2 leilões')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(row);
    await waitFor(() => expect(location()).toBe(`/leiloes/${AUCTION_ID}`));
  });

  it('offers the statuses in the order an auction goes through them, canceled last', async () => {
    open('/leiloes');
    await screen.findByText('Leilão de novembro');
    await userEvent.setup({ delay: null }).click(screen.getByRole('combobox', { name: L.auctionList.filterStatus }));
    const shown = await waitFor(() => {
      const items = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      if (items.length < 6) throw new Error('options not shown');
      return items.map((el) => el.textContent);
    });
    expect(shown).toEqual((['created', 'pricing', 'processing', 'live', 'finished', 'canceled'] as const).map((s) => L.auctionStatus[s]));
  });

  it('keeps status, type and search in the URL and sends them as the one JSON filters parameter', async () => {
    const api = open('/leiloes');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Leilão de novembro');
    expect(lastList(api).params?.filters).toBeUndefined();

    await user.click(screen.getByRole('combobox', { name: L.auctionList.filterStatus }));
    await pickOption(L.auctionStatus.pricing);
    await pickOption(L.auctionStatus.live);
    await waitFor(() => expect(filtersOf(lastList(api))).toEqual({ status: ['pricing', 'live'] }));

    await user.click(screen.getByRole('combobox', { name: L.auctionList.filterType }));
    await pickOption(L.auctionType.false);
    await waitFor(() => expect(filtersOf(lastList(api))).toEqual({ status: ['pricing', 'live'], isAuction: false }));

    await user.type(screen.getByRole('searchbox', { name: L.shares.search }), 'orbita{Enter}');
    await waitFor(() => expect(filtersOf(lastList(api))).toEqual({ status: ['pricing', 'live'], isAuction: false, search: 'orbita' }));
    expect(decodeURIComponent(location())).toMatch(/^\/leiloes\?/);
    expect(decodeURIComponent(location())).toContain('[field]=status');
    expect(decodeURIComponent(location())).toContain('orbita');
  });

  it('reads the filters back from the URL on a reload: the controls show them and the call carries them', async () => {
    const url = '/leiloes?currentPage=1&pageSize=20&filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=finished&filters[1][field]=isAuction&filters[1][operator]=eq&filters[1][value]=true';
    const api = open(url, 'fund');
    await screen.findByText('Leilão de novembro');
    await waitFor(() => expect(filtersOf(lastList(api))).toEqual({ status: ['finished'], isAuction: true }));
    const bar = screen.getByRole('search');
    expect(within(bar).getByText(L.auctionStatus.finished)).toBeInTheDocument();
    expect(within(bar).getByText(L.auctionType.true)).toBeInTheDocument();
  });

  it('sorts newest change first by default and by creation date from its column header', async () => {
    const api = open('/leiloes');
    await screen.findByText('Leilão de novembro');
    expect(lastList(api).params).toMatchObject({ sort: 'updatedAt', order: 'desc' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('columnheader', { name: L.auctionList.createdAt }));
    await waitFor(() => expect(lastList(api).params).toMatchObject({ sort: 'createdAt', order: 'asc' }));
    expect(decodeURIComponent(location())).toContain('[field]=createdAt');
  });

  it('lets the administrator create a direct sale from the modal and opens it', async () => {
    const api = open('/leiloes', 'adm', {
      'POST /auction/create': { status: 200, data: auctionInfo({ auctionId: 'new-1', isAuction: false, name: null }) },
      ...auctionRoutes(auctionInfo({ auctionId: 'new-1', isAuction: false, name: null })),
      'GET /auction/list': listRoute,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(A.create.button) }));
    const dialog = await screen.findByRole('dialog');
    // An administrator's auction is its own: no administrator to choose.
    expect(within(dialog).queryByText(A.create.administrator)).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(A.create.directSale) }));
    await user.click(within(dialog).getByRole('button', { name: A.create.submit }));
    await waitFor(() => expect(api.called('POST', '/auction/create')).toHaveLength(1));
    expect(api.called('POST', '/auction/create')[0].body).toEqual({ isAuction: false });
    await waitFor(() => expect(location()).toBe('/leiloes/new-1'));
    // A direct sale is worded as one, not as an auction.
    expect(await screen.findByRole('heading', { name: L.auctionList.unnamed_directSale })).toBeInTheDocument();
  });

  it('makes an operator name the administrator (one seen on the list) before creating', async () => {
    const api = open('/leiloes', 'operator', {
      'POST /auction/create': { status: 200, data: auctionInfo({ auctionId: 'new-2' }) },
      ...auctionRoutes(auctionInfo({ auctionId: 'new-2' })),
      'GET /auction/list': listRoute,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(A.create.button) }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: A.create.submit }));
    expect(await within(dialog).findByText(L.validation.required)).toBeInTheDocument();
    expect(api.called('POST', '/auction/create')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: A.create.administrator }));
    await pickOption('Órbita Consórcios (2)');
    await user.click(within(dialog).getByRole('button', { name: A.create.submit }));
    await waitFor(() => expect(api.called('POST', '/auction/create')).toHaveLength(1));
    expect(api.called('POST', '/auction/create')[0].body).toEqual({ isAuction: true, admId: 2 });
    await waitFor(() => expect(location()).toBe('/leiloes/new-2'));
  });

  it('shows a fund user the list without the create button', async () => {
    open('/leiloes', 'fund');
    await screen.findByText('Leilão de novembro');
    expect(screen.queryByRole('button', { name: new RegExp(A.create.button) })).toBeNull();
  });
});
