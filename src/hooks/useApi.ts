/**
 * The hooks for every call that is not a resource's list or record (those are Refine's `useList`,
 * `useOne`/`useShow`, `useCreate`/`useUpdate` and `@refinedev/antd`'s `useForm`/`useTable`). Each call
 * is named from the API table (`'share.get'`, src/domain/apiPaths.ts) and goes through Refine's
 * `useCustom` / `useCustomMutation` to the one data provider (`custom` with `meta.endpoint`), so:
 * - errors are the data provider's HttpErrors, reach the authProvider's `onError` (a lost session,
 *   the first-access change) and, for writes, the notificationProvider's toast the same way everywhere;
 * - a call may live under a Refine resource's record key (`resource` + `id`): `useInvalidate`, or
 *   `useApiInvalidate` here, refetches everything of that record at once (the share workspace under
 *   `shares`/contract number, an auction under `auctions`/auctionId).
 *
 * - `useApiQuery(name, payload, options)`: a read, cached; `useApiList` unwraps `{ data: T[] }`.
 * - `useApiWrite({ endpoint, … })`: a write with its success toast, invalidation and Idempotency-Key.
 * - `useApiCall()`: an imperative call for multi-step flows whose errors the caller shows itself
 *   (uploads, downloads, the account screens); still the data provider, no cache.
 */
import {
  useCustom,
  useCustomMutation,
  useDataProvider,
  useInvalidate,
  useKeys,
  useTranslate,
  type BaseKey,
  type BaseRecord,
  type DataProvider,
  type HttpError,
  type OpenNotificationParams,
} from '@refinedev/core';
import { useCallback, useMemo, useRef } from 'react';
import { endpointNamed, type Endpoint, type EndpointName } from '../domain';
import { arrivedStaysFresh, type AheadCalls, type UploadPartMeta } from '../providers/dataProvider';

export type Payload = Record<string, unknown>;
export type { EndpointName };

const endpointOf = (name: EndpointName): Endpoint => {
  const endpoint = endpointNamed(name);
  // A name checked by the compiler; an unknown one here is a programming error, loud at once.
  if (!endpoint) throw new Error(`Unknown API call: ${name}`);
  return endpoint;
};

const methodOf = (endpoint: Endpoint) => endpoint.method.toLowerCase() as 'get' | 'post' | 'put';

/** Lists answer `{ data, ... }` (DESIGN §3). */
export const listOf = <T>(body: { data?: T[] } | null | undefined): T[] => (Array.isArray(body?.data) ? body.data : []);

export const isHttpError = (e: unknown): e is HttpError => !!e && typeof e === 'object' && 'statusCode' in e;

/** 4xx answers are final (a 404 is the not-found page); only a failing server is retried, once. */
export const retryServerErrors = (count: number, error: HttpError) => (error?.statusCode ?? 0) >= 500 && count < 1;

/** Where a call's answer is kept: under a Refine resource's record, or on its own. */
export interface ApiKeyOptions {
  /** The Refine resource whose record this call belongs to (`shares`, `auctions`). */
  resource?: string;
  /** The record's id; with `resource`, the call is invalidated with the record (see useApiInvalidate). */
  id?: BaseKey;
}

export interface ApiQueryOptions<T> extends ApiKeyOptions {
  /** False: do not call, only observe what another component's same query holds. */
  enabled?: boolean;
  staleTime?: number;
  /** Polling: the interval while the answer says work is going on, false to stop. */
  refetchInterval?: number | false | ((data: T | undefined) => number | false);
}

/**
 * The query key of a named call, in Refine's key space: `['data', 'default', resource, 'one', id,
 * { endpoint, payload }]` under a record, `['data', 'default', 'custom', { endpoint, payload }]` otherwise.
 */
export const useApiKey = () => {
  const { keys } = useKeys();
  return useCallback(
    (name: EndpointName, payload: Payload | undefined, { resource, id }: ApiKeyOptions = {}) => {
      const params = { endpoint: name, payload: payload ?? {} };
      return resource
        ? keys().data().resource(resource).action('one').id(id).params(params).get()
        : keys().data().mutation('custom').params(params).get();
    },
    [keys],
  );
};

/**
 * A read through `useCustom`: GET sends `payload` as its query, POST (share.getHistory) as its body.
 * Errors are not toasted (the page shows them where they happen: not-found page, an alert in the
 * section); 5xx is retried once. Answers TanStack's query result with `data` unwrapped.
 */
