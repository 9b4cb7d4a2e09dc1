/**
 * Share administration of SPEC §7: the reasons a sale can be cancelled with, the cancellation
 * history of a share and its transfer responsible (an operator).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { profileOf } from '../../src/domain/profiles';
import type { CanceledReason, ListResponse } from '../../src/domain/shareList';
import type { ActionResult, CancellationEntry } from '../../src/domain/workspace';
import type { Db } from '../db/client';
import { rowsOf } from '../db/seed/bulk';
import { cancelReasons, cancellations, shareHistory, shares, users } from '../db/schema';
import { statement } from '../db/statements';
import { writeShareAudit } from './audit';
import { invalid, notFound } from './errors';
import { notifyShares } from './liveNotify';
import { getShareById } from './shares';
import { isUuid } from './shareWorkflow';
import { scopeOf, shareScopeCondition } from './tenant';
import type { AuthUser } from './users';

/** The reasons "Cancelar venda" offers: the enabled ones (a disabled one stays on past cancellations only). */
export async function listCancelReasons(db: Db): Promise<ListResponse<CanceledReason>> {
  const data = await db
    .select({ id: cancelReasons.id, label: cancelReasons.label })
    .from(cancelReasons)
    .where(eq(cancelReasons.enabled, true))
    .orderBy(asc(cancelReasons.label));
  return { data, total: data.length, page: 1, limit: Math.max(data.length, 1) };
}

/** Cancellations of a share the user may see, newest first. */
export async function cancellationHistory(db: Db, user: AuthUser, shareId: string): Promise<{ data: CancellationEntry[] }> {
  const [share] = await db.select({ id: shares.id }).from(shares).where(and(eq(shares.id, shareId), shareScopeCondition(scopeOf(user)))).limit(1);
  if (!share) throw notFound('Share');
  const rows = await db
    .select({
      id: cancellations.id,
      reasonId: cancellations.reasonId,
      reason: sql<string>`coalesce(${cancelReasons.label}, ${cancellations.reasonId})`,
      detail: cancellations.detail,
      fromState: cancellations.fromState,
      userId: cancellations.userId,
      userName: users.name,
      at: cancellations.at,
    })
    .from(cancellations)
    .leftJoin(cancelReasons, eq(cancelReasons.id, cancellations.reasonId))
    .leftJoin(users, eq(users.id, cancellations.userId))
    .where(eq(cancellations.shareId, share.id))
    .orderBy(desc(cancellations.at), desc(cancellations.id));
  return {
    data: rows.map((r) => ({
      id: r.id,
      reasonId: r.reasonId,
      reason: r.reason,
      detail: r.detail,
      fromState: r.fromState,
      user: r.userId ? { userId: r.userId, name: r.userName ?? '' } : null,
      at: r.at.toISOString(),
    })),
  };
}

/** The fixed statements of saveTransferResponsible, rendered once (server/db/statements.ts). */
const responsibleById = statement('transfer_responsible_user', () => sql`select ${users.name} as name, ${users.profiles} as profiles from ${users} where ${users.id} = ${sql.placeholder('id')} limit 1`);
const setTransferResponsible = statement(
  'transfer_responsible_update',
  () => sql`update ${shares} set transfer_responsible_id = ${sql.placeholder('responsibleId')}, updated_at = now() where ${shares.id} = ${sql.placeholder('shareId')}`,
);
const transferHistoryInsert = statement(
  'transfer_responsible_history',
  () => sql`insert into ${shareHistory} (share_id, action, from_state, to_state, user_id, note)
    values (${sql.placeholder('shareId')}, 'transfer_responsible_save', ${sql.placeholder('state')}, ${sql.placeholder('state')}, ${sql.placeholder('userId')}, ${sql.placeholder('note')})`,
);

/** Sets the operator responsible for the transfer; a change is written in the share's history. */
export async function saveTransferResponsible(db: Db, user: AuthUser, input: { shareId: string; responsibleId: string }): Promise<ActionResult> {
  const { shareId, responsibleId } = input;
  if (!isUuid(shareId)) throw notFound('Share');
  const [responsible] = rowsOf<{ name: string; profiles: string[] }>(await responsibleById(db, { id: responsibleId }));
  if (!responsible || profileOf(responsible) !== 'operator') throw invalid('Invalid responsible', { responsibleId: 'Invalid responsible' });
  await db.transaction(async (tx) => {
    const [share] = await tx
      .select({ id: shares.id, state: shares.state, current: shares.transferResponsibleId })
      .from(shares)
      .where(and(eq(shares.id, shareId), shareScopeCondition(scopeOf(user))))
      .for('update');
    if (!share) throw notFound('Share');
    if (share.current === responsibleId) return;
    await setTransferResponsible(tx, { responsibleId, shareId: share.id });
    await transferHistoryInsert(tx, { shareId: share.id, state: share.state, userId: user.id, note: responsible.name });
    await writeShareAudit(tx, share.id, {
      userId: user.id,
      action: 'share.transfer_responsible',
      objectType: 'share',
      before: { transferResponsibleId: share.current },
      after: { transferResponsibleId: responsibleId, transferResponsibleName: responsible.name },
    });
    await notifyShares(tx, [share.id], user.id, 'transfer_responsible_save');
  });
  return { share: await getShareById(db, scopeOf(user), shareId) };
}
