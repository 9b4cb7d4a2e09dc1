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
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  unauthorized: 'Unauthorized',
  permissionDenied: 'Permission denied',
  invalidCredentials: 'Invalid credentials',
  passwordExpired: 'Password has expired',
  tooManyRequests: 'Too many requests, try again later',
  tooManyAttempts: 'Too many attempts, try again later',
  // "Invalid URL" so that the SPEC §8 catalogue recognises it (there is no "route" entity there).
  routeNotFound: 'Route not found: invalid URL',
  internal: 'Internal server error',
  databaseUnavailable: 'Database unavailable, try again later',
} as const;

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new HttpError(401, message);
export const forbidden = () => new HttpError(403, MESSAGES.permissionDenied);
/** `entity` as the catalogue names it: 'Share', 'White label', 'Administrator', … */
export const notFound = (entity: string) => new HttpError(404, `${entity} not found`);
