/**
 * The forgotten-password code itself: drawn with a CSPRNG, stored as an HMAC keyed by a server
 * secret. A plain hash of a 6-digit code falls to a million guesses offline; with the key, a leaked
 * auth_codes table alone yields nothing. scrypt would add nothing a secret key does not already give
 * and would cost ~50 ms per check.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_CODE } from '../../src/domain/account';

export const generateCode = (): string => String(randomInt(0, 10 ** AUTH_CODE.digits)).padStart(AUTH_CODE.digits, '0');

/** Bound to the flow's row, so a hash copied to another row does not verify there. */
export const hashCode = (secret: string, flowId: string, code: string): string =>
  createHmac('sha256', `repasse:auth-code:${secret}`).update(`${flowId}:${code}`).digest('base64');

export const codeMatches = (secret: string, flowId: string, code: string, stored: string): boolean => {
  const expected = Buffer.from(stored, 'base64');
  const actual = Buffer.from(hashCode(secret, flowId, code), 'base64');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

const maskPart = (s: string): string => (s.length <= 2 ? `${s.slice(0, 1)}***` : `${s[0]}***${s[s.length - 1]}`);

/**
 * `maria@empresa.com.br` → `m***a@e***.com.br`: enough for the owner to recognise the address,
 * too little to learn it. Only the first label of the domain is hidden.
 */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return maskPart(email);
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.');
  const host = dot < 0 ? domain : domain.slice(0, dot);
  const rest = dot < 0 ? '' : domain.slice(dot);
  return `${maskPart(local)}@${host ? `${host[0]}***` : ''}${rest}`;
};
