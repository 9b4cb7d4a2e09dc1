/** Straight SQL on the test's database: to pick shares for a scenario and to audit what was written. */
import pg from 'pg';
import type { Acknowledged, LoadShare } from './load';

export async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export const availableShares = (url: string, limit: number): Promise<LoadShare[]> =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ id: string; contract_number: string }>(
      `select id, contract_number from shares where state = 'available' order by id limit $1`,
      [limit],
    );
    return rows.map((r) => ({ id: r.id, contractNumber: r.contract_number }));
  });

export const firstCancelReason = (url: string): Promise<string> =>
  withClient(url, async (c) => (await c.query<{ id: string }>('select id from cancel_reasons order by id limit 1')).rows[0].id);

export interface HistoryAudit {
  /** Acknowledged moves whose key is not in the history: lost writes. */
  lost: Acknowledged[];
  /** History rows written under the run's keys that no client was told about. */
  unacknowledged: string[];
  /** Keys written more than once. */
  duplicated: string[];
  /** Shares whose state differs from what their last acknowledged move left. */
  wrongState: string[];
}

/**
 * The history's request keys are stored as `<userId>:<shareId>:<key>`; the run's keys start with
 * its prefix, so the rows of this run are exactly those.
 */
export async function auditHistory(url: string, keyPrefix: string, acknowledged: Acknowledged[], finalStates: Map<string, string>): Promise<HistoryAudit> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ request_key: string; share_id: string; action: string }>(
      `select request_key, share_id, action from share_history where request_key like '%:' || $1 || '-%'`,
      [keyPrefix],
    );
    const written = new Map<string, number>();
    for (const r of rows) {
      const key = r.request_key.split(':').slice(2).join(':');
      written.set(key, (written.get(key) ?? 0) + 1);
    }
    const ackKeys = new Set(acknowledged.map((a) => a.key));
    const { rows: states } = await c.query<{ id: string; state: string }>('select id, state from shares where id = any($1::uuid[])', [[...finalStates.keys()]]);
    return {
      lost: acknowledged.filter((a) => !written.has(a.key)),
      unacknowledged: [...written.keys()].filter((k) => !ackKeys.has(k)),
      duplicated: [...written].filter(([, n]) => n > 1).map(([k]) => k),
      wrongState: states.filter((s) => finalStates.get(s.id) !== s.state).map((s) => s.id),
    };
  });
}
