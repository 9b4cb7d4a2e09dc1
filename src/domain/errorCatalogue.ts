/**
 * SPEC §8: a server's error text is matched, case-insensitively and in this order, against these
 * patterns and replaced by a Portuguese message (its i18n key under `errors.`). Order matters: the
 * specific patterns ("Invalid credentials", "Missing property") stand before the general ones
 * ("Invalid", "Missing").
 */
import { PENDENCY_KINDS, PENDENCY_STATUSES, PENDENCY_WORKFLOW, type PendencyKind, type PendencyStatus, isPendencyMove } from './pendencies';
import { SHARE_MOVES, SHARE_STATES, SHARE_WORKFLOW, type ShareMove, type ShareState } from './shareStates';

/**
 * A value a message names (issue 13: say why). Either text as the server gave it, or i18n keys the
 * app reads in words users know (`shareState.payment_done` is "Pagamento realizado"); several keys
 * read as one list ("A, B ou C"), quoted when `quote` is set.
 */
export type CatalogueParam = string | { keys: readonly string[]; quote?: boolean };

interface CatalogueEntry {
  key: string;
  pattern: RegExp;
  /**
   * The values of the message, from the pattern's match. Null when the match names something the
   * app does not know (a state that is not a share state): the entry then does not apply and a more
   * general one answers, so a message never shows a raw key.
   */
  params?: (match: RegExpExecArray) => Record<string, CatalogueParam> | null;
}

const isMove = (v: string | undefined): v is ShareMove => !!v && (SHARE_MOVES as readonly string[]).includes(v);
const isState = (v: string | undefined): v is ShareState => !!v && (SHARE_STATES as readonly string[]).includes(v);

/**
 * "Invalid move: <move> from <state>" (server/services/shareWorkflow.ts): what was tried, the state
 * the share is in and, when that is the reason, the states the move needs, all in the app's words.
 * `stateIsTheReason` tells the two entries apart: a state the move starts from (a pendency with no
 * state to return to) is not the reason, and the message then says only what was refused.
 */
const moveParams =
  (stateIsTheReason: boolean) =>
  (m: RegExpExecArray): Record<string, CatalogueParam> | null => {
    const move = m.groups?.move?.toLowerCase();
    const state = m.groups?.state?.toLowerCase();
    if (!isMove(move) || !isState(state)) return null;
    const from = SHARE_WORKFLOW[move].from;
    if (from.includes(state) === stateIsTheReason) return null;
    return {
      action: { keys: [`shareMove.${move}`] },
      state: { keys: [`shareState.${state}`] },
      allowed: { keys: from.map((s) => `shareState.${s}`), quote: true },
    };
  };

/** The share's state when a message names it (proposal selection), else the same message without it. */
const stateParam = (m: RegExpExecArray): Record<string, CatalogueParam> | null => {
  const state = m.groups?.state?.toLowerCase();
  return isState(state) ? { state: { keys: [`shareState.${state}`] } } : null;
};

const isPendencyStatus = (v: string | undefined): v is PendencyStatus => !!v && (PENDENCY_STATUSES as readonly string[]).includes(v);
const isPendencyKindName = (v: string | undefined): v is PendencyKind => !!v && (PENDENCY_KINDS as readonly string[]).includes(v);

/** "Invalid pendency move: <move> from <status>" (issue 15): what was tried, the pendency's status and the statuses it needs. */
const pendencyMoveParams = (m: RegExpExecArray): Record<string, CatalogueParam> | null => {
  const move = m.groups?.move?.toLowerCase();
  const status = m.groups?.status?.toLowerCase();
  if (!isPendencyMove(move) || !isPendencyStatus(status)) return null;
  const from = PENDENCY_WORKFLOW[move].from.filter(isPendencyStatus);
  return {
    action: { keys: [`pendencyMove.${move}`] },
    status: { keys: [`pendencyStatus.${status}`] },
    allowed: { keys: from.map((s) => `pendencyStatus.${s}`), quote: true },
  };
};

/** "Invalid pendency move: <move> on a <kind> pendency": a money move on a pendency without money. */
const pendencyKindParams = (m: RegExpExecArray): Record<string, CatalogueParam> | null => {
  const move = m.groups?.move?.toLowerCase();
  const kind = m.groups?.kind?.toLowerCase();
  if (!isPendencyMove(move) || !isPendencyKindName(kind)) return null;
  return { action: { keys: [`pendencyMove.${move}`] }, kind: { keys: [`pendencyKind.${kind}`] } };
};

const INVALID_MOVE = /invalid move: (?<move>[a-z_]+) from (?<state>[a-z_]+)/i;

