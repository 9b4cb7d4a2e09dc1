/**
 * The benchmark's scratch databases, kept between runs: a 1,000,000-share seed takes minutes, so a
 * database already holding the right number of shares is reused, and one that does not is rebuilt
 * with the documented seed (`npm run db:seed -- --reset --shares N`). The audit list's scenarios
 * need a trail the demo seed does not write (it starts empty): `auditEntries` tops the database's
 * audit_log up to that many entries, generated in one statement over its shares and users.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

const SEED_CLI = fileURLToPath(new URL('../../server/db/seedCli.ts', import.meta.url));

/** Server of BENCH_DATABASE_URL, else of DATABASE_URL, else the local default. */
export function serverUrl(env = process.env): string {
  const raw = env.BENCH_DATABASE_URL || env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(raw);
  url.pathname = '/postgres';
  return url.toString();
}

export const databaseName = (shares: number) => `repasse_bench_${shares >= 1_000_000 && shares % 1_000_000 === 0 ? `${shares / 1_000_000}m` : shares % 1000 === 0 ? `${shares / 1000}k` : shares}`;

function runSeed(shares: number, env: NodeJS.ProcessEnv, log: (m: string) => void): void {
  log(`seeding ${shares.toLocaleString('en')} shares (npm run db:seed -- --reset --shares ${shares})`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', SEED_CLI, '--reset', '--shares', String(shares)], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`seed failed with status ${result.status}`);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function countShares(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<number> {
  try {
    const { rows } = await query('select count(*)::int as n from shares');
    return Number(rows[0].n);
  } catch {
    return -1;
  }
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * What the app writes, in about its proportions: moves and edits of shares (each with the share's
 * contract and brand), and logins (the user's brand, no contract).
 */
const AUDIT_MIX = [
  'share.share_send_autoservice',
  'share.client_accept',
  'share.contract_received',
  'share.set_transfer',
  'share.set_paid',
  'share.transfer_responsible',
  'share.pendency_open',
  'share.pendency_clear',
  'share.proof_attach',
  'person.save',
  'bank.save',
  'proposal.select',
  'file.upload',
  'session.login',
  'session.login',
];

/**
 * At least `entries` audit entries: the ones missing are generated in one INSERT … SELECT over
 * generate_series, spread over the last year (newest first is the list's order), each share and
 * user taken in turn by a fixed stride so that every brand and contract has its share of the trail.
 * Entries the app itself writes during a run (logins, the benchmarked write) count towards the total.
 */
export async function ensureAuditEntries(query: Query, entries: number, log: (m: string) => void): Promise<void> {
  if (entries <= 0) return;
  const have = Number((await query('select count(*)::bigint as n from audit_log')).rows[0].n);
  if (have >= entries) {
    log(`audit_log: reusing (${have.toLocaleString('en')} entries)`);
    return;
  }
  const missing = entries - have;
  log(`audit_log: generating ${missing.toLocaleString('en')} entries`);
  const started = performance.now();
  const actions = `array[${AUDIT_MIX.map((a) => `'${a}'`).join(', ')}]`;
  await query(`
    insert into audit_log (at, user_id, action, object_type, object_id, adm_id, contract_number, before, after)
    select
      now() - (g * interval '1 minute') * (525600.0 / ${missing}) - (g % 60) * interval '1 second',
      u.id,
      a.action,
      split_part(a.action, '.', 1),
      case when a.action = 'session.login' then u.id::text when a.action like 'share.%' then s.contract_number else s.contract_number || '-' || (g % 3 + 1) end,
      case when a.action = 'session.login' then u.adm_id else s.adm_id end,
      case when a.action = 'session.login' then null else s.contract_number end,
      case when a.action = 'session.login' then null else jsonb_build_object('state', 'available', 'version', g % 7) end,
      case when a.action = 'session.login' then jsonb_build_object('ip', '127.0.0.1') else jsonb_build_object('state', 'sent_to_autoservice', 'version', g % 7 + 1) end
    from generate_series(1, ${missing}) g
    join (select contract_number, adm_id, row_number() over (order by id) - 1 as n from shares) s
      on s.n = (g::bigint * 7919) % (select count(*) from shares)
    join (select id, adm_id, row_number() over (order by email) - 1 as n from users where profiles[1] <> 'fund') u
      on u.n = g % (select count(*) from users where profiles[1] <> 'fund')
    join (select action, (n - 1)::int as n from unnest(${actions}) with ordinality as t(action, n)) a
      on a.n = g % ${AUDIT_MIX.length}`);
  log(`audit_log: generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** A PostgreSQL database seeded with exactly `shares` shares (and at least `auditEntries` audit entries); returns its URL. */
export async function ensurePostgres(shares: number, log: (m: string) => void, auditEntries = 0): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  const name = databaseName(shares);
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const count = await countShares((t) => client.query(t)).finally(() => client.end());
  if (count === shares) log(`${name}: reusing (${shares.toLocaleString('en')} shares)`);
  else runSeed(shares, { ...process.env, DATABASE_URL: url.toString() }, log);
  if (auditEntries > 0) {
    const audit = new pg.Client({ connectionString: url.toString() });
    await audit.connect();
    await ensureAuditEntries((t) => audit.query(t), auditEntries, log).finally(() => audit.end());
  }
  // What autovacuum does in steady state (after the seed's bulk load, after the last run's writes):
  // the visibility map that lets a deep page or a bounded count read the index alone.
  const vacuum = new pg.Client({ connectionString: url.toString() });
  await vacuum.connect();
  await vacuum.query('vacuum (analyze)').finally(() => vacuum.end());
  return url.toString();
}

/** A PGlite data directory seeded with exactly `shares` shares (and at least `auditEntries` audit entries). */
export async function ensurePglite(dir: string, shares: number, log: (m: string) => void, auditEntries = 0): Promise<void> {
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const count = await countShares((t) => client.query(t)).finally(() => client.close());
  if (count === shares) log(`${dir}: reusing (${shares.toLocaleString('en')} shares)`);
  else {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    runSeed(shares, env, log);
  }
  if (auditEntries > 0) {
    const audit = await PGlite.create(dir, { extensions: { pg_trgm } });
    await ensureAuditEntries((t) => audit.query(t), auditEntries, log).finally(() => audit.close());
  }
  // PGlite has no autovacuum: without this its tables never get a visibility map and every index
  // walk fetches the heap. The app vacuums after bulk moves (server/db/bulkVacuum.ts), not after the seed.
  const vacuum = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    await vacuum.query('vacuum (analyze) shares');
    if (auditEntries > 0) await vacuum.query('vacuum (analyze) audit_log');
  } finally {
    await vacuum.close();
  }
}
