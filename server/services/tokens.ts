/**
 * Session tokens: HS256 JWTs carrying the SPEC §3 claims (TokenClaims) plus `iat` and `sid`, the
 * id of the session row that logout and revocation end (server/services/sessions.ts).
 */
import { SignJWT, jwtVerify } from 'jose';
import type { TokenClaims } from '../../src/domain/profiles';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Clocks of two API instances may differ this much; an `iat` further ahead is refused. */
const CLOCK_SKEW_SECONDS = 60;

export type SessionClaims = Omit<TokenClaims, 'exp'> & { sid: string };

export async function signToken(claims: SessionClaims, secret: string, ttlSeconds: number, now = Date.now()): Promise<{ token: string; exp: number; iat: number }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + ttlSeconds;
  // The SPEC claims plus iat and sid, nothing else: the client's decoded token stays the documented shape.
  const payload: SessionClaims = {
    userId: claims.userId,
    profiles: claims.profiles,
    name: claims.name,
    email: claims.email,
    lastAccess: claims.lastAccess,
    playerIsRepasse: claims.playerIsRepasse,
    deniedPermissions: claims.deniedPermissions,
    sid: claims.sid,
  };
  const token = await new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(exp).sign(keyOf(secret));
  return { token, exp, iat };
}

export interface VerifiedToken {
  userId: string;
  sid: string;
  exp: number;
  iat: number;
}

/**
 * Tokens whose signature was checked, so that a session's next requests skip the HMAC (WebCrypto's
 * key import and verify were a tenth of a list request's CPU). Only good tokens are kept, at most
 * VERIFIED_KEPT, oldest out first; the times are still checked on every use.
 */
const VERIFIED_KEPT = 10_000;
const verified = new Map<string, { secret: string; claims: VerifiedToken }>();

/**
 * Whether a signed token's times are acceptable: not expired (jose's rule: expired once exp is not
 * after the current second), not issued in the future, and never valid for longer than the
 * configured session length, counted from its issue and from now. A token minted with a long exp
 * (a leaked secret, an old configuration) is refused rather than trusted for that long.
 */
const timesAcceptable = (c: VerifiedToken, ttlSeconds: number, now: number): boolean =>
  c.exp > now && c.iat <= now + CLOCK_SKEW_SECONDS && c.exp - c.iat <= ttlSeconds && c.exp - now <= ttlSeconds;

/** The token's claims the server uses when its signature and times are good; null for anything else. */
export async function readToken(token: string, secret: string, ttlSeconds: number): Promise<VerifiedToken | null> {
  const now = Math.floor(Date.now() / 1000);
  const known = verified.get(token);
  if (known && known.secret === secret) return timesAcceptable(known.claims, ttlSeconds, now) ? known.claims : null;
  try {
    // jose checks exp itself and refuses a token without exp or iat.
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
    const { userId, sid, exp, iat } = payload;
    if (typeof userId !== 'string' || !userId || typeof sid !== 'string' || !sid || typeof exp !== 'number' || typeof iat !== 'number') return null;
    const claims: VerifiedToken = { userId, sid, exp, iat };
    if (!timesAcceptable(claims, ttlSeconds, now)) return null;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims });
    return claims;
  } catch {
    return null;
  }
}

/** The bearer token of an Authorization header, or null. */
export const bearerOf = (header: string | undefined): string | null => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1] : null;
};
