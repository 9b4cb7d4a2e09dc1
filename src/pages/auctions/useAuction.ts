/**
 * Reads and writes of one auction, all under the `auctions` resource's record key (its auctionId):
 * a write refetches the record, so the header, the steps, the pricing table, the files and the
 * history refresh together, and the auction list with them.
 */
import type { HttpError } from '@refinedev/core';
import {
  PRICING_RUNNING,
  type AuctionFileItem,
  type AuctionInfo,
  type AuctionPricingItem,
  type AuctionStatusHistoryItem,
  type PricingStatus,
} from '../../domain';
import { useApiList, useApiQuery, type ApiWriteOptions } from '../../hooks/useApi';
import { PRICING_POLL_MS } from './polling';
import { saleContext } from './wording';

/** Where one auction's calls are kept: its record of the `auctions` resource. */
export const auctionRecord = (auctionId: string) => ({ resource: 'auctions', id: auctionId }) as const;

const isRunning = (status: PricingStatus | null | undefined): boolean => !!status && PRICING_RUNNING.includes(status);

/** Runs newest first, whatever order the server keeps. */
export const latestRun = (runs: readonly AuctionPricingItem[]): AuctionPricingItem | undefined =>
  [...runs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];

/** GET /auction/info; polls while the latest pricing run is still working, so the gate opens by itself. */
export const useAuctionInfo = (auctionId: string) =>
  useApiQuery<AuctionInfo>('auction.info', { auctionId }, { ...auctionRecord(auctionId), refetchInterval: (info) => (isRunning(info?.latestPricing) ? PRICING_POLL_MS : false) });

/** GET /auction/pricing_list; polls while the latest run is in PRICING_RUNNING and stops after. */
export const usePricingList = (auctionId: string) =>
  useApiList<AuctionPricingItem>('auction.pricingList', { auctionId }, { ...auctionRecord(auctionId), refetchInterval: (rows) => (isRunning(latestRun(rows)?.status) ? PRICING_POLL_MS : false) });

export const useAdditionalFiles = (auctionId: string) => useApiList<AuctionFileItem>('auction.listAdditionalFiles', { auctionId }, auctionRecord(auctionId));

export const useStatusHistory = (auctionId: string) => useApiList<AuctionStatusHistoryItem>('auction.statusHistory', { auctionId }, auctionRecord(auctionId));

/**
 * What every write of one auction shares (spread into useApiWrite's options): its id in the body, the
 * record and the auction list refetched after, and a 409 said in words (the auction is not where the
 * page thought: moved meanwhile, or frozen) with the record refetched to show where it is now.
 * `isAuction` false: a direct sale, whose messages do not say "leilão".
 */
export const auctionWrite = (auctionId: string, isAuction = true) =>
  ({
    fixed: { auctionId },
    ...auctionRecord(auctionId),
    lists: ['auctions'],
    refetchOnConflict: true,
    errorDescription: (error: HttpError, t) => (error.statusCode === 409 ? t('auctions.conflict', saleContext(isAuction)) : error.message),
  }) satisfies Partial<ApiWriteOptions<unknown>>;
