/**
 * Values that pass schema validation yet cannot reach PostgreSQL, refused after validation and
 * before any handler runs, so the caller gets a plain 400 and nothing has been read or written:
 * - the NUL character, which PostgreSQL stores in no text or jsonb (the driver fails mid-handler);
 * - an infinite number: Ajv coerces "1e309" to Infinity and then skips minimum/maximum for it, so
 *   `?admId=1e309` would arrive as Infinity in an integer column.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

const NUL = '\u0000';

interface Unstorable {
  /** Dotted path ('' for the root). */
  path: string;
  reason: string;
}

/** The first value (or key) the database cannot take, or null. Iterative: a body may nest deep. */
export function firstUnstorable(root: unknown): Unstorable | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { path, reason: 'must not contain the NUL character' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, reason: 'must be a finite number' };
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes(NUL)) return { path, reason: 'must not contain the NUL character' };
        stack.push([v, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

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
    throw badRequest(`Invalid ${place}: ${field} ${bad.reason}`, { [field]: bad.reason });
  }
}
