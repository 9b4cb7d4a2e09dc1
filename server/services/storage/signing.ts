/**
 * Signed, expiring URLs for the routes the API serves itself (local-disk parts and downloads).
 * HMAC-SHA256 with the URL-signing key (SIGNING_SECRET, or derived from the JWT secret; server/config.ts) over the purpose, the resource and the expiry; the URL
 * carries `expires` (unix seconds) and `signature` (base64url). No bearer token is needed: the
 * signature is the authorization, and it names exactly one part or one file.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { denied } from '../errors';

export const signatureOf = (secret: string, purpose: string, resource: string, expires: number): string =>
  createHmac('sha256', secret).update(`${purpose}\n${resource}\n${expires}`).digest('base64url');

export const signedQuery = (secret: string, purpose: string, resource: string, expiresAt: Date): string => {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `expires=${expires}&signature=${signatureOf(secret, purpose, resource, expires)}`;
};

export const LINK_REFUSED = 'Permission denied: invalid or expired link';

/** 403 for a wrong, missing or expired signature (never 401: that would end the user's session). */
export function verifySignature(secret: string, purpose: string, resource: string, expires: unknown, signature: unknown, now = Date.now()): void {
  const exp = typeof expires === 'string' ? Number(expires) : NaN;
  if (!Number.isInteger(exp) || typeof signature !== 'string' || !signature) throw denied(LINK_REFUSED);
  const expected = Buffer.from(signatureOf(secret, purpose, resource, exp));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw denied(LINK_REFUSED);
  if (exp * 1000 < now) throw denied(LINK_REFUSED);
}
