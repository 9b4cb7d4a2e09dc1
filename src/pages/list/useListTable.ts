import { getDefaultSortOrder, unionFilters, useDataProvider, useTable, type CrudFilter, type CrudSort, type GetListResponse, type HttpError } from '@refinedev/core';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PAGINATION } from '../../domain';
import { arrivedStaysFresh, type AheadCalls } from '../../providers/dataProvider';
import { listCallAt } from '../../resources/listCallAt';
import { useStableHandler } from '../../hooks/useStableHandler';
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
  // An empty page past the first says nothing about the rows before it (the server counts those exactly).
  if (rowsOnPage === 0 && page > 1) return { total, totalExact: false };
  if (rowsOnPage < pageSize) return { total: (page - 1) * pageSize + rowsOnPage, totalExact: true };
  return { total: Math.max(total, page * pageSize + 1), totalExact: false };
}

const OPTIONS: readonly number[] = PAGINATION.pageSizeOptions;

/**
 * A page size the pager offers, for one read from the URL: the largest option not above it (500
 * becomes 100, the most the server serves), the smallest for anything below or not a number.
 */
export const allowedPageSize = (size: unknown): number => {
  const n = Number(size);
  if (OPTIONS.includes(n)) return n;
  const below = OPTIONS.filter((o) => o <= n);
  return below.length ? Math.max(...below) : Number.isFinite(n) && n > 0 ? OPTIONS[0] : PAGINATION.defaultLimit;
};

/**
 * A page the list has, for one read from the URL: a whole number from 1, and once the total is
 * exact, no further than the last page (an empty list has page 1).
 */
export const allowedPage = (page: unknown, exactTotal: number | null, pageSize: number): number => {
  const n = Number(page);
  const whole = Number.isInteger(n) && n >= 1 ? Math.min(n, PAGINATION.maxPage) : 1;
  return exactTotal === null ? whole : Math.min(whole, Math.max(1, Math.ceil(exactTotal / pageSize)));
};

/**
 * Refine's core useTable bound to an antd Table. @refinedev/antd's own useTable does the same but
 * drags in its markdown field and form helpers (~25 KB gzip) that a list never uses (DESIGN §5).
 */
