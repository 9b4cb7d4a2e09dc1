/**
 * Where each list's export reads its rows: the list's own service with the list's own parsing of
 * `filters`, `sort` and `order`, and the caller's scope. The share lists read in keyset batches
 * (shareExport.ts); the others are the size of a tenant's records (auctions, users, funds, players,
 * brands, files, an auction's shares) and page through their list function, a page at a time.
 */
import type { AuctionListFilters } from '../../../src/domain/auctions';
import type { Profile } from '../../../src/domain/profiles';
import type { PendencyListSortField } from '../../../src/domain/pendencies';
import type { ListResponse, SortOrder } from '../../../src/domain/shareList';
import type { Db } from '../../db/client';
import { auctionShareResults } from '../auctionResults';
import { listAuctions, parseAuctionFilters } from '../auctionList';
import { listBrands } from '../brands';
import { listFunds } from '../fundAdmin';
import { listPlayers } from '../playerAdmin';
import { listPlayerFiles } from '../playerFiles';
import type { ReferenceListQuery } from '../referenceLists';
import { type ShareListKind, defaultOrder, parseListFilters } from '../shares';
import { scopeOf } from '../tenant';
import { listUsers } from '../userAdmin';
import type { AuthUser } from '../users';
import { shareExportSource } from './shareExport';
import type { ExportRow, ExportSource } from './stream';

/** Rows per page of the lists read through their list function. */
export const EXPORT_PAGE = 500;

/**
 * Pages of a list function until one comes back short. The first page is read before the answer
 * starts: its total is the progress bar's, and an error (a bad filter) is still a proper 400.
 */
export async function pagedSource(read: (page: number, limit: number) => Promise<ListResponse<unknown>>, limit = EXPORT_PAGE): Promise<ExportSource> {
  const first = await read(1, limit);
  async function* batches(): AsyncGenerator<readonly ExportRow[]> {
    let rows = first.data as ExportRow[];
    for (let page = 1; ; page++) {
      if (page > 1) rows = (await read(page, limit)).data as ExportRow[];
      if (rows.length) yield rows;
      if (rows.length < limit) return;
    }
  }
  return { total: { total: first.total, exact: true }, batches: batches() };
}

export interface ShareExportParams {
  filters?: string;
  /** The pendency sorts on /pendencias only (its route's schema keeps them there). */
  sort?: PendencyListSortField;
  order?: SortOrder;
}

/** A share list (the `pendency` kind is /pendencias), its query read exactly as its list route reads it. */
export const shareListSource = (db: Db, kind: ShareListKind, user: AuthUser, q: ShareExportParams): Promise<ExportSource> => {
  const sort = q.sort ?? 'updatedAt';
  return shareExportSource(db, kind, scopeOf(user), { filters: parseListFilters(kind, q.filters), sort, order: defaultOrder(sort, q.order) });
};

export type ReferenceExportParams = Omit<ReferenceListQuery, 'page' | 'limit'>;

const reference = (q: ReferenceExportParams, page: number, limit: number): ReferenceListQuery => ({ ...q, page, limit });

export const userListSource = (db: Db, user: AuthUser, q: ReferenceExportParams & { profile?: Profile }) =>
  pagedSource((page, limit) => listUsers(db, user, { ...reference(q, page, limit), profile: q.profile }));

export const fundListSource = (db: Db, q: ReferenceExportParams) => pagedSource((page, limit) => listFunds(db, reference(q, page, limit)));

export const playerListSource = (db: Db, q: ReferenceExportParams) => pagedSource((page, limit) => listPlayers(db, reference(q, page, limit)));

export const brandListSource = (db: Db, q: ReferenceExportParams) => pagedSource((page, limit) => listBrands(db, reference(q, page, limit)));

export const playerFileListSource = (db: Db) => pagedSource((page, limit) => listPlayerFiles(db, page, limit));

export interface AuctionExportParams {
  filters?: string;
  sort?: 'updatedAt' | 'createdAt';
  order?: SortOrder;
}

export const auctionListSource = (db: Db, user: AuthUser, q: AuctionExportParams) => {
  const filters: AuctionListFilters = parseAuctionFilters(q.filters);
  return pagedSource((page, limit) => listAuctions(db, user, filters, { page, limit, sort: q.sort ?? 'updatedAt', order: q.order ?? 'desc' }));
};

export const auctionResultsSource = (db: Db, user: AuthUser, auctionId: string) => pagedSource((page, limit) => auctionShareResults(db, user, auctionId, { page, limit }));
