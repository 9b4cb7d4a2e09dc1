import type { BaseRecord, CrudFilter, DataProvider, GetListResponse, HttpError } from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import { PAGINATION, type ListResponse } from '../domain';
import { RESOURCE_APIS, type ResourceApi } from '../resources';
import { toShareListFilters, toShareSort } from '../resources/shareFilters';
import { http as defaultHttp } from './http';
import { toHttpError } from './httpError';

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

/** Maps Refine resources onto the documented calls (SPEC §7, DESIGN §3). */
export const createDataProvider = (
  client: AxiosInstance = defaultHttp,
  apis: Readonly<Record<string, ResourceApi>> = RESOURCE_APIS,
): DataProvider => {
  const apiOf = (resource: string): ResourceApi => {
    const api = apis[resource];
    if (!api) throw { message: `Invalid resource: ${resource}`, statusCode: 0 } satisfies HttpError;
    return api;
  };

  return {
    getApiUrl: () => client.defaults.baseURL ?? '',

    getList: async <T extends BaseRecord>({ resource, pagination, filters = [], sorters = [] }: Parameters<DataProvider['getList']>[0]) => {
      const api = apiOf(resource);
      const page = Math.max(1, Math.floor(pagination?.currentPage ?? 1));
      const limit = clampLimit(pagination?.pageSize);
      try {
        const { data } = await client.get<ListResponse<T>>(api.list.path, { params: listParams(api, page, limit, filters, sorters) });
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

    // Writes arrive with the share workspace; until then nothing in the app calls these.
    create: unsupported('create'),
    update: unsupported('update'),
    deleteOne: unsupported('delete'),
  };
};

export const dataProvider = createDataProvider();
