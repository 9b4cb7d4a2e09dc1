/**
 * Errors the API answers. Messages are English and worded so that the SPEC §8 catalogue
 * (src/domain/errorCatalogue.ts) recognises them; the app shows the Portuguese text.
 */
export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly headers?: Record<string, string>,
    /** More fields of the body beside message/errors (the expired login's `publicId`). */
    public readonly extra?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  unauthorized: 'Unauthorized',
  permissionDenied: 'Permission denied',
  invalidCredentials: 'Invalid credentials',
  /** An administrator's user on another brand's host (src/domain/whiteLabel.ts mayUseBrandHost). */
  wrongBrandHost: "Wrong brand host: this user belongs to another administrator, sign in at its own address",
  passwordExpired: 'Password has expired',
  tooManyRequests: 'Too many requests, try again later',
  idempotencyKeyReused: 'Invalid Idempotency-Key: already used for another request',
  tooManyAttempts: 'Too many attempts, try again later',
  /** The login's password-hash queue is full (server/services/hashGate.ts); the catalogue reads it as "too many requests". */
  loginBusy: 'Too many requests: sign-ins are queued on this server, try again later',
  // "Invalid URL" so that the SPEC §8 catalogue recognises it (there is no "route" entity there).
  routeNotFound: 'Route not found: invalid URL',
  internal: 'Internal server error',
  databaseUnavailable: 'Database unavailable, try again later',
  /** A unique constraint lost a race the service did not lock against: the other request won. */
  conflict: 'Invalid request: it conflicts with a change saved at the same time, reload and try again',
  // Account flows (docs/account.md); each has its own entry in the SPEC §8 catalogue.
  newPasswordMustDiffer: 'New password must differ from current',
  passwordPolicy: 'Invalid new password: it does not meet the password policy',
  passwordChangeRequired: 'Password change required before continuing',
  authCodeInvalid: 'Invalid or expired code',
  authCodeAttempts: 'Too many wrong codes, request a new code',
  passwordRecoveryExpired: 'Password recovery expired, start again',
  /** MAIL_DISABLED: no transport to send a code through (server/config.ts). */
  passwordRecoveryDisabled: 'Password recovery is disabled: no mail transport is configured',
  /** An upload whose bytes are another type than its extension says (server/services/storage/typing.ts); the extension follows in parentheses. */
  fileContentMismatch: 'Invalid file: its content does not match its extension',
} as const;

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new HttpError(401, message);
export const forbidden = () => new HttpError(403, MESSAGES.permissionDenied);
/** `entity` as the catalogue names it: 'Share', 'White label', 'Administrator', … */
export const notFound = (entity: string) => new HttpError(404, `${entity} not found`);
