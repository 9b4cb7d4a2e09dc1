import { FlagOutlined } from '@ant-design/icons';
import { getDefaultFilter, type CrudFilter } from '@refinedev/core';
import { API, AUCTION_STATUSES, type AuctionListFilters, type AuctionStatus } from '../domain';
import { AUCTIONS_ROUTE, auctionPath } from '../domain/auctionPaths';
import { SHARE_FILTER } from './shareFilters';
import type { ResourceApi, ResourceDef } from './types';

/** One colour per auction status: open ones in blues, live in green, the two ends neutral and red. */
export const AUCTION_STATUS_COLORS: Readonly<Record<AuctionStatus, string>> = {
  created: 'default',
  pricing: 'gold',
  processing: 'geekblue',
  live: 'green',
  finished: 'purple',
  canceled: 'red',
};

/**
 * The i18next context of a row's words: a "venda direta" is feminine ("Criada", "Cancelada"), an
 * auction ("leilão") masculine. The same context the auction page uses (saleContext).
 */
export const saleLabelContext = (row: Readonly<Record<string, unknown>>): string | undefined => (row.isAuction === false ? 'directSale' : undefined);
/** saleLabelContext as data, for the export. */
const SALE_CONTEXT = { field: 'isAuction', equals: false, context: 'directSale' } as const;

/** The statuses in the order an auction goes through them, canceled (the way out of any) last. */
export const AUCTION_STATUS_ORDER: readonly AuctionStatus[] = ['created', 'pricing', 'processing', 'live', 'finished', 'canceled'];

const isStatus = (v: unknown): v is AuctionStatus => typeof v === 'string' && (AUCTION_STATUSES as readonly string[]).includes(v);

/**
 * The URL's CrudFilters as `GET /auction/list` filters: the search box is the shared `q` control,
 * the status a multi-select, the type `'true'`/`'false'` (the URL keeps strings).
 */
export const toAuctionListFilters = (filters: readonly CrudFilter[] = []): AuctionListFilters => {
  const out: AuctionListFilters = {};
  const q = getDefaultFilter(SHARE_FILTER.q.field, [...filters], SHARE_FILTER.q.operator) as unknown;
  if (typeof q === 'string' && q.trim()) out.search = q.trim();
  const raw = getDefaultFilter('status', [...filters], 'in') as unknown;
  const status = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(isStatus);
  if (status.length) out.status = [...new Set(status)];
  const type = getDefaultFilter('isAuction', [...filters], 'eq') as unknown;
  if (type === true || type === 'true') out.isAuction = true;
  else if (type === false || type === 'false') out.isAuction = false;
  return out;
};

/**
 * Each share of an auction with the price it got (the auction page's result table; no menu entry):
 * GET /auction/share_results?auctionId, paged by the data provider like any list.
 */
export const AUCTION_SHARE_RESULTS = 'auctionShareResults';
export const auctionShareResultsApi: ResourceApi = { kind: 'plain', list: API.auction.shareResults, queryFilters: ['auctionId'], export: API.auction.shareResultsExport };

export const auctions: ResourceDef = {
  name: 'auctions',
  route: AUCTIONS_ROUTE,
  labelKey: 'menu.auctions',
  titleKey: 'auctionList.title',
  icon: FlagOutlined,
  api: {
    kind: 'json',
    list: API.auction.list,
    export: API.auction.listExport,
    get: { endpoint: API.auction.info, idParam: 'auctionId' },
    toFilters: (filters) => ({ ...toAuctionListFilters(filters) }),
    sortFields: ['updatedAt', 'createdAt'],
  },
  permissions: { list: 'auction.read', show: 'auction.read' },
  rowKey: 'auctionId',
  columns: [
    // Unnamed reads as on the auction's page ("Venda direta sem nome"), not "—" (issue 13).
    { key: 'name', titleKey: 'auctionList.name', dataIndex: 'name', emptyKey: 'auctionList.unnamed', labelContext: saleLabelContext, labelContextWhen: SALE_CONTEXT },
    { key: 'isAuction', titleKey: 'auctionList.type', dataIndex: 'isAuction', cell: 'tag', labelPrefix: 'auctionType', values: ['true', 'false'] },
    {
      key: 'status',
      titleKey: 'auctionList.status',
      dataIndex: 'status',
      cell: 'tag',
      labelPrefix: 'auctionStatus',
      tagColors: AUCTION_STATUS_COLORS,
      labelContext: saleLabelContext,
      labelContextWhen: SALE_CONTEXT,
      values: AUCTION_STATUS_ORDER,
    },
    { key: 'administratorName', titleKey: 'auctionList.administrator', dataIndex: 'administratorName' },
    { key: 'shareCount', titleKey: 'auctionList.shareCount', dataIndex: 'shareCount', cell: 'number' },
    { key: 'startsAt', titleKey: 'auctionList.startsAt', dataIndex: 'startsAt', cell: 'dateTime' },
    { key: 'endsAt', titleKey: 'auctionList.endsAt', dataIndex: 'endsAt', cell: 'dateTime' },
    { key: 'createdAt', titleKey: 'auctionList.createdAt', dataIndex: 'createdAt', cell: 'dateTime', sortField: 'createdAt' },
    { key: 'updatedAt', titleKey: 'auctionList.updatedAt', dataIndex: 'updatedAt', cell: 'dateTime', sortField: 'updatedAt' },
  ],
  defaultSorters: [{ field: 'updatedAt', order: 'desc' }],
  filters: ['q'],
  searchPlaceholderKey: 'auctionList.searchPlaceholder',
  selectFilters: [
    {
      field: 'status',
      operator: 'in',
      labelKey: 'auctionList.filterStatus',
      options: AUCTION_STATUS_ORDER.map((s) => ({ value: s, labelKey: `auctionStatus.${s}` })),
    },
    {
      field: 'isAuction',
      operator: 'eq',
      labelKey: 'auctionList.filterType',
      options: [
        { value: 'true', labelKey: 'auctionType.true' },
        { value: 'false', labelKey: 'auctionType.false' },
      ],
    },
  ],
  emptyKey: 'auctionList.empty',
  totalKey: 'auctionList.total',
  detailPath: auctionPath,
  // Its own chunk: the button's modal and form are not part of every list.
  headerExtra: 'newAuction',
};
