/**
 * A migrated and seeded in-memory PGlite database, copied from a template made once per test run.
 *
 * Creating PGlite (initdb in WebAssembly), migrating and seeding cost about 3.5 CPU seconds per
 * test file, the same work for every file with the same share count. The first file that needs a
 * given count builds it as before and dumps the data directory (PGlite's dumpDataDir) into the
 * run's template directory (globalSetup.ts); the next ones start PGlite from that dump
 * (loadDataDir, under 1 CPU second). The copy is the same database: same rows, ids and password
 * hashes; its dates are relative to the moment the template was seeded, at most one run earlier.
 * Without the template directory (outside the API project), every call builds afresh.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { type DatabaseHandle, type Db, openDatabase, pgliteListen } from '../../../server/db/client';
import { runMigrations } from '../../../server/db/migrate';
import { seed } from '../../../server/db/seed';
import { PGLITE_TEMPLATES_ENV } from './globalSetup';

async function buildFresh(shares: number, password: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({});
  try {
    await runMigrations(handle);
    await seed(handle, { shares, password });
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/** The handle openDatabase({}) gives, over a PGlite started from a dump (same extensions). */
async function openFromDump(dump: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
  const db = drizzle(client) as unknown as Db;
  return { db, kind: 'pglite', location: 'memory', close: () => client.close(), listen: pgliteListen(client) };
}

export async function seededPglite(shares: number, password: string): Promise<DatabaseHandle> {
  const dir = process.env[PGLITE_TEMPLATES_ENV];
  if (!dir) return buildFresh(shares, password);
  const file = join(dir, `shares-${shares}-${Buffer.from(password).toString('hex')}.tar`);
  if (existsSync(file)) return openFromDump(new Blob([readFileSync(file)]));
  const handle = await buildFresh(shares, password);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  // Written aside and renamed: a file that exists is always whole.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return handle;
}
