/**
 * Auctions and direct sales (SPEC §3 auction and pricing statuses, §7 Auction calls). SPEC shows
 * the statuses but not the transitions, the configuration nor the spreadsheet: the decisions are
 * here, once, and docs/auctions.md explains them. The server enforces this table (409 on a
 * forbidden move) and the wizard reads it to show only the possible step.
 */
import type { AuctionStatus, PricingStatus } from './enums';
import type { ShareState } from './shareStates';

/** The wizard's steps, in order. `canceled` is not a step: it can happen from any open step. */
export const AUCTION_STEPS = ['created', 'pricing', 'processing', 'live', 'finished'] as const satisfies readonly AuctionStatus[];

/** Where `next_step` goes from each status; null where there is no next step. */
export const AUCTION_NEXT: Readonly<Record<AuctionStatus, AuctionStatus | null>> = {
  created: 'pricing',
  pricing: 'processing',
  processing: 'live',
  live: 'finished',
  finished: null,
  canceled: null,
};

/** "Cancel from any open step": every status but the two final ones. */
export const AUCTION_OPEN_STATUSES: readonly AuctionStatus[] = ['created', 'pricing', 'processing', 'live'];

export const isAuctionOpen = (status: AuctionStatus): boolean => AUCTION_OPEN_STATUSES.includes(status);
export const canCancelAuction = isAuctionOpen;

/**
 * Why `next_step` is refused although the status has a next one. The configuration must be complete
 * before pricing starts; the latest pricing spreadsheet must be processed before the auction leaves
 * pricing. Other moves have no precondition.
 */
export type AuctionNextStepBlocker = 'configIncomplete' | 'pricingNotProcessed';

interface AuctionGateFacts {
  status: AuctionStatus;
  /** validateAuctionConfig(config) found nothing. */
  configValid: boolean;
  /** The status of the latest pricing run, or null when no spreadsheet was sent. */
  latestPricing: PricingStatus | null;
}

export const auctionNextStepBlocker = (facts: AuctionGateFacts): AuctionNextStepBlocker | null => {
  if (facts.status === 'created' && !facts.configValid) return 'configIncomplete';
  if (facts.status === 'pricing' && facts.latestPricing !== 'processed') return 'pricingNotProcessed';
  return null;
};

/** SPEC §3 pricing status order: in_validation > validation_ok | validation_error > in_processing > processed. */
export const PRICING_NEXT: Readonly<Record<PricingStatus, readonly PricingStatus[]>> = {
  in_validation: ['validation_ok', 'validation_error', 'failed'],
  validation_ok: ['in_processing', 'failed'],
  validation_error: [],
  in_processing: ['processed', 'failed'],
  processed: [],
  // Retried by the staff (pricing_retry): the run starts over from the stored file.
  failed: ['in_validation'],
};

/** A pricing run still working: the page polls while the latest run is in one of these. */
export const PRICING_RUNNING: readonly PricingStatus[] = ['in_validation', 'validation_ok', 'in_processing'];

/** A new spreadsheet may be sent only while pricing. */
export const PRICING_UPLOAD_STATUS: AuctionStatus = 'pricing';

// ---------------------------------------------------------------------------------------------
// Configuration

export const MINIMUM_PRICE_KINDS = ['percent_of_credit', 'fixed'] as const;
export type MinimumPriceKind = (typeof MINIMUM_PRICE_KINDS)[number];

export interface AuctionConfig {
  name: string;
  /** ISO instants; the window in which players and funds may bid (or buy, on a direct sale). */
  startsAt: string;
  endsAt: string;
  /** The shares offered, by contract number: available shares of the auction's administrator. */
  contractNumbers: string[];
  /** Who may bid: at least one fund or player. */
  fundIds: number[];
  playerIds: number[];
  /** The least a share may be priced at: a percentage of its credit value, or a fixed amount in BRL. */
  minimumPrice: { kind: MinimumPriceKind; value: number };
}

