/**
 * The server's configuration, read from the environment once at start. Everything else receives a
 * Config, so tests build one in code instead of mutating process.env.
 */
import { join, resolve } from 'node:path';
import { analyticsOrigin } from '../src/domain/analytics';
import { FEATURE_FLAGS, type FeatureFlag } from '../src/domain/featureFlags';

/**
 * Connections per API process. Past about twice PostgreSQL's cores more connections only queue
 * inside PostgreSQL: on the 2-CPU reference machine 8 served list page 1 at 50 clients 14 % faster
 * (p99 24 → 20 ms) and share/get 35 % faster than 20; 4 did the same as 8, 2 was slower
 * (docs/decisions.md). A larger database server may want more: DB_POOL_SIZE.
 */
export const DEFAULT_POOL_SIZE = 8;

export interface S3Config {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export interface StorageConfig {
  driver: 'local' | 's3';
  /** Local-disk driver root (DATA_DIR/files by default). */
  filesDir: string;
  s3: S3Config | null;
}

export interface Config {
  port: number;
  host: string;
  production: boolean;
  /** Root of the server's own data: PGlite in dataDir/pglite, uploads in dataDir/files. */
  dataDir: string;
  pgliteDir: string;
  filesDir: string;
  databaseUrl: string | null;
  dbPoolSize: number;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** Null when SEED_PASSWORD is unset: the seed uses its own documented default. */
  seedPassword: string | null;
  seedShares: number;
  logLevel: string;
  /** Built web app; null disables static serving (e.g. `npm run dev`, where Vite serves the app). */
  staticDir: string | null;
  /** Per IP + username: a brute-force guard that also spares the password hasher. */
  loginRateLimit: { max: number; windowMs: number };
  /** Per IP (+ e-mail or flow handle) on each public password-recovery call (docs/account.md). */
  accountRateLimit: { max: number; windowMs: number };
  /** Per account: consecutive failures before the account is locked, and for how long. */
  loginLockout: { maxFailures: number; lockMs: number };
  /** How long a user's row (profile, tenant, denied permissions) is trusted before re-reading it. */
  authCacheTtlMs: number;
  /** SPEC §6 feature flags the server enforces; tests turn one on through buildApp's config. */
  featureFlags: Record<FeatureFlag, boolean>;
  /** Where uploads go: the local disk (default) or an S3-compatible bucket (STORAGE_DRIVER). */
  storage: StorageConfig;
  /** Origin put in front of the signed links the API itself serves (PUBLIC_URL); null: relative `/api/...`. */
  publicUrl: string | null;
  /** Outgoing mail (docs/account.md): SMTP when `smtpUrl` is set, the server log (development outbox) otherwise. */
  mail: { smtpUrl: string | null; from: string };
  /** Days a new password stays valid (PASSWORD_MAX_AGE_DAYS); 0: it never expires. */
  passwordMaxAgeDays: number;
  /**
   * Where the built app sends analytics (docs/analytics.md), allowed by the CSP's connect-src. Read from
   * the same VITE_ANALYTICS_* variables the build used; null when analytics are off.
   */
  analyticsOrigin: string | null;
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): whom to believe about the client's address in
   * X-Forwarded-For, so that per-IP rate limits count clients, not the proxy. false (default): the
   * socket's address; true: any peer (only when nothing can reach the server but the proxy);
   * otherwise the proxies' addresses/CIDRs (or `loopback`, `uniquelocal`…).
   */
  trustProxy: boolean | string[];
}

export const DEFAULT_MAIL_FROM = 'Repasse <nao-responda@repasse.dev>';
export const DEV_JWT_SECRET = 'repasse-dev-secret-not-for-production';
const MIN_PRODUCTION_SECRET_LENGTH = 32;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** An empty variable counts as unset: `.env.example` lists every variable with an empty value. */
const read = (env: Env, name: string): string | undefined => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

