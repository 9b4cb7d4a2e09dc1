/**
 * Regularization and retention (issue 15): a pendency is a record on a share, with its kind, the
 * money involved, its boletos (tickets) and payment proofs. One workflow table, PENDENCY_WORKFLOW,
 * says which move is possible from which status and who may make it; the server enforces it and the
 * app reads it to offer only the moves possible now. Drawn in docs/workflow.md.
 *
 * The share itself moves through SHARE_WORKFLOW: opening the first pendency raises it
 * (`raise_pendency`, process step 7), clearing the last open one returns it to the state it had
 * before (`clear_pendency`), and cancelling the sale closes every open pendency.
 */
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import type { DocumentType, PaymentType, TicketKind } from './enums';
import { MONEY_MAX } from './money';
import { type Grantee, type Permission, can } from './permissions';
import { OPEN_SALE_STATES, type ShareState } from './shareStates';
import type { ShareListFilters, ShareListItem, ShareSortField } from './shareList';
import type { ShareDetail } from './workspace';

// ---------------------------------------------------------------------------------------------
// Kinds

export const PENDENCY_KINDS = ['overdue_installments', 'reactivation', 'retention', 'document', 'signer_data', 'bank_data'] as const;
export type PendencyKind = (typeof PENDENCY_KINDS)[number];
export const isPendencyKind = (v: unknown): v is PendencyKind => typeof v === 'string' && (PENDENCY_KINDS as readonly string[]).includes(v);

export interface PendencyKindRule {
  /** Money is involved: the pendency has an amount and a payment type, takes tickets and payments. */
  money: boolean;
  /** The ticket kinds (SPEC §3) a boleto of this pendency may be; empty when no money is involved. */
  ticketKinds: readonly TicketKind[];
  /** The pendency names the document that is missing or was rejected (documentType). */
  needsDocumentType: boolean;
}

/**
 * - overdue_installments: installments the seller left unpaid with the administrator; regularized
 *   by a ZIP of the installments' boletos (zip_payment_ticket).
 * - reactivation: the administrator excluded the share (process step 8, inactive); it is reactivated
 *   by paying the first installment and the fines and interest (REACTIVATION_* tickets). The
 *   ticket is the `reactivationFile` (LATE_INVOICE) the transfer approval later asks for.
 * - retention: the administrator retains the share until its first installment and the fines and
 *   interest are paid (RETENTION_* tickets).
 * - document: a document is missing or was rejected; it names which (documentType).
 * - signer_data, bank_data: the signer's or the bank account's data must be corrected.
 */
export const PENDENCY_KIND_RULES: Record<PendencyKind, PendencyKindRule> = {
  overdue_installments: { money: true, ticketKinds: ['zip_payment_ticket'], needsDocumentType: false },
  reactivation: { money: true, ticketKinds: ['REACTIVATION_FIRST_INSTALLMENT', 'REACTIVATION_FINES_AND_INTERESTS_TICKET', 'zip_payment_ticket'], needsDocumentType: false },
  retention: { money: true, ticketKinds: ['RETENTION_FIRST_INSTALLMENT', 'RETENTION_FINES_AND_INTERESTS_TICKET', 'zip_payment_ticket'], needsDocumentType: false },
  document: { money: false, ticketKinds: [], needsDocumentType: true },
  signer_data: { money: false, ticketKinds: [], needsDocumentType: false },
  bank_data: { money: false, ticketKinds: [], needsDocumentType: false },
};

export const isMoneyKind = (kind: PendencyKind): boolean => PENDENCY_KIND_RULES[kind].money;

/** A ZIP of several boletos has no single line; every other ticket is one boleto with its line. */
export const ticketNeedsLine = (kind: TicketKind): boolean => kind !== 'zip_payment_ticket';

/** The document type the files of a pendency are attached to the share with. */
export const TICKET_DOCUMENT_TYPE: DocumentType = 'LATE_INVOICE';
export const PAYMENT_DOCUMENT_TYPE: DocumentType = 'PAYMENT_PROOF';

// ---------------------------------------------------------------------------------------------
// Statuses and the workflow table

/**
 * open: waiting for the seller or the administrator; paid: at least one payment registered, waiting
 * to be checked and cleared; cleared: solved; cancelled: closed because the sale was cancelled.
 */
