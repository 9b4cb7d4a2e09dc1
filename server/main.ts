/**
 * `npm start` / `npm run serve`: config > database (PGlite under DATA_DIR unless DATABASE_URL) >
 * migrations > demo data on an empty database > HTTP server for the API and the built app.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { inArray, sql } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig, withJwtSecret } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { DEMO_USERS, type SeedSummary, seed } from './db/seed';
import { users } from './db/schema';
import { withStartupLock } from './db/startupLock';
import { loadOrCreateSecret } from './secretFile';

const DEFAULT_SEED_PASSWORD = 'repasse123';

function banner(config: Config, handle: DatabaseHandle, summary: SeedSummary | null, userCount: number): string {
  const url = `http://${config.host === '127.0.0.1' || config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
  const demo = summary?.users ?? [];
  const width = Math.max(...demo.map((u) => u.email.length), 10);
  const lines = [
    '',
    '──────────────────────────────────────────────────────────────',
    ` Repasse is running at ${url}`,
    ` API ${url}/api  ·  API docs ${url}/api/docs`,
    ` Listening on ${config.host}:${config.port}${config.production ? ' (production)' : ''}`,
    ` Database: ${handle.kind} at ${handle.location}${summary?.seeded ? ` (seeded now: ${summary.shares} shares)` : ''}`,
    !config.staticDir
      ? ' Web app: not served here (STATIC_DIR is empty)'
      : existsSync(join(config.staticDir, 'index.html'))
        ? ` Web app: ${config.staticDir}`
        : ` Web app: not built yet in ${config.staticDir} (npm start builds it; or npm run build)`,
    ...(demo.length
      ? [
          '',
          ' Demo users:',
          ...demo.map((u) => `   ${u.email.padEnd(width)}  ${u.profile}`),
          config.seedPassword
            ? ' Password: the value of SEED_PASSWORD (as it was when the database was seeded)'
            : ` Password: ${DEFAULT_SEED_PASSWORD}  (unless SEED_PASSWORD was set when the database was seeded)`,
        ]
      : []),
    ...(userCount === 0
      ? ['', ' No users yet. Create the first operator:', '   npm run user:create -- --email you@example.com --name "Your Name" --profile operator']
      : []),
    '──────────────────────────────────────────────────────────────',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  if (config.jwtSecretSource === 'generated') {
    // No JWT_SECRET (never in production: loadConfig refuses): this installation's own secret.
    const kept = loadOrCreateSecret(config.dataDir);
    config = withJwtSecret(config, kept.secret, 'generated', process.env);
    console.log(`${kept.created ? 'Generated a session secret in' : 'Session secret from'} ${kept.path} (set JWT_SECRET to choose one)`);
  }
  if (!config.databaseUrl) mkdirSync(config.pgliteDir, { recursive: true });
  mkdirSync(config.filesDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.pgliteDir, poolSize: config.dbPoolSize });
  // Replicas starting together: one migrates and seeds, the others wait for it (server/db/startupLock.ts).
  const seeded = await withStartupLock(config.databaseUrl, async () => {
    await runMigrations(handle);
    // Production never seeds, whatever the database holds (loadConfig refuses SEED_DEMO there).
    return config.seedDemo ? seed(handle, { shares: config.seedShares, ...(config.seedPassword ? { password: config.seedPassword } : {}) }) : null;
  });
  const [{ n: userCount }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (config.production) {
    // A database first used as a demo still holds users whose password is published.
    const demo = await handle.db.select({ email: users.email }).from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
    if (demo.length) console.warn(`WARNING: this database holds ${demo.length} demo user(s) with a published password (${demo.map((u) => u.email).join(', ')}): disable them in Usuários.`);
  }

  const app = await buildApp({ db: handle, config, logger: true });

  let stopping = false;
  /**
   * Drain (docs/operations.md): readiness answers 503 at once; after SHUTDOWN_DELAY_MS (SIGTERM only:
   * long enough for the proxy's readiness probe to see it) the server stops accepting connections,
   * closes the idle keep-alive ones and lets in-flight requests finish for up to SHUTDOWN_TIMEOUT_MS;
   * then the database closes. Exit 0 when every request finished, 1 when the deadline cut some.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const { drainDelayMs, drainTimeoutMs } = config.shutdown;
    app.lifecycle.draining = true;
    app.log.info({ signal, drainDelayMs, drainTimeoutMs }, 'draining');
    // Nothing below may keep the process alive forever (a stuck database close, a hook that hangs).
    setTimeout(() => process.exit(1), drainDelayMs + drainTimeoutMs + 10_000).unref();
    // A person pressing Ctrl-C has no load balancer to warn: no delay.
    if (signal === 'SIGTERM' && drainDelayMs > 0) await new Promise((r) => setTimeout(r, drainDelayMs));
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      app.log.warn({ drainTimeoutMs }, 'drain deadline passed: closing the connections of unfinished requests');
      app.server.closeAllConnections();
    }, drainTimeoutMs);
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing the HTTP server');
    } finally {
      clearTimeout(deadline);
      // PGlite writes its data directory on close: skipping this can leave a database to recover.
      await handle.close();
    }
    app.log.info({ cut }, 'stopped');
    process.exit(cut ? 1 : 0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(banner(config, handle, seeded, Number(userCount)));
}

main().catch((err) => {
  console.error('Repasse failed to start:', err);
  process.exit(1);
});
