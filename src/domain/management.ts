/**
 * Management of users, brands (administrators), funds and players (issue 11): the records the
 * management calls answer, what they accept, and the field rules the forms and the server share.
 */
import { DEFAULT_BRAND_HOSTS, LABEL_PREFIXES, LABEL_SUFFIXES, type WhiteLabelColors } from './whiteLabel';
import type { Profile } from './profiles';
import type { FundItem, UserItem } from './shareList';
import { AA_TEXT, contrastRatio, parseHex } from './contrast';

/** A user as the management screens see it (GET /user/get, and the answer of every user write). */
export interface ManagedUser {
  userId: string;
  name: string;
  email: string;
  profile: Profile;
  admId: number | null;
  fundId: number | null;
  /** Permission names (PERMISSION_NAMES) removed from what the profile grants. */
  deniedPermissions: string[];
  enabled: boolean;
  /** The user has not yet changed the one-time password (first access). */
  mustChangePassword: boolean;
  lastAccess: string | null;
  createdAt: string;
}

/** POST /user/create. An administrator may only create `adm` users of its own brand. */
export interface UserCreateInput {
  name: string;
  email: string;
  profile: Profile;
  /** Required for `adm`, absent otherwise. */
  admId?: number | null;
  /** Required for `fund`, absent otherwise. */
  fundId?: number | null;
  deniedPermissions?: string[];
}

/** POST /user/create answers the user and its one-time password, shown once and never stored in clear. */
export interface UserCreateResult {
  user: ManagedUser;
  temporaryPassword: string;
}

/** POST /user/update: the profile and tenant of a user are fixed once created. */
export interface UserUpdateInput {
  userId: string;
  name?: string;
  email?: string;
  deniedPermissions?: string[];
}

/** A brand: an administrator, its white label and its own settings (GET /administrator/get). */
export interface Brand {
  admId: number;
  name: string;
  /** Masked as typed (alphanumeric accepted); the white label keeps the digits in admIdByCnpj. */
  cnpj: string;
  /** null for an administrator without a white label yet (the demo's Vértice); update gives it one. */
  labelId: string | null;
  /** null exactly when labelId is. */
  colors: BrandColors | null;
  /** A data: URL (the uploaded favicon is inlined on save, so the public white label needs no link). */
  favicon: string | null;
  allowMultiprices: boolean;
  displayDocumentsInBackoffice: boolean;
  /** The administrator's own setting (GET /adm_config/get, admConfig.dynamo_adm.allowMultiprices). */
  admAllowMultiprices: boolean;
  createdAt: string;
}

export interface BrandColors extends WhiteLabelColors {
  primary: string;
  secondary: string;
}

/**
 * POST /administrator/create and /administrator/update (with admId). `faviconFile` names a file
 * uploaded through the storage flow (its fileId); the server checks and inlines it. `favicon: null`
 * removes the favicon.
 */
export interface BrandInput {
  admId?: number;
  name?: string;
  cnpj?: string;
  labelId?: string;
  colors?: BrandColors;
  faviconFile?: string;
  favicon?: null;
  allowMultiprices?: boolean;
  displayDocumentsInBackoffice?: boolean;
  admAllowMultiprices?: boolean;
}

/** A row of GET /administrator/list. */
export type BrandItem = Pick<Brand, 'admId' | 'name' | 'cnpj' | 'labelId' | 'colors' | 'createdAt'>;

/** BRAND_SORT_FIELDS: the administrator list's `sort` values (default name). */
export const BRAND_SORT_FIELDS = ['name', 'labelId'] as const;
export const BRAND_FILTER_KEYS = ['search'] as const;

/** A row of GET /user/list (issue 11 adds `enabled`). */
export interface UserListItem extends UserItem {
  enabled: boolean;
}

/** A row of GET /fund/list (issue 11 adds `enabled`). */
/** A row of GET /fund/list (issue 11 adds `enabled`). */
export interface FundListItem extends FundItem {
  enabled: boolean;
}

export interface ManagedFund {
  fundId: number;
  name: string;
  cnpj: string;
  enabled: boolean;
  createdAt: string;
}

export interface FundInput {
  fundId?: number;
  name?: string;
  cnpj?: string;
}

export interface ManagedPlayer {
  playerId: number;
  name: string;
  /** CPF or CNPJ, digits (alphanumeric CNPJ: upper-case letters and digits). */
  document: string;
  fundId: number | null;
  enabled: boolean;
  createdAt: string;
}

export interface PlayerInput {
  playerId?: number;
  name?: string;
  document?: string;
  fundId?: number | null;
}

/** A cancellation reason (GET /cancel_reason/list and /get): the label "Cancelar venda" offers. */
export interface ManagedCancelReason {
  /** Text: the seed's reasons have readable ids (`desistencia_cliente`); new ones get a UUID. */
  reasonId: string;
  label: string;
  enabled: boolean;
  createdAt: string;
}

export interface CancelReasonInput {
  reasonId?: string;
  label?: string;
}

export const NAME_MAX_LENGTH = 120;
/** A reason is a short phrase in a select; longer text goes in the cancellation's detail. */
export const CANCEL_REASON_LABEL_MAX_LENGTH = 80;
export const FAVICON_MAX_BYTES = 64 * 1024;
/**
 * PNG or WebP: the storage flow every upload goes through refuses SVG (active content, were it ever
 * served from our origin) and knows no ICO, and browsers show both formats as favicons.
 */
export const FAVICON_EXTENSIONS = ['png', 'webp'] as const;

/** #RRGGBB, the only colour form a brand stores (the theme and the contrast check read it). */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
export const isHexColor = (v: unknown): v is string => typeof v === 'string' && HEX_COLOR.test(v);

const LABEL_SHAPE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Why a label id cannot be used, or null when it can (SPEC §9): one lower-case DNS label that the
 * host rules read back unchanged — not a default-brand host, and no prefix or suffix the resolution
 * would strip (a brand `demo-acme` could never be reached: its host resolves to `acme`).
 */
type LabelIdProblem = 'shape' | 'reserved' | 'affix';
export const labelIdProblem = (label: string): LabelIdProblem | null => {
  if (!LABEL_SHAPE.test(label)) return 'shape';
  if ((DEFAULT_BRAND_HOSTS as readonly string[]).includes(label)) return 'reserved';
  if (LABEL_PREFIXES.some((p) => label.startsWith(p)) || LABEL_SUFFIXES.some((s) => label.endsWith(s))) return 'affix';
  return null;
};

/** Text on buttons and the selected menu entry is white on the primary colour. */
export const PRIMARY_TEXT_COLOR = '#FFFFFF';

/** The contrast of white text on the brand's primary colour, when it fails AA (a warning, not a block). */
export const primaryContrastWarning = (primary: string): number | null => {
  if (!isHexColor(primary)) return null;
  const ratio = contrastRatio(parseHex(primary)!, parseHex(PRIMARY_TEXT_COLOR)!);
  return ratio < AA_TEXT ? Math.round(ratio * 100) / 100 : null;
};
