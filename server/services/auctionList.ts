/**
 * GET /auction/list: the auctions of the user's tenant, newest change first, filtered by the one
 * JSON `filters` parameter ({status[], search, isAuction}); an unknown key is a 400, as on the
 * share lists.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AuctionItem, AuctionListFilters } from '../../src/domain/auctions';
import { AUCTION_STATUSES, type AuctionStatus } from '../../src/domain/enums';
import { ACCENTED_CHARS, UNACCENTED_CHARS, foldSearchText } from '../../src/domain/search';
import type { ListResponse } from '../../src/domain/shareList';
import type { Db } from '../db/client';
import { administrators, auctions } from '../db/schema';
import { invalid as invalidInput } from './errors';
import { checkStorable, invalidFilter } from './filters';
import { auctionScopeCondition, toAuctionItem } from './auctions';
import type { AuthUser } from './users';

export const AUCTION_FILTER_KEYS = ['status', 'search', 'isAuction'] as const;
const MAX_SEARCH = 100;

const invalid = invalidFilter;

export function parseAuctionFilters(raw: string | undefined): AuctionListFilters {
  if (raw === undefined || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidInput('Invalid filters: not JSON', { filters: 'must be a JSON object' });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidInput('Invalid filters: not an object', { filters: 'must be a JSON object' });
  checkStorable(value as Record<string, unknown>);
  const out: AuctionListFilters = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    switch (key) {
      case 'status': {
        const list = Array.isArray(v) ? v : [v];
        if (list.some((s) => !(AUCTION_STATUSES as readonly unknown[]).includes(s))) throw invalid('status', `must be one of ${AUCTION_STATUSES.join(', ')}`);
        if (list.length) out.status = [...new Set(list as AuctionStatus[])];
        break;
      }
      case 'search': {
        if (typeof v !== 'string') throw invalid('search', 'must be a string');
        const q = foldSearchText(v.trim());
        if (q.length > MAX_SEARCH) throw invalid('search', `must be at most ${MAX_SEARCH} characters`);
        if (q) out.search = q;
        break;
      }
      case 'isAuction':
        if (typeof v === 'boolean') out.isAuction = v;
        else if (v === 'true' || v === 'false') out.isAuction = v === 'true';
        else throw invalid('isAuction', 'must be true or false');
        break;
      default:
        throw invalid(key, `unknown filter; use ${AUCTION_FILTER_KEYS.join(', ')}`);
    }
  }
  return out;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AuctionPage {
  page: number;
  limit: number;
  sort: 'updatedAt' | 'createdAt';
  order: 'asc' | 'desc';
}

export async function listAuctions(db: Db, user: AuthUser, filters: AuctionListFilters, { page, limit, sort, order }: AuctionPage): Promise<ListResponse<AuctionItem>> {
  const column = sort === 'createdAt' ? auctions.createdAt : auctions.updatedAt;
  const by = order === 'asc' ? asc : desc;
  // Search folds the name and the administrator's name like the share search folds its column.
  const searchable = sql`translate(lower(coalesce(${auctions.config} ->> 'name', '') || ' ' || coalesce(${administrators.name}, '') || ' ' || ${auctions.id}::text), ${ACCENTED_CHARS}, ${UNACCENTED_CHARS})`;
  const where = and(
    auctionScopeCondition(user),
    filters.status ? inArray(auctions.status, filters.status) : undefined,
    filters.isAuction !== undefined ? eq(auctions.isAuction, filters.isAuction) : undefined,
    filters.search ? sql`${searchable} like ${`%${escapeLike(filters.search)}%`}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ auction: auctions, administratorName: administrators.name })
      .from(auctions)
      .leftJoin(administrators, eq(administrators.id, auctions.admId))
      .where(where)
      .orderBy(by(column), by(auctions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auctions)
      .leftJoin(administrators, eq(administrators.id, auctions.admId))
      .where(where),
  ]);
  return { data: rows.map((r) => toAuctionItem(r.auction, r.administratorName)), total: Number(total), page, limit };
}
