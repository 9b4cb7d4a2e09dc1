/** Session tokens: HS256 JWTs whose claims are exactly SPEC §3 (TokenClaims). */
import { SignJWT, jwtVerify } from 'jose';
import type { TokenClaims } from '../../src/domain/profiles';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(claims: Omit<TokenClaims, 'exp'>, secret: string, ttlSeconds: number): Promise<{ token: string; exp: number }> {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  // Only the SPEC claims: no iat/sub/iss, so the client's decoded token is the documented shape.
  const payload: Omit<TokenClaims, 'exp'> = {
    userId: claims.userId,
    profiles: claims.profiles,
    name: claims.name,
    email: claims.email,
    lastAccess: claims.lastAccess,
    playerIsRepasse: claims.playerIsRepasse,
    deniedPermissions: claims.deniedPermissions,
  };
  const token = await new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime(exp).sign(keyOf(secret));
  return { token, exp };
}

/**
 * Tokens whose signature was checked, so that a session's next requests skip the HMAC (WebCrypto's
 * key import and verify were a tenth of a list request's CPU). Only good tokens are kept, at most
 * VERIFIED_KEPT, oldest out first; `exp` is still checked on every use.
 */
const VERIFIED_KEPT = 10_000;
const verified = new Map<string, { secret: string; userId: string; exp: number }>();

/** The token's userId and exp when its signature and exp are good; null for anything else. */
export async function readToken(token: string, secret: string): Promise<{ userId: string; exp: number } | null> {
  const known = verified.get(token);
  // jose's rule: a token is expired once its exp is not after the current second.
  if (known && known.secret === secret) return known.exp > Math.floor(Date.now() / 1000) ? { userId: known.userId, exp: known.exp } : null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (typeof payload.userId !== 'string' || !payload.userId || typeof payload.exp !== 'number') return null;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, userId: payload.userId, exp: payload.exp });
    return { userId: payload.userId, exp: payload.exp };
  } catch {
    return null;
  }
}

/** The token's userId when its signature and exp are good; null for anything else. */
export async function verifyToken(token: string, secret: string): Promise<string | null> {
  return (await readToken(token, secret))?.userId ?? null;
}

/** The bearer token of an Authorization header, or null. */
export const bearerOf = (header: string | undefined): string | null => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1] : null;
};