const NOT_FOUND_ENTITIES = [
  ['share', 'share'],
  ['address', 'address'],
  ['administrator', 'administrator'],
  ['bank', 'bank'],
  ['offer', 'offer'],
  ['person', 'person'],
  ['company', 'company'],
  ['document', 'document'],
  ['proposal', 'proposal'],
  ['envelope', 'envelope'],
  ['white ?label', 'whiteLabel'],
  ['signer', 'signer'],
  ['contract', 'contract'],
  ['user', 'user'],
  ['report', 'report'],
  ['auction', 'auction'],
  // Management (issue 11): entities beyond SPEC §8's list, in its style.
  ['fund', 'fund'],
  ['player', 'player'],
  // Cancellation reasons (issue 16).
  ['cancel reason', 'cancelReason'],
  // Saved views (issue 18).
  ['view', 'view'],
  // Pendencies (issue 15).
  ['pendency', 'pendency'],
  ['ticket', 'ticket'],
] as const;

export const ERROR_CATALOGUE: readonly CatalogueEntry[] = [
  { key: 'newPasswordMustDiffer', pattern: /new password must (differ|be different)/i },
  // Account flows (issue 4): the server's own wording, placed before the general "too many", "invalid", "expired".
  { key: 'passwordChangeRequired', pattern: /password change required/i },
  { key: 'passwordPolicy', pattern: /password policy/i },
  { key: 'authCodeAttempts', pattern: /too many wrong codes/i },
  { key: 'authCodeInvalid', pattern: /invalid or expired code/i },
  { key: 'passwordRecoveryExpired', pattern: /password recovery expired/i },
  { key: 'passwordRecoveryDisabled', pattern: /password recovery (is )?disabled/i },
  { key: 'passwordExpired', pattern: /password (has )?expired/i },
  { key: 'signersEqual', pattern: /first and second signer/i },
  { key: 'proposalNoChanges', pattern: /proposal data ha(ve|s) no changes/i },
  { key: 'proposalRejectedPrice', pattern: /price of a rejected proposal/i },
  { key: 'idempotencyKeyReused', pattern: /idempotency-key: already used/i },
  { key: 'wrongBrandHost', pattern: /wrong brand host/i },
  { key: 'accessDenied', pattern: /user not authorized for platform|player not enabled/i },
  // Issue 18: an XLSX export of more rows than a sheet holds.
  { key: 'exportTooManyRows', pattern: /too many rows for xlsx/i },
  { key: 'exportTimeZone', pattern: /invalid time zone/i },
  // Uploads typed by their bytes (issue 12): before the general "invalid".
  { key: 'fileContentMismatch', pattern: /content does not match its extension/i },
  // Saved views (issue 18): why a view was not saved, before the general "invalid".
  { key: 'viewNameTaken', pattern: /another view of this list/i },
  { key: 'viewsTooMany', pattern: /saved views per user/i },
  // The workspace's refusals (issue 13): each says why, before the general "invalid", "denied", "not found".
  { key: 'invalidMove', pattern: INVALID_MOVE, params: moveParams(true) },
  { key: 'invalidMoveNow', pattern: INVALID_MOVE, params: moveParams(false) },
  // Pendencies (issue 15): before "invalid billet line", "invalid", "is required".
  { key: 'invalidPendencyMove', pattern: /invalid pendency move: (?<move>[a-z_]+) from (?<status>[a-z_]+)/i, params: pendencyMoveParams },
  { key: 'pendencyNoMoney', pattern: /invalid pendency move: (?<move>[a-z_]+) on an? (?<kind>[a-z_]+) pendency/i, params: pendencyKindParams },
  { key: 'pendencyAmountRequired', pattern: /invalid pendency amount: required/i },
  { key: 'pendencyAmountNotAllowed', pattern: /invalid pendency amount: no money/i },
  { key: 'pendencyPaymentTypeRequired', pattern: /invalid pendency payment type/i },
  { key: 'pendencyDocumentTypeRequired', pattern: /invalid pendency document type: say which/i },
  { key: 'pendencyDocumentTypeNotAllowed', pattern: /invalid pendency document type: only/i },
  { key: 'pendencyDescription', pattern: /invalid pendency description/i },
  { key: 'pendencyClearNote', pattern: /invalid clear note/i },
  { key: 'ticketKind', pattern: /invalid ticket kind/i },
  { key: 'ticketLineRequired', pattern: /invalid billet line: required/i },
  { key: 'ticketPaid', pattern: /invalid ticket: already paid/i },
  { key: 'amountInvalid', pattern: /invalid amount/i },
  { key: 'dueDateInvalid', pattern: /invalid due ?date/i },
  { key: 'shareChanged', pattern: /invalid version: the share changed/i },
  { key: 'featureDisabled', pattern: /feature disabled|proposal selection is disabled|risk report is disabled/i },
  { key: 'fileNotFinalized', pattern: /upload is not finalized/i },
  { key: 'fileType', pattern: /invalid file type/i },
  { key: 'fileTooLarge', pattern: /file too large/i },
  { key: 'paidDateFuture', pattern: /paid ?date.*\bfuture\b/i },
  { key: 'paidDateInvalid', pattern: /invalid paid ?date/i },
  { key: 'billetLine', pattern: /invalid billet line/i },
  { key: 'cancelReason', pattern: /invalid (cancel(lation)? )?reason/i },
  { key: 'proposalNotOpen', pattern: /invalid proposal: it is \w+, not open/i },
  { key: 'proposalSelectStateNamed', pattern: /proposal can only be selected while the share is available \(it is (?<state>[a-z_]+)\)/i, params: stateParam },
  { key: 'proposalSelectState', pattern: /proposal can only be selected while the share is available/i },
  { key: 'proposalPaidPrice', pattern: /price of a paid share cannot change/i },
  { key: 'proposalPrices', pattern: /multiple prices are not allowed/i },
  { key: 'proposalOwnerDocument', pattern: /invalid owner document/i },
  { key: 'proposalPrice', pattern: /invalid price/i },
  { key: 'firstSignerRemoval', pattern: /first signer cannot be removed/i },
  { key: 'notLegalEntity', pattern: /not a legal entity/i },
  { key: 'invalidZip', pattern: /invalid zip/i },
  { key: 'invalidUf', pattern: /^invalid (state|uf)$/i },
  { key: 'invalidAgency', pattern: /invalid agency/i },
  { key: 'invalidAccount', pattern: /invalid account/i },
  { key: 'invalidBankCode', pattern: /invalid bank code/i },
  { key: 'invalidCpf', pattern: /invalid cpf/i },
  { key: 'invalidCnpj', pattern: /invalid cnpj/i },
  { key: 'invalidEmail', pattern: /invalid (e-?mail)/i },
  { key: 'invalidPhone', pattern: /invalid (primary ?)?phone/i },
  ...NOT_FOUND_ENTITIES.map(([word, key]) => ({ key: `notFound.${key}`, pattern: new RegExp(`\\b${word} not found`, 'i') })),
  { key: 'tooManyRequests', pattern: /too many (requests|attempts)|rate limit/i },
  { key: 'invalidCredentials', pattern: /unauthorized|invalid credentials|authentication failed/i },
  { key: 'database', pattern: /database (connection|unavailable|is unavailable)|connection to (the )?database|ECONNREFUSED.*5432/i },
  { key: 'permissionDenied', pattern: /permission denied|forbidden/i },
  { key: 'storage', pattern: /storage/i },
  { key: 'urlInvalid', pattern: /url invalid|invalid url/i },
  { key: 'eventNotImplemented', pattern: /event not implemented/i },
  { key: 'communicationType', pattern: /communication type/i },
  { key: 'processing', pattern: /missing property|\bempty\b|\bnull\b/i },
  { key: 'missingInfo', pattern: /missing|not provided|is required/i },
  { key: 'invalidInfo', pattern: /invalid/i },
  { key: 'internal', pattern: /internal (server )?error/i },
];

