/** The Markdown of the API benchmark: one table per database and size, its targets and the SQL. */
import { cpus, loadavg, totalmem } from 'node:os';
import type { Figures } from './stats';

export interface Row {
  scenario: string;
  kind: 'reference' | 'list' | 'get' | 'action';
  connections: number;
  ours: Figures;
  bare: Figures;
  /** The HTTP floor: plain node:http answering with the same SQL (bench/api/server.ts). */
  floor: Figures;
  comparedTo?: string;
}

export interface Section {
  title: string;
  shares: number;
  rows: Row[];
  sql: { scenario: string; steps: { kind: string; texts: string[] }[] }[];
  notes: string[];
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 1)} ms` : '–');
const rps = (v: number) => v.toFixed(0);
const us = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} µs` : '–');
const ratio = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : '–');

export const THROUGHPUT_TARGET = 0.85;
export const LIST_P99_TARGET_MS = 25;
export const DEEP_PAGE_FACTOR = 10;

/**
 * Targets of issue 5 that apply to a row, each with its verdict. `floorMisses`: the HTTP floor
 * (plain node:http, same SQL) misses it too, so no HTTP API could meet it on this machine.
 */
function verdicts(row: Row, rows: Row[], shares: number): { target: string; ok: boolean; floorMisses?: boolean }[] {
  const out: { target: string; ok: boolean; floorMisses?: boolean }[] = [];
  if (row.kind === 'reference') return out;
  const throughput = row.ours.rps / row.bare.rps;
  out.push({ target: `req/s ≥ ${THROUGHPUT_TARGET}× bare`, ok: throughput >= THROUGHPUT_TARGET, floorMisses: row.floor.rps / row.bare.rps < THROUGHPUT_TARGET });
  if (row.kind === 'list' && row.connections === 50 && shares >= 1_000_000)
    out.push({ target: `p99 ≤ ${LIST_P99_TARGET_MS} ms`, ok: row.ours.p99 <= LIST_P99_TARGET_MS, floorMisses: row.floor.p99 > LIST_P99_TARGET_MS });
  if (row.comparedTo) {
    const base = rows.find((r) => r.scenario === row.comparedTo && r.connections === row.connections);
    if (base) {
      const factor = row.ours.p50 / base.ours.p50;
      out.push({ target: `p50 ≤ ${DEEP_PAGE_FACTOR}× page 1 (${factor.toFixed(1)}×)`, ok: factor <= DEEP_PAGE_FACTOR });
    }
  }
  if (row.ours.errors > 0) out.push({ target: `no errors (${row.ours.errors})`, ok: false });
  return out;
}

export function table(section: Section): string {
  const head =
    '| scenario | conn. | p50 | p95 | p99 | req/s | bare p50 | bare p99 | bare req/s | ratio req/s | ratio p50 | floor p99 | floor req/s | floor/bare req/s | ours/floor req/s | CPU/req | floor CPU/req | target | status |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |';
  const lines = section.rows.map((r) => {
    const v = verdicts(r, section.rows, section.shares);
    const status = r.kind === 'reference' ? 'reference' : v.every((x) => x.ok) ? 'met' : `missed: ${v.filter((x) => !x.ok).map((x) => `${x.target}${x.floorMisses ? ' (so does the HTTP floor)' : ''}`).join('; ')}`;
    return `| ${r.scenario} | ${r.connections} | ${ms(r.ours.p50)} | ${ms(r.ours.p95)} | ${ms(r.ours.p99)} | ${rps(r.ours.rps)} | ${ms(r.bare.p50)} | ${ms(r.bare.p99)} | ${rps(r.bare.rps)} | ${ratio(r.ours.rps / r.bare.rps)} | ${ratio(r.ours.p50 / r.bare.p50)} | ${ms(r.floor.p99)} | ${rps(r.floor.rps)} | ${ratio(r.floor.rps / r.bare.rps)} | ${ratio(r.ours.rps / r.floor.rps)} | ${us(r.ours.cpuPerRequestUs)} | ${us(r.floor.cpuPerRequestUs)} | ${v.map((x) => x.target).join('; ')} | ${status} |`;
  });
  return [head, ...lines].join('\n');
}

/** `load`: the load average when the run began (before its own load), read once by the caller. */
export function machine(extra: string[], load: number[] = loadavg()): string {
  const cpu = cpus();
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpu.length} CPUs (${cpu[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, load average at start ${load.map((l) => l.toFixed(2)).join(' / ')}`,
    `- Node ${process.version}`,
    ...extra.map((e) => `- ${e}`),
  ].join('\n');
}

export function document(title: string, intro: string, header: string, sections: Section[]): string {
  const body = sections.map((s) => {
    const sqlText = s.sql
      .map((q) => `**${q.scenario}**\n\n${q.steps.map((st, i) => `${i + 1}. ${st.kind === 'tx' ? 'transaction, in order' : st.texts.length > 1 ? 'in parallel' : 'query'}:\n${st.texts.map((t) => `   - \`${t.replace(/\s+/g, ' ').replace(/`/g, "'")}\``).join('\n')}`).join('\n')}`)
      .join('\n\n');
    return `## ${s.title}\n\n${s.notes.map((n) => `${n}\n`).join('\n')}\n${table(s)}\n\n<details><summary>SQL captured from the endpoint and replayed as the bare baseline</summary>\n\n${sqlText}\n\n</details>\n`;
  });
  return `# ${title}\n\n${intro}\n\n${header}\n\n${body.join('\n')}`;
}
