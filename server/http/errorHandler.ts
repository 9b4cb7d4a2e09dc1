/**
 * One error handler for the whole app, and the one place a failure becomes an HTTP answer: a
 * service's DomainError by its kind (STATUS_OF), a schema validation, a framework 4xx, a lost
 * database. Every failure answers `{ message, errors? }` in English with the right status, and
 * nothing internal (SQL, stack, driver text) reaches the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isUniqueViolation, rootCauseOf } from '../db/errors';
import { DomainError, type DomainErrorKind, type FieldErrors, MESSAGES } from '../services/errors';

/** The status of each kind of refusal: the API's whole mapping from domain to HTTP. */
export const STATUS_OF: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  denied: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unprocessable: 422,
  tooMany: 429,
  upstream: 502,
  unavailable: 503,
};

interface Answer {
  status: number;
  refusal: DomainError;
}

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
export function validationError(validation: AjvError[], context: string | undefined): DomainError {
  const errors: FieldErrors = {};
  for (const e of validation) {
    const field = fieldOf(e);
    errors[field] ??= describe(e);
  }
  const first = validation[0] ?? {};
  const field = fieldOf(first);
  const message =
    first.keyword === 'required' ? `${field} is required` : `Invalid ${CONTEXT_NAMES[context ?? ''] ?? 'request'}: ${field} ${describe(first)}`;
  return new DomainError('invalid', message, { errors });
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

/** The answer to an error, or null for a defect (answered 500 and logged). */
export function answerOf(err: unknown): Answer | null {
  const domain = (refusal: DomainError): Answer => ({ status: STATUS_OF[refusal.kind], refusal });
  if (err instanceof DomainError) return domain(err);
  const fe = err as FastifyError & { validationContext?: string };
  if (fe && Array.isArray(fe.validation)) return domain(validationError(fe.validation as AjvError[], fe.validationContext));
  if (isDatabaseUnavailable(err)) return domain(new DomainError('unavailable', MESSAGES.databaseUnavailable));
  if (isUniqueViolation(err)) return domain(new DomainError('conflict', MESSAGES.conflict));
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 0;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals keep their status (415, 406, …), which no domain kind stands for.
    // The rate limiter throws the object its errorResponseBuilder built, message already worded.
    const own = !(err instanceof Error) && typeof fe.message === 'string' ? fe.message : null;
    return { status, refusal: new DomainError('invalid', own ?? frameworkClientMessage(fe, status)) };
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = answerOf(err);
    if (!answer) {
      request.log.error({ err }, 'unexpected error');
      return reply.code(500).send({ message: MESSAGES.internal });
    }
    // One short line per request: during an outage every request fails the same way, and a stack per
    // request would bury the rest of the log.
    if (!(err instanceof DomainError) && answer.status === 503) request.log.error({ cause: rootCauseOf(err) }, 'database unavailable');
    const { refusal } = answer;
    if (refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(refusal.retryAfterSeconds));
    return reply
      .code(answer.status)
      .send({ ...refusal.extra, message: refusal.message, ...(refusal.errors ? { errors: refusal.errors } : {}) });
  });
}
