/**
 * Login, tokens, the auth hook and permissions, as a client of the API sees them.
 */
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { buildApp } from '../../server/app';
import { registerErrorHandling } from '../../server/http/errorHandler';
import apiRoutes from '../../server/routes/index';
import { DEMO_USERS } from '../../server/db/seed';
import { users } from '../../server/db/schema';
import { counterKey } from '../../server/services/counters';
import { hashPassword } from '../../server/services/password';
import { readToken } from '../../server/services/tokens';
import { API, type Endpoint, isPublicEndpoint } from '../../src/domain/apiPaths';
import { API_BASE_PATH } from '../../src/domain/constants';
import { ENDPOINT_PERMISSIONS, can } from '../../src/domain/permissions';
import { type TokenClaims, profileOf } from '../../src/domain/profiles';
import { PASSWORD, type TestApp, USERS, createTestApp, sessionToken, testConfig } from './support/app';
import { expectError, expectOk } from './support/expect';

// SPEC §3's claims, plus iat and sid (the session that logout and revocation end; issue 11).
const CLAIM_KEYS = ['deniedPermissions', 'email', 'exp', 'iat', 'lastAccess', 'name', 'playerIsRepasse', 'profiles', 'sid', 'userId'];
const ALL_ENDPOINTS: Endpoint[] = Object.values(API).flatMap((v) => ('method' in v ? [v as Endpoint] : (Object.values(v) as Endpoint[])));

/** The calls this issue implements; later issues add theirs to the table and to the server. */
const IMPLEMENTED = [
  API.user.login, API.user.list, API.share.list, API.share.canceledList, API.share.canceledReasonList, API.share.transferList,
  API.share.get, API.share.statusGet, API.config.whiteLabelGet, API.config.admConfigGet, API.fund.list, API.player.list, API.health,
];

let t: TestApp;
const login = (username: string, password: string) => t.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
const registered = (e: Endpoint) => t.app.hasRoute({ method: e.method, url: `${API_BASE_PATH}${e.path}` });

