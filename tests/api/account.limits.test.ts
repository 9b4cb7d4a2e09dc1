/**
 * The forgotten-password flow's defences beyond one code (docs/account.md): the per-account budget
 * of wrong codes and sends, the same answers for an address without an account, expired and
 * evicted handles, sessions ended by a password change, and client addresses behind a proxy.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_CODE, AUTH_CODE_ACCOUNT_LIMITS } from '../../src/domain/account';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { ConfigError, loadConfig } from '../../server/config';
import { authCodes, decoyFlows, users } from '../../server/db/schema';
import { createAccountService } from '../../server/services/account';
import { FLOW_LIFETIME_MS, FLOW_MAX_AGE_MS, FLOW_RETENTION_MS } from '../../server/services/accountDecoys';
import { hashPassword } from '../../server/services/password';
import { PASSWORD, type TestApp, USERS, createTestApp, sessionToken } from './support/app';
import { expectError, expectOk } from './support/expect';
import { type SmtpInbox, startSmtpInbox } from './support/smtpInbox';

const NEW_PASSWORD = 'Nova#Senha2026';
const { maxFailures, maxSends, windowMs } = AUTH_CODE_ACCOUNT_LIMITS;

let t: TestApp;
let inbox: SmtpInbox;

const post = (path: string, payload: object, token?: string) =>
  t.inject({ method: 'POST', url: `/api${path}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const codeFrom = (mail: { subject: string }) => /(\d{6})$/.exec(mail.subject)![1];
const otherCode = (code: string) => String((Number(code) + 1) % 10 ** AUTH_CODE.digits).padStart(AUTH_CODE.digits, '0');
const startFlow = async (email: string) => expectOk<{ publicId: string }>(await post('/user/verify_username', { username: email })).publicId;
const userId = async (email: string) => (await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

/** Moves every code and flow of the account `ms` into the past, as if that much time went by. */
const ageAccount = async (email: string, ms: number) =>
  t.handle.db
    .update(authCodes)
    .set({
      expiresAt: sql`${authCodes.expiresAt} - make_interval(secs => ${ms / 1000})`,
      createdAt: sql`${authCodes.createdAt} - make_interval(secs => ${ms / 1000})`,
    })
    .where(eq(authCodes.userId, await userId(email)));

/** A session token of the user as login signs it, opened `secondsAgo` ago. */
const sessionOf = async (email: string, secondsAgo: number) => (await sessionToken(t, email, { now: Date.now() - secondsAgo * 1000 })).token;
/** Whether the token still opens a session (any answer but 401: the call itself may be refused to the profile). */
const signedIn = async (token: string) => (await t.inject({ method: 'GET', url: '/api/fund/list', headers: { authorization: `Bearer ${token}` } })).statusCode !== 401;

