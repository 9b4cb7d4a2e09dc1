import type { BaseRecord, CrudFilter, CrudSort, DataProvider, GetListResponse, HttpError } from '@refinedev/core';
import axios, { type AxiosInstance, type AxiosProgressEvent } from 'axios';
import { PAGINATION, endpointNamed, type Endpoint, type ListResponse } from '../domain';
import { LOGIN_FOLLOW_UPS_MAX, type LoginFollowUpAnswer, loginFollowUpEndpoint } from '../domain/loginFollowUps';
import type { ExportColumn, ExportFormat } from '../domain/exportFormat';
import { RESOURCE_APIS, type ResourceApi, type RowActionName } from '../resources';
import { toShareListFilters, toShareSort } from '../resources/shareFilters';
import { apiBaseUrl } from './apiBase';
import { http as defaultHttp } from './http';
import { toHttpError } from './httpError';
import { readToken } from './session';

const clampLimit = (n: number | undefined): number =>
  Math.min(Math.max(1, Math.floor(n ?? PAGINATION.defaultLimit)), PAGINATION.maxLimit);

const plainQuery = (filters: readonly CrudFilter[], names: readonly string[] = []): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of filters) {
    if ('field' in f && names.includes(f.field) && f.value !== undefined && f.value !== null && f.value !== '') {
      out[f.field] = String(f.value);
    }
  }
  return out;
};

const listParams = (api: ResourceApi, page: number, limit: number, filters: readonly CrudFilter[], sorters: Parameters<typeof toShareSort>[0]) => {
  if (api.kind === 'plain') return { page, limit, ...plainQuery(filters, api.queryFilters) };
  if (api.kind === 'json') {
    const json = api.toFilters?.(filters) ?? {};
    const sorter = sorters?.find((s) => api.sortFields?.includes(s.field));
    return {
      page,
      limit,
      ...plainQuery(filters, api.queryFilters),
      ...(Object.keys(json).length ? { filters: JSON.stringify(json) } : {}),
      ...(sorter ? { sort: sorter.field, order: sorter.order === 'desc' ? 'desc' : 'asc' } : {}),
    };
  }
  // A share list's own filters and sorts beyond the share list's (the pendency list's, issue 15).
  const shareFilters = { ...toShareListFilters(filters), ...api.toFilters?.(filters) };
  const sort = toShareSort(sorters, api.sortFields);
  return {
    page,
    limit,
    // Sent only when something is filtered, so the plain list URL stays cacheable and readable.
    ...(Object.keys(shareFilters).length ? { filters: JSON.stringify(shareFilters) } : {}),
    ...(sort ?? {}),
  };
};

const unsupported = (what: string) => (): never => {
  throw { message: `${what} is not supported yet`, statusCode: 0 } satisfies HttpError;
};

/** What an upload part's request takes besides its bytes (see `custom`). */
/**
 * `custom` with `meta: { resource, export }` (issue 18): the resource's list, as the list call with
 * these filters and sorters would select it, every page, as a CSV or XLSX file. The body is read as
 * it streams: `onStart` gets the rows the server expects, `onChunk` each piece (the export dialog
 * counts rows in them); the answer is the file and its name.
 */
