/** What a database failure means, read from the driver's error wherever Drizzle wrapped it. */

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

/** A unique violation (23505) anywhere in the cause chain: two requests wrote the same row at once. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The driver's own error at the end of the cause chain (Drizzle wraps it with the whole SQL). */
export function rootCauseOf(err: unknown): string {
  let e = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object' && (e as { cause?: unknown }).cause; depth++) e = (e as { cause: unknown }).cause;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return [code, message].filter((v) => typeof v === 'string' && v).join(' ') || String(e);
}
