/**
 * The per-account budget of the forgotten-password flow (AUTH_CODE_ACCOUNT_LIMITS): wrong codes and
 * sends counted over every code an account was sent in a sliding window, so that opening more flows
 * or asking for more codes never buys more guesses. Pure: real accounts feed it their auth_codes
 * rows, decoys their decoy_flows rows, and both get the same answers.
 */
import { AUTH_CODE, AUTH_CODE_ACCOUNT_LIMITS } from '../../src/domain/account';

/** One code sent to an account: when it expires and how many wrong guesses it took. */
export interface SentCode {
  expiresAt: number;
  failures: number;
}

const { windowMs, maxFailures, maxSends } = AUTH_CODE_ACCOUNT_LIMITS;

/**
 * Milliseconds until the entries still counting fall below `max`, or null when they already are.
 * An entry counts until its `until`.
 */
function waitBelow(entries: { until: number; count: number }[], max: number, now: number): number | null {
  const live = entries.filter((e) => e.until > now && e.count > 0).sort((a, b) => a.until - b.until);
  let total = live.reduce((sum, e) => sum + e.count, 0);
  if (total < max) return null;
  for (const e of live) {
    total -= e.count;
    if (total < max) return e.until - now;
  }
  return null;
}

/**
 * A wrong guess is made before its code expires, so counting it until the code's expiry plus the
 * window keeps it for at least the window (at most the window plus the code's lifetime).
 */
export const failuresWait = (codes: SentCode[], now: number): number | null =>
  waitBelow(
    codes.map((c) => ({ until: c.expiresAt + windowMs, count: c.failures })),
    maxFailures,
    now,
  );

/** A send happened exactly one code lifetime before its code's expiry. */
export const sendsWait = (codes: SentCode[], now: number): number | null =>
  waitBelow(
    codes.map((c) => ({ until: c.expiresAt - AUTH_CODE.ttlMs + windowMs, count: 1 })),
    maxSends,
    now,
  );

/** The oldest expiry a code may have and still count for either limit. */
export const countedSince = (now: number): Date => new Date(now - windowMs);
