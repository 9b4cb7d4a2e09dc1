/**
 * Saved views and the column chooser (issue 18): a user's named copies of a list's URL state
 * (filters, sort, page size) with the columns it hides, and the columns each list hides for the user
 * outside any view. Kept on the server per user; the rules below are shared by the dialogs and the
 * server (server/services/listViews.ts).
 */
import type { Permission } from './permissions';
import { foldSearchText } from './search';

/**
 * The lists a view may be saved for: every list of the resources table (src/resources/index.ts
 * RESOURCES), with the permission that lists it. A user may keep views only of lists it may open.
 * tests/unit/listViews.test.ts checks this table against RESOURCES, so a new list must be added here.
 */
export const VIEW_LISTS = {
  shares: 'share.list',
  pendencies: 'share.list',
  transfers: 'share.transfer_list',
  canceledShares: 'share.canceled_list',
  auctions: 'auction.read',
  funds: 'fund.list',
  players: 'player.list',
  playerFiles: 'player.files',
  users: 'user.list',
  administrators: 'administrator.manage',
  cancelReasons: 'cancel_reason.manage',
  audit: 'audit.read',
} as const satisfies Record<string, Permission>;

export type ViewList = keyof typeof VIEW_LISTS;

export const isViewList = (v: unknown): v is ViewList => typeof v === 'string' && Object.hasOwn(VIEW_LISTS, v);

export const VIEW_LIMITS = {
  /** Characters of a view's name, after trimming. */
  nameMax: 60,
  /** Characters of the stored URL state (a query string). Refine's filters of a full share list take about 400. */
  stateMax: 2000,
  /** Hidden columns of one view or list, and the characters of each key. */
  hiddenColumnsMax: 40,
  columnKeyMax: 60,
  /** Views one user keeps across all lists. */
  viewsPerUser: 100,
} as const;

/** A saved view, as the view calls answer it. */
export interface ListView {
  viewId: string;
  list: ViewList;
  name: string;
  /** The list's URL query without its page number: `pageSize=50&sorters[0][field]=…` (see viewStateOf). */
  state: string;
  hiddenColumns: string[];
  createdAt: string;
  updatedAt: string;
}

/** The columns one list hides for the user outside any view (GET /view/columns_list). */
export interface ListColumns {
  list: ViewList;
  hiddenColumns: string[];
}

/**
 * The parts of a list's URL a view keeps: Refine's `pageSize`, `sorters[…]` and `filters[…]` (its
 * syncWithLocation format). The page number is left out (a view applied starts at page 1), and so is
 * anything else the URL carries.
 */
const KEPT_PARAM = /^(pageSize|sorters|filters)(\[|$)/;

/** The state a view stores for a list's current search (`?a=b` or `a=b`), normalised. */
export const viewStateOf = (search: string): string => {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const kept = new URLSearchParams();
  for (const [k, v] of params) if (KEPT_PARAM.test(k)) kept.append(k, v);
  return kept.toString();
};

/** Where a view opens: the list's route with the view's query. */
export const viewPath = (route: string, view: Pick<ListView, 'state'>): string => `${route}${view.state ? `?${view.state}` : ''}`;

/** Whether a stored state is one viewStateOf could have produced (the server refuses anything else). */
export const isViewState = (state: string): boolean => state.length <= VIEW_LIMITS.stateMax && viewStateOf(state) === state;

const COLUMN_KEY = /^[A-Za-z][A-Za-z0-9_.]*$/;

export const isColumnKey = (v: unknown): v is string => typeof v === 'string' && v.length <= VIEW_LIMITS.columnKeyMax && COLUMN_KEY.test(v);

/**
 * The columns a table shows given the keys the user hides: unknown keys are ignored (a column
 * renamed since), and at least one column always stays (hiding every column shows them all).
 */
export const shownColumns = <C extends { key: string }>(columns: readonly C[], hidden: readonly string[]): C[] => {
  const shown = columns.filter((c) => !hidden.includes(c.key));
  return shown.length ? shown : [...columns];
};

/** The English messages of the view calls (SPEC §8 style); the dialogs show them in Portuguese on their field. */
export const VIEW_MESSAGES = {
  notFound: 'View not found',
  nameRequired: 'name is required',
  nameTooLong: `Invalid name: at most ${VIEW_LIMITS.nameMax} characters`,
  nameTaken: 'Invalid name: another view of this list already has it',
  listInvalid: 'Invalid list',
  stateInvalid: `Invalid state: a list's query of at most ${VIEW_LIMITS.stateMax} characters`,
  columnsInvalid: `Invalid hiddenColumns: at most ${VIEW_LIMITS.hiddenColumnsMax} column keys`,
  tooMany: `Invalid view: at most ${VIEW_LIMITS.viewsPerUser} saved views per user, delete one first`,
} as const;

/** A view's name as stored: trimmed, inner runs of spaces made one. */
export const viewName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** The message for a name, or null when it may be saved (uniqueness is the server's to check). */
export const viewNameProblem = (name: string): string | null => {
  const n = viewName(name);
  if (!n) return VIEW_MESSAGES.nameRequired;
  if ([...n].length > VIEW_LIMITS.nameMax) return VIEW_MESSAGES.nameTooLong;
  return null;
};

/**
 * What makes two names one: capitals and accents do not count ("Pendências" and "pendencias"). The
 * server keeps it beside the name, unique per user and list.
 */
export const viewNameKey = (name: string): string => foldSearchText(viewName(name));
