/**
 * Demo data (DESIGN §4): brands, administrators, funds, players, demo users, auctions and a
 * generated portfolio of shares with everything that hangs off them.
 *
 * Decisions:
 * - Deterministic: the same PRNG seed gives the same rows (ids, contract numbers, names, CPFs).
 *   Dates are offsets from the moment of seeding (`now`) so the demo always looks recent.
 * - Idempotent: nothing happens when the users table already has rows. The whole seed is one
 *   transaction under an advisory lock, so a crash or two servers starting at once never leave
 *   a half-seeded database that the next start would mistake for a seeded one.
 * - Contract numbers: `<ADM>-<7-digit sequence>` (ACM-0000001, ORB-0000002, VRT-0000003): the
 *   prefix tells the administrator at a glance, the sequence is global so numbers never collide.
 * - CPF and CNPJ are stored digits only on persons, companies, shares.owner_document, funds and
 *   players; formatting is the interface's job, and search should strip the mask from its input.
 *   The white-label configuration keeps the masked CNPJ in `cnpj` and the digits in
 *   `admIdByCnpj` (SPEC §3). Phones are stored masked because SPEC §5 validates the mask; CEPs
 *   as 00000-000. `shares.cancel_reason` holds a `cancel_reasons.id`.
 * - Distributions (seed/shares.ts COMBOS): available 36% (fresh 22, canceled 6 at step 5,
 *   rejected 3 at -1 and 2 at 4, inactive 3 at 8), sent_to_autoservice 14% (step 0 or 1),
 *   accepted_by_client 10% (1), received_from_client 10% (2), approved_by_adm 9% (3),
 *   payment_done 12% (6), with_pendency 9% (7, previous_state set). The first 36 shares walk every
 *   combination for each administrator, so any seed of 36+ shares covers all of them everywhere.
 *   Administrators 45/35/20%; a fund on ~40% (only shares in a sale); PJ 15%; first signer
 *   incomplete 20%; second signer 25%; bank accounts on 50%; 1–3 proposals, one selected, on
 *   every share past available; ~45% of the sales past the signed contract sent to the partner.
 * - Files are not seeded: a file row may only say `complete` once its bytes exist in storage.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from './client';
import { users } from './schema';
import { hashPassword } from '../services/password';
import { BATCH_ORDER, ShareGenerator, createBatches, type Batches } from './seed/shares';
import { DEMO_USERS, WORKING_OPERATORS, insertReference } from './seed/reference';
import { insertAuctions } from './seed/auctions';
import { Random } from './seed/random';
import { rowsOf } from './seed/bulk';

export { DEMO_USERS } from './seed/reference';
export type { DemoUser } from './seed/reference';

export interface SeedOptions {
  /** Number of generated shares; default 3000. */
  shares?: number;
  /** Password of every demo user; default SEED_PASSWORD or 'repasse123'. */
  password?: string;
  /** PRNG seed; default 42. */
  seed?: number;
  log?: (msg: string) => void;
  /** The moment the demo data is relative to; default now. */
  now?: Date;
  /**
   * Drop the seeded tables' secondary indexes and foreign keys during the load and rebuild them
   * after, inside the same transaction. Default: on for PostgreSQL from 100,000 shares, where
   * building an index once is several times faster than maintaining it row by row.
   */
  deferIndexes?: boolean;
}

export interface SeedSummary {
  /** False when the database already had users and nothing was written. */
  seeded: boolean;
  shares: number;
  users: { email: string; profile: string }[];
}

export const DEFAULT_SHARES = 3000;
export const DEFAULT_SEED = 42;
export const DEFAULT_PASSWORD = 'repasse123';
/** Arbitrary key of the advisory lock that serialises concurrent seeds. */
const SEED_LOCK = 7_263_001;
const DEFER_THRESHOLD = 100_000;

/** Tables the generator fills in bulk, parents first. */
const BULK_TABLES = ['shares', 'persons', 'companies', 'banks', 'proposals', 'share_history', 'process_status_history', 'pendencies', 'cancellations'];

const demoSummary = (present?: Set<string>) =>
  DEMO_USERS.filter((u) => !present || present.has(u.email)).map((u) => ({ email: u.email, profile: u.profiles[0] }));

const userCount = async (db: Pick<Tx, 'execute'>): Promise<number> => {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ${users}`));
  return Number(row?.n ?? 0);
};

async function existingSummary(handle: DatabaseHandle): Promise<SeedSummary> {
  const [shares] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM shares`));
  const present = await handle.db.select({ email: users.email }).from(users);
  return { seeded: false, shares: Number(shares?.n ?? 0), users: demoSummary(new Set(present.map((u) => u.email))) };
}