export const PENDENCY_STATUSES = ['open', 'paid', 'cleared', 'cancelled'] as const;
export type PendencyStatus = (typeof PENDENCY_STATUSES)[number];
export const OPEN_PENDENCY_STATUSES: readonly PendencyStatus[] = ['open', 'paid'];
export const isOpenPendency = (status: PendencyStatus): boolean => OPEN_PENDENCY_STATUSES.includes(status);

export const PENDENCY_MOVES = ['open', 'add_ticket', 'register_payment', 'clear', 'cancel'] as const;
export type PendencyMove = (typeof PENDENCY_MOVES)[number];
export const isPendencyMove = (v: unknown): v is PendencyMove => typeof v === 'string' && (PENDENCY_MOVES as readonly string[]).includes(v);

export interface PendencyTransition {
  /** 'none': the pendency does not exist yet (it is being opened). */
  from: readonly (PendencyStatus | 'none')[];
  /** 'same' keeps the status. */
  to: PendencyStatus | 'same';
  /** Who may: the permission it needs (the tenant is the share's: an administrator acts on its own shares only). */
  permission: Permission;
  /** Only on a pendency where money is involved (PENDENCY_KIND_RULES[kind].money). */
  moneyOnly?: boolean;
  /** Made by another call, never on its own: `cancel` happens when the sale is cancelled (POST /actions/cancel_sale). */
  byShareMove?: 'cancel_sale';
}

export const PENDENCY_WORKFLOW: Record<PendencyMove, PendencyTransition> = {
  open: { from: ['none'], to: 'open', permission: 'pendency.open' },
  add_ticket: { from: ['open', 'paid'], to: 'same', permission: 'pendency.add_ticket', moneyOnly: true },
  register_payment: { from: ['open', 'paid'], to: 'paid', permission: 'pendency.register_payment', moneyOnly: true },
  clear: { from: ['open', 'paid'], to: 'cleared', permission: 'pendency.clear' },
  cancel: { from: ['open', 'paid'], to: 'cancelled', permission: 'share.cancel_sale', byShareMove: 'cancel_sale' },
};

/** The share states a pendency can be opened in: a sale under way, or a share that already has one. */
export const PENDENCY_OPEN_SHARE_STATES: readonly ShareState[] = [...OPEN_SALE_STATES, 'with_pendency'];

export const canOpenPendencyOn = (state: ShareState): boolean => PENDENCY_OPEN_SHARE_STATES.includes(state);

/** The workflow allows the move from the status, for this kind (money moves on money kinds only). */
export const canPendencyMove = (move: PendencyMove, status: PendencyStatus | 'none', kind: PendencyKind): boolean => {
  const rule = PENDENCY_WORKFLOW[move];
  if (rule.moneyOnly && !isMoneyKind(kind)) return false;
  return rule.from.includes(status);
};

export const pendencyStatusAfter = (move: PendencyMove, status: PendencyStatus | 'none', kind: PendencyKind): PendencyStatus | null => {
  if (!canPendencyMove(move, status, kind)) return null;
  const { to } = PENDENCY_WORKFLOW[move];
  return to === 'same' ? (status as PendencyStatus) : to;
};

/**
 * The moves a user may be offered on a pendency now: the table allows it from the status and kind,
 * the permission matrix allows it and the token does not deny it. `cancel` is never offered here:
 * it is the share's "Cancelar venda".
 */
export const availablePendencyMoves = (pendency: { status: PendencyStatus; kind: PendencyKind }, who: Grantee): PendencyMove[] =>
  PENDENCY_MOVES.filter(
    (m) => m !== 'open' && !PENDENCY_WORKFLOW[m].byShareMove && canPendencyMove(m, pendency.status, pendency.kind) && can(who, PENDENCY_WORKFLOW[m].permission),
  );

/** "Abrir pendência" is offered on a share in one of PENDENCY_OPEN_SHARE_STATES to who may. */
export const canOfferOpenPendency = (state: ShareState, who: Grantee): boolean => canOpenPendencyOn(state) && can(who, 'pendency.open');

/**
 * Clearing a pendency where money is involved without any payment registered is allowed (the
 * administrator may waive it or settle it elsewhere) but must say why: the note is then required.
 */
export const clearNeedsNote = (pendency: { status: PendencyStatus; kind: PendencyKind }): boolean =>
  isMoneyKind(pendency.kind) && pendency.status === 'open';

