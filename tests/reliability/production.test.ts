/**
 * A production start (issue 11), as a new operator deploying Repasse would do it: NODE_ENV=production,
 * a real JWT_SECRET and an empty PostgreSQL database. No demo data is seeded and no demo user can
 * sign in; the first operator comes from `npm run user:create`, signs in with the one-time password,
 * is made to change it, and then works. Two replicas share the secret and see each other's logout.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import { type FreshPostgres, withFreshPostgres } from '../api/support/pgDatabase';
import { PASSWORD, call } from './support/api';
import { withClient } from './support/db';
import { type ApiProcess, removeDir, startApi } from './support/server';

const ROOT = resolve(import.meta.dirname, '../..');
const SECRET = randomBytes(48).toString('base64url');
const OPERATOR = { email: 'ops@empresa.example', name: 'Primeira Operadora' };

let pgdb: FreshPostgres | null = null;
const apis: ApiProcess[] = [];

const productionEnv = () => ({ NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_DISABLED: 'true', SEED_SHARES: '300' });

/** `npm run user:create -- …` exactly as the README's Deploy section runs it. */
const userCreate = (args: string[]) =>
  spawnSync('npm', ['run', '--silent', 'user:create', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: pgdb!.url },
    encoding: 'utf8',
    timeout: 120_000,
  });

beforeAll(async () => {
  pgdb = await withFreshPostgres();
  if (!pgdb) return;
  apis.push(...(await Promise.all([startApi({ databaseUrl: pgdb.url, env: productionEnv() }), startApi({ databaseUrl: pgdb.url, env: productionEnv() })])));
});

afterAll(async () => {
  for (const api of apis) {
    await api.stop();
    removeDir(api.dataDir);
  }
  await pgdb?.drop();
});

describe.skipIf(!process.env.DATABASE_URL)('production on an empty PostgreSQL', () => {
  it('seeds nothing, prints no demo user, and says how to create the first operator', async () => {
    const counts = await withClient(pgdb!.url, async (c) =>
      (await c.query<{ users: number; shares: number; administrators: number }>(
        'select (select count(*)::int from users) as users, (select count(*)::int from shares) as shares, (select count(*)::int from administrators) as administrators',
      )).rows[0],
    );
    expect(counts).toEqual({ users: 0, shares: 0, administrators: 0 });
    for (const api of apis) {
      expect(api.output()).not.toContain('Demo users');
      expect(api.output()).not.toContain('repasse123');
      expect(api.output()).toContain('npm run user:create');
    }
  });

  it('no demo user can sign in', async () => {
    for (const u of DEMO_USERS) {
      const res = await call(apis[0].url, '/user/login', { body: { username: u.email, password: PASSWORD } });
      expect(res.status, u.email).toBe(401);
    }
  });

  it('user:create refuses bad input with a reason and exit code 2, and writes nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['--email', 'not-an-email', '--name', 'X', '--profile', 'operator'], /email/i],
      [['--email', 'a@b.example', '--name', 'X', '--profile', 'adm', '--adm', 'nowhere'], /unknown brand "nowhere"/],
      [['--email', 'a@b.example', '--name', 'X', '--profile', 'boss'], /--profile must be one of/],
      [['--email', 'a@b.example', '--profile', 'operator'], /missing --name/],
    ];
    for (const [args, reason] of cases) {
      const run = userCreate(args);
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(reason);
    }
    const users = await withClient(pgdb!.url, async (c) => (await c.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n);
    expect(users).toBe(0);
  });

  it('the CLI-created operator signs in, must change the one-time password, then works; a duplicate is refused', async () => {
    const run = userCreate(['--email', OPERATOR.email, '--name', OPERATOR.name, '--profile', 'operator']);
    expect(run.status, run.stderr).toBe(0);
    const password = /One-time password: (\S+)/.exec(run.stdout)?.[1];
    expect(password, run.stdout).toBeTruthy();

    const again = userCreate(['--email', OPERATOR.email.toUpperCase(), '--name', 'Outra', '--profile', 'operator']);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/email: .*already in use/i);

    const login = await call(apis[0].url, '/user/login', { body: { username: OPERATOR.email, password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const { token, firstAccess } = login.body as { token: string; firstAccess: boolean };
    expect(firstAccess).toBe(true);
    expect((await call(apis[0].url, '/share/list', { token })).status).toBe(403);

    const newPassword = 'Operadora-Forte-2026!';
    const changed = await call(apis[0].url, '/user/change_password', { token, body: { oldPassword: password, newPassword, firstAccess: true } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const fresh = (changed.body as { token: string }).token;
    // Both replicas accept the session: they share the secret and the sessions table.
    for (const api of apis) expect((await call(api.url, '/share/list', { token: fresh })).status).toBe(200);
    // The one-time password is gone.
    expect((await call(apis[1].url, '/user/login', { body: { username: OPERATOR.email, password } })).status).toBe(401);

    // Logout through one replica ends the session on the other too.
    expect((await call(apis[0].url, '/user/logout', { token: fresh, body: {} })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await call(apis[1].url, '/share/list', { token: fresh })).status).toBe(401);
  });

  it('password recovery is off without a mail transport, and says why', async () => {
    const res = await call(apis[1].url, '/user/verify_username', { body: { username: OPERATOR.email } });
    expect(res.status).toBe(503);
    expect((res.body as { message: string }).message).toMatch(/password recovery is disabled/i);
  });
});
