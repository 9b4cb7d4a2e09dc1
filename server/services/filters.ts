/** The one JSON `filters` query parameter of the lists (DESIGN §3): parsed, shaped, keys checked. */
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { invalid } from './errors';

/**
 * How a message names a filter key, which may be the caller's own text: as given when it is a plain
 * word the catalogue still reads as invalid information, else '(unknown key)' (a key like
 * "share not found" or "null" would have the app show another error's text).
 */
const keyName = (key: string): string =>
  /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key) && (matchErrorMessage(`Invalid filter: ${key}`) as { key?: string }).key === 'invalidInfo' ? key : '(unknown key)';

/** A 400 naming one filter key, with the reason on `filters.<key>`. */
export const invalidFilter = (key: string, reason: string) => {
  const name = keyName(key);
  return invalid(`Invalid filter: ${name}`, { [`filters.${name}`]: reason });
};

/** The filters object, or null when absent or empty; not JSON, not an object or an unknown key is a 400. */
export function readFilters(raw: string | undefined, keys: readonly string[]): Record<string, unknown> | null {
  if (raw === undefined || raw.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid('Invalid filters', { filters: 'must be a JSON object' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid filters', { filters: 'must be a JSON object' });
  const input = value as Record<string, unknown>;
  const unknownKey = Object.keys(input).find((k) => !keys.includes(k));
  if (unknownKey !== undefined) throw invalidFilter(unknownKey, `unknown filter; expected one of ${keys.join(', ')}`);
  checkStorable(input);
  return input;
}

/**
 * The JSON text may spell a NUL ("\u0000") or an infinite number (1e309) that the request guard
 * cannot see in the raw parameter: a 400 naming the filter, before any query runs.
 */
export function checkStorable(input: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(input)) {
    const bad = firstUnstorable(value);
    if (bad) throw invalidFilter(key, bad.reason);
  }
}

/**
 * Values that pass schema validation yet cannot reach PostgreSQL (server/http/inputGuard.ts refuses
 * them in every request; the lists' JSON filters are checked here once parsed).
 */
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