const answer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.statusCode === 200 ? '' : res.json().message}`;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ shares: 0, config: { mail: { smtpUrl: inbox.url, from: 'Repasse <nao-responda@repasse.dev>', disabled: false }, accountRateLimit: { max: 1000, windowMs: 60_000 } } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the per-account budget', () => {
  it(`counts wrong codes over every flow and resend: past ${maxFailures}, even the right code is 429 until the window passes`, async () => {
    const email = USERS.operator;
    const a = await startFlow(email);
    expectOk(await post('/user/send_auth_code', { publicId: a }));
    let code = codeFrom(await inbox.next(email));
    for (let i = 0; i < 4; i++) expectError(await post('/user/verify_auth_code', { publicId: a, code: otherCode(code) }), 400, 'Invalid or expired code');
    // A resend gives the code fresh attempts, not the account fresh guesses.
    await ageAccount(email, AUTH_CODE.resendIntervalMs);
    expectOk(await post('/user/send_auth_code', { publicId: a }));
    code = codeFrom(await inbox.next(email));
    for (let i = 0; i < 4; i++) expectError(await post('/user/verify_auth_code', { publicId: a, code: otherCode(code) }), 400, 'Invalid or expired code');
    // Nor does another flow.
    const b = await startFlow(email);
    expectOk(await post('/user/send_auth_code', { publicId: b }));
    const right = codeFrom(await inbox.next(email));
    for (let i = 0; i < maxFailures - 8; i++) expectError(await post('/user/verify_auth_code', { publicId: b, code: otherCode(right) }), 400, 'Invalid or expired code');

    const refused = await post('/user/verify_auth_code', { publicId: b, code: right });
    const body = expectError(refused, 429, 'Too many attempts, try again later');
    expect(matchErrorMessage(body.message)).toEqual({ kind: 'catalogue', key: 'tooManyRequests' });
    expect(body.errors).toEqual({ code: body.message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(windowMs / 1000 - 60);

    await ageAccount(email, windowMs + AUTH_CODE.ttlMs);
    const c = await startFlow(email);
    expectOk(await post('/user/send_auth_code', { publicId: c }));
    expectOk(await post('/user/verify_auth_code', { publicId: c, code: codeFrom(await inbox.next(email)) }));
  });

  it(`an address with an account and one without answer the same, wrong codes and ${maxSends} sends included`, async () => {
    const play = async (email: string, mailed: boolean) => {
      const answers: string[] = [];
      const send = async (publicId: string) => {
        const res = await post('/user/send_auth_code', { publicId });
        answers.push(answer(res));
        return res.statusCode === 200 && mailed ? codeFrom(await inbox.next(email)) : '000000';
      };
      const guess = async (publicId: string, code: string) => answers.push(answer(await post('/user/verify_auth_code', { publicId, code })));
      const flows = [await startFlow(email), await startFlow(email), await startFlow(email)];
      const codes = [await send(flows[0]), await send(flows[1]), await send(flows[2])];
      // 5 + 5 wrong codes, one more on the exhausted code, then the third flow's code.
      for (let i = 0; i < AUTH_CODE.maxAttempts + 1; i++) await guess(flows[0], otherCode(codes[0]));
      for (let i = 0; i < maxFailures - AUTH_CODE.maxAttempts; i++) await guess(flows[1], otherCode(codes[1]));
      await guess(flows[2], codes[2]);
      for (let i = 0; i < maxSends - 3 + 1; i++) await send(await startFlow(email));
      return answers;
    };
    const real = await play(USERS.fund, true);
    const decoy = await play('ninguem.aqui@repasse.dev', false);
    expect(decoy).toEqual(real);
    expect(real.filter((a) => a.startsWith('400 Too many wrong codes'))).toHaveLength(1);
    expect(real.at(-2)).toBe('200 ');
    expect(real.at(-1)).toBe('429 Too many requests, try again later');
    expect(real.filter((a) => a === '429 Too many attempts, try again later')).toHaveLength(1);
  });
});

describe('expired and evicted handles', () => {
  it('a real and a decoy handle answer alike as they age', async () => {
    const email = USERS.acme;
    const real = await startFlow(email);
    const decoy = await startFlow('sem.conta@repasse.dev');
    for (const publicId of [real, decoy]) expectOk(await post('/user/send_auth_code', { publicId }));
    const both = async (call: (publicId: string) => Promise<LightMyRequestResponse>) => [answer(await call(real)), answer(await call(decoy))];
    const send = (publicId: string) => post('/user/send_auth_code', { publicId });
    const verify = (publicId: string) => post('/user/verify_auth_code', { publicId, code: '000000' });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FLOW_MAX_AGE_MS + 60_000);
    expect(await both(send)).toEqual(['400 Password recovery expired, start again', '400 Password recovery expired, start again']);
    expect(await both(verify)).toEqual(['400 Invalid or expired code', '400 Invalid or expired code']);
    vi.setSystemTime(Date.now() + FLOW_LIFETIME_MS);
    expect(await both(verify)).toEqual(['400 Password recovery expired, start again', '400 Password recovery expired, start again']);
  });

  it('verify_username deletes the flows past their retention and keeps the ones still counted', async () => {
    const email = USERS.orbita;
    const rowOf = async (publicId: string) => (await t.handle.db.select({ id: authCodes.id }).from(authCodes).where(eq(authCodes.publicId, publicId))).length;
    const old = await startFlow(email);
    await ageAccount(email, FLOW_RETENTION_MS - 2 * 60_000);
    const recent = await startFlow(email);
    await ageAccount(email, 3 * 60_000);
    // `old` is a minute past its retention, `recent` three minutes old: any address's next flow purges.
    expect([await rowOf(old), await rowOf(recent)]).toEqual([1, 1]);
    await startFlow('sem.conta@repasse.dev');
    expect([await rowOf(old), await rowOf(recent)]).toEqual([0, 1]);
    // Its handle answers as it did before the purge.
    expect(answer(await post('/user/send_auth_code', { publicId: old }))).toBe('400 Password recovery expired, start again');
    expectOk(await post('/user/send_auth_code', { publicId: recent }));
  });

  it('verify_username deletes decoys past their retention as it does real flows', async () => {
    const rowOf = async (publicId: string) => (await t.handle.db.select({ id: decoyFlows.id }).from(decoyFlows).where(eq(decoyFlows.publicId, publicId))).length;
    const old = await startFlow('antigo.sem.conta@repasse.dev');
    const recent = await startFlow('recente.sem.conta@repasse.dev');
    await t.handle.db
      .update(decoyFlows)
      .set({ createdAt: sql`${decoyFlows.createdAt} - make_interval(secs => ${(FLOW_RETENTION_MS + 60_000) / 1000})` })
      .where(eq(decoyFlows.publicId, old));
    expect([await rowOf(old), await rowOf(recent)]).toEqual([1, 1]);
    await startFlow(USERS.acme);
    expect([await rowOf(old), await rowOf(recent)]).toEqual([0, 1]);
    expect(answer(await post('/user/send_auth_code', { publicId: old }))).toBe('400 Password recovery expired, start again');
    expectOk(await post('/user/send_auth_code', { publicId: recent }));
  });
});

describe('the same database work for any address', () => {
  const DB_CALLS = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
  /** The database, recording the calls made on it and on its transactions. */
  const recording = <T extends object>(target: T, calls: string[]): T =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver) as unknown;
        if (typeof value !== 'function' || !DB_CALLS.has(String(prop))) return value;
        return (...args: unknown[]) => {
          calls.push(String(prop));
          if (prop === 'transaction') return value.call(obj, (tx: object) => (args[0] as (tx: object) => unknown)(recording(tx, calls)));
          return value.apply(obj, args);
        };
      },
    });

  it('verify_username, send_auth_code and verify_auth_code make the same calls for an e-mail with or without an account', async () => {
    const traceOf = async (email: string) => {
      const calls: string[] = [];
      const account = createAccountService({
        db: recording(t.handle.db, calls),
        config: t.config,
        mailer: { kind: 'log', send: async () => {}, close: () => {} },
        log: t.app.log,
        counters: t.app.counters,
      });
      const trace: string[][] = [];
      const step = async (run: () => Promise<unknown>) => {
        calls.length = 0;
        await run().catch(() => undefined);
        trace.push([...calls]);
      };
      let publicId = '';
      await step(async () => ({ publicId } = await account.verifyUsername(email)));
      await step(() => account.sendAuthCode(publicId));
      await step(() => account.verifyAuthCode(publicId, '000000'));
      return trace;
    };
    const real = await traceOf(USERS.restricted);
    expect(real[0]).toEqual(['execute']);
    expect(await traceOf('nao.existe@repasse.dev')).toEqual(real);
  });
});

describe('a password change ends the sessions opened before it', () => {
  const resetUser = async (email: string, extra: Partial<typeof users.$inferInsert> = {}) =>
    t.handle.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD), mustChangePassword: false, passwordExpiresAt: null, ...extra })
      .where(eq(users.email, email));

  it('change_password: the old token is refused, the answered one works', async () => {
    const email = USERS.orbita;
    await resetUser(email);
    const old = await sessionOf(email, 5);
    expect(await signedIn(old)).toBe(true);
    const { token } = expectOk<{ token: string }>(await post('/user/change_password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, firstAccess: false }, old));
    expect(await signedIn(old)).toBe(false);
    expect(await signedIn(token)).toBe(true);
    // A login right after the change is a new session.
    const login = expectOk<{ token: string }>(await post('/user/login', { username: email, password: NEW_PASSWORD }));
    expect(await signedIn(login.token)).toBe(true);
  });

  it('a forgotten-password reset and an expired-password change refuse older tokens too', async () => {
    const email = USERS.fundBeta;
    await resetUser(email);
    const old = await sessionOf(email, 5);
    expect(await signedIn(old)).toBe(true);
    const publicId = await startFlow(email);
    expectOk(await post('/user/send_auth_code', { publicId }));
    expectOk(await post('/user/verify_auth_code', { publicId, code: codeFrom(await inbox.next(email)) }));
    expectOk(await post('/user/auth_change_password', { publicId, newPassword: NEW_PASSWORD }));
    expect(await signedIn(old)).toBe(false);

    const expired = USERS.vertice;
    await resetUser(expired);
    const before = await sessionOf(expired, 5);
    await resetUser(expired, { passwordExpiresAt: new Date(Date.now() - 1000) });
    const expiredLogin = await post('/user/login', { username: expired, password: PASSWORD });
    expect(expiredLogin.statusCode).toBe(401);
    const handle = (expiredLogin.json() as { publicId: string }).publicId;
    expectOk(await post('/user/auth_change_password', { publicId: handle, newPassword: NEW_PASSWORD }));
    expect(await signedIn(before)).toBe(false);
    expect(await signedIn(expectOk<{ token: string }>(await post('/user/login', { username: expired, password: NEW_PASSWORD })).token)).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('reads true, false and a list of proxies, and refuses a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12' }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12']);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(ConfigError);
  });

  it('when set, the per-IP limits count the forwarded client address, not the proxy', async () => {
    const limits = { accountRateLimit: { max: 2, windowMs: 60_000 } };
    const behind = await createTestApp({ shares: 0, config: { ...limits, trustProxy: ['127.0.0.1'] } });
    const direct = await createTestApp({ shares: 0, config: limits });
    try {
      const from = (app: TestApp, client: string) =>
        app.inject({ method: 'POST', url: '/api/user/verify_username', payload: { username: 'x@repasse.dev' }, headers: { 'x-forwarded-for': client } });
      for (const app of [behind, direct]) {
        expectOk(await from(app, '203.0.113.1'));
        expectOk(await from(app, '203.0.113.1'));
        expectError(await from(app, '203.0.113.1'), 429);
      }
      expectOk(await from(behind, '203.0.113.2'));
      // Without it, everyone behind the proxy shares one address.
      expectError(await from(direct, '203.0.113.2'), 429);
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});