beforeAll(async () => {
  // Room for the throttle tests' attempts on one e-mail under the per-e-mail rate limit.
  t = await createTestApp({ shares: 60, config: { loginRateLimit: { max: 30, windowMs: 60_000 } } });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /user/login', () => {
  const loginUsers = DEMO_USERS.filter((u) => !u.passwordExpired);

  it.each(loginUsers.map((u) => [u.email, u] as const))('signs in %s with the claims of SPEC §3, iat and sid', async (_email, demo) => {
    const [before] = await t.handle.db.select().from(users).where(eq(users.email, demo.email));
    const started = Math.floor(Date.now() / 1000);
    const body = expectOk<{ token: string; firstAccess: boolean }>(await login(demo.email, PASSWORD));
    expect(body.firstAccess).toBe(!!demo.mustChangePassword);
    const claims = decodeJwt(body.token) as unknown as TokenClaims;
    expect(Object.keys(claims).sort()).toEqual(CLAIM_KEYS);
    expect(claims).toMatchObject({
      userId: before.id,
      profiles: demo.profiles,
      name: demo.name,
      email: demo.email,
      playerIsRepasse: !!demo.playerIsRepasse,
      deniedPermissions: demo.deniedPermissions ?? [],
      // The access before this one: what a "last access" line shows.
      lastAccess: before.lastAccess ? before.lastAccess.toISOString() : null,
    });
    expect(claims.exp).toBeGreaterThanOrEqual(started + t.config.jwtTtlSeconds);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + t.config.jwtTtlSeconds);
    expect(profileOf(claims)).toBe(demo.profiles[0]);
    const [after] = await t.handle.db.select().from(users).where(eq(users.email, demo.email));
    expect(after.lastAccess!.getTime()).toBeGreaterThanOrEqual(started * 1000);
  });

  it('takes the e-mail in any case', async () => {
    expectOk(await login('ADM@Acme.Repasse.dev', PASSWORD));
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await login(USERS.orbita, 'not-the-password');
    const unknown = await login('nobody@repasse.dev', PASSWORD);
    expectError(wrong, 401, 'Invalid credentials');
    expectError(unknown, 401, 'Invalid credentials');
    expect(unknown.body).toBe(wrong.body);
  });

  it('tells only the holder of the right password that it expired', async () => {
    // The expired answer also carries the change flow's handle (docs/account.md).
    const expired = await login(USERS.expired, PASSWORD);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Password has expired', publicId: expect.any(String) });
    expectError(await login(USERS.expired, 'wrong-password'), 401, 'Invalid credentials');
  });

  describe("on a brand's host (issue 13)", () => {
    const loginAt = (host: string, username: string, password = PASSWORD) =>
      t.inject({ method: 'POST', url: '/api/user/login', headers: { host }, payload: { username, password } });

    it("refuses another brand's administrator after a right password, and says why", async () => {
      expectError(await loginAt('orbita.repasse.example', 'adm@acme.repasse.dev'), 403, /wrong brand host/i);
      expectError(await loginAt('demo-acme-stg.repasse.example', 'adm@orbita.repasse.dev'), 403, /wrong brand host/i);
      // A wrong password learns nothing about the host: the same 401 as anywhere.
      expectError(await loginAt('orbita.repasse.example', 'adm@acme.repasse.dev', 'wrong-password-1'), 401, /invalid credentials/i);
    });

    it("lets the brand's own administrators, operators and funds in, and everyone on the default host", async () => {
      for (const [host, email] of [
        ['acme.repasse.example', 'adm@acme.repasse.dev'],
        ['acme.repasse.example', 'operador@repasse.dev'],
        ['acme.repasse.example', 'fundo@repasse.dev'],
        ['localhost:3000', 'adm@orbita.repasse.dev'],
        ['backoffice.repasse.example', 'adm@acme.repasse.dev'],
        // A label no brand has is the default brand, as the app shows it.
        ['nobrand.repasse.example', 'adm@vertice.repasse.dev'],
      ] as const) {
        const res = await loginAt(host, email);
        expect(res.statusCode, `${email} on ${host}`).toBe(200);
      }
    });
  });

  it('validates the body', async () => {
    const body = expectError(await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.operator } }), 400, 'password is required');
    expect(body.errors).toEqual({ password: 'is required' });
    expectError(await login('', PASSWORD), 400, /^Invalid body: username/);
    expectError(await t.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{bad' }), 400);
  });

  /**
   * Wrong passwords for `email` from `ip` until the client must wait, then what each further failure
   * costs: the Retry-After of the refused right password, the wait skipped by clearing it.
   */
  const throttleTrace = async (email: string, ip: string) => {
    const from = (password: string) => t.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password }, remoteAddress: ip });
    const { freeFailures } = t.config.loginThrottle;
    const trace: string[] = [];
    for (let i = 0; i < freeFailures; i++) trace.push(String((await from(`wrong-${i}`)).statusCode));
    for (let i = 0; i < 4; i++) {
      trace.push(String((await from(`still-wrong-${i}`)).statusCode));
      const refused = await from(PASSWORD);
      trace.push(`${refused.statusCode} ${refused.json().message} ${refused.headers['retry-after']}`);
      // Instead of sleeping through the wait.
      await t.app.counters.reset(counterKey('login:wait', email, (await passwordChangedAt(email)) ?? '', ip));
    }
    return trace;
  };
  const passwordChangedAt = async (email: string) => {
    const [row] = await t.handle.db.select({ at: users.passwordChangedAt }).from(users).where(eq(users.email, email));
    return row?.at ? String(row.at.getTime()) : null;
  };

  it('never locks an account: each failure past the free ones makes that client alone wait twice as long', async () => {
    const email = 'lockout@repasse.dev';
    await t.handle.db.insert(users).values({ email, name: 'Lock Out', passwordHash: await hashPassword(PASSWORD), profiles: ['operator'] });
    const free = Array(t.config.loginThrottle.freeFailures).fill('401');
    const trace = await throttleTrace(email, '198.51.100.7');
    const waits = ['1', '2', '4', '8'].flatMap((s) => ['401', `429 Too many attempts, try again later ${s}`]);
    expect(trace).toEqual([...free, ...waits]);

    // While that client waits, the owner signs in at once from anywhere else.
    const elsewhere = await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD }, remoteAddress: '192.0.2.44' });
    expectOk(elsewhere);
    // The right password once the wait is over starts that client's count again.
    expectOk(await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD }, remoteAddress: '198.51.100.7' }));
    expect(await t.app.counters.get(counterKey('login:fail', email, '', '198.51.100.7'))).toBeNull();
  });

  it('throttles unknown e-mails the same way, so a wait does not reveal an account', async () => {
    const known = 'known.throttle@repasse.dev';
    await t.handle.db.insert(users).values({ email: known, name: 'Known', passwordHash: await hashPassword('Outra#Senha9'), profiles: ['operator'] });
    expect(await throttleTrace('ghost@repasse.dev', '198.51.100.8')).toEqual(await throttleTrace(known, '198.51.100.9'));
  });

  it(`refuses an address past ${testConfig().loginAddressLimit.maxFailures} failures a minute across e-mails, not another address`, async () => {
    const { maxFailures } = t.config.loginAddressLimit;
    const from = (username: string, remoteAddress: string) => t.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: 'wrong' }, remoteAddress });
    for (let i = 0; i < maxFailures; i++) expectError(await from(`sprayed-${i}@repasse.dev`, '198.51.100.10'), 401);
    const refused = await from('sprayed-last@repasse.dev', '198.51.100.10');
    expectError(refused, 429, 'Too many requests, try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectOk(await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.vertice, password: PASSWORD }, remoteAddress: '198.51.100.11' }));
  });

  it('rate-limits attempts per address and e-mail', async () => {
    const limited = await buildApp({ db: t.handle, config: testConfig({ loginRateLimit: { max: 3, windowMs: 60_000 } }) });
    try {
      // An address of its own: the limit's counts are shared with the other app on this database, as instances share them.
      const attempt = (username: string) =>
        limited.inject({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD }, remoteAddress: '198.51.100.20' });
      for (let i = 0; i < 3; i++) expectOk(await attempt(USERS.vertice));
      const res = await attempt(USERS.vertice);
      expectError(res, 429, 'Too many requests, try again later');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another e-mail from the same address has its own budget.
      expectOk(await attempt(USERS.fundBeta));
    } finally {
      await limited.close();
    }
  });
});

