/**
 * Queries and writes of one auction, all under `['auction', auctionId, …]`: a write invalidates the
 * key, so the header, the steps, the pricing table, the files and the history refresh together.
 */
import { useInvalidate, useNotification, useTranslate, type HttpError } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  PRICING_RUNNING,
  type AuctionFileItem,
  type AuctionInfo,
  type AuctionPricingItem,
  type AuctionStatusHistoryItem,
  type Endpoint,
  type PricingStatus,
} from '../../domain';
import { callApi, listOf, type Payload } from '../../hooks/api';
import { useHttp } from '../../hooks/HttpContext';
import { auctionInfoKey, auctionKey } from './paths';
import { PRICING_POLL_MS } from './polling';
import { saleContext } from './wording';

export { auctionKey };

/** 4xx answers are final (a 404 is the not-found page); only a failing server is retried, once. */
const retry = (count: number, error: HttpError) => (error?.statusCode ?? 0) >= 500 && count < 1;

const isRunning = (status: PricingStatus | null | undefined): boolean => !!status && PRICING_RUNNING.includes(status);

/** Runs newest first, whatever order the server keeps. */
export const latestRun = (runs: readonly AuctionPricingItem[]): AuctionPricingItem | undefined =>
  [...runs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];

/** GET /auction/info; polls while the latest pricing run is still working, so the gate opens by itself. */
export const useAuctionInfo = (auctionId: string) => {
  const client = useHttp();
  return useQuery<AuctionInfo, HttpError>({
    queryKey: auctionInfoKey(auctionId),
    queryFn: () => callApi<AuctionInfo>(client, API.auction.info, { auctionId }),
    retry,
    refetchInterval: (query) => (isRunning(query.state.data?.latestPricing) ? PRICING_POLL_MS : false),
  });
};

const useAuctionList = <T>(auctionId: string, name: string, endpoint: Endpoint, poll?: (rows: T[]) => boolean, enabled = true) => {
  const client = useHttp();
  const query = useQuery<{ data?: T[] }, HttpError>({
    queryKey: [...auctionKey(auctionId), name],
    queryFn: () => callApi<{ data?: T[] }>(client, endpoint, { auctionId }),
    retry,
    enabled,
    refetchInterval: poll ? (q) => (poll(listOf<T>(q.state.data)) ? PRICING_POLL_MS : false) : undefined,
  });
  return { ...query, list: listOf<T>(query.data) };
};

/** GET /auction/pricing_list; polls while the latest run is in PRICING_RUNNING and stops after. */
export const usePricingList = (auctionId: string) =>
  useAuctionList<AuctionPricingItem>(auctionId, 'pricing', API.auction.pricingList, (rows) => isRunning(latestRun(rows)?.status));

export const useAdditionalFiles = (auctionId: string) => useAuctionList<AuctionFileItem>(auctionId, 'files', API.auction.listAdditionalFiles);

export const useStatusHistory = (auctionId: string) => useAuctionList<AuctionStatusHistoryItem>(auctionId, 'history', API.auction.statusHistory);

export interface AuctionWriteOptions {
  /** i18n key of the success toast, or a function of the answer. */
  success?: string | ((data: unknown) => string);
  /** Keep quiet about errors the caller shows itself (on its form). */
  silentErrors?: (error: HttpError) => boolean;
  /** False for a direct sale, whose messages do not say "leilão". */
  isAuction?: boolean;
}

/** One auction write: POST, toast, refetch the auction and the auction list. */
export const useAuctionWrite = <T = unknown>(auctionId: string, endpoint: Endpoint, { success, silentErrors, isAuction = true }: AuctionWriteOptions = {}) => {
  const client = useHttp();
  const t = useTranslate();
  const { open } = useNotification();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation<T, HttpError, Payload>({
    mutationFn: (payload) => callApi<T>(client, endpoint, { auctionId, ...payload }),
    onSuccess: async (data) => {
      if (success) open?.({ type: 'success', message: typeof success === 'function' ? success(data) : t(success) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: auctionKey(auctionId) }),
        invalidate({ resource: 'auctions', invalidates: ['list'] }),
      ]);
    },
    onError: async (error) => {
      if (!silentErrors?.(error)) {
        // A 409 means the auction is not where the page thought (moved meanwhile, or frozen): say so in
        // words and show where it is now.
        const description = error.statusCode === 409 ? t('auctions.conflict', saleContext(isAuction)) : error.message;
        open?.({ type: 'error', message: t('errors.title'), description });
      }
      if (error.statusCode === 409) await queryClient.invalidateQueries({ queryKey: auctionKey(auctionId) });
    },
  });
};