export const useListTable = (def: ResourceDef) => {
  const dataProvider = useDataProvider()() as AheadCalls;
  const { search } = useLocation();
  // The mount's first call, as read from the address (the one a login or a reload asked for ahead).
  // When its answer has already arrived, it is the table's first data: the rows are in the page's
  // first render, where they came one render and a fetch later (issue 17). Only the first query of
  // the mount may take it; any later one is another page or another filter.
  const [firstCall] = useState(() => listCallAt(def, search));
  const firstWindow = useRef(true);
  const arrivedAt = useRef<number | undefined>(undefined);
  // The call a change asked for ahead (sendAhead below), for the query that change creates: when its
  // answer is already in (a state picked from a dropdown whose options were asked for as it opened),
  // the rows come with the change itself, with no loading render in between. Good for the render
  // that follows the change only (cleared after each commit).
  type ListCall = Parameters<NonNullable<AheadCalls['takeArrivedList']>>[0];
  const nextCall = useRef<ListCall | undefined>(undefined);
  // The call whose early answer a query took as its first data, checked once the render commits.
  const taken = useRef<ListCall | undefined>(undefined);
  const table = useTable<Row, HttpError>({
    resource: def.name,
    syncWithLocation: true,
    pagination: { pageSize: PAGINATION.defaultLimit },
    filters: { permanent: def.permanentFilters, defaultBehavior: 'merge' },
    sorters: { initial: def.defaultSorters },
    queryOptions: {
      initialData: () => {
        const call = firstWindow.current ? firstCall : nextCall.current;
        firstWindow.current = false;
        nextCall.current = undefined;
        const early = call && dataProvider.takeArrivedList?.(call);
        if (early) taken.current = call;
        arrivedAt.current = early?.at;
        return early?.answer as GetListResponse<Row> | undefined;
      },
      initialDataUpdatedAt: () => arrivedAt.current,
      staleTime: arrivedStaysFresh(),
    },
  });
  const { tableQuery, result, currentPage, pageSize, setCurrentPage, setPageSize, sorters, setSorters, filters, setFilters } = table;
  const permanent = def.permanentFilters;

  const { refetch } = tableQuery;

  /** The list call useTable makes for a state of the table (its filters unioned with the permanent ones). */
  const callOf = useCallback(
    (next: { filters: CrudFilter[]; sorters: CrudSort[]; currentPage: number; pageSize: number }) => ({
      resource: def.name,
      pagination: { currentPage: next.currentPage, pageSize: next.pageSize },
      filters: unionFilters(permanent ?? [], next.filters),
      sorters: next.sorters,
    }),
    [def.name, permanent],
  );

  /**
   * Asks for the page a change is about to show before React renders the change (issue 17): the
   * rows are on their way while the page renders, and the table's own call takes the answer (the
   * data provider's hand-over, as on a login). The arguments are what useTable gives its list call
   * (its filters unioned with the permanent ones); a call that differed would simply not be taken.
   */
  const sendAhead = useCallback(
    (next: { filters: CrudFilter[]; sorters: CrudSort[]; currentPage: number; pageSize: number }) => {
      const call = callOf(next);
      nextCall.current = call;
      dataProvider.prefetchList?.(call);
    },
    [dataProvider, callOf],
  );

  /** The table once these filter changes are applied: Refine's own merge (setFilters(…, 'merge')), page 1. */
  const afterFilters = useCallback(
    (changes: CrudFilter[]) => ({ filters: unionFilters(permanent ?? [], changes, filters), sorters, currentPage: 1, pageSize }),
    [filters, pageSize, permanent, sorters],
  );

  /**
   * Asks ahead for the first page each of these filter changes would show, without applying any
   * (a dropdown's options as it opens): the pick then finds its rows already in. Guesses: a few on
   * the wire at a time, the pick's own leaving at once if it had not (the data provider's guessList).
   */
  const askAhead = useCallback(
    (choices: CrudFilter[][]) => {
      for (const changes of choices) dataProvider.guessList?.(callOf(afterFilters(changes)));
    },
    [afterFilters, callOf, dataProvider],
  );

  // One identity for the list's life: a new one would render the table's every row and cell again
  // while a filter change loads (filters are in its closure).
  const onChange = useStableHandler<Parameters<NonNullable<TableProps<Row>['onChange']>>, void>(
    (pagination: TablePaginationConfig, _filters, sorter, extra) => {
      if (extra.action === 'sort') {
        const next = toCrudSorters(sorter);
        sendAhead({ filters, sorters: next, currentPage: 1, pageSize });
        setSorters(next);
        setCurrentPage(1);
        return;
      }
      if (extra.action === 'paginate') {
        const size = pagination.pageSize ?? pageSize;
        // A new page size makes the old page number meaningless.
        const page = size !== pageSize ? 1 : (pagination.current ?? 1);
        sendAhead({ filters, sorters, currentPage: page, pageSize: size });
        setCurrentPage(page);
        setPageSize(size);
      }
    },
  );

  /** Filter changes merge into the others and restart at page 1. */
  const applyFilters = useCallback(
    (changes: CrudFilter[]) => {
      sendAhead(afterFilters(changes));
      setFilters(changes, 'merge');
      setCurrentPage(1);
    },
    [afterFilters, sendAhead, setFilters, setCurrentPage],
  );

  /** Permanent filters (the pendency list's state) survive: Refine unions them back in. */
  const clearFilters = useCallback(() => {
    sendAhead({ filters: [], sorters, currentPage: 1, pageSize });
    setFilters([], 'replace');
    setCurrentPage(1);
  }, [pageSize, sendAhead, setFilters, setCurrentPage, sorters]);

  const estimated = (tableQuery.data as { totalExact?: boolean } | undefined)?.totalExact === false;
  const paged = pagedTotal(result.total ?? 0, estimated, currentPage, pageSize, result.data.length);

  // A page or page size the URL asks for that the list does not have (pageSize=500, currentPage=9999,
  // a word) is brought back to one it has, and Refine rewrites the URL: the pager, the rows and the
  // address then agree. Set while rendering (React's "adjust state to props" pattern): useTable's
  // state is this component's own, and each correction is final, so it converges at once.
  const size = allowedPageSize(pageSize);
  if (size !== pageSize) setPageSize(size);
  const retry = useCallback(() => void refetch(), [refetch]);
  const settled = tableQuery.isSuccess && !tableQuery.isFetching && !tableQuery.isPlaceholderData;
  const page = allowedPage(currentPage, settled && paged.totalExact ? paged.total : null, size);
  if (page !== currentPage) setCurrentPage(page);

  useEffect(() => {
    // The first call's window closes with the first render: a mount whose first query came from the
    // cache never asked, and a later query (another page, another filter) must not take its rows.
    // A change's call is good for the render that follows it only.
    firstWindow.current = false;
    nextCall.current = undefined;
    const call = taken.current;
    taken.current = undefined;
    // Rows taken for a call other than the one the table's state makes (useTable read the address
    // otherwise than the call sent ahead, or a page was corrected in that render) are not its
    // query's: it asks after all.
    if (call && dataProvider.sameListCall && !dataProvider.sameListCall(call, callOf({ filters, sorters, currentPage, pageSize }))) void refetch();
  });

  return {
    rows: result.data,
    ...paged,
    loading: tableQuery.isFetching,
    /** Rows answered for what is asked now: an empty table then means an empty list, not "not loaded yet". */
    loaded: settled,
    /** The last load failed: the table must say so, not pretend the list is empty. */
    error: tableQuery.error as { message?: string } | null,
    retry,
    currentPage,
    pageSize,
    sorters,
    filters,
    onChange,
    applyFilters,
    askAhead,
    clearFilters,
  };
};