export const useApiQuery = <T>(name: EndpointName, payload?: Payload, { resource, id, enabled, staleTime, refetchInterval }: ApiQueryOptions<T> = {}) => {
  const endpoint = endpointOf(name);
  const apiKey = useApiKey();
  const ahead = useDataProvider()() as AheadCalls;
  // When the answer taken on arrival came (React Query asks right after initialData, in one go).
  let arrivedAt: number | undefined;
  const { query } = useCustom<BaseRecord, HttpError, Payload, Payload>({
    url: endpoint.path,
    method: methodOf(endpoint),
    config: endpoint.method === 'GET' ? { query: payload ?? {} } : { payload: payload ?? {} },
    meta: { endpoint: name },
    errorNotification: false,
    queryOptions: {
      queryKey: apiKey(name, payload, { resource, id }),
      retry: retryServerErrors,
      ...(enabled !== undefined ? { enabled } : {}),
      // A GET asked for ahead (a login asks for the columns its first list hides) whose answer has
      // arrived is this query's data at once, without a render that waits for it.
      ...(endpoint.method === 'GET' && enabled !== false
        ? {
            initialData: () => {
              const taken = ahead.takeArrivedCall?.(name, payload ?? {});
              arrivedAt = taken?.at;
              return taken?.answer;
            },
            initialDataUpdatedAt: () => arrivedAt,
            staleTime: arrivedStaysFresh(staleTime ?? 0),
          }
        : staleTime !== undefined
          ? { staleTime }
          : {}),
      ...(refetchInterval !== undefined
        ? { refetchInterval: typeof refetchInterval === 'function' ? (q) => refetchInterval(q.state.data?.data as T | undefined) : refetchInterval }
        : {}),
    },
  });
  return { ...query, data: query.data?.data as T | undefined };
};

export interface ApiListOptions<T> extends Omit<ApiQueryOptions<unknown>, 'refetchInterval'> {
  /** Polling: the interval while the rows say work is going on, false to stop. */
  refetchInterval?: number | false | ((rows: T[]) => number | false);
}

/** A `{ data: T[] }` call, unwrapped as `list`. */
export const useApiList = <T>(name: EndpointName, payload?: Payload, options: ApiListOptions<T> = {}) => {
  const { refetchInterval, ...rest } = options;
  const query = useApiQuery<{ data?: T[] }>(name, payload, {
    ...rest,
    ...(refetchInterval !== undefined
      ? { refetchInterval: typeof refetchInterval === 'function' ? (body: { data?: T[] } | undefined) => refetchInterval(listOf<T>(body)) : refetchInterval }
      : {}),
  });
  return { ...query, list: listOf<T>(query.data) };
};

/**
 * Refetches what a write changed, by Refine's resource keys: the record's named calls (useApiQuery with
 * that `resource`/`id`) and its `useOne`/`useShow`, and, with `lists`, those resources' lists.
 */
export const useApiInvalidate = () => {
  const invalidate = useInvalidate();
  return useCallback(
    async ({ resource, id, lists = [] }: { resource?: string; id?: BaseKey; lists?: readonly string[] }) => {
      await Promise.all([
        ...(resource && id !== undefined && id !== '' ? [invalidate({ resource, id, invalidates: ['detail'] })] : []),
        ...lists.map((r) => invalidate({ resource: r, invalidates: ['list', 'detail'] })),
      ]);
    },
    [invalidate],
  );
};

export interface ApiWriteOptions<T> extends ApiKeyOptions {
  endpoint: EndpointName;
  /** Sent with every call of this write (the auction's id), under what the caller sends. */
  fixed?: Payload;
  /** The success toast: an i18n key, or a function of the answer and what was sent; none when absent. */
  success?: string | ((data: T, payload: Payload, t: (key: string, params?: Record<string, unknown>) => string) => string);
  /** Resources whose lists (and records) a success changes: they refetch. */
  lists?: readonly string[];
  /** Keep quiet about errors the caller shows itself (on its form). */
  silentErrors?: (error: HttpError) => boolean;
  /** The toast's text for an error (default: the server's message, through the SPEC §8 catalogue). */
  errorDescription?: (error: HttpError, t: (key: string, params?: Record<string, unknown>) => string) => string;
  /** Also after a failure: a 409 means the record is not where the page thought; refetch it. */
  refetchOnConflict?: boolean;
  /**
   * Sends an Idempotency-Key: the same key until a call succeeds, so a retried or double-clicked
   * move is applied once by the server.
   */
  idempotent?: boolean;
}

const newKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * A write through `useCustomMutation`: toast on success, the record (`resource`/`id`) and `lists`
 * refetched before it stops pending, errors toasted by the notificationProvider (unless `silentErrors`).
 * `mutate(payload, { onSuccess, onError })` / `mutateAsync(payload)` as TanStack's, with the answer unwrapped.
 */
