/**
 * Starts the product exactly as a user does (`node scripts/start.mjs`, which builds the app when
 * needed and runs the API) on a free port with its own data directory, and stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Stops the server; answers its exit code (null when it had to be killed). */
  stop: () => Promise<number | null>;
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
  /**
   * A directory of already-seeded data directories (tests/e2e/support/globalSetup.ts): a fresh data
   * directory starts as a copy of the one seeded with the same seed settings, seeding it there first
   * if none is. Seeding the demo data is most of a start (about 5 of 7 s); every file seeding again
   * cost the browser tests over a minute. Ignored with `dataDir`.
   */
  seeds?: string;
}

/** The settings that change what a first start seeds: data seeded under other values is not reused. */
const SEED_SETTINGS = ['SEED_DEMO', 'SEED_SHARES', 'SEED_PASSWORD'] as const;

/** `seeds`' data directory for `env`'s seed settings, seeded now if it is not there yet. */
async function seededTemplate(seeds: string, env: Record<string, string>): Promise<string> {
  const key = SEED_SETTINGS.map((name) => `${name}=${env[name] ?? process.env[name] ?? ''}`).join('&');
  const template = join(seeds, Buffer.from(key).toString('base64url'));
  if (existsSync(template)) return template;
  const seeding = mkdtempSync(`${template}.seeding-`);
  try {
    const server = await startServer({ env, dataDir: seeding });
    // Only a clean exit has closed PGlite: a killed server's data is no template.
    const exit = await server.stop();
    if (exit !== 0) throw new Error(`the seeding server exited with ${exit}, not 0:\n${server.output()}`);
    // A whole directory or none: another file seeding the same settings at once keeps its own copy.
    renameSync(seeding, template);
  } catch (e) {
    rmSync(seeding, { recursive: true, force: true });
    if (!existsSync(template)) throw e;
  }
  return template;
}

export async function startServer({ env = {}, dataDir: givenDataDir, port: givenPort, seeds }: StartOptions = {}): Promise<RunningServer> {
  const root = resolve(import.meta.dirname, '../../..');
  const port = givenPort ?? (await freePort());
  const template = !givenDataDir && seeds ? await seededTemplate(seeds, env) : undefined;
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'repasse-e2e-'));
  if (template) cpSync(template, dataDir, { recursive: true });
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
        // Ctrl-C, as in a terminal: SIGTERM would first keep the server listening, not ready, for
        // SHUTDOWN_DELAY_MS (2 s) so that a load balancer can take it out of rotation.
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