export const AUCTION_CONFIG_LIMITS = {
  nameMin: 3,
  nameMax: 120,
  maxShares: 5_000,
  maxBuyers: 500,
  /** The longest window, in days. */
  maxWindowDays: 365,
  maxFixedPrice: 100_000_000,
  /** Contract numbers are short codes; anything longer is a mistake (or an attack), not a share. */
  contractNumberMax: 40,
  /** Ids are PostgreSQL integers: a larger one cannot name a fund or player. */
  maxId: 2_147_483_647,
} as const;

/** Field > i18n key (under `auctions.configErrors`); the server answers the same keys in `errors`. */
export type AuctionConfigErrors = Partial<Record<'name' | 'startsAt' | 'endsAt' | 'contractNumbers' | 'buyers' | 'minimumPrice', string>>;

const isIsoInstant = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v);

/**
 * Checks a configuration's own rules (the server adds those that need the database: the shares
 * exist, belong to the administrator and are available; the funds and players exist).
 * `now` only matters for a window that would end in the past.
 */
export const validateAuctionConfig = (config: Partial<AuctionConfig> | null | undefined, now: number = Date.now()): AuctionConfigErrors => {
  const errors: AuctionConfigErrors = {};
  const c = config ?? {};
  const L = AUCTION_CONFIG_LIMITS;
  const name = typeof c.name === 'string' ? c.name.trim() : '';
  if (!name) errors.name = 'required';
  else if (name.length < L.nameMin || name.length > L.nameMax) errors.name = 'nameLength';

  if (!isIsoInstant(c.startsAt)) errors.startsAt = 'required';
  if (!isIsoInstant(c.endsAt)) errors.endsAt = 'required';
  else if (isIsoInstant(c.startsAt)) {
    const start = Date.parse(c.startsAt);
    const end = Date.parse(c.endsAt);
    if (end <= start) errors.endsAt = 'endBeforeStart';
    else if (end - start > L.maxWindowDays * 86_400_000) errors.endsAt = 'windowTooLong';
    else if (end <= now) errors.endsAt = 'endInPast';
  }

  const contracts = Array.isArray(c.contractNumbers) ? c.contractNumbers : [];
  if (contracts.length === 0) errors.contractNumbers = 'noShares';
  else if (contracts.length > L.maxShares) errors.contractNumbers = 'tooManyShares';
  else if (contracts.some((n) => typeof n !== 'string' || !n.trim() || n.trim().length > L.contractNumberMax)) errors.contractNumbers = 'invalidShares';
  else if (new Set(contracts).size !== contracts.length) errors.contractNumbers = 'duplicateShares';

  const fundIds = Array.isArray(c.fundIds) ? c.fundIds : [];
  const playerIds = Array.isArray(c.playerIds) ? c.playerIds : [];
  if (fundIds.length + playerIds.length === 0) errors.buyers = 'noBuyers';
  else if (fundIds.length + playerIds.length > L.maxBuyers) errors.buyers = 'tooManyBuyers';
  else if ([...fundIds, ...playerIds].some((id) => !Number.isInteger(id) || id <= 0 || id > L.maxId)) errors.buyers = 'invalidBuyers';

  const min = c.minimumPrice;
  if (!min || !MINIMUM_PRICE_KINDS.includes(min.kind) || typeof min.value !== 'number' || !Number.isFinite(min.value)) errors.minimumPrice = 'required';
  else if (min.kind === 'percent_of_credit' && (min.value <= 0 || min.value > 100)) errors.minimumPrice = 'percentRange';
  else if (min.kind === 'fixed' && (min.value <= 0 || min.value > L.maxFixedPrice)) errors.minimumPrice = 'fixedRange';
  return errors;
};

export const isAuctionConfigValid = (config: Partial<AuctionConfig> | null | undefined, now?: number): boolean =>
  Object.keys(validateAuctionConfig(config, now)).length === 0;

/** The least price a share may get under a rule; null when the rule needs a credit value the share lacks. */
export const minimumPriceFor = (rule: AuctionConfig['minimumPrice'], creditValue: number | null): number | null => {
  if (rule.kind === 'fixed') return rule.value;
  if (creditValue == null) return null;
  return Math.round(creditValue * rule.value) / 100;
};