export const useApiWrite = <T = unknown>({
  endpoint: name,
  fixed,
  success,
  resource,
  id,
  lists,
  silentErrors,
  errorDescription,
  refetchOnConflict = false,
  idempotent = false,
}: ApiWriteOptions<T>) => {
  const endpoint = endpointOf(name);
  const t = useTranslate();
  const refresh = useApiInvalidate();
  const key = useRef<string | null>(null);
  const { mutation } = useCustomMutation<BaseRecord, HttpError, Payload>({
    mutationOptions: {
      // Refine's own onSuccess/onError send the toasts; this runs after them, and the mutation stays
      // pending until the refetch is done, so the page never shows the old record as the new one.
      onSettled: async (_data, error) => {
        if (!error) {
          key.current = null;
          await refresh({ resource, id, lists });
          return;
        }
        // 422: the key was already spent on a request with other data (the server refused to answer the
        // old result for the new data); the next attempt is a new request.
        if (error.statusCode === 422) key.current = null;
        if (refetchOnConflict && error.statusCode === 409) await refresh({ resource, id });
      },
    },
  });

  const variables = useCallback(
    (payload: Payload = {}) => {
      const body = { ...fixed, ...payload };
      if (idempotent) key.current ??= newKey();
      return {
        url: endpoint.path,
        method: methodOf(endpoint) as 'post' | 'put',
        values: body,
        meta: { endpoint: name },
        ...(idempotent ? { config: { headers: { 'Idempotency-Key': key.current! } } } : {}),
        successNotification: (answer?: { data?: unknown }): OpenNotificationParams | false =>
          success ? { type: 'success', message: typeof success === 'function' ? success(answer?.data as T, body, t) : t(success) } : false,
        errorNotification: (error?: HttpError): OpenNotificationParams | false =>
          !error || silentErrors?.(error) ? false : { type: 'error', message: t('errors.title'), description: errorDescription ? errorDescription(error, t) : error.message },
      };
    },
    [endpoint, errorDescription, fixed, idempotent, name, silentErrors, success, t],
  );

  type CallOptions = { onSuccess?: (data: T, payload: Payload) => void; onError?: (error: HttpError, payload: Payload) => void; onSettled?: () => void };
  const { mutate: run, mutateAsync: runAsync } = mutation;
  const mutate = useCallback(
    (payload?: Payload, options: CallOptions = {}) =>
      run(variables(payload), {
        onSuccess: (answer) => options.onSuccess?.(answer.data as T, payload ?? {}),
        onError: (error) => options.onError?.(error, payload ?? {}),
        onSettled: () => options.onSettled?.(),
      }),
    [run, variables],
  );
  const mutateAsync = useCallback(async (payload?: Payload): Promise<T> => (await runAsync(variables(payload))).data as T, [runAsync, variables]);

  return useMemo(
    () => ({
      mutate,
      mutateAsync,
      isPending: mutation.isPending,
      isError: mutation.isError,
      isSuccess: mutation.isSuccess,
      error: mutation.error,
      data: mutation.data?.data as T | undefined,
      reset: mutation.reset,
    }),
    [mutate, mutateAsync, mutation.isPending, mutation.isError, mutation.isSuccess, mutation.error, mutation.data, mutation.reset],
  );
};

export interface ApiCallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A named call sent imperatively; rejects with the data provider's HttpError. */
export type ApiCaller = <T>(name: EndpointName, payload?: Payload, options?: ApiCallOptions) => Promise<T>;

/** The imperative caller over one data provider (what useApiCall answers inside <Refine>). */
export const apiCaller =
  (provider: DataProvider): ApiCaller =>
  async <T>(name: EndpointName, payload: Payload = {}, { headers, signal }: ApiCallOptions = {}): Promise<T> => {
    const endpoint = endpointOf(name);
    const { data } = await provider.custom!<BaseRecord>({
      url: endpoint.path,
      method: methodOf(endpoint),
      ...(endpoint.method === 'GET' ? { query: payload } : { payload }),
      ...(headers ? { headers } : {}),
      meta: { endpoint: name, ...(signal ? { signal } : {}) },
    });
    return data as T;
  };

/**
 * An imperative call through the data provider, for flows of several calls whose errors the caller
 * shows on its own form or progress (uploads, the download link, the account screens, some of which
 * run before a session exists): no cache, no toast, no authProvider.onError; rejects with an HttpError.
 */
export const useApiCall = (): ApiCaller => {
  const dataProvider = useDataProvider();
  return useMemo(() => apiCaller(dataProvider()), [dataProvider]);
};

export interface UploadPartOptions extends Omit<UploadPartMeta, 'signal'> {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** PUTs one part's bytes to its signed URL; answers the part's etag (null when the storage gave none). */
export type PartUploader = (url: string, bytes: ArrayBuffer, options?: UploadPartOptions) => Promise<string | null>;

/** The part uploader over one data provider (`meta.uploadPart`, no bearer token). */
export const partUploader =
  (provider: DataProvider): PartUploader =>
  async (url, bytes, { headers, signal, onUploadProgress } = {}) => {
    const { data } = await provider.custom!<BaseRecord>({
      url,
      method: 'put',
      payload: bytes,
      ...(headers ? { headers } : {}),
      meta: { uploadPart: { ...(signal ? { signal } : {}), ...(onUploadProgress ? { onUploadProgress } : {}) } },
    });
    return typeof data?.etag === 'string' ? data.etag : null;
  };

/** PUTs file parts to the signed URLs storage.uploadInitialize answered, through the data provider. */
export const useUploadPart = (): PartUploader => {
  const dataProvider = useDataProvider();
  return useMemo(() => partUploader(dataProvider()), [dataProvider]);
};
