/**
 * `npx tsx bench/api.ts`: the API benchmark of issue 5. The real app (loadConfig + buildApp, in a
 * forked process) on PostgreSQL seeded with 100,000 and 1,000,000 shares, and on the embedded
 * PGlite with 100,000; autocannon over loopback at 1 and 50 connections against the same SQL
 * replayed straight through the driver (captured from the endpoint, see bench/api/sqlCapture.ts).
 * Writes bench/results/api-postgres.md and bench/results/api-pglite.md.
 *
 * Env: BENCH_SIZES=100000,1000000 (PostgreSQL sizes), BENCH_DURATION=5 (seconds per run),
 * BENCH_TARGETS=postgres,pglite, BENCH_PGLITE_SHARES=100000, BENCH_PGLITE_DIR (default under /tmp),
 * BENCH_DATABASE_URL (server of the scratch databases repasse_bench_100k, repasse_bench_1m; else
 * DATABASE_URL's server; else postgres://postgres@127.0.0.1:5432). The scratch databases and the
 * PGlite directory are kept and reused while they hold the right number of shares.
 * BENCH_API_NODE: the app's Node binary; by default the .nvmrc line production runs (bench/api/runtime.ts),
 * installed from the npm registry when the running Node is another.
 * BENCH_NODE_ARGS: extra Node flags for the app's process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 * BENCH_ONLY: only these scenarios, named as in the report and separated by `|`, e.g.
 * `list page 1|share/get`; a name ending in `*` is a prefix (`audit*`). The result files then hold
 * those rows only.
 * BENCH_AUDIT_ENTRIES=1000000: the audit trail the audit list scenarios read, generated once in each
 * scratch database (bench/api/databases.ts ensureAuditEntries) and reused; 0 generates none.
 *
 * Issue 18's scenarios alone, at a small scale (a minute, not the 30 of 1M): README "Performance".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { DEFAULT_PASSWORD } from '../server/db/seed';
import { databaseName, ensurePglite, ensurePostgres } from './api/databases';
import { type Variant, load } from './api/load';
import { type Section, document, machine } from './api/report';
import { CAPTURE_HEADER } from './api/sqlCapture';
import { type Samples, merge } from './api/stats';
import { type Who, loadFixtures, scenarios } from './api/scenarios';
import { appNode } from './api/runtime';
import { type Target, startTarget } from './api/target';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map((s) => Number(s.replace(/[_\s]/g, ''))).filter((n) => n > 0);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const PGLITE_SHARES = Number(process.env.BENCH_PGLITE_SHARES ?? 100_000);
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? `/tmp/repasse-bench-pglite-${PGLITE_SHARES >= 1000 ? `${PGLITE_SHARES / 1000}k` : PGLITE_SHARES}`;
const CONNECTIONS = [1, 50];
/** Each run is cut into this many slices, ours and bare alternating, so both see the same noise. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
/** Only these scenarios (their names as in the report, separated by |; `name*` a prefix), for a quick look at a few rows. */
const ONLY = (process.env.BENCH_ONLY ?? '').split('|').map((s) => s.trim()).filter(Boolean);
const wanted = (name: string) => !ONLY.length || ONLY.some((o) => (o.endsWith('*') ? name.startsWith(o.slice(0, -1)) : name === o));
const AUDIT_ENTRIES = Number((process.env.BENCH_AUDIT_ENTRIES ?? '1000000').replace(/[_\s]/g, ''));
const PASSWORD = process.env.SEED_PASSWORD || DEFAULT_PASSWORD;
const USERS: Record<Who, string> = { operator: 'operador@repasse.dev', adm: 'adm@acme.repasse.dev' };

const log = (m: string) => console.log(`[bench:api] ${m}`);

