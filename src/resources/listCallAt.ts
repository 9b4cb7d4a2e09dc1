import { parseTableParams, unionFilters, type CrudFilter, type CrudSort } from '@refinedev/core';
import { PAGINATION } from '../domain';
import type { ResourceDef } from './types';

/** The arguments of a list's call, as the data provider's getList takes them. */
export interface ListCall {
  resource: string;
  pagination: { currentPage: number; pageSize: number };
  filters: CrudFilter[];
  sorters: CrudSort[];
}

/**
 * The first call the list page of `def` makes at an address's query (`search`): read with Refine's
 * own table-parameter parser, the one useTable's syncWithLocation reads, and completed as
 * useListTable completes it (permanent filters, default sort, default page size). What a login or a
 * reload asks for ahead (SignedInApp), and what the page looks for among the answers that arrived.
 */
export const listCallAt = (def: ResourceDef, search: string): ListCall => {
  const { parsedCurrentPage, parsedPageSize, parsedSorter, parsedFilters } = parseTableParams(search);
  return {
    resource: def.name,
    pagination: { currentPage: Number(parsedCurrentPage) || 1, pageSize: Number(parsedPageSize) || PAGINATION.defaultLimit },
    filters: unionFilters(def.permanentFilters ?? [], [], parsedFilters),
    sorters: parsedSorter.length ? parsedSorter : (def.defaultSorters ?? []),
  };
};
