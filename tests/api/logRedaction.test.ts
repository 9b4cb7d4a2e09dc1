/**
 * The log never holds what authorizes on its own: a signed link's signature (ours or S3's), a
 * token, a password. Read from the log stream of a real app.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { redactUrl } from '../../server/http/logging';
import { signedQuery } from '../../server/services/storage/signing';
import { type TestApp, createTestApp, testConfig } from './support/app';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ shares: 0 });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ db: t.handle, config: testConfig(), logger: { stream } });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('request logs', () => {
  it('keep the path and the key of a signed download but not its signature', async () => {
    const query = signedQuery(t.config.urlSigningSecret, 'get', 'adm/x.pdf', new Date(Date.now() + 60_000));
    const signature = new URLSearchParams(query).get('signature')!;
    const res = await app.inject({ method: 'GET', url: `/api/storage/file?key=${encodeURIComponent('adm/x.pdf')}&${query}` });
    expect(res.statusCode).toBe(404);
    const logged = lines.filter((l) => l.includes('/api/storage/file'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).toContain('signature=[redacted]');
    expect(logged.join('\n')).toContain('key=adm%2Fx.pdf');
    expect(lines.filter((l) => l.includes(signature))).toEqual([]);
  });

  it('keep neither the password nor the token of a login', async () => {
    const password = 'uma-senha-que-nao-existe';
    const res = await app.inject({ method: 'POST', url: '/api/user/login', headers: { authorization: 'Bearer segredo.do.token' }, payload: { username: 'ana@repasse.dev', password } });
    expect(res.statusCode).toBe(401);
    expect(lines.filter((l) => l.includes(password) || l.includes('segredo.do.token'))).toEqual([]);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/storage/file?key=a&expires=1&signature=abc', '/api/storage/file?key=a&expires=1&signature=[redacted]'],
    ['/b/k?X-Amz-Credential=AK%2F1&X-Amz-Signature=f00&X-Amz-Expires=60', '/b/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=60'],
    ['/p?x-amz-security-token=t&a=1', '/p?x-amz-security-token=[redacted]&a=1'],
    ['/p?%73ignature=abc', '/p?%73ignature=[redacted]'],
    ['/p?page=2', '/p?page=2'],
    ['/p', '/p'],
    ['/p?%E0%A4%A=1', '/p?%E0%A4%A=1'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
