import { describe, expect, it } from 'vitest';
import { issuedBeforePasswordChange } from '../../server/services/accountSessions';

const TTL = 8 * 3600;
const config = { jwtTtlSeconds: TTL };
/** exp of a token issued at `issuedMs`. */
const expOf = (issuedMs: number) => Math.floor(issuedMs / 1000) + TTL;

describe('a password change ends older sessions', () => {
  const changed = new Date('2026-11-21T10:00:00.000Z');

  it('refuses a token issued a second or more before the change', () => {
    expect(issuedBeforePasswordChange(expOf(changed.getTime() - 1000), changed, config)).toBe(true);
    expect(issuedBeforePasswordChange(expOf(changed.getTime() - 3 * 3600_000), changed, config)).toBe(true);
  });

  it('accepts a token issued in the same second or after it (the login right after the change)', () => {
    expect(issuedBeforePasswordChange(expOf(changed.getTime()), changed, config)).toBe(false);
    expect(issuedBeforePasswordChange(expOf(changed.getTime() + 5000), changed, config)).toBe(false);
  });

  it('accepts every token of a user who never changed the password', () => {
    expect(issuedBeforePasswordChange(expOf(Date.now() - 3600_000), null, config)).toBe(false);
  });
});
