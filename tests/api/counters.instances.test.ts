/**
 * Two API instances on one database (docs/security.md, "Brute force and counters across
 * instances"): the password-recovery and login answers are the same from either instance for an
 * e-mail with an account and one without, a login throttle started on one holds on the other, and
 * so do the routes' rate limits. Once with the counters in the database (PGlite, or PostgreSQL with
 * DATABASE_URL), once in Redis when REDIS_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/password';
import { PASSWORD, type TestApp, createTestApp, testConfig } from './support/app';

const REDIS_URL = process.env.REDIS_URL;

const stores: { name: string; redisUrl: string | null }[] = [
  { name: 'the database', redisUrl: null },
  ...(REDIS_URL ? [{ name: 'Redis', redisUrl: REDIS_URL }] : []),
];

describe.each(stores)('two instances, counters in $name', ({ redisUrl }) => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  // Redis outlives the test: names of this run only, so an earlier run's counts cannot leak in.
  const run = randomUUID().slice(0, 8);
  const known = `conta.${run}@repasse.dev`;
  const unknown = `sem.conta.${run}@repasse.dev`;
  const address = (n: number) => `198.18.${n}.${parseInt(run.slice(0, 2), 16)}`;

  const overrides = (extra: Partial<Config> = {}): Partial<Config> => ({
    redisUrl,
    mail: { smtpUrl: null, from: 'Repasse <nao-responda@repasse.dev>', disabled: false },
    ...extra,
  });
  const post = (app: FastifyInstance, path: string, payload: object, remoteAddress = address(1)) =>
    app.inject({ method: 'POST', url: `/api${path}`, payload, remoteAddress });
  const answer = (res: LightMyRequestResponse) => {
    const body = res.json() as Record<string, unknown>;
    // A masked e-mail differs by address; its shape and the rest of the answer must not.
    const masked = typeof body.maskedEmail === 'string' ? { maskedEmail: body.maskedEmail.replace(/[^*@.]/g, 'x') } : {};
    return { status: res.statusCode, message: body.message, retryAfter: res.headers['retry-after'], ...masked };
  };

  beforeAll(async () => {
    t = await createTestApp({ shares: 0, config: overrides() });
    await t.handle.db.insert(users).values({ email: known, name: 'Conta', passwordHash: await hashPassword(PASSWORD), profiles: ['operator'] });
    a = t.app;
    b = await buildApp({ db: t.handle, config: testConfig(overrides()) });
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('answer the recovery flow alike for an e-mail with and without an account, whichever instance is asked', async () => {
    const trace = async (email: string) => {
      const { publicId } = (await post(a, '/user/verify_username', { username: email })).json() as { publicId: string };
      return [
        answer(await post(b, '/user/send_auth_code', { publicId })),
        // The resend interval holds across instances.
        answer(await post(a, '/user/send_auth_code', { publicId })),
        answer(await post(b, '/user/verify_auth_code', { publicId, code: '000000' })),
        answer(await post(a, '/user/verify_auth_code', { publicId, code: '000001' })),
      ];
    };
    const real = await trace(known);
    expect(real.map((r) => r.status)).toEqual([200, 429, 400, 400]);
    expect(await trace(unknown)).toEqual(real);
  });

  it('hold a login throttle started on one instance on the other, for known and unknown e-mails alike', async () => {
    const { freeFailures } = t.config.loginThrottle;
    const trace = async (email: string, from: string) => {
      const out = [];
      // Alternating instances, as a load balancer would spread an attacker's tries.
      for (let i = 0; i <= freeFailures; i++) out.push(answer(await post(i % 2 ? a : b, '/user/login', { username: email, password: `errada-${i}` }, from)));
      out.push(answer(await post(b, '/user/login', { username: email, password: PASSWORD }, from)));
      out.push(answer(await post(a, '/user/login', { username: email, password: PASSWORD }, from)));
      return out;
    };
    const real = await trace(known, address(2));
    expect(real.map((r) => r.status)).toEqual([...Array(freeFailures + 1).fill(401), 429, 429]);
    expect(await trace(unknown, address(3))).toEqual(real);
    // No lockout: the owner from another address gets in at once, on either instance.
    expect((await post(b, '/user/login', { username: known, password: PASSWORD }, address(4))).statusCode).toBe(200);
    expect((await post(a, '/user/login', { username: known, password: PASSWORD }, address(4))).statusCode).toBe(200);
  });

  it('share the routes rate limits', async () => {
    const { max } = t.config.accountRateLimit;
    const statuses = [];
    for (let i = 0; i <= max; i++) statuses.push((await post(i % 2 ? a : b, '/user/verify_username', { username: unknown }, address(5))).statusCode);
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  });
});
