/**
 * The server's configuration, read from the environment once at start. Everything else receives a
 * Config, so tests build one in code instead of mutating process.env.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
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
  /** Signs session tokens: JWT_SECRET, or on a non-production server a random one kept under DATA_DIR. */
  jwtSecret: string;
  /** Where the secret came from; `generated` is replaced by the one kept under DATA_DIR at start (main.ts). */
  jwtSecretSource: 'env' | 'generated';
  /** Signs upload/download URLs: SIGNING_SECRET, or derived from the JWT secret (never the secret itself). */
  urlSigningSecret: string;
  /** Keys the hashes of recovery codes: derived from the JWT secret. */
  codeHashSecret: string;
  jwtTtlSeconds: number;
  /** Demo data and users on an empty database: never in production (SEED_DEMO elsewhere, default on). */
  seedDemo: boolean;
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
  /**
   * Per (e-mail, client address): failures allowed before each further one makes that client wait
   * `baseDelayMs`, doubled per failure up to `maxDelayMs`; counted over `windowMs` from the first.
   * Never a lock of the account itself (docs/decisions.md).
   */
  loginThrottle: { freeFailures: number; baseDelayMs: number; maxDelayMs: number; windowMs: number };
  /** Per client address across e-mails: failed logins (and wrong old passwords) a window allows. */
  loginAddressLimit: { maxFailures: number; windowMs: number };
  /** Password verifications of logins per process: at once, waiting per client address, waiting in all. */
  loginHashGate: { concurrency: number; perClient: number; queue: number };
  /** Counters, throttles and rate limits shared by the instances: Redis when set, PostgreSQL otherwise. */
  redisUrl: string | null;
  /** How long a user's row (profile, tenant, denied permissions) is trusted before re-reading it. */
  authCacheTtlMs: number;
  /** SPEC §6 feature flags the server enforces; tests turn one on through buildApp's config. */
  featureFlags: Record<FeatureFlag, boolean>;
  /** Where uploads go: the local disk (default) or an S3-compatible bucket (STORAGE_DRIVER). */
  storage: StorageConfig;
  /** Origin put in front of the signed links the API itself serves (PUBLIC_URL); null: relative `/api/...`. */
  publicUrl: string | null;
  /** Outgoing mail (docs/account.md): SMTP when `smtpUrl` is set, the server log (development outbox) otherwise. */
  mail: { smtpUrl: string | null; from: string; disabled: boolean };
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
  /** Socket timeouts against slow and idle clients (docs/operations.md, "Timeouts"), in ms. */
  http: HttpTimeouts;
  /** SIGTERM: not-ready for `drainDelayMs` while still listening, then in-flight requests get `drainTimeoutMs`. */
  shutdown: { drainDelayMs: number; drainTimeoutMs: number };
}

export interface HttpTimeouts {
  /** Node's headersTimeout: the whole request head must arrive within it (slowloris). */
  headersMs: number;
  /** Node's requestTimeout: the whole request, body included (a slow upload part must fit). */
  requestMs: number;
  /** Socket inactivity (Fastify's connectionTimeout); above keepAliveMs, or it would cut idle keep-alives first. */
  idleMs: number;
  /** How long an idle keep-alive socket is kept: above the proxies' own (60 s for nginx, ALB). */
  keepAliveMs: number;
}

export const DEFAULT_MAIL_FROM = 'Repasse <nao-responda@repasse.dev>';
/** 32 bytes: what HS256 needs to be as strong as its hash (RFC 7518 §3.2). */
export const MIN_SECRET_ENTROPY_BITS = 256;
/** What a new installation uses for a secret it generates: 48 random bytes, base64url. */
export const generateSecret = (): string => randomBytes(48).toString('base64url');
/** How long the auth hook trusts a session it read: the bound on how late another instance's revocation is seen. */
export const AUTH_CACHE_TTL_MS = 1_000;

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

function httpTimeouts(env: Env): HttpTimeouts {
  const t: HttpTimeouts = {
    headersMs: int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 1),
    requestMs: int(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000, 1),
    idleMs: int(env, 'HTTP_IDLE_TIMEOUT_MS', 90_000, 1),
    keepAliveMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1),
  };
  // Node refuses a headersTimeout above requestTimeout at listen time; say which variable instead.
  if (t.headersMs > t.requestMs) throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return t;
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

/**
 * An upper bound of the bits of entropy in a secret written as text: its length times the bits of
 * the smallest alphabet it fits (hex, base64/base64url, printable ASCII), and no more than the
 * distinct characters allow. `openssl rand -hex 32` and `-base64 48` pass; words and repeats do not.
 */
export function secretEntropyBits(secret: string): number {
  const bitsPerChar = /^[0-9a-fA-F]+$/.test(secret) ? 4 : /^[A-Za-z0-9+/=_-]+$/.test(secret) ? 6 : 6.5;
  const distinct = new Set(secret).size;
  return secret.length * Math.min(bitsPerChar, Math.log2(Math.max(distinct, 1)) + 1);
}

/** A key of its own for one purpose, derived from the server secret (HKDF-SHA256). */
export const deriveSecret = (secret: string, purpose: string): string =>
  Buffer.from(hkdfSync('sha256', secret, 'repasse', purpose, 32)).toString('base64url');

