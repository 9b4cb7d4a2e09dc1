/** Business constants of SPEC §9 and the API conventions of DESIGN §3. */

export const TOAST = {
  /** SPEC §9: toasts close after 4000 ms unless told otherwise. */
  durationMs: 4000,
  maxVisible: 3,
  widthPx: 356,
  /** SPEC §2: the snackbar area sits 64 px above the bottom edge. */
  bottomOffsetPx: 64,
  placement: 'bottomRight',
} as const;

export const ANALYTICS_TEXT_MAX = 255;

export const THEME = {
  primaryColor: '#2863D0',
  fontFamily: "'Open Sans', -apple-system, BlinkMacSystemFont, 'Segoe UI', sans-serif",
} as const;

export const PAGINATION = {
  defaultLimit: 20,
  /** Lists refuse larger pages so that one request cannot ask for a whole table. */
  maxLimit: 100,
  /** Beyond this a page number is a mistake (or a probe), and past 2^53 it is not even an integer. */
  maxPage: 1_000_000,
  pageSizeOptions: [10, 20, 50, 100],
} as const;

/** Local-storage keys (SPEC §9: token and white-label configuration live in browser storage). */
export const STORAGE_KEYS = {
  token: 'authtoken',
  whiteLabel: 'whiteLabelConfig',
} as const;

/** Base path of the API on the same origin (DESIGN §3). */
export const API_BASE_PATH = '/api';

export const DEFAULT_BRAND_NAME = 'Repasse';
