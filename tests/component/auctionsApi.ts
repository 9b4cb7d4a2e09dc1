/** Fixtures and a fake API for the auction component tests (answers by "METHOD /path", see workspaceApi). */
import type { AuctionInfo, AuctionItem, AuctionPricingItem, AuctionStatusHistoryItem } from '../../src/domain';
import { ptBRAuctions } from '../../src/i18n/pt-BR.auctions';
import { ptBR } from '../../src/i18n/pt-BR';
import type { FakeReply } from './helpers';
import type { Route } from './workspaceApi';

export const AUCTION_ID = '6b1f3c2a-0000-4000-8000-0000000000a1';

export const auctionItem = (over: Partial<AuctionItem> = {}): AuctionItem => ({
  auctionId: AUCTION_ID,
  isAuction: true,
  status: 'created',
  name: 'Leilão de novembro',
  admId: 1,
  administratorName: 'Acme Consórcios',
  startsAt: '2026-12-01T12:00:00.000Z',
  endsAt: '2026-12-10T21:00:00.000Z',
  shareCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const auctionInfo = (over: Partial<AuctionInfo> = {}): AuctionInfo => ({
  ...auctionItem(over),
  config: {},
  nextStatus: 'pricing',
  nextStepBlocker: 'configIncomplete',
  cancelable: true,
  latestPricing: null,
  ...over,
});

export const pricingRun = (over: Partial<AuctionPricingItem> = {}): AuctionPricingItem => ({
  pricingId: 'pr-1',
  fileId: 'f-1',
  fileName: 'precos.csv',
  status: 'in_validation',
  rows: 2,
  pricedRows: 0,
  rowErrors: [],
  createdAt: '2026-11-20T11:00:00.000Z',
  updatedAt: '2026-11-20T11:00:00.000Z',
  ...over,
});

export const historyOf = (...moves: [AuctionStatusHistoryItem['fromStatus'], AuctionStatusHistoryItem['toStatus']][]): AuctionStatusHistoryItem[] =>
  moves.map(([fromStatus, toStatus], i) => ({ fromStatus, toStatus, userName: 'Ana Administradora', at: `2026-11-20T1${i}:00:00.000Z` }));

/** The calls a detail page makes to open. */
export const auctionRoutes = (info: AuctionInfo, extra: Record<string, FakeReply | Route> = {}): Record<string, FakeReply | Route> => ({
  'GET /auction/info': { status: 200, data: info },
  'GET /auction/status_history': { status: 200, data: { data: historyOf([null, 'created']) } },
  'GET /auction/pricing_list': { status: 200, data: { data: [] } },
  'GET /auction/list_additional_files': { status: 200, data: { data: [] } },
  'GET /fund/list': { status: 200, data: { data: [{ fundId: 7, name: 'Fundo Alfa FIDC', cnpj: '11222333000181' }], total: 1, page: 1, limit: 100 } },
  'GET /player/list': { status: 200, data: { data: [{ playerId: 3, name: 'Player Beta', document: '', enabled: true }], total: 1, page: 1, limit: 100 } },
  ...extra,
});

/** What the user reads: the app's messages with the auction pages' lazily registered ones. */
export const A = ptBRAuctions.auctions;
export const L = ptBR;

/** Compiles the lazy chunks once before the tests, so the first test does not wait on the bundler. */
export const preloadAuctionChunks = () => Promise.all([import('../../src/pages/auctions/NewAuctionButton'), import('../../src/pages/auctions/AuctionPage')]);

/**
 * Picks an option of the open antd Select by its label. antd's accessible listbox only renders the
 * options around the active one, so the visible item (with its title) is the one to click.
 */
export const pickOption = async (label: string) => {
  const { waitFor } = await import('@testing-library/react');
  const { default: userEvent } = await import('@testing-library/user-event');
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (el) => el.getAttribute('title') === label || el.textContent === label,
    );
    if (!found) throw new Error(`option ${label} not shown`);
    return found;
  });
  await userEvent.setup({ delay: null }).click(item);
};
