/**
 * GET /auction/share_results: each share an auction offers with the price it got (issue 13). The
 * prices are those of the auction's latest processed pricing run (docs/auctions.md: removing that
 * run's spreadsheet brings back the previous prices); the minimum is the auction's rule applied to
 * the share's credit value, as the pricing checked it. Staff only (`auction.pricing_read`): what the
 * seller priced and under which minimum is the seller's, not the buyers'.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { minimumPriceFor, type AuctionShareResult } from '../../src/domain/auctions';
import type { ListResponse } from '../../src/domain/shareList';
import type { Db } from '../db/client';
import { administrators, auctionPricing, auctionSharePrices, shares } from '../db/schema';
import { findAuction } from './auctions';
import type { AuthUser } from './users';

export async function auctionShareResults(db: Db, user: AuthUser, auctionId: string, { page, limit }: { page: number; limit: number }): Promise<ListResponse<AuctionShareResult>> {
  const auction = await findAuction(db, user, auctionId);
  const contracts = Array.isArray(auction.config.contractNumbers) ? auction.config.contractNumbers : [];
  if (contracts.length === 0 || auction.admId === null) return { data: [], total: 0, page, limit };
  const [run] = await db
    .select({ id: auctionPricing.id })
    .from(auctionPricing)
    .where(and(eq(auctionPricing.auctionId, auction.id), eq(auctionPricing.status, 'processed')))
    .orderBy(desc(auctionPricing.createdAt), desc(auctionPricing.id))
    .limit(1);
  const where = and(eq(shares.admId, auction.admId), sql`${shares.contractNumber} in (select jsonb_array_elements_text(${JSON.stringify(contracts)}::jsonb))`);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        shareId: shares.id,
        contractNumber: shares.contractNumber,
        administratorName: administrators.name,
        creditValue: shares.creditValue,
        state: shares.state,
        price: auctionSharePrices.price,
      })
      .from(shares)
      .leftJoin(administrators, eq(administrators.id, shares.admId))
      .leftJoin(auctionSharePrices, run ? and(eq(auctionSharePrices.pricingId, run.id), eq(auctionSharePrices.shareId, shares.id)) : sql`false`)
      .where(where)
      .orderBy(asc(shares.contractNumber), asc(shares.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(shares).where(where),
  ]);
  const rule = auction.config.minimumPrice;
  const data = rows.map((r): AuctionShareResult => {
    const credit = r.creditValue === null ? null : Number(r.creditValue);
    return {
      shareId: r.shareId,
      contractNumber: r.contractNumber,
      administratorName: r.administratorName,
      creditValue: credit,
      minimumPrice: rule ? minimumPriceFor(rule, credit) : null,
      price: r.price === null ? null : Number(r.price),
      state: r.state,
    };
  });
  return { data, total: Number(total), page, limit };
}
