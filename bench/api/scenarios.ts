/**
 * What the API benchmark measures: the share list at pages 1, 50 and 5,000 (by offset, and by
 * cursor when the server offers one), with filters and search, always with its total; the status
 * tabs' counts, the dashboard and the audit list /auditoria over its generated trail (issue 18);
 * one share; one write. Each scenario lists the exact requests it sends; the bare baseline replays
 * the SQL captured from those same requests.
 */
import type { Target } from './target';
import type { Variant } from './load';

export type Who = 'operator' | 'adm';

export interface Scenario {
  name: string;
  who: Who;
  kind: 'reference' | 'list' | 'get' | 'action';
  variants: Variant[];
  /** Rows whose p50 is compared with this scenario's (page 5,000 against page 1). */
  comparedTo?: string;
  /** Runs once before capture and load, unmeasured (puts the action's shares in a known state). */
  prepare?: () => Promise<void>;
}

const list = (params: Record<string, string | number>, filters?: object): Variant => {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  if (filters) q.set('filters', JSON.stringify(filters));
  return { method: 'GET', path: `/api/share/list?${q}` };
};

export interface Fixtures {
  contractNumbers: string[];
  shareIds: string[];
  /** Two operators the action alternates between. */
  responsibles: [string, string];
  /** The cursor of the row just before page 5,000 (row 99,980 of the default list), when offered. */
  page5000Cursor: string | null;
  /** Entries in the audit trail (bench/api/databases.ts ensureAuditEntries), for the scenarios' names. */
  auditEntries: number;
}

