/**
 * Without SMTP_URL the verification e-mail goes to a file in the development outbox, the log names
 * the file (clearly marked) but never holds the code, and the code is a working one.
 */
import { readFileSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { OUTBOX_LOG_MESSAGE } from '../../server/services/mailer';
import type { FastifyInstance } from 'fastify';
import { type TestApp, createTestApp, testConfig } from './support/app';
import { expectOk } from './support/expect';

let t: TestApp;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({ shares: 0 });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // The same database, served by an app that logs to this stream and has no SMTP_URL.
  app = await buildApp({ db: t.handle, config: testConfig({ mail: { smtpUrl: null, from: 'x@y.z', disabled: false } }), logger: { stream } });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const post = (path: string, payload: object) => app.inject({ method: 'POST', url: `/api${path}`, payload });

describe('development outbox', () => {
  it('writes the e-mail to an outbox file only its owner reads, logs the file but not the code, and the code verifies', async () => {
    const email = 'beatriz@repasse.dev';
    const { publicId } = expectOk<{ publicId: string }>(await post('/user/verify_username', { username: email }));
    expectOk(await post('/user/send_auth_code', { publicId }));

    const entry = await vi.waitFor(() => {
      const found = lines.find((l) => l.msg === OUTBOX_LOG_MESSAGE && l.to === email);
      if (!found) throw new Error('no outbox line yet');
      return found;
    });
    expect(entry.msg).toMatch(/^DEV-OUTBOX/);
    expect(entry.outbox).toBe(true);
    const file = entry.file as string;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const mail = readFileSync(file, 'utf8');
    const code = /Seu código de verificação Repasse: (\d{6})/.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toContain('Ele vale por 10 minutos');
    // Nothing in the log holds the code: logs are shipped and kept.
    expect(lines.filter((l) => JSON.stringify(l).includes(code!))).toEqual([]);

    expectOk(await post('/user/verify_auth_code', { publicId, code }));
  });

  it('an unknown e-mail leaves nothing in the outbox', async () => {
    const unknown = 'ninguem@repasse.dev';
    const { publicId } = expectOk<{ publicId: string }>(await post('/user/verify_username', { username: unknown }));
    expectOk(await post('/user/send_auth_code', { publicId }));
    // A real send after it lands in the log; the unknown address never does.
    const { publicId: real } = expectOk<{ publicId: string }>(await post('/user/verify_username', { username: 'caio@repasse.dev' }));
    expectOk(await post('/user/send_auth_code', { publicId: real }));
    await vi.waitFor(() => {
      if (!lines.some((l) => l.msg === OUTBOX_LOG_MESSAGE && l.to === 'caio@repasse.dev')) throw new Error('no outbox line yet');
    });
    expect(lines.filter((l) => l.to === unknown)).toEqual([]);
  });
});
