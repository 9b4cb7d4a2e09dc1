import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { ComponentType } from 'react';
import type { Endpoint, Permission, Profile, ShareState, StateCountList, Tenant } from '../domain';

/**
 * How a cell shows its value; the list page owns the renderers so that definitions stay data.
 * `code` is an identifier read whole (a contract number): one line, never shortened.
 */
export type CellKind =
  | 'code'
  | 'text'
  | 'number'
  | 'document'
  | 'shareState'
  | 'processStep'
  | 'personType'
  | 'date'
  | 'dateTime'
  | 'boolean'
  | 'profile'
  | 'tag'
  | 'names'
  | 'file'
  // A share's open pendencies on /pendencias (the row's `pendency` summary, issue 15): their kinds,
  // the oldest one's age in days, the nearest due date (marked "Vencida" when one is overdue).
  | 'pendencyKinds'
  | 'pendencyAge'
  | 'pendencyDue';

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
  /**
   * The column names the row's tenant of this kind (its administrator, its fund): hidden from a
   * profile bound to one such tenant (PROFILE_TENANT), for whom it would always read its own.
   */
  tenant?: Tenant;
  /** The i18next context of the row's labels (a direct sale's statuses are feminine: "Criada"). */
  labelContext?: (row: Readonly<Record<string, unknown>>) => string | undefined;
  /** i18n key shown instead of "—" when the value is empty (with labelContext's context). */
  emptyKey?: string;
  /**
   * `labelContext` said as data, for the export (issue 18): the rows whose `field` equals `equals`
   * read their labels in `context`. Give both when a column's words depend on the row.
   */
  labelContextWhen?: { field: string; equals: string | number | boolean | null; context: string };
  /** `tag` cells: every value the column can hold (the export writes each one's words). */
  values?: readonly string[];
  /**
   * How the export writes a column whose cell is drawn from an object of the row (the pendency
   * summary): one spreadsheet column per part, in this order, so that a date stays a date and a
   * count a number. Absent: one column, the `dataIndex` written as `cell` reads it.
   */
  exportParts?: readonly ExportPart[];
}

