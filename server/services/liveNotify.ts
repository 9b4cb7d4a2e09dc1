/**
 * "This share changed" (issue 18), sent from inside the transaction that changed it: PostgreSQL (and
 * PGlite) deliver a NOTIFY only when that transaction commits, so a rolled-back move is never
 * announced, and every API instance listening on the channel hears it (server/services/live.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { shares } from '../db/schema';
import { statement } from '../db/statements';

export const LIVE_CHANNEL = 'repasse_live';

/**
 * The payload of one notification, kept short (PostgreSQL's limit is 8,000 bytes): the contract, the
 * share's brand and fund (for scoping subscribers), who changed it, what was done and the new state.
 */
export interface LiveNotice {
  c: string;
  a: number;
  f: number | null;
  u: string | null;
  k: string;
  s: string | null;
}

/** One notification per share, set-based: a bulk chunk of 500 shares is one statement. */
const notifySharesSelect = statement(
  'live_notify_shares',
  () => sql`
    select pg_notify(${LIVE_CHANNEL}, json_build_object('c', s.contract_number, 'a', s.adm_id, 'f', s.fund_id, 'u', ${sql.placeholder('userId')}::text, 'k', ${sql.placeholder('action')}::text, 's', s.state)::text)
    from ${shares} s
    where s.id in (select jsonb_array_elements_text(${sql.placeholder('shareIds')}::jsonb)::uuid)`,
);

export async function notifyShares(db: Pick<Db, 'execute'> | Pick<Tx, 'execute'>, shareIds: readonly string[], userId: string | null, action: string): Promise<void> {
  if (shareIds.length === 0) return;
  await notifySharesSelect(db, { userId, action, shareIds: JSON.stringify(shareIds) });
}