/**
 * Words that mark a message as technical: such a text is never shown raw to a user. "error:" stands
 * apart: a closing \b after the colon would need a word character right after it, so the usual
 * "Error: something" (colon then space) would slip through and be shown raw.
 */
export const TECHNICAL_WORDS = /\b(exception|typeerror|referenceerror|syntaxerror|undefined|stack|econn\w*|etimedout|timeout|socket|sql|query|syntax|network|axios|status code|nan|fetch)\b|\berror:/i;

type CatalogueMatch =
  | { kind: 'catalogue'; key: string; params?: Record<string, CatalogueParam> }
  | { kind: 'unexpected' }
  | { kind: 'raw'; message: string };

/** Resolves a server message to a catalogue key, the "unexpected" message, or the raw text. */
export const matchErrorMessage = (message: string | null | undefined): CatalogueMatch => {
  const text = (message ?? '').trim();
  if (!text) return { kind: 'unexpected' };
  for (const entry of ERROR_CATALOGUE) {
    const m = entry.pattern.exec(text);
    if (!m) continue;
    if (!entry.params) return { kind: 'catalogue', key: entry.key };
    const params = entry.params(m);
    if (params) return { kind: 'catalogue', key: entry.key, params };
  }
  if (TECHNICAL_WORDS.test(text)) return { kind: 'unexpected' };
  return { kind: 'raw', message: text };
};

export const CATALOGUE_KEYS: readonly string[] = ERROR_CATALOGUE.map((e) => e.key);
