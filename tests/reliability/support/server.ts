/**
 * A real API process (`tsx server/main.ts`, no web app) on a free port with its own data directory,
 * which a test can stop gracefully, kill with SIGKILL, or start again on the same data.
 */
import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealth } from '../../e2e/support/server';

export { freePort };

const ROOT = resolve(import.meta.dirname, '../../..');
/** One secret for every instance a test run starts, as a deployment behind one proxy has. */
const SHARED_JWT_SECRET = randomBytes(48).toString('base64url');

export interface ApiProcess {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  output: () => string;
  /** SIGKILL: no shutdown hook runs, as when the machine or the OOM killer ends the process. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop: () => Promise<void>;
}

export interface ApiOptions {
  /** '' runs the embedded PGlite under dataDir. */
  databaseUrl: string;
  dataDir?: string;
  port?: number;
  seedShares?: number;
  env?: Record<string, string>;
  /** How long to wait for /api/health (a first start migrates and seeds). */
  readyTimeoutMs?: number;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'repasse-rel-'));
  let log = '';
  // Node itself with tsx's loader, not the tsx CLI: the CLI runs the server in a child process, and a
  // SIGKILL sent to the CLI would leave that child running.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // Instances behind one proxy share one secret, or a token from one is refused by the other.
      JWT_SECRET: SHARED_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      STATIC_DIR: '',
      SEED_SHARES: String(options.seedShares ?? 300),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, options.readyTimeoutMs ?? 120_000, () => log);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    output: () => log,
    kill: async () => {
      const done = exited(child);
      child.kill('SIGKILL');
      await done;
    },
    stop: async () => {
      const done = exited(child);
      child.kill('SIGTERM');
      await Promise.race([done, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await done;
      }
    },
  };
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