// ---------------------------------------------------------------------------------------------
// Files and the pricing spreadsheet

/** `add_file`/`remove_file` fileType: the pricing spreadsheet, the auction notice, anything else. */
export const AUCTION_FILE_TYPES = ['PRICING_SPREADSHEET', 'AUCTION_NOTICE', 'ADDITIONAL'] as const;
export type AuctionFileType = (typeof AUCTION_FILE_TYPES)[number];
/** Files listed by `list_additional_files` (the spreadsheet shows in `pricing_list` instead). */
export const AUCTION_ADDITIONAL_FILE_TYPES: readonly AuctionFileType[] = ['AUCTION_NOTICE', 'ADDITIONAL'];

/** The spreadsheet's header row (first sheet of an XLSX, or a CSV with `,` or `;`). Case and accents do not matter. */
export const PRICING_COLUMNS = { contract: 'contrato', price: 'valor' } as const;
export const PRICING_MAX_ROWS = 10_000;
/** The largest spreadsheet add_file accepts: 10,000 rows fit many times over; a bigger file is a mistake or a bomb. */
export const PRICING_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The most an XLSX may unpack to (every entry of the zip together): read-excel-file inflates the
 * whole sheet in memory, so a small zip of a huge sheet must be refused before it is read.
 */
export const PRICING_MAX_XLSX_UNPACKED_BYTES = 40 * 1024 * 1024;
export const PRICING_EXTENSIONS = ['csv', 'xlsx'] as const;

/** Row error codes (i18n `auctions.rowErrors.<code>`); rows count from 2, as a spreadsheet shows them under the header. */
export const PRICING_ROW_ERRORS = [
  'contractMissing',
  'contractNotInAuction',
  'contractRepeated',
  'priceMissing',
  'priceInvalid',
  'priceBelowMinimum',
  /** The minimum is a percentage of the credit value and the share has none: the price cannot be checked. */
  'creditUnknown',
  /** The contract or price cell holds a formula (an XLSX <f>, a CSV cell such as =A1): only a literal is read. */
  'formula',
] as const;
type PricingRowErrorCode = (typeof PRICING_ROW_ERRORS)[number];

/** File-level problems: the whole spreadsheet is refused with one of these. */
/** `unclosedQuote` (a CSV quote left open) comes with the line it is at in `row`; the others with row 0. */
export const PRICING_FILE_ERRORS = ['unreadable', 'headerMissing', 'empty', 'tooManyRows', 'tooLarge', 'unclosedQuote'] as const;
export type PricingFileErrorCode = (typeof PRICING_FILE_ERRORS)[number];

export interface PricingRowError {
  /** 0 for a file-level error. */
  row: number;
  code: PricingRowErrorCode | PricingFileErrorCode;
  /** The cell as read, cut to 100 characters. */
  value?: string;
  /** The row's contract number, when it has one (runs checked before issue 13 lack it). */
  contract?: string;
  /** `priceBelowMinimum`: the minimum this share had to reach, in BRL (its rule applied to its credit). */
  minimum?: number;
}

/**
 * Reads a price cell: a number as given by XLSX, or text as a Brazilian (1.234,56) or plain
 * (1234.56) amount, with or without "R$". Null when it is not a positive finite amount once
 * rounded to cents (an XLSX 0.004 would otherwise price a share at R$ 0,00).
 */
export const parsePrice = (cell: unknown): number | null => {
  const cents = (n: number) => (Number.isFinite(n) && Math.round(n * 100) > 0 ? Math.round(n * 100) / 100 : null);
  if (typeof cell === 'number') return cents(cell);
  if (typeof cell !== 'string') return null;
  let s = cell.replace(/R\$|\s/gi, '');
  if (!s) return null;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(s) || /^\d+(,\d{1,2})$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return cents(Number(s));
};

interface PricingRowContext {
  /** Contract number > credit value (null when unknown) of the shares in the auction. */
  shares: ReadonlyMap<string, number | null>;
  minimumPrice: AuctionConfig['minimumPrice'];
  /** Contracts already priced by earlier rows of the same file. */
  seen: Set<string>;
}