/** One spreadsheet column of a list column (ColumnDef.exportParts). */
export interface ExportPart {
  /** The item's field, or a field of an object in it (`pendency.ageDays`). */
  field: string;
  /** How its value reads, as a list cell of that kind (a `tag`'s words, a `date`, Sim/Não for `boolean`…). */
  cell: CellKind;
  /** Its header, when not the column's own. */
  titleKey?: string;
  /** `tag` parts: the words of each value, as ColumnDef's. */
  labelPrefix?: string;
  values?: readonly string[];
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
export type FilterKind = 'q' | 'state' | 'processStep' | 'isPj' | 'admId' | 'fundId' | 'updatedAt' | 'profile';

/** Actions on one record besides editing it, each a POST of `{ [idParam]: id }` (see RowActionDef). */
export type RowActionName = 'disable' | 'enable' | 'sendReset';

/**
 * Refine actions the app uses, and the record actions of the management screens; each resource names
 * the permission each one needs (the accessControlProvider reads them as `{ resource, action }`).
 */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | RowActionName;

/**
 * `share` lists take the JSON `filters`, `sort` and `order` of DESIGN §3; `plain` lists take only
 * page, limit and the query parameters named in `queryFilters`; `json` lists take one JSON `filters`
 * built by `toFilters` (its empty object means no parameter).
 */
export interface ResourceApi {
  kind: 'share' | 'plain' | 'json';
  list: Endpoint;
  /**
   * Fetches one record by id, as `?{idParam}=id`. `numericId`: writes send the id as a number (the
   * route gives it as text).
   */
  get?: { endpoint: Endpoint; idParam: string; numericId?: boolean };
  queryFilters?: readonly string[];
  /** `json` lists: the whole `filters` object; `share` lists: its keys beyond the share list's (merged in). */
  toFilters?: (filters: readonly CrudFilter[]) => Record<string, unknown>;
  /**
   * `json` lists: the server's sort fields; `share` lists: sort fields beyond the share list's. The
   * first sorter on one of them is sent as `sort`/`order`.
   */
  sortFields?: readonly string[];
  /** POST with the input; answers the record (or, for users, `{ user, temporaryPassword }`). */
  create?: Endpoint;
  /** POST with `{ [get.idParam]: id }` and the changed fields; answers the record. */
  update?: Endpoint;
  /** Record actions, sent by the dataProvider's `custom` as POST `{ [get.idParam]: id }`. */
  actions?: Partial<Record<RowActionName, Endpoint>>;
  /**
   * The list as CSV or XLSX (issue 18): POST `{ format, query, columns, timeZone, title }`, where
   * `query` is exactly what `list` would be sent, without page and limit.
   */
  export?: Endpoint;
}

/**
 * What a form field is, which decides its control, its client-side checks (the same domain functions
 * the server applies) and how its value is sent.
 * - `text`, `email`: an input; `email` checks isEmail.
 * - `cnpj`: masked as typed, alphanumeric accepted, checks isCnpj; sent masked.
 * - `document`: CPF or CNPJ, masked by length, checks isCpf or isCnpj; sent without the mask.
 * - `labelId`: a brand's label id, checked live with labelIdProblem.
 * - `select`: static `options`, or a `reference` resource loaded with @refinedev/antd's useSelect.
 * - `permissions`: several of PERMISSION_NAMES, chosen from their Portuguese names.
 * - `boolean`: a switch. `color`: a colour picker whose value is #RRGGBB.
 * - `favicon`: an image uploaded through the storage flow; sent as `faviconFile` (its fileId), or
 *   `favicon: null` when removed.
 */
export type FieldKind = 'text' | 'email' | 'cnpj' | 'document' | 'labelId' | 'select' | 'permissions' | 'boolean' | 'color' | 'favicon';

/** What a field's conditions may read besides the form's values: who is filling it in, and why. */
export interface FormContext {
  action: 'create' | 'edit';
  profile: Profile | null;
  /** An administrator's own brand, read from its own user record (the token does not carry it). */
  ownAdmId: number | null;
}

export interface FieldDef {
  /** The input's field; a dotted key (`colors.primary`) is a nested value, as the server's `errors` name it. */
  key: string;
  labelKey: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  /** `select`: fixed options. */
  options?: readonly { value: string; labelKey: string }[];
  /** `select`: options listed from another resource (its list call, searched with the box's text). */
  reference?: { resource: string; valueField: string; labelField: string };
  /** Shown (and sent) only when this holds, e.g. the brand only for an `adm` user. */
  when?: (values: Readonly<Record<string, unknown>>, context: FormContext) => boolean;
  /**
   * A value the caller cannot choose (an administrator creates only `adm` users of its own brand):
   * the field shows it read-only and sends it. `undefined` means the caller chooses.
   */
  fixed?: (context: FormContext) => string | number | boolean | null | undefined;
  /** How a fixed value reads when its label cannot be looked up ("Sua administradora"). */
  fixedLabelKey?: string;
  /** Set once, when the record is created (a user's profile and tenant). */
  createOnly?: boolean;
  /** The value a new record starts with. */
  initial?: unknown;
  helpKey?: string;
  /** A caution under the field that does not block saving (a primary colour white text cannot be read on). */
  warning?: (value: unknown) => { key: string; values?: Record<string, unknown> } | null;
}

/** A button on the record's page that POSTs `{ [idParam]: id }` to `api.actions[name]`. */
export interface RowActionDef {
  name: RowActionName;
  labelKey: string;
  /** Shown only when this holds of the record (Desativar only while enabled). */
  when?: (record: Readonly<Record<string, unknown>>) => boolean;
  /** The question asked before the call; absent means no confirmation. */
  confirmKey?: string;
  /** The toast after success, given the call's answer (e.g. `{ maskedEmail }`). */
  successKey: string;
  danger?: boolean;
}

/** The form and the record page, loaded with the management pages, not with the lists. */
export interface CrudForm {
  fields: readonly FieldDef[];
  /** Shown on the record page after the form's fields (dates, status). */
  showFields?: readonly { key: string; labelKey: string; cell?: CellKind }[];
  /** A preview beside the form, by name (the brand's login card and menu). */
  preview?: 'brand';
  /** The storage flow's `admSlug` for the form's uploads, given the record's id (none when creating). */
  uploadSlug?: (id: string | undefined) => string;
}

/**
 * A resource that creates, edits and shows its records (issue 11). Routes are `${route}/novo`,
 * `${route}/:id/editar` and `${route}/:id` (crudRoutes), declared to Refine like the list's.
 */
export interface CrudDef {
  /** i18n keys: "Novo usuário", the record page's title (with `{{name}}`), the edit page's. */
  createKey: string;
  showTitleKey: string;
  editTitleKey: string;
  /** The record field that names it in titles and confirmations. */
  nameField: string;
  /** Lazily loaded: a list never downloads its form (DESIGN §5). */
  form: () => Promise<{ default: CrudForm }>;
  actions?: readonly RowActionDef[];
  /**
   * What the record page does after a create answers: by default it opens the new record. The user
   * form shows the one-time password first.
   */
  afterCreate?: 'oneTimePassword';
}

/** The parts a list may show next to its title (src/pages/list/headerExtras.ts). */
export type HeaderExtraName = 'newAuction' | 'sendPlayerFile' | 'playerFilesLink';

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
  /** i18n key of the state filter when it filters something else than the current state (Canceladas). */
  stateFilterLabelKey?: string;
  /**
   * Status tabs above the list (issue 18): one per state the list holds and "Todas", each with its
   * count from GET /share/state_counts (`list` parameter). Absent: no tabs (the pendency list holds one state).
   */
  statusTabs?: StateCountList;
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
  /**
   * Shown next to the page title, named here and found in src/pages/list/headerExtras.ts (a lazy
   * component, so the list chunk stays small): a definition names a page's part, never imports it.
   */
  headerExtra?: HeaderExtraName;
  /** Create, edit and show pages generated from the definition (src/pages/management). */
  crud?: CrudDef;
  /**
   * A filter bar of the list's own instead of the standard one, named here and found in
   * src/pages/list/listParts.ts (a lazy chunk, so the first list does not download it): the audit
   * trail's user, object, action and period (issue 18).
   */
  filterBar?: FilterBarName;
  /** Shown when a row is expanded, named like filterBar: the audit entry's before and after. */
  expandedRow?: ExpandedRowName;
}

/** A list's own filter bar (src/pages/list/listParts.ts). */
export type FilterBarName = 'audit';
/** What an expanded row shows (src/pages/list/listParts.ts). */
export type ExpandedRowName = 'auditChanges';

/** What a list's own filter bar gets: the applied filters, and how to change or clear them. */
export interface FilterBarProps {
  filters: CrudFilter[];
  apply: (changes: CrudFilter[]) => void;
  clear: () => void;
}
