/**
 * Sessions end when they should (issue 11): logout revokes that session only; a revocation written
 * by one API instance is honoured by another within its one-second cache; a disabled user cannot
 * sign in; login and account answers are never cached.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { AUTH_CACHE_TTL_MS } from '../../server/config';
import { sessions, users } from '../../server/db/schema';
import { PASSWORD, type TestApp, USERS, createTestApp, testConfig } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ shares: 20 });
});
afterAll(async () => t?.close());

const login = async (email: string, app = t.app) => {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD } });
  return res;
};
const tokenOf = async (email: string) => expectOk<{ token: string }>(await login(email)).token;
const list = (token: string, app = t.app) => app.inject({ method: 'GET', url: '/api/share/list?limit=1', headers: { authorization: `Bearer ${token}` } });
const logout = (token: string, app = t.app) => app.inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${token}` } });

describe('logout', () => {
  it('ends that session and no other of the same user', async () => {
    const a = await tokenOf(USERS.operator);
    const b = await tokenOf(USERS.operator);
    expectOk(await list(a));
    expectOk(await logout(a));
    expectError(await list(a), 401, 'Unauthorized');
    // A second logout with the dead token is a 401 too: nothing to end.
    expectError(await logout(a), 401, 'Unauthorized');
    expectOk(await list(b));
  });

  it('is allowed on first access, where every other call but the password change is refused', async () => {
    const token = await tokenOf(USERS.firstAccess);
    expectError(await list(token), 403, 'Password change required before continuing');
    expectOk(await logout(token));
    expectError(await list(token), 401, 'Unauthorized');
  });

  it('needs a session', async () => {
    expectError(await t.inject({ method: 'POST', url: '/api/user/logout' }), 401, 'Unauthorized');
  });
});

describe('revocation across instances', () => {
  it('a session revoked through one instance is refused by another once its cache turns over (≤ 1 s)', async () => {
    // Two API instances on one database, each with the production cache.
    const config = testConfig({ ...t.config, authCacheTtlMs: AUTH_CACHE_TTL_MS });
    const a = await buildApp({ db: t.handle, config });
    const b = await buildApp({ db: t.handle, config });
    try {
      const token = await tokenOf(USERS.acme);
      expectOk(await list(token, b)); // b now holds the session in its cache
      expectOk(await logout(token, a));
      expectError(await list(token, a), 401, 'Unauthorized');
      await new Promise((r) => setTimeout(r, AUTH_CACHE_TTL_MS + 50));
      expectError(await list(token, b), 401, 'Unauthorized');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('a disabled user', () => {
  it('cannot sign in (the same answer as a wrong password) and its open sessions end', async () => {
    const token = await tokenOf(USERS.fundBeta);
    expectOk(await list(token));
    await t.handle.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, USERS.fundBeta));
    try {
      expectError(await login(USERS.fundBeta), 401, 'Invalid credentials');
      expectError(await list(token), 401, 'Unauthorized');
    } finally {
      await t.handle.db.update(users).set({ disabledAt: null }).where(eq(users.email, USERS.fundBeta));
    }
  });
});

describe('a password change', () => {
  it('revokes every session of the user and goes on with a new one', async () => {
    const [u] = await t.handle.db.select().from(users).where(eq(users.email, USERS.vertice));
    const other = await tokenOf(USERS.vertice);
    const mine = await tokenOf(USERS.vertice);
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/change_password',
      headers: { authorization: `Bearer ${mine}` },
      payload: { oldPassword: PASSWORD, newPassword: 'Nova-Senha-2026!' },
    });
    const { token } = expectOk<{ token: string }>(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expectError(await list(other), 401, 'Unauthorized');
    expectError(await list(mine), 401, 'Unauthorized');
    expectOk(await list(token));
    const open = await t.handle.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(open.filter((s) => !s.revokedAt)).toHaveLength(1);
  });
});

describe('caching', () => {
  it('login and account answers carry Cache-Control: no-store', async () => {
    const ok = await login(USERS.operator);
    expect(ok.headers['cache-control']).toBe('no-store');
    const bad = await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.operator, password: 'wrong' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['cache-control']).toBe('no-store');
    const flow = await t.inject({ method: 'POST', url: '/api/user/verify_username', payload: { username: USERS.operator } });
    expect(flow.headers['cache-control']).toBe('no-store');
    expect((await list(await tokenOf(USERS.operator))).headers['cache-control']).toBe('no-store');
  });
});

describe('tokens', () => {
  it('carry iat and sid besides the SPEC §3 claims, and an exp no further than the configured length', async () => {
    const token = await tokenOf(USERS.operator);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(Object.keys(claims).sort()).toEqual(['deniedPermissions', 'email', 'exp', 'iat', 'lastAccess', 'name', 'playerIsRepasse', 'profiles', 'sid', 'userId'].sort());
    expect(claims.exp - claims.iat).toBe(t.config.jwtTtlSeconds);
  });
});
