/**
 * `npx tsx bench/api/profile.ts`: where the API process's CPU goes under load (issue 17). Starts the
 * app as the API benchmark does (bench/api/server.ts, forked) under `--cpu-prof`, loads only the app
 * (no bare replay, no HTTP floor: the profile is the app's alone) with autocannon for each chosen
 * scenario, then prints self time by module (each npm package, each of our files, Node's internals;
 * native calls counted under the module that made them) and the top functions by self time.
 *
 * Env: PROFILE_ONLY scenario names as BENCH_ONLY (`share/get|action*`; default share/get),
 * PROFILE_TARGET=postgres|pglite (default postgres), PROFILE_SHARES=100000 (the benchmark's scratch
 * database or PGlite directory of that size, built if missing), PROFILE_AUDIT_ENTRIES=1000000 (the
 * audit trail the audit list scenarios read, as in the benchmark; 0 leaves it as it is),
 * PROFILE_SECONDS=10 per scenario,
 * PROFILE_CONNECTIONS=50, PROFILE_TOP=40 functions.
 *
 * The app runs on the Node production runs, as in the benchmark (bench/api/runtime.ts, BENCH_API_NODE).
 *
 * `npx tsx bench/api/profile.ts some.cpuprofile|a-directory` only summarizes existing profiles.
 */
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PASSWORD } from '../../server/db/seed';
import { ensurePglite, ensurePostgres } from './databases';
import { load } from './load';
import { type Who, loadFixtures, scenarios } from './scenarios';
import { startTarget } from './target';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOP = Number(process.env.PROFILE_TOP ?? 40);

/** A frame's module: an npm package, one of our files, a Node internal, or V8's own bookkeeping. */
export function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const rel = relative(ROOT, path);
  return rel.startsWith('..') ? path : rel;
}

/** Native frames (a syscall, a builtin) belong to the JavaScript that called them. */
function ownerOf(node: ProfileNode, parent: Map<number, ProfileNode>): string {
  const own = moduleOf(node.callFrame);
  if (own !== '(native)') return own;
  for (let p = parent.get(node.id); p; p = parent.get(p.id)) {
    const m = moduleOf(p.callFrame);
    if (m !== '(native)' && !m.startsWith('(')) return `${m} (native)`;
  }
  return own;
}

export interface Summary {
  totalMs: number;
  byModule: [string, number][];
  byFunction: [string, number][];
}

export function summarize(profile: CpuProfile): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const frame = node.callFrame;
    const mod = ownerOf(node, parent);
    total += us;
    modules.set(mod, (modules.get(mod) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${mod}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / 1000] as [string, number]);
  return { totalMs: total / 1000, byModule: sorted(modules), byFunction: sorted(functions) };
}

const busyOf = (s: Summary) => s.totalMs - (s.byModule.find(([m]) => m === '(idle)')?.[1] ?? 0);

function print(file: string, s: Summary): void {
  const busy = busyOf(s);
  const pct = (v: number) => `${((100 * v) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\n${file}: ${(s.totalMs / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy (percentages of busy time)\n`);
  console.log('self time by module:');
  for (const [m, v] of s.byModule.filter(([m]) => m !== '(idle)').slice(0, 30)) console.log(`  ${pct(v)}  ${v.toFixed(0).padStart(7)} ms  ${m}`);
  console.log(`\ntop ${TOP} functions by self time:`);
  for (const [f, v] of s.byFunction.filter(([f]) => !f.startsWith('(idle)')).slice(0, TOP)) console.log(`  ${pct(v)}  ${v.toFixed(0).padStart(7)} ms  ${f}`);
}

function profilesIn(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(path, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

const log = (m: string) => console.log(`[profile] ${m}`);
const USERS: Record<Who, string> = { operator: 'operador@repasse.dev', adm: 'adm@acme.repasse.dev' };

async function login(baseUrl: string, username: string): Promise<string> {
  const password = process.env.SEED_PASSWORD || DEFAULT_PASSWORD;
  const res = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Runs the chosen scenarios against the app alone under --cpu-prof; answers the profile directory. */
async function profileRun(): Promise<string> {
  const only = (process.env.PROFILE_ONLY ?? 'share/get').split('|').map((x) => x.trim()).filter(Boolean);
  const wanted = (name: string) => only.some((o) => (o.endsWith('*') ? name.startsWith(o.slice(0, -1)) : name === o));
  const shares = Number(process.env.PROFILE_SHARES ?? 100_000);
  const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
  const connections = Number(process.env.PROFILE_CONNECTIONS ?? 50);
  const auditEntries = Number(process.env.PROFILE_AUDIT_ENTRIES ?? 1_000_000);
  const dir = mkdtempSync(join(tmpdir(), 'repasse-api-profile-'));
  process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --cpu-prof --cpu-prof-dir=${dir}`.trim();
  let env: { BENCH_DB_URL?: string; BENCH_PGLITE_DIR?: string };
  if (process.env.PROFILE_TARGET === 'pglite') {
    const pgliteDir = `/tmp/repasse-bench-pglite-${shares >= 1000 ? `${shares / 1000}k` : shares}`;
    await ensurePglite(pgliteDir, shares, log, auditEntries);
    env = { BENCH_PGLITE_DIR: pgliteDir };
  } else env = { BENCH_DB_URL: await ensurePostgres(shares, log, auditEntries) };
  const target = await startTarget(env);
  try {
    const tokens: Record<Who, string> = { operator: await login(target.baseUrl, USERS.operator), adm: await login(target.baseUrl, USERS.adm) };
    const fixtures = await loadFixtures(target, tokens.operator);
    const setResponsible = async (shareId: string, responsibleId: string) => {
      await fetch(`${target.baseUrl}/api/share/transfer_responsible_save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.operator}`, 'content-type': 'application/json' },
        body: JSON.stringify({ shareId, responsibleId }),
      }).then((r) => r.arrayBuffer());
    };
    const chosen = scenarios(fixtures, setResponsible).filter((x) => wanted(x.name));
    if (!chosen.length) throw new Error(`PROFILE_ONLY names no scenario: ${only.join(' | ')}`);
    for (const s of chosen) {
      await s.prepare?.();
      await load(target.baseUrl, tokens[s.who], s.variants, connections, 1);
      const cpu0 = await target.cpu();
      const run = await load(target.baseUrl, tokens[s.who], s.variants, connections, seconds);
      const cpu = (await target.cpu()) - cpu0;
      log(`${s.name}: ${(run.samplesMs.length / run.seconds).toFixed(0)} req/s at ${connections} connections, ${(cpu / Math.max(1, run.samplesMs.length)).toFixed(0)} µs CPU per request${run.errors ? `, ${run.errors} errors` : ''}`);
    }
  } finally {
    await target.close();
  }
  return dir;
}

async function main(): Promise<void> {
  const files = process.argv[2] ? process.argv.slice(2).flatMap(profilesIn) : profilesIn(await profileRun());
  if (!files.length) throw new Error('no .cpuprofile found');
  // The main thread's profile first; tsx's loader thread, nearly idle, is left out.
  const summaries = files.map((f) => ({ f, s: summarize(JSON.parse(readFileSync(f, 'utf8')) as CpuProfile) }));
  const busiest = Math.max(...summaries.map(({ s }) => busyOf(s)));
  for (const { f, s } of summaries) if (busyOf(s) >= busiest / 10) print(f, s);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
