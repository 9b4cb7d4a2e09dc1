import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { ComponentType } from 'react';
import type { Endpoint, Permission, ShareState } from '../domain';

/** How a cell shows its value; the list page owns the renderers so that definitions stay data. */
export type CellKind = 'text' | 'document' | 'shareState' | 'processStep' | 'personType' | 'date' | 'dateTime' | 'boolean' | 'profile' | 'tag' | 'names' | 'file';

export interface ColumnDef {
  key: string;
  /** i18n key of the header. */
  titleKey: string;
  dataIndex: string;
  cell?: CellKind;
  /** The server's sort field (SHARE_SORT_FIELDS) when the column sorts. */
  sortField?: string;
  /** `tag` cells: the value's label is `${labelPrefix}.${value}`, its colour `tagColors[value]`. */
  labelPrefix?: string;
  tagColors?: Readonly<Record<string, string>>;
  /** `file` cells: the row's field holding the path POST /storage/generate_link takes; the value is the file's name. */
  filePathIndex?: string;
}

/**
 * A select in the filter bar bound to one CrudFilter: `in` is a multi-select, `eq` a single one.
 * Values are strings, as the URL keeps them; the resource's `toFilters` reads them back.
 */
export interface SelectFilterDef {
  field: string;
  operator: 'in' | 'eq';
  labelKey: string;
  options: readonly { value: string; labelKey: string }[];
}

/** Filter controls a list may show. Some show only for some profiles (decided by the list page). */
export type FilterKind = 'q' | 'state' | 'isPj' | 'admId' | 'fundId' | 'updatedAt' | 'profile';

/** Refine actions the app uses today; each resource names the permission each one needs. */
export type ResourceAction = 'list' | 'show';

/**
 * `share` lists take the JSON `filters`, `sort` and `order` of DESIGN §3; `plain` lists take only
 * page, limit and the query parameters named in `queryFilters`; `json` lists take one JSON `filters`
 * built by `toFilters` (its empty object means no parameter).
 */
export interface ResourceApi {
  kind: 'share' | 'plain' | 'json';
  list: Endpoint;
  /** Fetches one record by id, as `?{idParam}=id`. */
  get?: { endpoint: Endpoint; idParam: string };
  queryFilters?: readonly string[];
  toFilters?: (filters: readonly CrudFilter[]) => Record<string, unknown>;
  /** `json` lists: the server's sort fields; the first sorter on one of them is sent as `sort`/`order`. */
  sortFields?: readonly string[];
}

export interface ResourceDef {
  name: string;
  route: string;
  /** i18n keys of the menu entry and the page title. */
  labelKey: string;
  titleKey: string;
  icon: ComponentType;
  api: ResourceApi;
  permissions: Partial<Record<ResourceAction, Permission>>;
  rowKey: string;
  columns: readonly ColumnDef[];
  filters: readonly FilterKind[];
  /** Options of the state filter when a list only ever holds some states. */
  stateOptions?: readonly ShareState[];
  /** Filters the user cannot remove (the pendency list is the share list restricted to a state). */
  permanentFilters?: CrudFilter[];
  defaultSorters?: CrudSort[];
  emptyKey?: string;
  /** i18n key of the pagination total, with `{{count}}`. */
  totalKey?: string;
  /** Select filters of this list only (after the standard ones). */
  selectFilters?: readonly SelectFilterDef[];
  /** i18n key of the search box's placeholder when the share one does not fit. */
  searchPlaceholderKey?: string;
  /** Where a row opens (default: the share workspace). */
  detailPath?: (id: string) => string;
  /** Shown next to the page title (a lazy component, so the list chunk stays small). */
  headerExtra?: ComponentType;
}
