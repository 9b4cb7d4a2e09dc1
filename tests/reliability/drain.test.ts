/**
 * SIGTERM drains (issue 12). A real server process gets SIGTERM while an upload part is still
 * streaming in: readiness answers 503 at once (liveness stays 200), the part started before the signal
 * completes with 200, new connections are refused once the listener closes, and the process exits 0.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from '../e2e/support/server';
import { call, login } from './support/api';
import { initializeUpload, sha256 } from './support/upload';
import { removeDir } from './support/server';

const ROOT = resolve(import.meta.dirname, '../..');
const DRAIN_DELAY_MS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let child: ChildProcess | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'repasse-drain-'));

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  removeDir(dataDir);
});

/** PUTs `bytes` to a part URL in `chunks` pieces, `everyMs` apart: a request that stays in flight. */
function slowPut(url: string, bytes: Buffer, chunks: number, everyMs: number): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': bytes.length, 'x-content-sha256': sha256(bytes) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    const size = Math.ceil(bytes.length / chunks);
    let i = 0;
    const next = () => {
      if (i >= chunks) return void req.end();
      req.write(bytes.subarray(i * size, (i + 1) * size));
      i++;
      setTimeout(next, everyMs);
    };
    next();
  });
}

describe('SIGTERM', () => {
  it('marks the instance not ready, finishes the request in flight, then exits 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let log = '';
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // PGlite: the drain does not depend on the database, and this needs no server of its own.
        DATABASE_URL: '',
        STATIC_DIR: '',
        SEED_SHARES: '0',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY_MS: String(DRAIN_DELAY_MS),
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (log += d));
    child.stderr?.on('data', (d) => (log += d));
    const exit = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    await waitForHealth(url, child, 120_000, () => log);

    expect((await call(url, '/ready')).status).toBe(200);
    const token = await login(url);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024)]);
    const init = await initializeUpload(url, token, 'drain.pdf', bytes.length, 1);

    // 20 pieces 200 ms apart: the part is still arriving well after the listener has closed.
    const put = slowPut(`${url}${init.parts[0].url}`, bytes, 20, 200);
    await sleep(500);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await sleep(300);

    const ready = await call(url, '/ready');
    expect(ready.status, JSON.stringify(ready.body)).toBe(503);
    expect(ready.body).toMatchObject({ status: 'draining', message: expect.stringContaining('encerramento') });
    expect((await call(url, '/health')).status, 'liveness stays up while draining').toBe(200);

    // After the delay the listener is closed: a new connection is refused, not left hanging.
    await sleep(DRAIN_DELAY_MS + 500 - (Date.now() - signalledAt));
    const late = await call(url, '/health');
    expect(late.status).toBe(0);
    expect(late.networkError).toBe('ECONNREFUSED');

    const answer = await put;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).etag).toBe(sha256(bytes));
    expect(Date.now() - signalledAt, 'the part was still streaming after the listener closed').toBeGreaterThan(DRAIN_DELAY_MS);

    // The answered socket is closed with the server, not kept alive until its keep-alive timeout.
    const answeredAt = Date.now();
    expect(await exit, log).toBe(0);
    expect(Date.now() - answeredAt).toBeLessThan(5_000);
  });
});