async function login(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function send(baseUrl: string, token: string, v: Variant, capture = false): Promise<void> {
  const res = await fetch(`${baseUrl}${v.path}`, {
    method: v.method,
    headers: { authorization: `Bearer ${token}`, ...(v.body ? { 'content-type': 'application/json' } : {}), ...(capture ? { [CAPTURE_HEADER]: '1' } : {}) },
    ...(v.body ? { body: v.body } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${v.method} ${v.path}: ${res.status} ${text}`);
}

/**
 * When autocannon stops, the requests still in flight are dropped by the client but not by the
 * server, which goes on serving them (on PGlite, one after the other): wait for that backlog to
 * clear, behind a health check, before the next slice measures anything.
 */
async function drain(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
}

async function suite(target: Target, title: string, shares: number): Promise<Section> {
  const tokens: Record<Who, string> = { operator: await login(target.baseUrl, USERS.operator), adm: await login(target.baseUrl, USERS.adm) };
  const fixtures = await loadFixtures(target, tokens.operator);
  const setResponsible = (shareId: string, responsibleId: string) =>
    send(target.baseUrl, tokens.operator, { method: 'POST', path: '/api/share/transfer_responsible_save', body: JSON.stringify({ shareId, responsibleId }) });
  const section: Section = { title, shares, rows: [], sql: [], notes: [] };
  if (!fixtures.page5000Cursor) section.notes.push('The server offers no cursor: page 5,000 is measured by offset only.');

  const chosen = scenarios(fixtures, setResponsible).filter((x) => wanted(x.name));
  if (ONLY.length && !chosen.length) throw new Error(`BENCH_ONLY names no scenario: ${ONLY.join(' | ')}`);
  for (const s of chosen) {
    const token = tokens[s.who];
    // The SQL of each distinct request, captured one request at a time, becomes one bare plan.
    const planIds: number[] = [];
    // One unrecorded call first, so a capture holds the request's own SQL and not a cache refill
    // (the auth cache re-reads the user every 2 s; under load that is one query in thousands).
    await send(target.baseUrl, token, s.variants[0]);
    await s.prepare?.();
    // A scenario's prepare can outlast the auth cache: one more harmless signed-in call refills it.
    await send(target.baseUrl, token, { method: 'GET', path: '/api/share/canceled_reason_list' });
    for (const v of s.variants) {
      const captured = await target.capture(() => send(target.baseUrl, token, v, true));
      if (planIds.length === 0) section.sql.push({ scenario: s.name, steps: captured.steps });
      planIds.push(captured.planId);
    }
    await target.floor(planIds);
    // Warm-up, unmeasured: JIT, plan caches, the pool's connections.
    await load(target.baseUrl, token, s.variants, 10, 1);
    await load(target.floorUrl, token, s.variants, 10, 0.5);
    await drain(target.baseUrl);
    for (const connections of CONNECTIONS) {
      const oursRuns: Samples[] = [];
      const bareRuns: Samples[] = [];
      const floorRuns: Samples[] = [];
      // The app's process CPU during a load, per request: what each answer costs beyond the wait.
      const measured = async (url: string) => {
        const cpu0 = await target.cpu();
        const run = await load(url, token, s.variants, connections, SECONDS / ROUNDS);
        return { ...run, cpuUs: (await target.cpu()) - cpu0 };
      };
      for (let round = 0; round < ROUNDS; round++) {
        oursRuns.push(await measured(target.baseUrl));
        await drain(target.baseUrl);
        bareRuns.push(await target.bare(planIds, connections, SECONDS / ROUNDS));
        floorRuns.push(await measured(target.floorUrl));
        await drain(target.baseUrl);
      }
      const ours = merge(oursRuns);
      const bare = merge(bareRuns);
      const floor = merge(floorRuns);
      section.rows.push({ scenario: s.name, kind: s.kind, connections, ours, bare, floor, comparedTo: s.comparedTo });
      log(
        `${title} | ${s.name} | c=${connections} | p50 ${ours.p50.toFixed(2)} p99 ${ours.p99.toFixed(2)} ms ${ours.rps.toFixed(0)} req/s | bare p50 ${bare.p50.toFixed(2)} ms ${bare.rps.toFixed(0)} req/s | floor ${floor.rps.toFixed(0)} req/s p99 ${floor.p99.toFixed(2)} ms | ours/floor ${(ours.rps / floor.rps).toFixed(2)} | CPU/req ${ours.cpuPerRequestUs.toFixed(0)} / floor ${floor.cpuPerRequestUs.toFixed(0)} µs${ours.errors ? ` | ${ours.errors} errors` : ''}`,
      );
    }
  }
  return section;
}

const INTRO =
  'Each row: autocannon over loopback against the real app (`buildApp`, forked process, Fastify logger off), ' +
  `${SECONDS} s per run after a 1 s warm-up, in ${ROUNDS} slices alternating with the **bare** baseline (so both see the same background load): the SQL captured at the driver while the ` +
  'endpoint served the same requests, replayed through the same driver (same text, parameters, row mode and type ' +
  'parsers; statements that overlapped run in parallel again, a transaction on one connection) by 1 or 50 concurrent ' +
  'loops in the app\'s process, on a pool of the same size. Ratios are ours/bare: req/s (higher is better, target ≥ 0.85×) and ' +
  'p50 (lower is better). The **HTTP floor** is a plain node:http server in the same process answering each request ' +
  'by replaying the same captured SQL and sending its rows as JSON, with nothing else (no routing, auth, validation, hooks), ' +
  'loaded by the same autocannon in the same alternating slices: floor/bare is what HTTP and the load generator cost on ' +
  'this machine, whatever the app does, and ours/floor is the app\'s own overhead. ' +
  '**CPU/req** is the CPU time (user + system, process.cpuUsage) of the app\'s process during the ours or the floor slices, divided by their requests ' +
  '(on PGlite it includes the database, which runs in that process; on PostgreSQL it does not). ' +
  'Latencies are per request as the client saw them. Every list answer carries its total; ' +
  'an estimated total is reused for 10 s (docs/api.md), so past the first request a large list sends its page query alone, and so does its bare replay.';

async function main(): Promise<void> {
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  // The 1-minute load average says whether anything else shared the 2 CPUs when the run began.
  const startLoad = loadavg();
  const noise =
    startLoad[0] > 1.5
      ? 'Figures are noisy: other jobs shared the CPUs with the app, PostgreSQL and the load generator (load average above).'
      : 'A quiet machine at the start (load average above): the CPUs are shared by the app, PostgreSQL and the load generator only.';
  // The app (and the HTTP floor, in its process) runs on the Node production runs (bench/api/runtime.ts).
  const runtime = `The app and the HTTP floor on Node ${appNode(log).version} (the .nvmrc line production runs, bench/api/runtime.ts); the load generator on Node ${process.version}`;

  if (TARGETS.includes('postgres') && SIZES.length) {
    const sections: Section[] = [];
    let pgVersion = '';
    for (const shares of SIZES) {
      const url = await ensurePostgres(shares, log, AUDIT_ENTRIES);
      const target = await startTarget({ BENCH_DB_URL: url });
      try {
        pgVersion ||= String((await target.sql<{ v: string }>('select version() as v'))[0].v).split(' on ')[0];
        sections.push(await suite(target, `PostgreSQL, ${shares.toLocaleString('en')} shares (${databaseName(shares)}, pool ${target.poolSize})`, shares));
      } finally {
        await target.close();
      }
      const header = machine([runtime, pgVersion, noise], startLoad);
      writeFileSync(new URL('./results/api-postgres.md', import.meta.url), document('API on PostgreSQL', INTRO, header, sections));
    }
    log('wrote bench/results/api-postgres.md');
  }

  if (TARGETS.includes('pglite')) {
    await ensurePglite(PGLITE_DIR, PGLITE_SHARES, log, AUDIT_ENTRIES);
    const target = await startTarget({ BENCH_PGLITE_DIR: PGLITE_DIR });
    try {
      const section = await suite(target, `PGlite (embedded, in the app's process), ${PGLITE_SHARES.toLocaleString('en')} shares (${PGLITE_DIR})`, PGLITE_SHARES);
      section.notes.push(
        'PGlite runs one statement at a time in the app\'s own thread: 50 connections queue behind each other, and the bare baseline replays on the very same instance. ' +
          'PGlite has no autovacuum; the benchmark vacuums its directory before measuring (the app vacuums PGlite after bulk moves, server/db/bulkVacuum.ts, but not after the seed).',
      );
      writeFileSync(new URL('./results/api-pglite.md', import.meta.url), document('API on the embedded PGlite', INTRO, machine([runtime, noise], startLoad), [section]));
    } finally {
      await target.close();
    }
    log('wrote bench/results/api-pglite.md');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
