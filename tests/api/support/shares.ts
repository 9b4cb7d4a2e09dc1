/** Picking seeded shares for the action tests, and snapshots to prove a refused move changed nothing. */
import { type SQL, sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { ShareState } from '../../../src/domain/shareStates';
import { users } from '../../../server/db/schema';
import { type AuthUser, toAuthUser } from '../../../server/services/users';
import type { TestApp } from './app';

export const VALID_BOLETO = '00190000090114971860168524522114675860000102656';

/** Fresh share ids: every call answers shares no earlier call gave, so tests do not collide. */
export function sharePicker(t: TestApp) {
  const used = new Set<string>();
  return async (state: ShareState, where: SQL = sql`true`, count = 1): Promise<string[]> => {
    const rows = await t.query<{ id: string }>(
      sql`select id from shares where state = ${state} and ${where} order by contract_number limit ${count + used.size}`,
    );
    const out = rows.map((r) => r.id).filter((id) => !used.has(id)).slice(0, count);
    if (out.length < count) throw new Error(`not enough ${state} shares (${out.length}/${count})`);
    for (const id of out) used.add(id);
    return out;
  };
}

export interface Snapshot {
  state: ShareState;
  version: number;
  process_step: number;
  history: number;
  steps: number;
}

export async function snapshot(t: TestApp, shareId: string): Promise<Snapshot> {
  const [row] = await t.query<Snapshot>(sql`
    select s.state, s.version, s.process_step,
      (select count(*)::int from share_history h where h.share_id = s.id) as history,
      (select count(*)::int from process_status_history p where p.share_id = s.id) as steps
    from shares s where s.id = ${shareId}`);
  return row;
}

export async function authUser(t: TestApp, email: string): Promise<AuthUser> {
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, email));
  return toAuthUser(row);
}
