/**
 * The share's history (POST /share/get_history) and the entries the workspace edits write: a
 * person, company or bank saved, a price edited, a proposal selected. Edits keep the share's state
 * (fromState = toState = null); only the workflow's moves change it.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { type Grantee, HISTORY_ENTRY_PERMISSIONS, canReadHistoryEntry } from '../../src/domain/permissions';
import { historyNoteText } from '../../src/domain/money';
import type { ShareHistoryEntry } from '../../src/domain/workspace';
import type { AuditAction, AuditObjectType } from '../../src/domain/audit';
import { shareHistory, users } from '../db/schema';
import type { Db } from '../db/client';
import { writeShareAudit } from './audit';
import { notifyShares } from './liveNotify';
import { type DbOrTx, filesById, findScopedShare } from './shareAccess';
import type { AuthUser } from './users';

export interface EditEntry {
  shareId: string;
  action: string;
  userId: string;
  note?: string | null;
  files?: string[];
  /**
   * The audit trail's entry for the same change (issue 18): what was edited, before and after. The
   * share's contract and brand come from the share.
   */
  audit: { action: AuditAction; objectType: AuditObjectType; objectId?: string | number; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
}

/** The share's history entry, its audit entry and the live notice, all in the edit's transaction. */
export async function writeEditEntry(db: DbOrTx, e: EditEntry): Promise<void> {
  await db.insert(shareHistory).values({ shareId: e.shareId, action: e.action, userId: e.userId, note: e.note ?? null, files: e.files ?? [] });
  await writeShareAudit(db, e.shareId, { userId: e.userId, ...e.audit });
  await notifyShares(db, [e.shareId], e.userId, e.action);
}

/**
 * Oldest first, with the user's name, the files resolved (a file not complete is left out) and
 * amounts in reais; only the entries `who` may read (HISTORY_ENTRY_PERMISSIONS: a fund does not
 * read other buyers' price changes nor the seller's bank).
 */
/** The history of a share the user may see (404 otherwise), oldest first. */
export async function shareHistoryOf(db: Db, user: AuthUser, shareId: string): Promise<ShareHistoryEntry[]> {
  const share = await findScopedShare(db, user, { shareId });
  return shareHistoryEntries(db, share.id, user);
}

export async function shareHistoryEntries(db: DbOrTx, shareId: string, who: Grantee): Promise<ShareHistoryEntry[]> {
  const hidden = Object.keys(HISTORY_ENTRY_PERMISSIONS).filter((action) => !canReadHistoryEntry(who, action));
  const rows = await db
    .select({
      id: shareHistory.id,
      action: shareHistory.action,
      fromState: shareHistory.fromState,
      toState: shareHistory.toState,
      userId: shareHistory.userId,
      userName: users.name,
      files: shareHistory.files,
      note: shareHistory.note,
      at: shareHistory.at,
    })
    .from(shareHistory)
    .leftJoin(users, eq(users.id, shareHistory.userId))
    .where(and(eq(shareHistory.shareId, shareId), hidden.length ? notInArray(shareHistory.action, hidden) : undefined))
    .orderBy(asc(shareHistory.at), asc(shareHistory.id));
  const refs = await filesById(db, rows.flatMap((r) => r.files ?? []));
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    fromState: r.fromState,
    toState: r.toState,
    user: r.userId ? { userId: r.userId, name: r.userName ?? '' } : null,
    at: r.at.toISOString(),
    files: (r.files ?? []).flatMap((id) => refs.get(id) ?? []),
    // Stored with the API's amounts ("19654.23"), shown in reais: old rows read like new ones (docs/decisions.md).
    note: historyNoteText(r.action, r.note),
  }));
}
