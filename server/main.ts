/**
 * `npm start` / `npm run serve`: config > database (PGlite under DATA_DIR unless DATABASE_URL) >
 * migrations > demo data on an empty database > HTTP server for the API and the built app.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seed } from './db/seed';
import { withStartupLock } from './db/startupLock';

const DEFAULT_SEED_PASSWORD = 'repasse123';

function banner(config: Config, handle: DatabaseHandle, users: { email: string; profile: string }[], seeded: boolean, shares: number): string {
  const url = `http://localhost:${config.port}`;
  const width = Math.max(...users.map((u) => u.email.length), 10);
  const lines = [
    '',
    '──────────────────────────────────────────────────────────────',
    ` Repasse is running at ${url}`,
    ` API ${url}/api  ·  API docs ${url}/api/docs`,
    ` Database: ${handle.kind} at ${handle.location}${seeded ? ` (seeded now: ${shares} shares)` : ''}`,
    !config.staticDir
      ? ' Web app: not served here (STATIC_DIR is empty)'
      : existsSync(join(config.staticDir, 'index.html'))
        ? ` Web app: ${config.staticDir}`
        : ` Web app: not built yet in ${config.staticDir} (npm start builds it; or npm run build)`,
    '',
    ' Demo users:',
    ...users.map((u) => `   ${u.email.padEnd(width)}  ${u.profile}`),
    config.seedPassword
      ? ' Password: the value of SEED_PASSWORD (as it was when the database was seeded)'
      : ` Password: ${DEFAULT_SEED_PASSWORD}  (unless SEED_PASSWORD was set when the database was seeded)`,
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

  if (!config.databaseUrl) mkdirSync(config.pgliteDir, { recursive: true });
  mkdirSync(config.filesDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.pgliteDir, poolSize: config.dbPoolSize });
  // Replicas starting together: one migrates and seeds, the others wait for it (server/db/startupLock.ts).
  const seeded = await withStartupLock(config.databaseUrl, async () => {
    await runMigrations(handle);
    return seed(handle, { shares: config.seedShares, ...(config.seedPassword ? { password: config.seedPassword } : {}) });
  });

  const app = await buildApp({ db: handle, config, logger: true });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A request that never finishes must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
    } finally {
      // PGlite writes its data directory on close: skipping this can leave a database to recover.
      await handle.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(banner(config, handle, seeded.users, seeded.seeded, seeded.shares));
}

main().catch((err) => {
  console.error('Repasse failed to start:', err);
  process.exit(1);
});
