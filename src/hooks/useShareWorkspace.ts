/**
 * Reads of the share workspace, all under the `shares` resource's record key (the contract number),
 * so that a move refetches the share, its history and every section at once (useApiInvalidate).
 */
import type { ShareDetail } from '../domain';
import { useApiList, useApiQuery, type ApiListOptions, type ApiQueryOptions, type EndpointName, type Payload } from './useApi';

/** Where a share's workspace calls are kept: its record of the `shares` resource. */
export const shareRecord = (contractNumber: string) => ({ resource: 'shares', id: contractNumber }) as const;

/** A call of one share's workspace (useApiQuery under the share's record). */
export const useShareQuery = <T>(contractNumber: string, name: EndpointName, payload?: Payload, options: Pick<ApiQueryOptions<T>, 'enabled'> = {}) =>
  useApiQuery<T>(name, payload, { ...options, ...shareRecord(contractNumber) });

/** A `{ data: T[] }` call of one share's workspace, unwrapped as `list`. */
export const useShareList = <T>(contractNumber: string, name: EndpointName, payload?: Payload, options: Pick<ApiListOptions<T>, 'enabled'> = {}) =>
  useApiList<T>(name, payload, { ...options, ...shareRecord(contractNumber) });

/** GET /share/get ?contractNumber */
export const useShare = (contractNumber: string) => useShareQuery<ShareDetail>(contractNumber, 'share.get', { contractNumber });

/** Reference data that is the same for every share (cancel reasons, operators): kept five minutes. */
export const useReferenceList = <T>(name: EndpointName, payload?: Payload, enabled = true) => useApiList<T>(name, payload, { staleTime: 5 * 60_000, enabled });