const int = (env: Env, name: string, fallback: number, min: number): number => {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer >= ${min} (got "${raw}")`);
  return n;
};

function trustProxyConfig(env: Env): boolean | string[] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  // Fastify reads a bare hop count as "trust nobody"; saying so beats a silent no-op.
  if (/^\d+$/.test(raw)) throw new ConfigError(`TRUST_PROXY must be true, false or the proxies' addresses/CIDRs (got "${raw}")`);
  return raw.split(',').map((a) => a.trim()).filter(Boolean);
}

function storageConfig(env: Env, filesDir: string): StorageConfig {
  const driver = read(env, 'STORAGE_DRIVER') ?? 'local';
  if (driver !== 'local' && driver !== 's3') throw new ConfigError(`STORAGE_DRIVER must be local or s3 (got "${driver}")`);
  if (driver === 'local') return { driver, filesDir, s3: null };
  const bucket = read(env, 'S3_BUCKET');
  if (!bucket) throw new ConfigError('S3_BUCKET is required when STORAGE_DRIVER=s3');
  const pathStyle = read(env, 'S3_FORCE_PATH_STYLE');
  return {
    driver,
    filesDir,
    s3: {
      endpoint: read(env, 'S3_ENDPOINT') ?? null,
      bucket,
      region: read(env, 'S3_REGION') ?? 'us-east-1',
      accessKeyId: read(env, 'S3_ACCESS_KEY_ID') ?? null,
      secretAccessKey: read(env, 'S3_SECRET_ACCESS_KEY') ?? null,
      forcePathStyle: pathStyle === undefined ? Boolean(read(env, 'S3_ENDPOINT')) : pathStyle === 'true' || pathStyle === '1',
    },
  };
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = read(env, 'JWT_SECRET') ?? DEV_JWT_SECRET;
  if (production && (jwtSecret === DEV_JWT_SECRET || jwtSecret.length < MIN_PRODUCTION_SECRET_LENGTH)) {
    throw new ConfigError(
      `JWT_SECRET must be set to a secret of at least ${MIN_PRODUCTION_SECRET_LENGTH} characters when NODE_ENV=production ` +
        '(the development default would let anyone forge a session). Generate one with: openssl rand -base64 48',
    );
  }
  const dataDir = resolve(read(env, 'DATA_DIR') ?? './data');
  // STATIC_DIR set to an empty string turns static serving off (the dev script does this).
  const staticDir = env.STATIC_DIR === undefined ? 'dist' : env.STATIC_DIR.trim();
  return {
    port: int(env, 'PORT', 3000, 0),
    host: read(env, 'HOST') ?? '0.0.0.0',
    production,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    filesDir: join(dataDir, 'files'),
    databaseUrl: read(env, 'DATABASE_URL') ?? null,
    dbPoolSize: int(env, 'DB_POOL_SIZE', DEFAULT_POOL_SIZE, 1),
    jwtSecret,
    jwtTtlSeconds: int(env, 'JWT_TTL_SECONDS', 28_800, 60),
    seedPassword: read(env, 'SEED_PASSWORD') ?? null,
    seedShares: int(env, 'SEED_SHARES', 3000, 0),
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    staticDir: staticDir ? resolve(staticDir) : null,
    loginRateLimit: { max: 10, windowMs: 60_000 },
    accountRateLimit: { max: 10, windowMs: 60_000 },
    loginLockout: { maxFailures: 5, lockMs: 15 * 60_000 },
    authCacheTtlMs: 2_000,
    featureFlags: { ...FEATURE_FLAGS },
    storage: storageConfig(env, join(dataDir, 'files')),
    publicUrl: read(env, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    mail: { smtpUrl: read(env, 'SMTP_URL') ?? null, from: read(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM },
    passwordMaxAgeDays: int(env, 'PASSWORD_MAX_AGE_DAYS', 90, 0),
    analyticsOrigin: analyticsOrigin(read(env, 'VITE_ANALYTICS_TOKEN'), read(env, 'VITE_ANALYTICS_API_HOST')),
    trustProxy: trustProxyConfig(env),
  };
}
