/** loadConfig: defaults, parsing, and the refusal to run production on the development secret. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has working defaults for a developer machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      production: false,
      dataDir: resolve('data'),
      pgliteDir: resolve('data/pglite'),
      filesDir: resolve('data/files'),
      databaseUrl: null,
      dbPoolSize: 8,
      jwtSecret: DEV_JWT_SECRET,
      jwtTtlSeconds: 28_800,
      seedPassword: null,
      seedShares: 3000,
      logLevel: 'info',
      staticDir: resolve('dist'),
    });
  });

  it('reads every variable, treating empty ones as unset', () => {
    const c = loadConfig({
      PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/tmp/r', DATABASE_URL: 'postgres://u@h/db', DB_POOL_SIZE: '5', JWT_SECRET: 's',
      JWT_TTL_SECONDS: '600', SEED_PASSWORD: 'x', SEED_SHARES: '10', LOG_LEVEL: 'warn', STATIC_DIR: '/srv/app',
    });
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', pgliteDir: '/tmp/r/pglite', databaseUrl: 'postgres://u@h/db', dbPoolSize: 5, jwtSecret: 's', jwtTtlSeconds: 600, seedPassword: 'x', seedShares: 10, logLevel: 'warn', staticDir: '/srv/app' });
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: ' ', PORT: '' })).toMatchObject({ databaseUrl: null, jwtSecret: DEV_JWT_SECRET, port: 3000 });
    // An empty STATIC_DIR turns static serving off (the dev script lets Vite serve the app).
    expect(loadConfig({ STATIC_DIR: '' }).staticDir).toBeNull();
  });

  it('refuses malformed numbers with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(ConfigError);
  });

  it('refuses to start in production without a real JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).production).toBe(true);
  });

  it('the server process exits with the reason before it opens anything, on the default secret in production', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'repasse-prod-'));
    try {
      const env = { ...process.env, NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET, DATA_DIR: dataDir, PORT: '0', STATIC_DIR: '' };
      delete (env as Record<string, string | undefined>).DATABASE_URL;
      const run = spawnSync(process.execPath, ['--import', 'tsx', resolve('server/main.ts')], { env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Configuration error: JWT_SECRET must be set');
      // Nothing was created: no database, no files directory.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
