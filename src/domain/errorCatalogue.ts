/**
 * SPEC §8: a server's error text is matched, case-insensitively and in this order, against these
 * patterns and replaced by a Portuguese message (its i18n key under `errors.`). Order matters: the
 * specific patterns ("Invalid credentials", "Missing property") stand before the general ones
 * ("Invalid", "Missing").
 */
export interface CatalogueEntry {
  key: string;
  pattern: RegExp;
}

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
  // Uploads typed by their bytes (issue 12): before the general "invalid".
  { key: 'fileContentMismatch', pattern: /content does not match its extension/i },
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

export type CatalogueMatch =
  | { kind: 'catalogue'; key: string }
  | { kind: 'unexpected' }
  | { kind: 'raw'; message: string };

/** Resolves a server message to a catalogue key, the "unexpected" message, or the raw text. */
export const matchErrorMessage = (message: string | null | undefined): CatalogueMatch => {
  const text = (message ?? '').trim();
  if (!text) return { kind: 'unexpected' };
  const entry = ERROR_CATALOGUE.find((e) => e.pattern.test(text));
  if (entry) return { kind: 'catalogue', key: entry.key };
  if (TECHNICAL_WORDS.test(text)) return { kind: 'unexpected' };
  return { kind: 'raw', message: text };
};

export const CATALOGUE_KEYS: readonly string[] = ERROR_CATALOGUE.map((e) => e.key);
