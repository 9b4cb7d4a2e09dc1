/**
 * loadConfig: defaults, parsing, and what a production start refuses (issue 11): no JWT_SECRET or a
 * weak one, no mail transport, demo data. The secret kept under DATA_DIR for a demo installation.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretEntropyBits } from '../../server/config';
import { loadOrCreateSecret } from '../../server/secretFile';

const STRONG = 'q3J9vXW2c8Lr0TfYpZs4NkHa7MdE1uGb6Ri5OwBxVyCj'; // 44 base64url characters
const PROD = { NODE_ENV: 'production', JWT_SECRET: STRONG, SMTP_URL: 'smtp://mail.example.com:587' };

describe('loadConfig', () => {
  it('has working defaults for a developer machine: loopback only, demo data, a secret of its own', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      production: false,
      dataDir: resolve('data'),
      pgliteDir: resolve('data/pglite'),
      filesDir: resolve('data/files'),
      databaseUrl: null,
      dbPoolSize: 8,
      jwtSecretSource: 'generated',
      jwtTtlSeconds: 28_800,
      seedDemo: true,
      seedPassword: null,
      seedShares: 3000,
      logLevel: 'info',
      staticDir: resolve('dist'),
    });
    // No constant secret: two configurations never share one.
    expect(c.jwtSecret).not.toBe(loadConfig({}).jwtSecret);
    expect(secretEntropyBits(c.jwtSecret)).toBeGreaterThanOrEqual(256);
  });

  it('signs URLs and hashes codes with keys of their own, never the JWT secret itself', () => {
    const c = loadConfig({ JWT_SECRET: STRONG });
    expect(c.jwtSecret).toBe(STRONG);
    expect(new Set([c.jwtSecret, c.urlSigningSecret, c.codeHashSecret]).size).toBe(3);
    // Derived, so stable across restarts and instances with the same JWT_SECRET.
    expect(loadConfig({ JWT_SECRET: STRONG }).urlSigningSecret).toBe(c.urlSigningSecret);
    expect(loadConfig({ JWT_SECRET: STRONG, SIGNING_SECRET: 'another-one' }).urlSigningSecret).toBe('another-one');
    expect(() => loadConfig({ JWT_SECRET: STRONG, SIGNING_SECRET: STRONG })).toThrow(/must differ/);
  });

  it('reads every variable, treating empty ones as unset', () => {
    const c = loadConfig({
      PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/r', DATABASE_URL: 'postgres://u@h/db', DB_POOL_SIZE: '5', JWT_SECRET: 's',
      JWT_TTL_SECONDS: '600', SEED_PASSWORD: 'x', SEED_SHARES: '10', LOG_LEVEL: 'warn', STATIC_DIR: '/srv/app', SEED_DEMO: 'false',
    });
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', pgliteDir: '/tmp/r/pglite', databaseUrl: 'postgres://u@h/db', dbPoolSize: 5, jwtSecret: 's', jwtTtlSeconds: 600, seedPassword: 'x', seedShares: 10, logLevel: 'warn', staticDir: '/srv/app', seedDemo: false });
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: ' ', PORT: '' })).toMatchObject({ databaseUrl: null, jwtSecretSource: 'generated', port: 3000 });
    // An empty STATIC_DIR turns static serving off (the dev script lets Vite serve the app).
    expect(loadConfig({ STATIC_DIR: '' }).staticDir).toBeNull();
  });

  it('refuses malformed numbers with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(ConfigError);
  });

  it('refuses production without a JWT_SECRET of 32 random bytes', () => {
    expect(() => loadConfig({ ...PROD, JWT_SECRET: undefined })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ ...PROD, JWT_SECRET: 'short' })).toThrow(/32 random bytes/);
    // Long but poor: a repeated character, a sentence, 32 hex characters (16 bytes).
    expect(() => loadConfig({ ...PROD, JWT_SECRET: 'x'.repeat(64) })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PROD, JWT_SECRET: 'a'.repeat(20) + 'b'.repeat(20) })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PROD, JWT_SECRET: '0123456789abcdef0123456789abcdef' })).toThrow(ConfigError);
    // What `openssl rand -hex 32` and `openssl rand -base64 48` print pass.
    expect(loadConfig({ ...PROD, JWT_SECRET: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }).production).toBe(true);
    expect(loadConfig(PROD)).toMatchObject({ production: true, jwtSecretSource: 'env', seedDemo: false });
  });

  it('refuses production without a mail transport, unless mail is explicitly off', () => {
    expect(() => loadConfig({ ...PROD, SMTP_URL: undefined })).toThrow(/SMTP_URL is required/);
    expect(loadConfig({ ...PROD, SMTP_URL: undefined, MAIL_DISABLED: 'true' }).mail).toMatchObject({ smtpUrl: null, disabled: true });
    expect(() => loadConfig({ ...PROD, MAIL_DISABLED: 'true' })).toThrow(/not both/);
  });

  it('never seeds demo data in production, and says so when asked to', () => {
    expect(loadConfig(PROD).seedDemo).toBe(false);
    expect(loadConfig({ ...PROD, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ ...PROD, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO cannot be used/);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('keeps a generated secret under DATA_DIR, readable by its owner only, the same on the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'repasse-secret-'));
    try {
      const first = loadOrCreateSecret(dir);
      expect(first.created).toBe(true);
      expect(statSync(first.path).mode & 0o777).toBe(0o600);
      expect(secretEntropyBits(first.secret)).toBeGreaterThanOrEqual(256);
      const again = loadOrCreateSecret(dir);
      expect(again).toMatchObject({ created: false, secret: first.secret });
      expect(readFileSync(first.path, 'utf8').trim()).toBe(first.secret);
      // Another installation gets another secret.
      const other = mkdtempSync(join(tmpdir(), 'repasse-secret-'));
      try {
        expect(loadOrCreateSecret(other).secret).not.toBe(first.secret);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the server process exits with the reason before it opens anything, on a weak secret in production', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'repasse-prod-'));
    try {
      const env = { ...process.env, ...PROD, JWT_SECRET: 'repasse-dev-secret-not-for-production', DATA_DIR: dataDir, PORT: '0', STATIC_DIR: '' };
      delete (env as Record<string, string | undefined>).DATABASE_URL;
      const run = spawnSync(process.execPath, ['--import', 'tsx', resolve('server/main.ts')], { env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Configuration error: JWT_SECRET must hold at least 32 random bytes');
      // Nothing was created: no database, no files directory, no secret file.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