/** Renders PENDENCY_WORKFLOW as a Mermaid state diagram (docs/workflow.md is drawn from it). */
export const pendencyWorkflowMermaid = (): string => {
  const lines = ['stateDiagram-v2'];
  for (const move of PENDENCY_MOVES) {
    const { from, to, moneyOnly } = PENDENCY_WORKFLOW[move];
    for (const status of from) {
      const source = status === 'none' ? '[*]' : status;
      const target = to === 'same' ? status : to;
      lines.push(`    ${source} --> ${target}: ${move}${moneyOnly ? ' (money)' : ''}`);
    }
  }
  lines.push('    cleared --> [*]', '    cancelled --> [*]');
  return lines.join('\n');
};

// ---------------------------------------------------------------------------------------------
// Dates: one rule, in São Paulo time

/** Business days and due dates are those of Brazil's back office: São Paulo's calendar, whatever the browser's or server's zone. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const SP_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export const saoPauloDate = (at: Date | string | number): string => SP_DATE.format(new Date(at));

/** Today in São Paulo (YYYY-MM-DD). */
export const todayInSaoPaulo = (now: Date = new Date()): string => saoPauloDate(now);

/**
 * A calendar date, ISO 8601: "2026-11-20", or a date-time whose date part is taken as written
 * ("2026-11-20T10:00:00Z" is the 20th). Null for anything else, an impossible day included.
 */
export const parseIsoDate = (value: string | null | undefined): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec((value ?? '').trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
};

/** A day after today in São Paulo: a payment cannot have happened then. */
export const isFutureDate = (isoDate: string, now: Date = new Date()): boolean => isoDate > todayInSaoPaulo(now);

export type PaidDateProblem = 'invalid' | 'future';
/**
 * THE paid-date rule, for every payment (POST /actions/set_paid and the pendency's payments): a
 * valid date not after today in São Paulo. The date pickers offer exactly these days.
 */
export const paidDateProblem = (value: string | null | undefined, now: Date = new Date()): PaidDateProblem | null => {
  const iso = parseIsoDate(value);
  if (!iso) return 'invalid';
  return isFutureDate(iso, now) ? 'future' : null;
};

/** Due dates within these years: a typo such as 0202 or 20260 is refused rather than stored. */
export const DUE_DATE_MIN = '2000-01-01';
export const DUE_DATE_MAX = '2099-12-31';
/** A due date may be in the past (a boleto already overdue is attached as it is) but must be a real date. */
export const dueDateProblem = (value: string | null | undefined): 'invalid' | null => {
  const iso = parseIsoDate(value);
  return iso && iso >= DUE_DATE_MIN && iso <= DUE_DATE_MAX ? null : 'invalid';
};

/** Past due: the due date was before today in São Paulo (on the due date itself it can still be paid). */
export const isPastDue = (dueDate: string | null | undefined, now: Date = new Date()): boolean => !!dueDate && dueDate < todayInSaoPaulo(now);

/** A ticket is overdue when it is past due, no payment names it and its pendency is still open. */
export const isTicketOverdue = (
  ticket: { dueDate: string; paid: boolean },
  pendencyStatus: PendencyStatus,
  now: Date = new Date(),
): boolean => !ticket.paid && isOpenPendency(pendencyStatus) && isPastDue(ticket.dueDate, now);

/** A pendency is overdue when it is open (no payment yet) past its due date. */
export const isPendencyOverdue = (pendency: { status: PendencyStatus; dueDate: string | null }, now: Date = new Date()): boolean =>
  pendency.status === 'open' && isPastDue(pendency.dueDate, now);

const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Whole days since a pendency was opened, counted in São Paulo calendar days (0 on the day it was opened). */
export const pendencyAgeDays = (openedAt: string | Date, now: Date = new Date()): number =>
  Math.max(0, Math.round(dayNumber(todayInSaoPaulo(now)) - dayNumber(saoPauloDate(openedAt))));

// ---------------------------------------------------------------------------------------------
// Boleto line (linha digitável)

/** The digits of a boleto line as typed or pasted: spaces, dots and hyphens of its mask are dropped. */
export const boletoLineDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

export type BoletoLineProblem = 'characters' | 'length' | 'checkDigits';

/**
 * A Brazilian boleto's linha digitável: 47 digits for a bank slip (cobrança bancária) or 48 for a
 * collection slip (arrecadação, starting with 8), with its check digits right
 * (@brazilian-utils/isValidBoleto). The 44-digit barcode is not a line and is refused.
 */
