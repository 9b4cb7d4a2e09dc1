/**
 * The API test harness: a fresh database per test file (in-memory PGlite, copied from the run's
 * template when one exists, see pgliteTemplate.ts; or a throw-away PostgreSQL database when
 * DATABASE_URL is set), migrated and seeded, and the app built in-process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { type Config, generateSecret, loadConfig } from '../../../server/config';
import { type DatabaseHandle, openDatabase } from '../../../server/db/client';
import { runMigrations } from '../../../server/db/migrate';
import { rowsOf } from '../../../server/db/seed/bulk';
import { seed } from '../../../server/db/seed';
import { type SQL, eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { openSession } from '../../../server/services/sessions';
import { type SessionClaims, signToken } from '../../../server/services/tokens';
import { withFreshPostgres } from './pgDatabase';
import { seededPglite } from './pgliteTemplate';

export const PASSWORD = 'repasse123';
export const DEFAULT_TEST_SHARES = 400;

export const USERS = {
  operator: 'operador@repasse.dev',
  acme: 'adm@acme.repasse.dev',
  orbita: 'adm@orbita.repasse.dev',
  vertice: 'adm@vertice.repasse.dev',
  fund: 'fundo@repasse.dev',
  fundBeta: 'fundo.beta@repasse.dev',
  restricted: 'restrito@acme.repasse.dev',
  firstAccess: 'primeiro.acesso@repasse.dev',
  expired: 'senha.expirada@repasse.dev',
} as const;

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  backend: 'pglite' | 'postgres';
  /** A token for the user, cached per file: login is rate limited per e-mail. */
  token(email: string): Promise<string>;
  /** Drops the cached token (after its session was revoked): the next `token` logs in again. */
  forgetToken(email: string): void;
  /** GET with the user's token (or none when `as` is null). */
  get(url: string, as?: string | null): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Rows of a raw query, the same on both drivers. */
  query<T>(statement: SQL): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  shares?: number;
  config?: Partial<Config>;
}

/**
 * One secret for every app a test process builds: a test that builds a second app on the same
 * database (a second instance) must have it accept the first one's tokens, as a deployment's
 * instances share JWT_SECRET.
 */
const TEST_JWT_SECRET = generateSecret();

/** The test process's own DATA_DIR (the development outbox writes there), not the developer's ./data. */
export const TEST_DATA_DIR = mkdtempSync(join(tmpdir(), 'repasse-test-'));

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET }),
  dataDir: TEST_DATA_DIR,
  staticDir: null,
  // Tests change users' rights and expect the next request to see it.
  authCacheTtlMs: 0,
  ...overrides,
});

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const pg = await withFreshPostgres();
  const shares = options.shares ?? DEFAULT_TEST_SHARES;
  let handle: DatabaseHandle;
  if (pg) {
    handle = await openDatabase({ databaseUrl: pg.url, poolSize: 5 });
    try {
      await runMigrations(handle);
      await seed(handle, { shares, password: PASSWORD });
    } catch (err) {
      await handle.close();
      await pg.drop();
      throw err;
    }
  } else handle = await seededPglite(shares, PASSWORD);
  const config = testConfig(options.config);
  const app = await buildApp({ db: handle, config });
  const tokens = new Map<string, string>();

  const token = async (email: string) => {
    const cached = tokens.get(email);
    if (cached) return cached;
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
    const t = res.json().token as string;
    tokens.set(email, t);
    return t;
  };

  return {
    app,
    handle,
    config,
    backend: handle.kind,
    token,
    forgetToken: (email) => void tokens.delete(email),
    async get(url, as = USERS.operator) {
      const headers = as ? { authorization: `Bearer ${await token(as)}` } : {};
      return app.inject({ method: 'GET', url, headers });
    },
    inject: (o) => app.inject(o),
    query: async <T>(statement: SQL) => rowsOf<T>(await handle.db.execute(statement)),
    async close() {
      await app.close();
      await handle.close();
      await pg?.drop();
    },
  };
}

/** `/api/share/list?…` with the filters JSON-encoded as the app sends them. */
export const listUrl = (path: string, params: { filters?: object; page?: number; limit?: number; sort?: string; order?: string } = {}) => {
  const qs = new URLSearchParams();
  if (params.filters) qs.set('filters', JSON.stringify(params.filters));
  for (const k of ['page', 'limit', 'sort', 'order'] as const) if (params[k] !== undefined) qs.set(k, String(params[k]));
  const s = qs.toString();
  return `/api${path}${s ? `?${s}` : ''}`;
};

/**
 * A session token minted in the test rather than by login: a real session row, with the claims of
 * the user's row unless overridden, signed with the app's secret unless another is given, issued
 * at `now` and valid for `ttlSeconds`.
 */
export async function sessionToken(
  t: Pick<TestApp, 'handle' | 'config'>,
  email: string,
  options: { ttlSeconds?: number; secret?: string; now?: number; claims?: Partial<SessionClaims> } = {},
): Promise<{ token: string; sid: string; exp: number; iat: number }> {
  const [u] = await t.handle.db.select().from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no user ${email}`);
  const now = options.now ?? Date.now();
  const ttl = options.ttlSeconds ?? t.config.jwtTtlSeconds;
  const sid = await openSession(t.handle.db, u.id, new Date(now + Math.max(ttl, 1) * 1000));
  const claims: SessionClaims = {
    userId: u.id,
    profiles: u.profiles,
    name: u.name,
    email: u.email,
    lastAccess: null,
    playerIsRepasse: u.playerIsRepasse,
    deniedPermissions: u.deniedPermissions,
    sid,
    ...options.claims,
  };
  const signed = await signToken(claims, options.secret ?? t.config.jwtSecret, ttl, now);
  return { ...signed, sid };
}
