import type { BaseRecord, CrudFilter, DataProvider, GetListResponse, HttpError } from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import { PAGINATION, type Endpoint, type ListResponse } from '../domain';
import { RESOURCE_APIS, type ResourceApi, type RowActionName } from '../resources';
import { toShareListFilters, toShareSort } from '../resources/shareFilters';
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
  const shareFilters = toShareListFilters(filters);
  const sort = toShareSort(sorters);
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

type ListParams = Pick<Parameters<DataProvider['getList']>[0], 'resource' | 'pagination' | 'filters' | 'sorters'>;

/** How long a list asked for ahead of its page waits to be taken. */
export const EARLY_LIST_TTL_MS = 10_000;

export type RepasseDataProvider = DataProvider & {
  /**
   * Sends the list call that `getList` with the same arguments would send, now; the next such
   * `getList` in this session, within EARLY_LIST_TTL_MS, takes its answer instead of calling again.
   * The login starts the first list this way while the page's code still runs (see SignedInApp).
   */
  prefetchList: (params: ListParams) => void;
};

/** Maps Refine resources onto the documented calls (SPEC §7, DESIGN §3). */
export const createDataProvider = (
  client: AxiosInstance = defaultHttp,
  apis: Readonly<Record<string, ResourceApi>> = RESOURCE_APIS,
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

  const send = async (endpoint: Endpoint, body: Record<string, unknown>) => {
    try {
      const { data } = await client.request({ method: endpoint.method, url: endpoint.path, ...(endpoint.method === 'GET' ? { params: body } : { data: body }) });
      return data;
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

  const early = new Map<string, { at: number; answer: Promise<{ data: unknown }> }>();
  const takeEarly = (key: string) => {
    const hit = early.get(key);
    early.delete(key);
    return hit && Date.now() - hit.at < EARLY_LIST_TTL_MS ? hit.answer : undefined;
  };

  return {
    getApiUrl: () => client.defaults.baseURL ?? '',

    prefetchList: (args) => {
      const { path, params, key } = listCall(args);
      for (const [k, v] of early) if (Date.now() - v.at >= EARLY_LIST_TTL_MS) early.delete(k);
      const answer = client.get(path, { params });
      // Unhandled until taken; a failure here is the taker's to retry, not an error of its own.
      answer.catch(() => undefined);
      early.set(key, { at: Date.now(), answer });
    },

    getList: async <T extends BaseRecord>(args: Parameters<DataProvider['getList']>[0]) => {
      const { path, params, key } = listCall(args);
      const ahead = takeEarly(key) as Promise<{ data: ListResponse<T> }> | undefined;
      const call = () => client.get<ListResponse<T>>(path, { params });
      try {
        // An early call that failed is made again: what failed it may have been transient.
        const { data } = await (ahead ? ahead.catch(call) : call());
        return { data: data.data ?? [], total: data.total ?? 0, ...(data.totalExact === false ? { totalExact: false } : {}) } satisfies GetListResponse<T>;
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
     * Record actions (Desativar, Ativar, Enviar redefinição de senha): `meta: { resource, action, id }`
     * names one of the resource's `api.actions`, sent as POST `{ [idParam]: id }`. Anything else is
     * refused: no page calls an arbitrary URL through the data provider.
     */
    custom: async ({ meta }) => {
      const { resource, action, id } = (meta ?? {}) as { resource?: string; action?: string; id?: string | number };
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