/**
 * A cell the reader found holding a formula, with the formula's text: never priced, whatever its
 * cached result (a file could otherwise carry a price its author never saw typed in).
 */
export interface PricingFormulaCell {
  formula: string;
}

export const isFormulaCell = (cell: unknown): cell is PricingFormulaCell =>
  typeof cell === 'object' && cell !== null && !(cell instanceof Date) && typeof (cell as { formula?: unknown }).formula === 'string';

/** Validates one data row; returns the price to apply or the row's error. */
export const checkPricingRow = (
  row: number,
  contractCell: unknown,
  priceCell: unknown,
  ctx: PricingRowContext,
): { ok: true; contractNumber: string; price: number } | { ok: false; error: PricingRowError } => {
  const cut = (v: unknown) => (v == null ? undefined : String(v).slice(0, 100));
  const formula = isFormulaCell(priceCell) ? priceCell : isFormulaCell(contractCell) ? contractCell : null;
  if (formula) return { ok: false, error: { row, code: 'formula', value: cut(formula.formula) } };
  const contractNumber = contractCell == null ? '' : String(contractCell).trim();
  if (!contractNumber) return { ok: false, error: { row, code: 'contractMissing' } };
  if (!ctx.shares.has(contractNumber)) return { ok: false, error: { row, code: 'contractNotInAuction', value: cut(contractNumber), contract: cut(contractNumber) } };
  if (ctx.seen.has(contractNumber)) return { ok: false, error: { row, code: 'contractRepeated', value: cut(contractNumber), contract: cut(contractNumber) } };
  const contract = cut(contractNumber);
  if (priceCell == null || (typeof priceCell === 'string' && !priceCell.trim())) return { ok: false, error: { row, code: 'priceMissing', contract } };
  const price = parsePrice(priceCell);
  if (price == null) return { ok: false, error: { row, code: 'priceInvalid', value: cut(priceCell), contract } };
  const min = minimumPriceFor(ctx.minimumPrice, ctx.shares.get(contractNumber) ?? null);
  // Without a credit value a percentage minimum cannot be checked: refused rather than sold under it.
  if (min == null) return { ok: false, error: { row, code: 'creditUnknown', value: contract, contract } };
  if (price < min) return { ok: false, error: { row, code: 'priceBelowMinimum', value: cut(priceCell), contract, minimum: min } };
  ctx.seen.add(contractNumber);
  return { ok: true, contractNumber, price };
};

// ---------------------------------------------------------------------------------------------
// API shapes

