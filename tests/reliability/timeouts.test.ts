/**
 * Slow clients (issue 12): Fastify's connection, header and request timeouts were off, so a client that
 * trickled its headers one byte at a time, or never finished its body, held its socket for as long as
 * it liked. On a real listening server with short deadlines, each kind of slow socket is closed soon
 * after its deadline, while it is still sending.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpTimeouts } from '../../server/config';
import { type TestApp, createTestApp } from '../api/support/app';

const TIMEOUTS: HttpTimeouts = { headersMs: 1_000, requestMs: 2_000, idleMs: 4_000, keepAliveMs: 1_000 };
/** How long past its deadline a socket may live: Node checks deadlines once a second (app.ts). */
const SLACK_MS = 2_500;

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp({ shares: 0, config: { http: TIMEOUTS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await t?.close();
});

interface Outcome {
  /** ms from connect to the socket's close, or null when it was still open at the end of the trickle. */
  closedAfterMs: number | null;
  received: string;
}

/**
 * Opens a socket, writes `head`, then one byte of `trickle` every `everyMs` for up to `forMs`, and
 * reports when (if) the server closed it. The client stops sending when it is closed.
 */
function slowClient(head: string, trickle: string, everyMs: number, forMs: number): Promise<Outcome> {
  return new Promise((done) => {
    const started = Date.now();
    let received = '';
    const socket: Socket = connect(port, '127.0.0.1');
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      socket.destroy();
      done({ closedAfterMs, received });
    };
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => finish(Date.now() - started));
    socket.on('connect', () => {
      if (head) socket.write(head);
      timer = setInterval(() => {
        if (Date.now() - started > forMs) return finish(null);
        if (trickle && !socket.destroyed) socket.write(trickle[i++ % trickle.length]);
      }, everyMs);
    });
  });
}

describe('slow clients are cut off', () => {
  it('headers sent one byte at a time (slowloris): closed after the header deadline', async () => {
    const out = await slowClient('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Padding: abcdefghijklmnopqrstuvwxyz\r\n', 100, 15_000);
    expect(out.closedAfterMs, 'the socket was still open after 15 s').not.toBeNull();
    expect(out.closedAfterMs!).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
    expect(out.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a body that never ends, sent a byte at a time: closed after the request deadline', async () => {
    const head = 'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const out = await slowClient(head, '{"username":"operador@repasse.dev","password":"', 100, 15_000);
    expect(out.closedAfterMs, 'the socket was still open after 15 s').not.toBeNull();
    // Past the header deadline (the head came at once), within the request deadline plus the check interval.
    expect(out.closedAfterMs!).toBeGreaterThan(TIMEOUTS.headersMs);
    expect(out.closedAfterMs!).toBeLessThan(TIMEOUTS.requestMs + SLACK_MS);
  });

  it('a connection that sends nothing: closed after the header deadline', async () => {
    const out = await slowClient('', '', 100, 15_000);
    expect(out.closedAfterMs).not.toBeNull();
    expect(out.closedAfterMs!).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
  });

  it('an idle keep-alive connection after an answer: closed after the keep-alive timeout', async () => {
    const out = await slowClient('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n', '', 100, 15_000);
    expect(out.received).toMatch(/^HTTP\/1\.1 200/);
    expect(out.closedAfterMs).not.toBeNull();
    expect(out.closedAfterMs!).toBeLessThan(TIMEOUTS.keepAliveMs + SLACK_MS);
  });

  it('a client that keeps its pace still gets its answer', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
