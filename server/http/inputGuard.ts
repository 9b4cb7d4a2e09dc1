/**
 * Values that pass schema validation yet cannot reach PostgreSQL, refused after validation and
 * before any handler runs, so the caller gets a plain 400 and nothing has been read or written:
 * - the NUL character, which PostgreSQL stores in no text or jsonb (the driver fails mid-handler);
 * - an infinite number: Ajv coerces "1e309" to Infinity and then skips minimum/maximum for it, so
 *   `?admId=1e309` would arrive as Infinity in an integer column.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type DomainError, invalid } from '../services/errors';
import { firstUnstorable } from '../services/filters';

/** The refusal of a place's value, or null: 'Invalid query: admId must be a finite number'. */
function refusalOf(place: 'query' | 'body', value: unknown): DomainError | null {
  const bad = firstUnstorable(value);
  if (!bad) return null;
  // Only a schema's own field name goes back: keys deeper down (free objects) are the caller's text.
  const top = bad.path.split('.')[0];
  const field = /^[A-Za-z][A-Za-z0-9_]*$/.test(top) ? top : '(root)';
  return invalid(`Invalid ${place}: ${field} ${bad.reason}`, { [field]: bad.reason });
}

/**
 * preHandler of every API route. The callback form, not async: it never waits, and an async hook
 * costs every request a promise and a turn of the microtask queue (issue 17).
 */
export function rejectUnstorableInput(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const refusal = refusalOf('query', request.query) ?? refusalOf('body', request.body);
  if (refusal) done(refusal);
  else done();
}
