/**
 * Sessions end with a password change (docs/account.md, "Sessions after a password change"): a
 * token issued before the user's last change is refused. The change is stored
 * (`users.password_changed_at`); the token's issue time is derived as exp − JWT_TTL_SECONDS,
 * because SPEC §3 fixes the token's claims and they carry no iat.
 */
import type { Config } from '../config';

/**
 * Whether a token with this exp was issued before the last password change. Both sides are
 * compared in whole seconds (exp has no more), so a token issued in the same second as the change
 * is still accepted: refusing it could refuse the login that follows the change.
 */
export function issuedBeforePasswordChange(exp: number, passwordChangedAt: Date | null | undefined, config: Pick<Config, 'jwtTtlSeconds'>): boolean {
  if (!passwordChangedAt) return false;
  return exp - config.jwtTtlSeconds < Math.floor(passwordChangedAt.getTime() / 1000);
}
