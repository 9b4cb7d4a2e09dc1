/**
 * The production proxy in front of a benchmark's server: Caddy with scripts/prod/Caddyfile (TLS from
 * its local CA, HTTP/2, the same routing as `npm run smoke:prod`), both replicas pointing at the one
 * server. A browser over HTTP/2 shares one connection for every call, where over HTTP/1.1 it opens
 * at most six per host: what users behind the proxy get (issue 17).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { get } from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/e2e/support/server';

const CADDYFILE = resolve(import.meta.dirname, '../scripts/prod/Caddyfile');

/** Whether Caddy can be run here (`apt-get install caddy`; CI installs it for the production smoke). */
export const hasCaddy = (): boolean => spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;

export interface Proxy {
  /** https://localhost:<port>: a browser must accept Caddy's local CA (--ignore-certificate-errors). */
  url: string;
  stop: () => Promise<void>;
}

export async function startProxy(upstreamPort: number): Promise<Proxy> {
  const [port, httpPort] = [await freePort(), await freePort()];
  const home = mkdtempSync(join(tmpdir(), 'repasse-bench-proxy-'));
  const upstream = `127.0.0.1:${upstreamPort}`;
  let log = '';
  const child: ChildProcess = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      PUBLIC_HOST: 'localhost',
      PROXY_PORT: String(port),
      PROXY_HTTP_PORT: String(httpPort),
      API_A: upstream,
      API_B: upstream,
      S3_UPSTREAM: upstream,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // Caddy waits for open connections (a live event stream) without a limit of its own.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(home, { recursive: true, force: true });
  };
  const url = `https://localhost:${port}`;
  // Ready once it routes to the server. The certificate is Caddy's own: not checked for this probe.
  const ready = () =>
    new Promise<boolean>((resolve) => {
      const req = get(`${url}/api/ready`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
    });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await ready()) return { url, stop };
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`Caddy did not route ${url} to ${upstream}:\n${log}`);
}
