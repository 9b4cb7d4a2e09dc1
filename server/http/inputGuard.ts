/**
 * Values that pass schema validation yet cannot reach PostgreSQL, refused after validation and
 * before any handler runs, so the caller gets a plain 400 and nothing has been read or written:
 * - the NUL character, which PostgreSQL stores in no text or jsonb (the driver fails mid-handler);
 * - an infinite number: Ajv coerces "1e309" to Infinity and then skips minimum/maximum for it, so
 *   `?admId=1e309` would arrive as Infinity in an integer column.
 */
import type { FastifyRequest } from 'fastify';
import { invalid } from '../services/errors';
import { firstUnstorable } from '../services/filters';

/** preHandler of every API route: 'Invalid query: admId must be a finite number'. */
export async function rejectUnstorableInput(request: FastifyRequest): Promise<void> {
  for (const [place, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const bad = firstUnstorable(value);
    if (!bad) continue;
    // Only a schema's own field name goes back: keys deeper down (free objects) are the caller's text.
    const top = bad.path.split('.')[0];
    const field = /^[A-Za-z][A-Za-z0-9_]*$/.test(top) ? top : '(root)';
    throw invalid(`Invalid ${place}: ${field} ${bad.reason}`, { [field]: bad.reason });
  }
}