describe('the auth hook', () => {
  it('covers every call this issue implements', () => {
    for (const e of IMPLEMENTED) expect(registered(e), `${e.method} ${e.path}`).toBe(true);
  });

  const protectedEndpoints = () => ALL_ENDPOINTS.filter((e) => registered(e) && !isPublicEndpoint(e));

  const requestAll = async (headers: Record<string, string>) =>
    Promise.all(
      protectedEndpoints().map(async (e) => ({ e, res: await t.inject({ method: e.method, url: `${API_BASE_PATH}${e.path}`, headers }) })),
    );

  it('answers 401 on every non-public route without a token', async () => {
    const results = await requestAll({});
    expect(results.length).toBeGreaterThanOrEqual(10);
    for (const { e, res } of results) {
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
      expectError(res, 401, 'Unauthorized');
    }
  });

  it('answers 401 to an expired, tampered, foreign or malformed token', async () => {
    const expired = (await sessionToken(t, USERS.operator, { ttlSeconds: -60 })).token;
    const foreign = (await sessionToken(t, USERS.operator, { secret: 'another-secret-another-secret-123', ttlSeconds: 3600 })).token;
    const valid = await t.token(USERS.fund);
    const [h, , s] = valid.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(valid), profiles: ['operator'] })).toString('base64url');
    const tampered = `${h}.${forged}.${s}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${forged}.`;
    const noSuchUser = (await sessionToken(t, USERS.operator, { ttlSeconds: 3600, claims: { userId: '00000000-0000-4000-8000-000000000000' } })).token;
    // A session of the operator named in a token of another user's id: the pair must match.
    const otherUsersSession = (await sessionToken(t, USERS.operator, { claims: { userId: (await t.handle.db.select().from(users).where(eq(users.email, USERS.fund)))[0].id } })).token;
    const noSuchSession = (await sessionToken(t, USERS.operator, { claims: { sid: '00000000-0000-4000-8000-00000000beef' } })).token;
    // Signed with the right secret but valid for longer than the configured session length.
    const tooLong = (await sessionToken(t, USERS.operator, { ttlSeconds: t.config.jwtTtlSeconds + 3600 })).token;
    // Issued an hour from now: a clock (or a forger) ahead of ours.
    const fromTheFuture = (await sessionToken(t, USERS.operator, { ttlSeconds: 600, now: Date.now() + 3600_000 })).token;
    for (const token of [expired, foreign, tampered, none, noSuchUser, otherUsersSession, noSuchSession, tooLong, fromTheFuture, 'garbage']) {
      for (const { e, res } of await requestAll({ authorization: `Bearer ${token}` })) {
        expect(res.statusCode, `${e.method} ${e.path} with ${token.slice(0, 20)}…`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthorized' });
      }
    }
    expectError(await t.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: valid } }), 401, 'Unauthorized');
  });

  it('refuses a token that worked once as soon as it expires, and never under another secret', async () => {
    // The server remembers tokens it has verified (server/services/tokens.ts): that memory must not
    // outlive the token nor let it pass where the secret differs.
    const { token, exp } = await sessionToken(t, USERS.operator, { ttlSeconds: 60 });
    const list = () => t.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: `Bearer ${token}` } });
    expectOk(await list());
    expectOk(await list());
    expect(await readToken(token, 'another-secret-another-secret-123', t.config.jwtTtlSeconds)).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(exp * 1000 - 1000);
      expectOk(await list());
      vi.setSystemTime(exp * 1000);
      expectError(await list(), 401, 'Unauthorized');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 403 when the profile lacks the permission, following the matrix', async () => {
    for (const email of [USERS.fund, USERS.acme, USERS.operator]) {
      const demo = DEMO_USERS.find((u) => u.email === email)!;
      for (const e of protectedEndpoints()) {
        const permission = ENDPOINT_PERMISSIONS.get(e);
        if (!permission || e.method !== 'GET') continue;
        const res = await t.get(`${API_BASE_PATH}${e.path}`, email);
        const allowed = can({ profile: profileOf(demo), deniedPermissions: demo.deniedPermissions }, permission);
        if (allowed) expect(res.statusCode, `${email} ${e.path}`).not.toBe(403);
        else expectError(res, 403, 'Permission denied');
      }
    }
    expectError(await t.get('/api/user/list', USERS.fund), 403, 'Permission denied');
  });

  it("reads the profile and denied permissions from the user's row, not from the token", async () => {
    // A genuine token for the fund user that claims the operator profile grants nothing more.
    const claimsOperator = (await sessionToken(t, USERS.fund, { ttlSeconds: 3600, claims: { profiles: ['operator'], name: 'x', playerIsRepasse: true, deniedPermissions: [] } })).token;
    expectError(await t.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${claimsOperator}` } }), 403);

    const token = await t.token(USERS.restricted);
    const list = () => t.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: `Bearer ${token}` } });
    expectOk(await list());
    await t.handle.db.update(users).set({ deniedPermissions: ['share.cancel_sale', 'share.list'] }).where(eq(users.email, USERS.restricted));
    try {
      expectError(await list(), 403, 'Permission denied');
    } finally {
      await t.handle.db.update(users).set({ deniedPermissions: ['share.cancel_sale'] }).where(eq(users.email, USERS.restricted));
    }
    expectOk(await list());
  });

  it('closes a route added without the API table: it needs a session too', async () => {
    const app = Fastify();
    app.decorate('db', t.handle.db);
    app.decorate('config', t.config);
    registerErrorHandling(app);
    await app.register(
      async (api) => {
        await apiRoutes(api);
        api.get('/rogue', async () => ({ secret: true }));
      },
      { prefix: '/api' },
    );
    try {
      expectError(await app.inject({ method: 'GET', url: '/api/rogue' }), 401, 'Unauthorized');
      const ok = await app.inject({ method: 'GET', url: '/api/rogue', headers: { authorization: `Bearer ${await t.token(USERS.fund)}` } });
      expect(ok.json()).toEqual({ secret: true });
    } finally {
      await app.close();
    }
  });

  it('checks the token before the query, so a bad request without a token is still a 401', async () => {
    expectError(await t.get('/api/share/list?limit=1000', null), 401);
  });
});
