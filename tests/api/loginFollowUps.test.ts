/**
 * A login that carries the first page's reads (issue 17, src/domain/loginFollowUps.ts): each is
 * answered exactly as the new session would be answered asking for it, a refused one by its status
 * alone, and nothing but a read that needs a session may be carried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { API, type Endpoint } from '../../src/domain/apiPaths';
import type { FastifyRequest } from 'fastify';
import { LOGIN_FOLLOW_UPS_MAX, LOGIN_FOLLOW_UP_MAX_LENGTH } from '../../src/domain/loginFollowUps';
import { answerLoginFollowUps } from '../../server/http/loginFollowUps';
import { ENDPOINT_PERMISSIONS, can } from '../../src/domain/permissions';
import type { Profile } from '../../src/domain/profiles';
import { PASSWORD, type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
type Answer = { token: string; firstAccess: boolean; then?: { status: number; body?: unknown }[] };
const login = (username: string, then?: string[], password = PASSWORD) =>
  t.inject({ method: 'POST', url: '/api/user/login', payload: { username, password, ...(then ? { then } : {}) } });
/** A follow-up's address is the read's below the API's base path. */
const below = (url: string) => url.replace(/^\/api/, '');

beforeAll(async () => {
  t = await createTestApp({ shares: 60, config: { loginRateLimit: { max: 100, windowMs: 60_000 } } });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /user/login with `then`', () => {
  it('answers each read as the new session asking for it would be answered, in order', async () => {
    const reads = [
      listUrl(API.share.list.path, { page: 1, limit: 20, filters: { state: ['with_pendency'] } }),
      `/api${API.view.columnsList.path}`,
      listUrl(API.share.list.path, { page: 2, limit: 10, sort: 'state', order: 'desc' }),
    ];
    const body = expectOk<Answer>(await login(USERS.operator, reads.map(below)));
    expect(body.then).toHaveLength(reads.length);
    for (const [i, url] of reads.entries()) {
      const own = await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${body.token}` } });
      expect(own.statusCode, url).toBe(200);
      expect(body.then![i], url).toEqual({ status: 200, body: own.json() });
    }
    // The rows are the filter's, not a default page's.
    const rows = (body.then![0].body as { data: { state: string }[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.state === 'with_pendency')).toBe(true);
  });

  it("answers a read the user may not make with its refusal's status alone, and still signs in", async () => {
    const fund = decodeJwt(expectOk<Answer>(await login(USERS.fund)).token) as { profiles: Profile[] };
    const refused = [...ENDPOINT_PERMISSIONS].find(([e, p]) => e.method === 'GET' && !can({ profile: fund.profiles[0], deniedPermissions: [] }, p))?.[0] as Endpoint;
    expect(refused, 'a read a fund may not make').toBeDefined();
    const body = expectOk<Answer>(await login(USERS.fund, [refused.path, API.view.columnsList.path]));
    expect(body.then![0]).toEqual({ status: 403 });
    expect(body.then![1].status).toBe(200);
    expect((await t.get(`/api${API.view.columnsList.path}`, USERS.fund)).statusCode).toBe(200);
  });

  it('answers a read with bad parameters with its 400, as the read would', async () => {
    const body = expectOk<Answer>(await login(USERS.operator, [`${API.share.list.path}?page=0`]));
    expect(body.then).toEqual([{ status: 400 }]);
  });

  it.each([
    ['the live stream, which never ends', API.live.events.path],
    ['a public call', API.health.path],
    ['the login itself', API.user.login.path],
    ['a write', API.user.logout.path],
    ['a path outside the table', '/share/list_everything'],
  ])("refuses %s by the API table's rule, before checking the password", async (_what, url) => {
    // A wrong password: a 400 rather than a 401 shows the read was refused before any hashing.
    const body = expectError(await login(USERS.operator, [API.view.columnsList.path, url], 'wrong-password'), 400, /^Invalid information/);
    expect(body.errors).toEqual({ 'then.1': expect.any(String) });
  });

  it.each([
    ['a path that climbs out', '/share/../../health'],
    ['another host', '//evil.example/share/list'],
    ['a fragment', `${API.share.list.path}#x`],
    ['no leading slash', 'share/list'],
    ['a tab in the query, which no browser sends', `${API.share.list.path}?page=1\t&limit=5`],
    ['a line break in the query', `${API.share.list.path}?page=1\r\nX-Injected: 1`],
    ['a space in the query', `${API.share.list.path}?q=a b`],
    ['an address over the limit', `${API.share.list.path}?q=${'x'.repeat(LOGIN_FOLLOW_UP_MAX_LENGTH)}`],
  ])("refuses %s by the body's schema, before checking the password", async (_what, url) => {
    const body = expectError(await login(USERS.operator, [API.view.columnsList.path, url], 'wrong-password'), 400, /^Invalid body/);
    expect(Object.keys(body.errors ?? {})).toEqual(['then.1']);
  });

  it(`refuses more than ${LOGIN_FOLLOW_UPS_MAX} reads`, async () => {
    const reads = Array.from({ length: LOGIN_FOLLOW_UPS_MAX + 1 }, () => API.view.columnsList.path);
    expectError(await login(USERS.operator, reads), 400);
  });

  it('answers a refused login as without `then`: a wrong password, an expired one, the wrong brand host, and no reads before a first access', async () => {
    const reads = [API.view.columnsList.path];
    expectError(await login(USERS.operator, reads, 'wrong-password'), 401, 'Invalid credentials');
    const expired = await login(USERS.expired, reads);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Password has expired', publicId: expect.any(String) });
    const wrongHost = await t.inject({ method: 'POST', url: '/api/user/login', headers: { host: 'orbita.repasse.example' }, payload: { username: USERS.acme, password: PASSWORD, then: reads } });
    expectError(wrongHost, 403, /wrong brand host/i);
    const first = expectOk<Answer>(await login(USERS.firstAccess, reads));
    expect(first.firstAccess).toBe(true);
    expect(first.then).toBeUndefined();
  });

  it('leaves reads it could not make in time, or at all, to the client (503), and the login stands', async () => {
    const token = expectOk<Answer>(await login(USERS.operator)).token;
    const request = { ip: '203.0.113.9', host: 'localhost' } as FastifyRequest;
    const reads = [API.view.columnsList.path, `${API.share.list.path}?page=1&limit=5`];
    // No time left: none is made.
    expect(await answerLoginFollowUps(t.app, request, token, reads, 0)).toEqual([{ status: 503 }, { status: 503 }]);
    // In time: both answered.
    expect((await answerLoginFollowUps(t.app, request, token, reads)).map((a) => a.status)).toEqual([200, 200]);
    // A server that drains after SIGTERM (server/main.ts) starts no new work.
    const app = t.app as typeof t.app & { lifecycle: { draining: boolean } };
    app.lifecycle.draining = true;
    try {
      expect(await answerLoginFollowUps(app, request, token, reads)).toEqual([{ status: 503 }, { status: 503 }]);
    } finally {
      app.lifecycle.draining = false;
    }
  });

  it('answers as before without `then`', async () => {
    const body = expectOk<Answer>(await login(USERS.operator));
    expect(Object.keys(body).sort()).toEqual(['firstAccess', 'token']);
  });
});
