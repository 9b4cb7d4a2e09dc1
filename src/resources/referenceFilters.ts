import { getDefaultFilter, type CrudFilter, type CrudSort } from '@refinedev/core';
import type { ReferenceListFilters } from '../domain/referenceLists';
import { SHARE_FILTER } from './shareFilters';

/** The search box (the shared `q` control, as the URL keeps it) as the reference lists' `filters`. */
export const toReferenceListFilters = (filters: readonly CrudFilter[] = []): ReferenceListFilters => {
  const q = getDefaultFilter(SHARE_FILTER.q.field, [...filters], SHARE_FILTER.q.operator) as unknown;
  return typeof q === 'string' && q.trim() ? { search: q.trim() } : {};
};

/** Every reference list opens ordered by name, A to Z (the arrow shows it). */
export const BY_NAME: CrudSort[] = [{ field: 'name', order: 'asc' }];
