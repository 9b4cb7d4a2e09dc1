/**
 * One error handler for the whole app: every failure answers `{ message, errors? }` in English with
 * the right status, and nothing internal (SQL, stack, driver text) reaches the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FieldErrors, HttpError, MESSAGES } from './errors';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'path',
  headers: 'headers',
};

const fieldOf = (e: AjvError): string => {
  const path = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
    return path ? `${path}.${e.params.missingProperty}` : e.params.missingProperty;
  }
  return path || '(root)';
};

const describe = (e: AjvError): string => {
  if (e.keyword === 'required') return 'is required';
  if (e.keyword === 'enum' && Array.isArray(e.params?.allowedValues)) return `must be one of ${e.params.allowedValues.join(', ')}`;
  // Ajv says "must be string,null"; the catalogue would read the word "null" as a processing error, not invalid information.
  const type = e.params?.type;
  if (e.keyword === 'type' && (Array.isArray(type) || (typeof type === 'string' && type.includes(',')))) {
    const all = Array.isArray(type) ? type.map(String) : type.split(',');
    const types = all.filter((t) => t !== 'null');
    return `must be ${types.join(' or ')}${types.length < all.length ? ' or nothing' : ''}`;
  }
  return e.message ?? 'is invalid';
};

/** 'Invalid query: limit must be <= 100', or 'limit is required' for a missing field. */
export function validationError(validation: AjvError[], context: string | undefined): HttpError {
  const errors: FieldErrors = {};
  for (const e of validation) {
    const field = fieldOf(e);
    errors[field] ??= describe(e);
  }
  const first = validation[0] ?? {};
  const field = fieldOf(first);
  const message =
    first.keyword === 'required' ? `${field} is required` : `Invalid ${CONTEXT_NAMES[context ?? ''] ?? 'request'}: ${field} ${describe(first)}`;
  return new HttpError(400, message, errors);
}

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);
const DB_UNAVAILABLE_TEXT = /connection terminated|timeout exceeded when trying to connect|cannot use a pool after calling end|pglite is closed|client has encountered a connection error|connection refused/i;

/** Walks the cause chain (Drizzle wraps driver errors) looking for a lost or refused connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (DB_UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && DB_UNAVAILABLE_TEXT.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** The driver's own error at the end of the cause chain (Drizzle wraps it with the whole SQL). */
function rootCauseOf(err: unknown): string {
  let e = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object' && (e as { cause?: unknown }).cause; depth++) e = (e as { cause: unknown }).cause;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return [code, message].filter((v) => typeof v === 'string' && v).join(' ') || String(e);
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in catalogue wording. */
const frameworkClientMessage = (err: FastifyError, status: number): string => {
  if (status === 413) return 'Invalid request: body is too large';
  if (status === 415) return 'Invalid content type';
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status === 404) return MESSAGES.routeNotFound;
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body is required';
  if (err.code?.startsWith('FST_ERR_CTP')) return 'Invalid request body';
  return 'Invalid request';
};

/** A unique violation (23505) anywhere in the cause chain: two requests wrote the same row at once. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  const fe = err as FastifyError & { validationContext?: string };
  if (fe && Array.isArray(fe.validation)) return validationError(fe.validation as AjvError[], fe.validationContext);
  if (isDatabaseUnavailable(err)) return new HttpError(503, MESSAGES.databaseUnavailable);
  if (isUniqueViolation(err)) return new HttpError(409, MESSAGES.conflict);
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 0;
  if (status >= 400 && status < 500) {
    // The rate limiter throws the object its errorResponseBuilder built, message already worded.
    const own = !(err instanceof Error) && typeof fe.message === 'string' ? fe.message : null;
    return new HttpError(status, own ?? frameworkClientMessage(fe, status));
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const http = toHttpError(err);
    if (!http) {
      request.log.error({ err }, 'unexpected error');
      return reply.code(500).send({ message: MESSAGES.internal });
    }
    // One short line per request: during an outage every request fails the same way, and a stack per
    // request would bury the rest of the log.
    if (http.statusCode === 503) request.log.error({ cause: rootCauseOf(err) }, 'database unavailable');
    if (http.headers) reply.headers(http.headers);
    return reply.code(http.statusCode).send({ ...http.extra, message: http.message, ...(http.errors ? { errors: http.errors } : {}) });
  });
}