export interface ExportMeta {
  format: ExportFormat;
  filters?: readonly CrudFilter[];
  sorters?: readonly CrudSort[];
  columns: readonly ExportColumn[];
  /** The list's name: the file's and the sheet's. */
  title: string;
  timeZone: string;
  signal?: AbortSignal;
  onStart?: (expected: { total: number; exact: boolean } | null) => void;
  onChunk: (chunk: Uint8Array) => void;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

export interface UploadPartMeta {
  signal?: AbortSignal;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
}

const etagOf = (headers: unknown, body: unknown): string | null => {
  const h = headers as Record<string, unknown> | undefined;
  const fromHeader = h && typeof h === 'object' ? (h.etag ?? h.ETag) : undefined;
  if (typeof fromHeader === 'string' && fromHeader) return fromHeader;
  const fromBody = (body as { etag?: unknown } | null)?.etag;
  return typeof fromBody === 'string' && fromBody ? fromBody : null;
};

type ListParams = Pick<Parameters<DataProvider['getList']>[0], 'resource' | 'pagination' | 'filters' | 'sorters'>;

/** How long a list asked for ahead of its page waits to be taken. */
export const EARLY_LIST_TTL_MS = 10_000;

/**
 * How many guessed calls (guessList) may be on the wire at once over HTTP/1.1. A browser opens at
 * most six connections to a host there and the live event stream holds one: guesses beyond four
 * queued in the browser, and on a slow line the one picked could wait a round trip behind the
 * others (bench/results/browser.md, slow 3G). One connection stays free for what the user asks.
 * Over HTTP/2 or 3 (production, behind the proxy) every call shares one connection: all go at once.
 */
export const GUESSES_AT_ONCE = 4;

/**
 * Whether the API's calls share one connection (HTTP/2 or 3): known from the page's own protocol
 * when the API is on the page's origin (`apiUrl`, VITE_API_URL or beside the app). An API elsewhere
 * may speak HTTP/1.1 whatever served the page: then it counts as not multiplexed.
 */
export const pageIsMultiplexed = (apiUrl: string = apiBaseUrl()): boolean => {
  if (typeof location === 'undefined' || new URL(apiUrl, location.href).origin !== location.origin) return false;
  const [navigation] = (globalThis.performance?.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return /^h[23]/.test(navigation?.nextHopProtocol ?? '');
};

/**
 * A query's staleTime that keeps an answer taken on arrival (takeArrivedList/Call, with its arrival
 * as `initialDataUpdatedAt`) fresh for as long as an early answer may be taken after it arrived,
 * then `otherwise` once the query has fetched for itself: the page that took the answer does not
 * ask for it again as it mounts.
 */
export const arrivedStaysFresh =
  (otherwise = 0) =>
  (query: { state: { dataUpdateCount: number } }): number =>
    query.state.dataUpdateCount === 0 ? Math.max(EARLY_LIST_TTL_MS, otherwise) : otherwise;

/** The calls asked for ahead, as a page finds them on Refine's data provider (another provider has none). */
export type AheadCalls = Partial<Pick<RepasseDataProvider, 'prefetchList' | 'guessList' | 'takeArrivedList' | 'takeArrivedCall' | 'sameListCall'>>;

type RepasseDataProvider = DataProvider & {
  /**
   * Sends the list call that `getList` with the same arguments would send, now; the next such
   * `getList` in this session, within EARLY_LIST_TTL_MS, takes its answer instead of calling again.
   * The login starts the first list this way while the page's code still runs (see SignedInApp).
   */
  prefetchList: (params: ListParams) => void;
  /**
   * As prefetchList, for a list that may be wanted (each option of an open filter): at most
   * GUESSES_AT_ONCE on the wire over HTTP/1.1 (all over HTTP/2), the others wait their turn; one then asked for for real (the pick)
   * leaves at once if it had not yet.
   */
  guessList: (params: ListParams) => void;
  /**
   * The same for a named GET call of the API table (`custom` with `meta.endpoint`): the first list
   * asks for the columns its user hides beside its rows, so they come in the same round trip.
   */
  prefetchCall: (name: string, query?: Record<string, unknown>) => void;
  /**
   * The answer of a list asked for ahead (prefetchList) that has already arrived, taken now (it is
   * then no one else's): a page mounting after it arrived shows its rows in its first render, where
   * the answer otherwise reached it only after that render and one more (issue 17). Undefined when
   * nothing for exactly these arguments has arrived; `at` is when it arrived (the query's
   * `initialDataUpdatedAt`, so that it is as old as it is).
   */
  takeArrivedList: (params: ListParams) => { answer: GetListResponse; at: number } | undefined;
  /** The same for a named GET call asked for ahead (prefetchCall), in `custom`'s shape. */
  takeArrivedCall: (name: string, query?: Record<string, unknown>) => { answer: { data: BaseRecord }; at: number } | undefined;
  /** Whether two sets of list arguments make the same call (the same page of the same list). */
  sameListCall: (a: ListParams, b: ListParams) => boolean;
  /**
   * Lists and named GET calls for a login to carry (src/domain/loginFollowUps.ts): `urls`, the
   * address each would request, below the API's base (the login's `then`; one a login may not carry
   * is left out); `arrive`, once the login stored its token, takes the login's answers as if each
   * had been asked for ahead (prefetchList, prefetchCall), for that session. A read answered with
   * anything but a 200 is left for its page to ask for.
   */
  followLogin: (reads: LoginReads) => LoginFollowUps;
};

export interface LoginReads {
  lists?: readonly ListParams[];
  calls?: readonly { name: string; query?: Record<string, unknown> }[];
}

export interface LoginFollowUps {
  urls: string[];
  arrive: (answers: readonly LoginFollowUpAnswer[] | undefined) => void;
}

/** Maps Refine resources onto the documented calls (SPEC §7, DESIGN §3). */
export const createDataProvider = (
  client: AxiosInstance = defaultHttp,
  apis: Readonly<Record<string, ResourceApi>> = RESOURCE_APIS,
  guessesAtOnce: number = pageIsMultiplexed() ? Infinity : GUESSES_AT_ONCE,
): RepasseDataProvider => {
  const apiOf = (resource: string): ResourceApi => {
    const api = apis[resource];
    if (!api) throw { message: `Invalid resource: ${resource}`, statusCode: 0 } satisfies HttpError;
    return api;
  };

  /** The record's id as its write calls name it (a number where the server counts them). */
  const idOf = (api: ResourceApi, id: string | number): Record<string, string | number> => {
    const { idParam, numericId } = api.get!;
    return { [idParam]: numericId && /^\d+$/.test(String(id)) ? Number(id) : String(id) };
  };

  const send = async (endpoint: Endpoint, body: Record<string, unknown>, { headers, signal }: { headers?: Record<string, string>; signal?: AbortSignal } = {}) => {
    try {
      const { data } = await client.request({
        method: endpoint.method,
        url: endpoint.path,
        ...(endpoint.method === 'GET' ? { params: body } : { data: body }),
        ...(headers ? { headers } : {}),
        ...(signal ? { signal } : {}),
      });
      return data;
    } catch (e) {
      throw toHttpError(e);
    }
  };

  /**
   * One part's bytes PUT to the signed URL upload_initialize answered (DESIGN §2). A bare request on
   * the API client's adapter: the URL carries its own authorization, and the bearer token must not
   * leak to a storage host. Answers the part's etag.
   */
  const exportList = async (api: ResourceApi, o: ExportMeta): Promise<ExportedFile> => {
    if (!api.export) throw { message: 'Invalid export', statusCode: 0 } satisfies HttpError;
    // Exactly what the list call sends, less its paging: the same rows, in the same order.
    const { page: _page, limit: _limit, ...query } = listParams(api, 1, 1, o.filters ?? [], o.sorters ?? []);
    // Its own chunk, loaded with the first export: the first list does not carry the stream reader.
    const { streamExport } = await import('./exportStream');
    return streamExport(client, api.export, query, o);
  };

  const putPart = async (url: string, bytes: unknown, headers: Record<string, string> | undefined, meta: UploadPartMeta) => {
    try {
      const res = await axios.put(url, bytes, {
        adapter: client.defaults.adapter,
        // The signed URL is the whole authorization: no XSRF cookie to wait for (src/providers/http.ts).
        withXSRFToken: false,
        headers: { 'Content-Type': 'application/octet-stream', ...headers },
        ...(meta.signal ? { signal: meta.signal } : {}),
        ...(meta.onUploadProgress ? { onUploadProgress: meta.onUploadProgress } : {}),
      });
      return { etag: etagOf(res.headers, res.data) };
    } catch (e) {
      throw toHttpError(e);
    }
  };

  const listCall = ({ resource, pagination, filters = [], sorters = [] }: ListParams) => {
    const api = apiOf(resource);
    const page = Math.max(1, Math.floor(pagination?.currentPage ?? 1));
    const limit = clampLimit(pagination?.pageSize);
    const params = listParams(api, page, limit, filters, sorters);
    // The token is part of the key: an answer fetched for one session is never another's.
    return { path: api.list.path, params, key: JSON.stringify([readToken(), api.list.path, params]) };
  };

  type Early = { at: number; answer: Promise<{ data: unknown }>; arrived?: { body: unknown; at: number } };
  const early = new Map<string, Early>();
  const sendEarly = (key: string, path: string, params: Record<string, unknown>) => {
    for (const [k, v] of early) if (Date.now() - v.at >= EARLY_LIST_TTL_MS) early.delete(k);
    // Already asked for and not taken yet (a dropdown's option asked for as it opened, then picked):
    // the page takes that answer, arrived or on its way.
    if (early.has(key)) return;
    const answer = client.get(path, { params });
    const entry: Early = { at: Date.now(), answer };
    // Unhandled until taken; a failure here is the taker's to retry, not an error of its own.
    answer.then((res) => (entry.arrived = { body: res.data, at: Date.now() }), () => undefined);
    early.set(key, entry);
  };
  type Guess = { key: string; path: string; params: Record<string, unknown>; at: number };
  const guesses: Guess[] = [];
  let guessing = 0;
  const nextGuess = () => {
    while (guessing < guessesAtOnce && guesses.length) {
      const guess = guesses.shift()!;
      if (Date.now() - guess.at >= EARLY_LIST_TTL_MS) continue;
      // Sent now, or already on its way (sendEarly sends a key once): either way a turn until it answers.
      sendEarly(guess.key, guess.path, guess.params);
      guessing++;
      const done = () => {
        guessing--;
        nextGuess();
      };
      early.get(guess.key)!.answer.then(done, done);
    }
  };
  /** A call asked for for real is no longer a guess waiting its turn. */
  const unguess = (key: string) => {
    const i = guesses.findIndex((g) => g.key === key);
    if (i >= 0) guesses.splice(i, 1);
  };
  const takeArrived = (key: string) => {
    const hit = early.get(key);
    if (!hit?.arrived || Date.now() - hit.at >= EARLY_LIST_TTL_MS) return undefined;
    early.delete(key);
    return hit.arrived;
  };
  const listResponse = <T extends BaseRecord>(data: ListResponse<T>): GetListResponse<T> => ({
    data: data.data ?? [],
    total: data.total ?? 0,
    ...(data.totalExact === false ? { totalExact: false } : {}),
  });
  const callKey = (path: string, query: Record<string, unknown>) => JSON.stringify([readToken(), 'call', path, query]);
  const takeEarly = (key: string) => {
    const hit = early.get(key);
    early.delete(key);
    return hit && Date.now() - hit.at < EARLY_LIST_TTL_MS ? hit.answer : undefined;
  };

  return {
    getApiUrl: () => client.defaults.baseURL ?? '',

    prefetchList: (args) => {
      const { path, params, key } = listCall(args);
      unguess(key);
      sendEarly(key, path, params);
    },

    guessList: (args) => {
      const { path, params, key } = listCall(args);
      if (early.has(key) || guesses.some((g) => g.key === key)) return;
      guesses.push({ key, path, params, at: Date.now() });
      nextGuess();
    },

    prefetchCall: (name, query = {}) => {
      const endpoint = endpointNamed(name);
      if (endpoint?.method !== 'GET') throw { message: `Invalid endpoint: ${name}`, statusCode: 0 } satisfies HttpError;
      sendEarly(callKey(endpoint.path, query), endpoint.path, query);
    },

    takeArrivedList: (args) => {
      const arrived = takeArrived(listCall(args).key);
      return arrived && { answer: listResponse(arrived.body as ListResponse<BaseRecord>), at: arrived.at };
    },

    takeArrivedCall: (name, query = {}) => {
      const endpoint = endpointNamed(name);
      const arrived = endpoint?.method === 'GET' ? takeArrived(callKey(endpoint.path, query)) : undefined;
      return arrived && { answer: { data: arrived.body as BaseRecord }, at: arrived.at };
    },

    sameListCall: (a, b) => listCall(a).key === listCall(b).key,

    followLogin: ({ lists = [], calls = [] }) => {
      const reads = [
        ...lists.map((args) => ({ ...listCall(args), key: () => listCall(args).key })),
        ...calls.flatMap(({ name, query = {} }) => {
          const endpoint = endpointNamed(name);
          return endpoint?.method === 'GET' ? [{ path: endpoint.path, params: query, key: () => callKey(endpoint.path, query) }] : [];
        }),
      ]
        // The address as axios would send it (its serializer), less the API's base.
        .map((read) => ({ ...read, url: read.path + client.getUri({ url: read.path, params: read.params }).slice(client.getUri({ url: read.path }).length) }))
        .filter((read) => loginFollowUpEndpoint(read.url))
        .slice(0, LOGIN_FOLLOW_UPS_MAX);
      return {
        urls: reads.map((read) => read.url),
        arrive: (answers = []) =>
          reads.forEach((read, i) => {
            const answer = answers[i];
            if (answer?.status !== 200) return;
            // Keyed now, under the token the login just stored, as sendEarly would have.
            const at = Date.now();
            early.set(read.key(), { at, answer: Promise.resolve({ data: answer.body }), arrived: { body: answer.body, at } });
          }),
      };
    },

    getList: async <T extends BaseRecord>(args: Parameters<DataProvider['getList']>[0]) => {
      const { path, params, key } = listCall(args);
      unguess(key);
      const ahead = takeEarly(key) as Promise<{ data: ListResponse<T> }> | undefined;
      const call = () => client.get<ListResponse<T>>(path, { params });
      try {
        // An early call that failed is made again: what failed it may have been transient.
        const { data } = await (ahead ? ahead.catch(call) : call());
        return listResponse(data);
      } catch (e) {
        throw toHttpError(e);
      }
    },

    getOne: async ({ resource, id }) => {
      const get = apiOf(resource).get;
      if (!get) throw { message: `Invalid resource: ${resource}`, statusCode: 0 } satisfies HttpError;
      try {
        const { data } = await client.get(get.endpoint.path, { params: { [get.idParam]: String(id) } });
        return { data };
      } catch (e) {
        throw toHttpError(e);
      }
    },

    // The answer is passed on as it came: the user create answers `{ user, temporaryPassword }`,
    // and the page that asked for it is the one that knows to show the password once.
    create: async ({ resource, variables }) => {
      const endpoint = apiOf(resource).create;
      if (!endpoint) throw { message: `Invalid resource: ${resource}`, statusCode: 0 } satisfies HttpError;
      return { data: await send(endpoint, (variables ?? {}) as Record<string, unknown>) };
    },

    update: async ({ resource, id, variables }) => {
      const api = apiOf(resource);
      if (!api.update || !api.get) throw { message: `Invalid resource: ${resource}`, statusCode: 0 } satisfies HttpError;
      // The id goes last: a field of the same name among the changes must not retarget the write.
      return { data: await send(api.update, { ...(variables as Record<string, unknown>), ...idOf(api, id) }) };
    },

    /**
     * Every call that is not a resource's list or record, in three forms, each named by a table; anything
     * else is refused, so no page calls an arbitrary URL through the data provider:
     * - `meta: { endpoint: 'share.get' }` with that call's `url` and `method`: the call of the API table
     *   (src/domain/apiPaths.ts), GET with `query` as its parameters, POST/PUT with `payload` as its
     *   body; `headers` pass (Idempotency-Key) and Refine's `meta.signal` cancels it. The hooks of
     *   src/hooks/useApi.ts send these. The name must agree with the url and method: Refine merges the
     *   page's URL parameters into `meta`, and a link must not be able to redirect a call.
     * - `meta: { resource, action, id }`: a record action (Desativar, Ativar, Enviar redefinição de
     *   senha), one of the resource's `api.actions`, sent as POST `{ [idParam]: id }`.
     * - `meta: { uploadPart: {…} }` with method `put`: a file part's bytes (`payload`) PUT to `url`, a
     *   signed URL the server answered to storage.uploadInitialize; answers `{ etag }`.
     */
    custom: async ({ url, method, payload, query, headers, meta }) => {
      const { endpoint: name, signal, uploadPart } = (meta ?? {}) as { endpoint?: unknown; signal?: AbortSignal; uploadPart?: UploadPartMeta };
      const named = typeof name === 'string' ? endpointNamed(name) : undefined;
      if (named && named.path === url && named.method === String(method).toUpperCase()) {
        const body = ((named.method === 'GET' ? query : payload) ?? {}) as Record<string, unknown>;
        const call = () => send(named, body, { headers: headers as Record<string, string> | undefined, signal });
        const ahead = named.method === 'GET' && !headers ? takeEarly(callKey(named.path, body)) : undefined;
        // An early call that failed is made again, as a list's is.
        return { data: await (ahead ? ahead.then(({ data }) => data as BaseRecord, call) : call()) };
      }
      if (name !== undefined && !(meta as { resource?: unknown }).resource) throw { message: `Invalid endpoint: ${String(name)}`, statusCode: 0 } satisfies HttpError;
      if (uploadPart && typeof uploadPart === 'object' && method === 'put') {
        if (typeof url !== 'string' || !/^(https?:\/\/|\/(?!\/))/.test(url)) throw { message: 'Invalid upload part', statusCode: 0 } satisfies HttpError;
        return { data: await putPart(url, payload, headers as Record<string, string> | undefined, { ...uploadPart, signal: uploadPart.signal ?? signal }) };
      }
      const { resource, action, id, export: exporting } = (meta ?? {}) as { resource?: string; action?: string; id?: string | number; export?: ExportMeta };
      // A function cannot come from a URL parameter Refine merges into meta: only the app's own code exports.
      if (resource && exporting && typeof exporting.onChunk === 'function') return { data: (await exportList(apiOf(resource), exporting)) as unknown as BaseRecord };
      const api = resource ? apiOf(resource) : undefined;
      const endpoint = api?.actions?.[action as RowActionName];
      if (!api?.get || !endpoint || id === undefined || id === null || id === '') {
        throw { message: `Invalid action: ${resource ?? ''}.${action ?? ''}`, statusCode: 0 } satisfies HttpError;
      }
      return { data: await send(endpoint, idOf(api, id)) };
    },

    // Records are disabled, never deleted (their history and files keep pointing at them).
    deleteOne: unsupported('delete'),
  };
};

export const dataProvider = createDataProvider();