export async function loadFixtures(target: Target, token: string): Promise<Fixtures> {
  // Ordered by the random uuid: shares spread over every administrator and state.
  const rows = await target.sql<{ id: string; contract_number: string }>('select id, contract_number from shares order by id limit 100');
  const ops = await target.sql<{ id: string }>(`select id from users where email in ('beatriz@repasse.dev', 'caio@repasse.dev') order by email`);
  // The cursor a client holds on page 4,999 (asked for with an empty cursor): page 5,000 starts after it.
  const res = await fetch(`${target.baseUrl}/api/share/list?page=4999&limit=20&cursor=`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { nextCursor?: string | null };
  const [audit] = await target.sql<{ n: string }>('select count(*)::bigint as n from audit_log');
  return {
    contractNumbers: rows.map((r) => r.contract_number),
    shareIds: rows.map((r) => r.id),
    responsibles: [ops[0].id, ops[1].id],
    page5000Cursor: body.nextCursor ?? null,
    auditEntries: Number(audit.n),
  };
}

const audit = (params: Record<string, string | number>, filters?: object): Variant => {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  if (filters) q.set('filters', JSON.stringify(filters));
  return { method: 'GET', path: `/api/audit/list?${q}` };
};

/** Thirty days back from the run's start, to the minute (one query shape, one plan). */
const lastThirtyDays = () => {
  const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  return { from: new Date(to.getTime() - 30 * 86_400_000).toISOString(), to: to.toISOString() };
};

export function scenarios(f: Fixtures, setResponsible: (shareId: string, responsibleId: string) => Promise<void>): Scenario[] {
  const out: Scenario[] = [
    // What HTTP alone costs here: the ceiling every other row lives under (app and load generator share the CPUs).
    { name: 'health (our HTTP + select 1)', who: 'operator', kind: 'reference', variants: [{ method: 'GET', path: '/api/health' }] },
    { name: 'list page 1', who: 'operator', kind: 'list', variants: [list({ page: 1, limit: 20 })] },
    { name: 'list page 50', who: 'operator', kind: 'list', variants: [list({ page: 50, limit: 20 })] },
    { name: 'list page 5,000 (offset)', who: 'operator', kind: 'list', variants: [list({ page: 5000, limit: 20 })], comparedTo: 'list page 1' },
  ];
  if (f.page5000Cursor) {
    out.push({ name: 'list page 5,000 (cursor)', who: 'operator', kind: 'list', variants: [list({ page: 5000, limit: 20, cursor: f.page5000Cursor })], comparedTo: 'list page 1' });
  }
  out.push(
    { name: 'list page 1, filter state=with_pendency', who: 'operator', kind: 'list', variants: [list({ page: 1, limit: 20 }, { state: ['with_pendency'] })] },
    { name: 'list page 50, filter state=with_pendency', who: 'operator', kind: 'list', variants: [list({ page: 50, limit: 20 }, { state: ['with_pendency'] })] },
    { name: 'list page 1, administrator, filter state + isPj', who: 'adm', kind: 'list', variants: [list({ page: 1, limit: 20 }, { state: ['payment_done', 'approved_by_adm'], isPj: false })] },
    { name: 'list page 1, search "silva" (large match)', who: 'operator', kind: 'list', variants: [list({ page: 1, limit: 20 }, { q: 'silva' })] },
    { name: 'list page 1, search a contract number', who: 'operator', kind: 'list', variants: f.contractNumbers.slice(0, 50).map((c) => list({ page: 1, limit: 20 }, { q: c })) },
    // Issue 18: the status tabs' counts and the dashboard, bounded like the lists' totals.
    { name: 'state_counts (status tabs)', who: 'operator', kind: 'list', variants: [{ method: 'GET', path: '/api/share/state_counts?list=all' }] },
    {
      name: 'state_counts, administrator, filter isPj',
      who: 'adm',
      kind: 'list',
      variants: [{ method: 'GET', path: `/api/share/state_counts?${new URLSearchParams({ list: 'all', filters: JSON.stringify({ isPj: false }) })}` }],
    },
    { name: 'dashboard/summary', who: 'operator', kind: 'get', variants: [{ method: 'GET', path: '/api/dashboard/summary?tz=America%2FSao_Paulo' }] },
    { name: 'dashboard/summary, administrator', who: 'adm', kind: 'get', variants: [{ method: 'GET', path: '/api/dashboard/summary?tz=America%2FSao_Paulo' }] },
    // Issue 18: the audit trail /auditoria, newest first, its total counted up to 1,000 past the page.
    { name: `audit list page 1 (${f.auditEntries.toLocaleString('en')} entries)`, who: 'operator', kind: 'list', variants: [audit({ page: 1, limit: 20 })] },
    { name: 'audit list page 50', who: 'operator', kind: 'list', variants: [audit({ page: 50, limit: 20 })] },
    { name: 'audit list page 1, administrator (its brand)', who: 'adm', kind: 'list', variants: [audit({ page: 1, limit: 20 })] },
    { name: 'audit list page 1, filter a contract', who: 'operator', kind: 'list', variants: f.contractNumbers.slice(0, 50).map((c) => audit({ page: 1, limit: 20 }, { object: c })) },
    { name: 'audit list page 1, filter action + last 30 days', who: 'operator', kind: 'list', variants: [audit({ page: 1, limit: 20 }, { action: ['share.set_paid'], ...lastThirtyDays() })] },
    { name: 'share/get', who: 'operator', kind: 'get', variants: f.contractNumbers.map((c) => ({ method: 'GET', path: `/api/share/get?contractNumber=${encodeURIComponent(c)}` })) },
  );
  // The write: transfer_responsible_save alternates each share between two operators, so every
  // call really updates the share and appends a history row (a repeat of the same operator would
  // be a no-op). 100 shares keep 50 connections off each other's row locks.
  const [a, b] = f.responsibles;
  const body = (shareId: string, responsibleId: string) => JSON.stringify({ shareId, responsibleId });
  out.push({
    name: 'action transfer_responsible_save',
    who: 'operator',
    kind: 'action',
    variants: [...f.shareIds.map((id) => ({ method: 'POST' as const, path: '/api/share/transfer_responsible_save', body: body(id, a) })), ...f.shareIds.map((id) => ({ method: 'POST' as const, path: '/api/share/transfer_responsible_save', body: body(id, b) }))],
    prepare: async () => {
      for (const id of f.shareIds) await setResponsible(id, b);
    },
  });
  return out;
}