export const boletoLineProblem = (value: string | null | undefined): BoletoLineProblem | null => {
  const text = (value ?? '').trim();
  if (!/^[\d\s.-]+$/.test(text)) return 'characters';
  const digits = boletoLineDigits(text);
  const bank = digits.length === 47;
  const collection = digits.length === 48 && digits[0] === '8';
  if (!bank && !collection) return 'length';
  return isValidBoleto(digits) ? null : 'checkDigits';
};

export const isValidBoletoLine = (value: string | null | undefined): boolean => boletoLineProblem(value) === null;

// ---------------------------------------------------------------------------------------------
// Amounts

/**
 * An amount the API takes: a number of reais or its decimal text ("1234.56"), more than zero, at
 * most two decimals and MONEY_MAX. The forms parse what staff type with parseMoney first. Answers
 * the amount as the API gives it back ("1234.56"), or null when it is not one.
 */
export const apiAmount = (value: unknown): string | null => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(text);
  if (!(n > 0) || n > MONEY_MAX) return null;
  return n.toFixed(2);
};

// ---------------------------------------------------------------------------------------------
// The calls' shapes

export interface PendencyUser {
  userId: string;
  name: string;
}

/** A boleto attached to a pendency. */
export interface PendencyTicket {
  ticketId: string;
  kind: TicketKind;
  fileId: string;
  fileName: string | null;
  /** POST /storage/generate_link takes it. */
  filePath: string | null;
  /** The linha digitável, digits only; null for a ZIP of boletos. */
  line: string | null;
  amount: string;
  dueDate: string;
  /** A payment was registered for it. */
  paid: boolean;
  addedBy: PendencyUser | null;
  addedAt: string;
}

/** A payment registered on a pendency, with its proof. */
export interface PendencyPayment {
  paymentId: string;
  /** The ticket it paid, when one was named. */
  ticketId: string | null;
  fileId: string;
  fileName: string | null;
  filePath: string | null;
  amount: string;
  paidDate: string;
  registeredBy: PendencyUser | null;
  registeredAt: string;
}

/** A pendency as GET /share/pendency_list and every pendency move answer it. */
export interface PendencyRecord {
  pendencyId: string;
  shareId: string;
  kind: PendencyKind;
  status: PendencyStatus;
  /** Portuguese, as typed by who opened it. */
  description: string;
  /** The document missing or rejected (kind `document`). */
  documentType: DocumentType | null;
  /** What is owed ("1234.56"); null when no money is involved. */
  amount: string | null;
  paymentType: PaymentType | null;
  /** When the seller must have solved it (YYYY-MM-DD). */
  dueDate: string | null;
  /** The state the share returns to when its last open pendency is cleared. */
  returnState: ShareState | null;
  openedBy: PendencyUser | null;
  openedAt: string;
  /** Sum of the payments registered ("0.00" when none). */
  paidAmount: string;
  clearedBy: PendencyUser | null;
  clearedAt: string | null;
  /** The note given when it was cleared. */
  clearNote: string | null;
  cancelledAt: string | null;
  tickets: PendencyTicket[];
  payments: PendencyPayment[];
}

/** GET /share/pendency_list ?shareId, includeClosed → ListResponse<PendencyRecord>, oldest first. */
export interface PendencyListQuery {
  shareId: string;
  /** Also the cleared and cancelled ones (the workspace asks for them when displayOldPendencyHistory is on). */
  includeClosed?: boolean;
}

/** POST /share/pendency_open */
export interface PendencyOpenInput {
  shareId: string;
  kind: PendencyKind;
  description: string;
  /** Required when money is involved, refused otherwise. */
  amount?: number | string | null;
  paymentType?: PaymentType | null;
  dueDate?: string | null;
  /** Required for kind `document`, refused otherwise. */
  documentType?: DocumentType | null;
  expectedVersion?: number;
}

/** POST /share/pendency_add_ticket: `file` is the fileId of a finalized upload (attached as LATE_INVOICE). */
export interface PendencyAddTicketInput {
  pendencyId: string;
  kind: TicketKind;
  file: string;
  /** Required unless kind is zip_payment_ticket. */
  line?: string | null;
  amount: number | string;
  dueDate: string;
}

/** POST /share/pendency_register_payment: `proofFile` is attached as PAYMENT_PROOF. */
export interface PendencyRegisterPaymentInput {
  pendencyId: string;
  proofFile: string;
  amount: number | string;
  paidDate: string;
  ticketId?: string | null;
}

