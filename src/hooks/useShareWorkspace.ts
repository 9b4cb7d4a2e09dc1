/**
 * Queries of the share workspace, all under one key per share (`['workspace', contractNumber, …]`),
 * so that a move invalidates the share, its history and every section at once.
 */
import type { HttpError } from '@refinedev/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { API, type Endpoint, type ShareDetail } from '../domain';
import { callApi, listOf, type Payload } from './api';
import { useHttp } from './HttpContext';

export const workspaceKey = (contractNumber: string) => ['workspace', contractNumber] as const;

/** 4xx answers are final (a 404 is the not-found page); only a failing server is retried, once. */
const retry = (count: number, error: HttpError) => (error?.statusCode ?? 0) >= 500 && count < 1;

export const useApiQuery = <T>(
  contractNumber: string,
  name: string,
  endpoint: Endpoint,
  payload?: Payload,
  options: Partial<Pick<UseQueryOptions<T, HttpError>, 'enabled' | 'staleTime'>> = {},
) => {
  const client = useHttp();
  return useQuery<T, HttpError>({
    queryKey: [...workspaceKey(contractNumber), name, payload ?? {}],
    queryFn: () => callApi<T>(client, endpoint, payload),
    retry,
    ...options,
  });
};

/** A `{ data: T[] }` list call, unwrapped. */
export const useApiList = <T>(contractNumber: string, name: string, endpoint: Endpoint, payload?: Payload, options?: { enabled?: boolean }) => {
  const query = useApiQuery<{ data?: T[] }>(contractNumber, name, endpoint, payload, options);
  return { ...query, list: listOf<T>(query.data) };
};

/** GET /share/get ?contractNumber */
export const useShare = (contractNumber: string) => useApiQuery<ShareDetail>(contractNumber, 'share', API.share.get, { contractNumber });

/** Reference data that is the same for every share (cancel reasons, operators). */
export const useReferenceList = <T>(name: string, endpoint: Endpoint, payload?: Payload, enabled = true) => {
  const client = useHttp();
  const query = useQuery<{ data?: T[] }, HttpError>({
    queryKey: ['reference', name, payload ?? {}],
    queryFn: () => callApi<{ data?: T[] }>(client, endpoint, payload),
    retry,
    staleTime: 5 * 60_000,
    enabled,
  });
  return { ...query, list: listOf<T>(query.data) };
};
