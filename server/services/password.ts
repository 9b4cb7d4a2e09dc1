/**
 * Password hashing with scrypt (node:crypto, no native add-on to build). Stored as
 * `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later without invalidating old hashes:
 * verification reads the parameters from the hash itself.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** OWASP's scrypt minimum (N=2^17 would cost ~128 MiB per login; 2^14 keeps logins ~50 ms). */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** A hash row is data: cap what it may ask of the CPU and memory before trusting its parameters. */
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

const memoryFor = (n: number, r: number, p: number) => 128 * n * r * (p + 2) + 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: memoryFor(N, R, P) });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** False for a wrong password and for anything that is not a well-formed hash of ours. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (typeof password !== 'string' || typeof stored !== 'string') return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map((v) => (/^\d+$/.test(v) ? Number(v) : NaN));
  if (!(n > 1 && n <= MAX_N && (n & (n - 1)) === 0 && r >= 1 && r <= MAX_R && p >= 1 && p <= MAX_P)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  let actual: Buffer;
  try {
    actual = await scrypt(password.normalize('NFC'), salt, expected.length, { N: n, r, p, maxmem: memoryFor(n, r, p) });
  } catch {
    return false;
  }
  return timingSafeEqual(actual, expected);
}
