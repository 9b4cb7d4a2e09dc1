/**
 * What a service refuses, in the API's words and without HTTP: a kind (what went wrong), the English
 * message the SPEC §8 catalogue (src/domain/errorCatalogue.ts) turns into Portuguese, and the
 * fields it concerns. The HTTP layer alone maps a kind to a status (server/http/errorHandler.ts), so
 * services import nothing from Fastify or server/http.
 */
export type FieldErrors = Record<string, string>;

/** Each kind is one status of the API; server/http/errorHandler.ts STATUS_OF is the one map. */
export const DOMAIN_ERROR_KINDS = [
  /** The input breaks a rule (400). */
  'invalid',
  /** No valid session, or the credentials are wrong (401). */
  'unauthenticated',
  /** The user may not do this, or the feature is off (403). */
  'denied',
  /** Unknown, or outside the user's tenant (404). */
  'notFound',
  /** The thing is in a state that refuses the call (409). */
  'conflict',
  /** Bigger than the limit (413). */
  'tooLarge',
  /** Well-formed but not processable as sent: a reused idempotency key (422). */
  'unprocessable',
  /** A budget is spent; `retryAfterSeconds` says when to try again (429). */
  'tooMany',
  /** A service we depend on (object storage) failed (502). */
  'upstream',
  /** We cannot serve it now: database down, a queue full, mail off (503). */
  'unavailable',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export interface DomainErrorOptions {
  errors?: FieldErrors;
  /** Seconds until a retry may succeed (tooMany, unavailable): the Retry-After header. */
  retryAfterSeconds?: number;
  /** More fields of the body beside message/errors (the expired login's `publicId`); the route's schema for the status names them. */
  extra?: Record<string, unknown>;
}

export class DomainError extends Error {
  readonly errors?: FieldErrors;
  readonly retryAfterSeconds?: number;
  readonly extra?: Record<string, unknown>;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }
}

/** English messages shared by several services and the HTTP layer, each recognised by the catalogue. */
export const MESSAGES = {
  unauthorized: 'Unauthorized',
  permissionDenied: 'Permission denied',
  /** A share move or call whose feature flag is off. */
  featureDisabled: 'Permission denied: feature disabled',
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

/** The input breaks a rule; `errors` puts the reason on the fields. */
export const invalid = (message: string, errors?: FieldErrors) => new DomainError('invalid', message, { errors });
export const unauthenticated = (message: string = MESSAGES.unauthorized) => new DomainError('unauthenticated', message);
export const denied = (message: string = MESSAGES.permissionDenied, errors?: FieldErrors) => new DomainError('denied', message, { errors });
/** `entity` as the catalogue names it: 'Share', 'White label', 'Administrator', … */
export const notFound = (entity: string) => new DomainError('notFound', `${entity} not found`);
export const conflict = (message: string, errors?: FieldErrors) => new DomainError('conflict', message, { errors });
export const tooLarge = (message: string, errors?: FieldErrors) => new DomainError('tooLarge', message, { errors });
/** A wait in milliseconds as whole seconds, at least 1: what a Retry-After says. */
export const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
export const tooMany = (message: string, retryAfterSeconds?: number, errors?: FieldErrors) => new DomainError('tooMany', message, { errors, retryAfterSeconds });
export const unavailable = (message: string, retryAfterSeconds?: number) => new DomainError('unavailable', message, { retryAfterSeconds });