export interface AuctionItem {
  auctionId: string;
  isAuction: boolean;
  status: AuctionStatus;
  /** The configured name, or null before the first save. */
  name: string | null;
  admId: number | null;
  administratorName: string | null;
  startsAt: string | null;
  endsAt: string | null;
  shareCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AuctionInfo extends AuctionItem {
  /** What was saved; fields not yet saved are absent. */
  config: Partial<AuctionConfig>;
  nextStatus: AuctionStatus | null;
  nextStepBlocker: AuctionNextStepBlocker | null;
  cancelable: boolean;
  latestPricing: PricingStatus | null;
  /**
   * The names of the funds and players of `config`: a profile that may not list funds or players
   * (a fund) still reads who may buy. Optional: older answers lack it.
   */
  buyers?: AuctionBuyerNames;
}

export interface AuctionBuyerNames {
  funds: { id: number; name: string }[];
  players: { id: number; name: string }[];
}

export interface AuctionStatusHistoryItem {
  fromStatus: AuctionStatus | null;
  toStatus: AuctionStatus;
  userName: string | null;
  at: string;
}

export interface AuctionPricingItem {
  pricingId: string;
  fileId: string | null;
  fileName: string | null;
  status: PricingStatus;
  /** Data rows read (header excluded). */
  rows: number;
  /** Shares priced when processed. */
  pricedRows: number;
  rowErrors: PricingRowError[];
  /** Attempts of the background job that failed (null when none did); see PricingFailure. */
  failure?: PricingFailure | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Why an attempt failed: the database or the file store did not answer, the attempt outlived its
 * deadline, or anything else. A file's own problem is never one of these: it is a row error.
 */
export const PRICING_FAILURE_REASONS = ['database', 'storage', 'timeout', 'internal'] as const;
export type PricingFailureReason = (typeof PRICING_FAILURE_REASONS)[number];

interface PricingFailure {
  /** Attempts made so far that failed. */
  attempts: number;
  reason: PricingFailureReason;
  /** When the retries ran out and the run became `failed`; null while it is still being retried. */
  failedAt: string | null;
}

export interface AuctionFileItem {
  fileId: string;
  fileName: string;
  fileType: AuctionFileType;
  size: number | null;
  uploadedAt: string;
  /** What POST /storage/generate_link takes to download it (added by the server; optional for the UI). */
  filePath?: string;
}

/** `GET /auction/share_results`: a share the auction offers and the price it got. */
export interface AuctionShareResult {
  shareId: string;
  contractNumber: string;
  administratorName: string | null;
  creditValue: number | null;
  /** The auction's minimum rule applied to this share; null when it cannot be (no rule, or a percentage of an unknown credit). */
  minimumPrice: number | null;
  /** The price of the latest processed pricing run; null when the share was not priced. */
  price: number | null;
  /** The share's situation now (SPEC §3 share states). */
  state: ShareState;
}

/** `GET /auction/list` filters (one JSON `filters` parameter, as the share lists). */
export interface AuctionListFilters {
  status?: AuctionStatus[];
  search?: string;
  isAuction?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Server-side additions (the reference API; docs/auctions.md)

/**
 * Configuration errors only the server can find (it needs the database), under the same field keys
 * and the same i18n namespace (`auctions.configErrors.<code>`) as validateAuctionConfig's.
 */
export const AUCTION_CONFIG_SERVER_ERRORS = {
  /** A contract number that is not a share of the auction's administrator. */
  sharesNotFound: 'contractNumbers',
  /** A share that is not `available` any more. */
  sharesUnavailable: 'contractNumbers',
  /** A share already offered by another open auction of the administrator. */
  sharesInOtherAuction: 'contractNumbers',
  /** A fund or player id that does not exist, or a player that is not enabled. */
  buyersNotFound: 'buyers',
} as const;
type AuctionConfigServerError = keyof typeof AUCTION_CONFIG_SERVER_ERRORS;

/**
 * One problem the server found in a configuration, with its culprits: save_config's 400 lists every
 * one in `problems` (beside `errors`, one code per field), so the form shows them all at once.
 */
export interface AuctionConfigProblem {
  field: 'contractNumbers' | 'buyers';
  code: AuctionConfigServerError;
  /** The contract numbers concerned, as typed. */
  contracts?: string[];
  /** sharesInOtherAuction: the open auction that already offers `contracts`. */
  auction?: { auctionId: string; name: string | null; isAuction: boolean };
  /** buyersNotFound: the ids that are not (enabled) buyers. */
  fundIds?: number[];
  playerIds?: number[];
}

/** Every code `errors` may carry for a configuration, client and server rules together. */
export const AUCTION_CONFIG_ERROR_CODES = [
  'required',
  'nameLength',
  'endBeforeStart',
  'windowTooLong',
  'endInPast',
  'noShares',
  'tooManyShares',
  'invalidShares',
  'duplicateShares',
  'noBuyers',
  'tooManyBuyers',
  'invalidBuyers',
  'percentRange',
  'fixedRange',
  ...(Object.keys(AUCTION_CONFIG_SERVER_ERRORS) as AuctionConfigServerError[]),
] as const;

/** The statuses in which `save_config` is accepted. In `pricing`, shares and minimum price are frozen once a spreadsheet was sent. */
export const AUCTION_CONFIG_EDITABLE: readonly AuctionStatus[] = ['created', 'pricing'];


/** `add_file` answer: the files attached and, for a pricing spreadsheet, the run it started. */
export interface AuctionAddFileResponse {
  data: AuctionFileItem[];
  pricing: AuctionPricingItem | null;
}
