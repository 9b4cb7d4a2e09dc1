import { getDefaultSortOrder, useTable, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback } from 'react';
import { PAGINATION } from '../../domain';
import type { ResourceDef } from '../../resources';

export type Row = Record<string, unknown>;

type AntdSortOrder = 'ascend' | 'descend' | null;

/** antd's arrow for a column, read from Refine's sorters (and so from the URL). */
export const sortOrderOf = (field: string, sorters: CrudSort[]): AntdSortOrder => {
  const order = getDefaultSortOrder(field, sorters);
  return order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null;
};

type AntdSorter = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

const toCrudSorters = (sorter: AntdSorter): CrudSort[] => {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = s?.columnKey ?? (Array.isArray(s?.field) ? s.field.join('.') : s?.field);
  return s?.order && field !== undefined ? [{ field: String(field), order: s.order === 'ascend' ? 'asc' : 'desc' }] : [];
};

/**
 * The total the pager and the counter show. An exact total is shown as it is. An estimate (a share
 * list past its exact-count bound) reads "about N"; the pager still reaches every row: a full page
 * always offers a next one, and a page that is not full is the last, which makes the total exact.
 */
export function pagedTotal(total: number, estimated: boolean, page: number, pageSize: number, rowsOnPage: number): { total: number; totalExact: boolean } {
  if (!estimated) return { total, totalExact: true };
  if (rowsOnPage < pageSize) return { total: (page - 1) * pageSize + rowsOnPage, totalExact: true };
  return { total: Math.max(total, page * pageSize + 1), totalExact: false };
}

/**
 * Refine's core useTable bound to an antd Table. @refinedev/antd's own useTable does the same but
 * drags in its markdown field and form helpers (~25 KB gzip) that a list never uses (DESIGN §5).
 */
export const useListTable = (def: ResourceDef) => {
  const table = useTable<Row, HttpError>({
    resource: def.name,
    syncWithLocation: true,
    pagination: { pageSize: PAGINATION.defaultLimit },
    filters: { permanent: def.permanentFilters, defaultBehavior: 'merge' },
    sorters: { initial: def.defaultSorters },
  });
  const { tableQuery, result, currentPage, pageSize, setCurrentPage, setPageSize, sorters, setSorters, filters, setFilters } = table;

  const onChange = useCallback<NonNullable<TableProps<Row>['onChange']>>(
    (pagination: TablePaginationConfig, _filters, sorter, extra) => {
      if (extra.action === 'sort') {
        setSorters(toCrudSorters(sorter));
        setCurrentPage(1);
        return;
      }
      if (extra.action === 'paginate') {
        const size = pagination.pageSize ?? pageSize;
        // A new page size makes the old page number meaningless.
        setCurrentPage(size !== pageSize ? 1 : (pagination.current ?? 1));
        setPageSize(size);
      }
    },
    [pageSize, setCurrentPage, setPageSize, setSorters],
  );

  /** Filter changes merge into the others and restart at page 1. */
  const applyFilters = useCallback(
    (changes: CrudFilter[]) => {
      setFilters(changes, 'merge');
      setCurrentPage(1);
    },
    [setFilters, setCurrentPage],
  );

  /** Permanent filters (the pendency list's state) survive: Refine unions them back in. */
  const clearFilters = useCallback(() => {
    setFilters([], 'replace');
    setCurrentPage(1);
  }, [setFilters, setCurrentPage]);

  const estimated = (tableQuery.data as { totalExact?: boolean } | undefined)?.totalExact === false;
  return {
    rows: result.data,
    ...pagedTotal(result.total ?? 0, estimated, currentPage, pageSize, result.data.length),
    loading: tableQuery.isFetching,
    /** The last load failed: the table must say so, not pretend the list is empty. */
    error: tableQuery.error as { message?: string } | null,
    retry: () => void tableQuery.refetch(),
    currentPage,
    pageSize,
    sorters,
    filters,
    onChange,
    applyFilters,
    clearFilters,
  };
};