export async function seed(handle: DatabaseHandle, options: SeedOptions = {}): Promise<SeedSummary> {
  const count = options.shares ?? DEFAULT_SHARES;
  if (!Number.isInteger(count) || count < 0) throw new Error(`Invalid share count: ${count}`);
  const log = options.log ?? (() => {});
  const seedValue = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();

  // Cheap check first: the usual restart must not pay for a password hash.
  if ((await userCount(handle.db)) > 0) return existingSummary(handle);

  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
  const passwordHash = await hashPassword(options.password ?? process.env.SEED_PASSWORD ?? DEFAULT_PASSWORD);
  const defer = options.deferIndexes ?? (handle.kind === 'postgres' && count >= DEFER_THRESHOLD);
  const chunkSize = handle.kind === 'postgres' ? 5000 : 1000;

  const done = await handle.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await userCount(tx)) > 0) return false;
    log(`seeding ${count.toLocaleString('en')} shares (seed ${seedValue}) into ${handle.kind} ${handle.location}`);

    const { userIdByEmail } = await insertReference(tx, passwordHash, now);
    const admUser = new Map<number, string>();
    for (const u of DEMO_USERS) if (u.admId && !u.deniedPermissions?.length && !admUser.has(u.admId)) admUser.set(u.admId, userIdByEmail.get(u.email)!);
    const generator = new ShareGenerator({
      rng: new Random(seedValue),
      now: now.getTime(),
      operators: WORKING_OPERATORS.map((e) => userIdByEmail.get(e)!),
      admUser,
    });

    const rebuild = defer ? await dropSecondaryStructures(tx) : [];
    if (defer) log(`deferred ${rebuild.length} indexes and foreign keys until the load is done`);

    // Generation of chunk k+1 overlaps the database's work on chunk k: the generator yields to the
    // event loop now and then so the driver can send the queued statements meanwhile.
    let pending: Promise<void> = Promise.resolve();
    let lastLog = performance.now();
    const batches: Batches = createBatches();
    for (let start = 0; start < count; start += chunkSize) {
      const end = Math.min(count, start + chunkSize);
      for (let i = start; i < end; i++) {
        generator.generate(i, batches);
        if ((i + 1) % 500 === 0) await new Promise((r) => setImmediate(r));
      }
      await pending;
      const statements = BATCH_ORDER.map((name) => batches[name].take()).filter((s) => s !== null);
      pending = (async () => {
        for (const statement of statements) await tx.execute(statement);
      })();
      // Awaited on the next round; this only keeps Node from reporting a rejection as unhandled.
      pending.catch(() => {});
      if (performance.now() - lastLog > 2000 || end === count) {
        lastLog = performance.now();
        log(`shares ${end.toLocaleString('en')}/${count.toLocaleString('en')} (${Math.round((end / Math.max(count, 1)) * 100)}%) ${elapsed()}`);
      }
    }
    await pending;

    if (rebuild.length) {
      await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const statement of rebuild) {
        const t = performance.now();
        await tx.execute(sql.raw(statement));
        log(`  ${statement.slice(0, 90)}${statement.length > 90 ? '…' : ''} ${((performance.now() - t) / 1000).toFixed(1)}s`);
      }
    }
    // Auctions offer available shares: they come once the shares (and their indexes) are there.
    await insertAuctions(tx, now, userIdByEmail);
    const rows = BATCH_ORDER.map((name) => `${name} ${batches[name].total.toLocaleString('en')}`).join(', ');
    log(`rows: ${rows}`);
    return true;
  });
  if (!done) return existingSummary(handle);

  // Fresh statistics, or the first list queries plan against an empty table. VACUUM also sets the
  // visibility map, without which index-only scans (the list's counts and deep pages) visit every
  // heap page; PGlite has no autovacuum to do it later, and PostgreSQL's would come minutes after.
  await handle.db.execute(sql`VACUUM (ANALYZE)`);
  log(`seed done in ${elapsed()}`);
  return { seeded: true, shares: count, users: demoSummary() };
}

/**
 * Drops the secondary indexes and the foreign keys of the bulk tables and returns the statements
 * that recreate them exactly as the migrations made them (pg_get_indexdef / pg_get_constraintdef).
 * Primary keys stay: the foreign keys being recreated need them.
 */
async function dropSecondaryStructures(tx: Tx): Promise<string[]> {
  const tables = sql.param(BULK_TABLES);
  const indexes = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`
    SELECT quote_ident(i.relname) AS name, pg_get_indexdef(i.oid) AS def
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND t.relname = ANY(${tables}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
    ORDER BY t.relname, i.relname`),
  );
  const foreignKeys = rowsOf<{ tbl: string; name: string; def: string }>(
    await tx.execute(sql`
    SELECT quote_ident(t.relname) AS tbl, quote_ident(c.conname) AS name, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE c.contype = 'f' AND n.nspname = current_schema() AND t.relname = ANY(${tables}::text[])
    ORDER BY t.relname, c.conname`),
  );
  for (const fk of foreignKeys) await tx.execute(sql.raw(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${fk.name}`));
  for (const ix of indexes) await tx.execute(sql.raw(`DROP INDEX ${ix.name}`));
  return [...indexes.map((ix) => ix.def), ...foreignKeys.map((fk) => `ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${fk.name} ${fk.def}`)];
}
