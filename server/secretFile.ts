/**
 * The session secret of an installation that has no JWT_SECRET (the demo, a developer's machine):
 * generated once, kept in DATA_DIR/jwt-secret readable by its owner only, so that no two
 * installations share a secret and sessions survive a restart.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSecret } from './config';

export const SECRET_FILE = 'jwt-secret';

export function loadOrCreateSecret(dataDir: string): { secret: string; path: string; created: boolean } {
  const path = join(dataDir, SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two servers starting on one DATA_DIR cannot both write; the loser reads the winner's.
    writeFileSync(path, `${generateSecret()}\n`, { flag: 'wx', mode: 0o600 });
    return { secret: readFileSync(path, 'utf8').trim(), path, created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // A copy restored with looser permissions is tightened rather than trusted as it is.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  let secret = readFileSync(path, 'utf8').trim();
  // The winner of a start race may not have written its line yet: give it a moment.
  for (let i = 0; !secret && i < 20; i++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    secret = readFileSync(path, 'utf8').trim();
  }
  if (!secret) throw new Error(`${path} is empty: delete it to have a new secret generated`);
  return { secret, path, created: false };
}