/** POST /share/pendency_clear: `note` is required when money is involved and no payment was registered. */
export interface PendencyClearInput {
  pendencyId: string;
  note?: string | null;
}

/** What every pendency move answers: the share as it is now and the pendency. */
export interface PendencyMoveResult {
  share: ShareDetail;
  pendency: PendencyRecord;
}

/**
 * GET /share/with_pendency_list: the /pendencias list (the share list's contract, DESIGN §3) with,
 * per share, what its open pendencies are. Filters: the share list's, plus these.
 */
export interface PendencyListFilters extends ShareListFilters {
  /** Shares with an open pendency of one of these kinds. */
  pendencyKind?: PendencyKind[];
  /** Shares whose oldest open pendency is at least this many days old (São Paulo days). */
  pendencyMinAgeDays?: number;
  /** Shares with an open pendency due in this range (YYYY-MM-DD, inclusive). */
  pendencyDueFrom?: string;
  pendencyDueTo?: string;
  /** true: shares with an open pendency past due (no payment yet); false: shares with none. */
  pendencyOverdue?: boolean;
}
export const PENDENCY_FILTER_KEYS = ['pendencyKind', 'pendencyMinAgeDays', 'pendencyDueFrom', 'pendencyDueTo', 'pendencyOverdue'] as const satisfies readonly (keyof PendencyListFilters)[];

/** Sorts of the /pendencias list beyond the share list's: the oldest open pendency, the nearest due date. */
export const PENDENCY_SORT_FIELDS = ['pendencyOpenedAt', 'pendencyDueDate'] as const;
export type PendencySortField = (typeof PENDENCY_SORT_FIELDS)[number];
export type PendencyListSortField = ShareSortField | PendencySortField;

/** A share's open pendencies, summed up for its row on /pendencias. */
export interface PendencySummary {
  /** How many are open. */
  count: number;
  /** Their kinds, oldest first, each once. */
  kinds: PendencyKind[];
  /** When the oldest was opened. */
  openedAt: string;
  /** Its age in São Paulo days (pendencyAgeDays). */
  ageDays: number;
  /** The nearest due date among them (YYYY-MM-DD), null when none has one. */
  dueDate: string | null;
  /** One of them is open past its due date without a payment (isPendencyOverdue). */
  overdue: boolean;
}

export interface PendencyShareListItem extends ShareListItem {
  /** Null only for a share left in with_pendency without a pendency record (rows from before issue 15). */
  pendency: PendencySummary | null;
}

/** Limits of the text fields. */
export const PENDENCY_DESCRIPTION_MAX = 1000;
export const PENDENCY_NOTE_MAX = 2000;

// ---------------------------------------------------------------------------------------------
// Server messages (English, matched by the error catalogue)

export const PENDENCY_MESSAGES = {
  /** `Invalid pendency move: <move> from <status>` (409). */
  move: (move: PendencyMove, status: PendencyStatus) => `Invalid pendency move: ${move} from ${status}`,
  /** `Invalid pendency move: <move> on a <kind> pendency` (409): a money move where no money is involved. */
  noMoney: (move: PendencyMove, kind: PendencyKind) => `Invalid pendency move: ${move} on a ${kind} pendency`,
  /** Opening on a share in a state that takes none (409): the share workflow's own message. */
  openState: (state: ShareState) => `Invalid move: raise_pendency from ${state}`,
  amountRequired: 'Invalid pendency amount: required when money is involved',
  amountNotAllowed: 'Invalid pendency amount: no money is involved in this kind',
  amount: 'Invalid amount: more than zero, at most two decimals',
  paymentTypeRequired: 'Invalid pendency payment type: required when money is involved',
  documentTypeRequired: 'Invalid pendency document type: say which document',
  documentTypeNotAllowed: 'Invalid pendency document type: only a document pendency names one',
  dueDate: 'Invalid dueDate: expected an ISO date (YYYY-MM-DD)',
  description: 'Invalid pendency description: it is required',
  ticketKind: 'Invalid ticket kind for this pendency',
  ticketLineRequired: 'Invalid billet line: required for this ticket',
  ticketPaid: 'Invalid ticket: already paid',
  clearNote: 'Invalid clear note: say why a pendency with money involved is cleared without a payment',
} as const;