/** The config with a (new) JWT secret and the keys derived from it. */
export function withJwtSecret(config: Config, jwtSecret: string, source: Config['jwtSecretSource'], env: Env = {}): Config {
  return {
    ...config,
    jwtSecret,
    jwtSecretSource: source,
    urlSigningSecret: read(env, 'SIGNING_SECRET') ?? deriveSecret(jwtSecret, 'signed-urls'),
    codeHashSecret: deriveSecret(jwtSecret, 'auth-codes'),
  };
}

const isTrue = (v: string | undefined) => v === 'true' || v === '1';

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const envSecret = read(env, 'JWT_SECRET');
  if (production && !envSecret) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production. Generate one with: openssl rand -base64 48');
  }
  if (production && secretEntropyBits(envSecret!) < MIN_SECRET_ENTROPY_BITS) {
    throw new ConfigError(
      `JWT_SECRET must hold at least ${MIN_SECRET_ENTROPY_BITS / 8} random bytes when NODE_ENV=production (this one looks like about ` +
        `${Math.floor(secretEntropyBits(envSecret!) / 8)}). Generate one with: openssl rand -base64 48`,
    );
  }
  const signingSecret = read(env, 'SIGNING_SECRET');
  if (production && signingSecret && secretEntropyBits(signingSecret) < MIN_SECRET_ENTROPY_BITS) {
    throw new ConfigError(`SIGNING_SECRET must hold at least ${MIN_SECRET_ENTROPY_BITS / 8} random bytes. Generate one with: openssl rand -base64 48`);
  }
  if (signingSecret && envSecret && signingSecret === envSecret) throw new ConfigError('SIGNING_SECRET must differ from JWT_SECRET');
  const smtpUrl = read(env, 'SMTP_URL') ?? null;
  const mailDisabled = isTrue(read(env, 'MAIL_DISABLED'));
  if (smtpUrl && mailDisabled) throw new ConfigError('Set SMTP_URL or MAIL_DISABLED=true, not both');
  if (production && !smtpUrl && !mailDisabled) {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production: password-recovery codes must never go to a log. ' +
        'Set MAIL_DISABLED=true to run without mail, which also turns password recovery off.',
    );
  }
  const seedDemoRaw = read(env, 'SEED_DEMO');
  if (production && seedDemoRaw !== undefined && isTrue(seedDemoRaw)) {
    throw new ConfigError('SEED_DEMO cannot be used with NODE_ENV=production: demo users have a published password');
  }
  const dataDir = resolve(read(env, 'DATA_DIR') ?? './data');
  // STATIC_DIR set to an empty string turns static serving off (the dev script does this).
  const staticDir = env.STATIC_DIR === undefined ? 'dist' : env.STATIC_DIR.trim();
  const config: Config = {
    port: int(env, 'PORT', 3000, 0),
    // Loopback unless asked: a demo started on a laptop must not be reachable from the network.
    host: read(env, 'HOST') ?? '127.0.0.1',
    production,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    filesDir: join(dataDir, 'files'),
    databaseUrl: read(env, 'DATABASE_URL') ?? null,
    dbPoolSize: int(env, 'DB_POOL_SIZE', DEFAULT_POOL_SIZE, 1),
    // Replaced by withJwtSecret just below: one place derives the keys.
    jwtSecret: '',
    jwtSecretSource: 'env',
    urlSigningSecret: '',
    codeHashSecret: '',
    jwtTtlSeconds: int(env, 'JWT_TTL_SECONDS', 28_800, 60),
    seedDemo: !production && (seedDemoRaw === undefined || isTrue(seedDemoRaw)),
    seedPassword: read(env, 'SEED_PASSWORD') ?? null,
    seedShares: int(env, 'SEED_SHARES', 3000, 0),
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    staticDir: staticDir ? resolve(staticDir) : null,
    loginRateLimit: { max: 10, windowMs: 60_000 },
    accountRateLimit: { max: 10, windowMs: 60_000 },
    loginThrottle: { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, windowMs: 24 * 60 * 60_000 },
    loginAddressLimit: { maxFailures: 30, windowMs: 60_000 },
    // Half the CPUs: hashing must leave room for the rest of the API (docs/security.md).
    loginHashGate: { concurrency: Math.max(1, Math.floor(availableParallelism() / 2)), perClient: 4, queue: 64 },
    redisUrl: read(env, 'REDIS_URL') ?? null,
    authCacheTtlMs: AUTH_CACHE_TTL_MS,
    featureFlags: { ...FEATURE_FLAGS },
    storage: storageConfig(env, join(dataDir, 'files')),
    publicUrl: read(env, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    mail: { smtpUrl, from: read(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM, disabled: mailDisabled },
    passwordMaxAgeDays: int(env, 'PASSWORD_MAX_AGE_DAYS', 90, 0),
    analyticsOrigin: analyticsOrigin(read(env, 'VITE_ANALYTICS_TOKEN'), read(env, 'VITE_ANALYTICS_API_HOST')),
    trustProxy: trustProxyConfig(env),
    http: httpTimeouts(env),
    shutdown: { drainDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 2_000, 0), drainTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 20_000, 0) },
  };
  // Without JWT_SECRET, a fresh random secret: a process alone (a test) needs nothing more, and
  // main.ts swaps in the one kept under DATA_DIR so sessions survive a restart.
  return withJwtSecret(config, envSecret ?? generateSecret(), envSecret ? 'env' : 'generated', env);
}
