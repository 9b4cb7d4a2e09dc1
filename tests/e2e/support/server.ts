/**
 * Starts the product exactly as a user does (`node scripts/start.mjs`, which builds the app when
 * needed and runs the API) on a free port with its own data directory, and stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

/** Polls /api/health until the server answers, failing early with its output if it exits. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse this data directory (and keep it on stop) instead of a fresh temporary one. */
  dataDir?: string;
  /** Listen on this port (e.g. the one of a stopped server, to keep the browser's origin); a free one otherwise. */
  port?: number;
}

export async function startServer({ env = {}, dataDir: givenDataDir, port: givenPort }: StartOptions = {}): Promise<RunningServer> {
  const root = resolve(import.meta.dirname, '../../..');
  const port = givenPort ?? (await freePort());
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'repasse-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, 240_000, () => log);
  return {
    url,
    port,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
