/**
 * Cancellation reasons (issue 16), operators only: the list, the record, create, edit and
 * disable/enable. "Cancelar venda" offers the enabled ones (GET /share/canceled_reason_list) and
 * refuses any other (shareActions.cancelSale, rechecked under the share's lock in shareWorkflow). A
 * reason is never deleted: the sales cancelled with it keep naming it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CANCEL_REASON_LABEL_MAX_LENGTH, type CancelReasonInput, type ManagedCancelReason } from '../../src/domain/management';
import { CANCEL_REASON_FILTER_KEYS, type CancelReasonSortField } from '../../src/domain/referenceLists';
import { foldSearchText } from '../../src/domain/search';
import type { ListResponse } from '../../src/domain/shareList';
import type { Db, Tx } from '../db/client';
import { cancelReasons } from '../db/schema';
import { setEnabledAudited, writeAudit } from './audit';
import { DomainError, invalid } from './errors';
import { type ReferenceListQuery, folded, orderBy, parseReferenceFilters, searchCondition } from './referenceLists';
import type { AuthUser } from './users';

export const CANCEL_REASON_MESSAGES = {
  notFound: 'Cancel reason not found',
  labelRequired: 'label is required',
  labelTooLong: `Invalid label: at most ${CANCEL_REASON_LABEL_MAX_LENGTH} characters`,
  // Two reasons with one label would be one choice shown twice in "Cancelar venda".
  labelTaken: 'Invalid label: already in use by another reason',
} as const;

type ReasonRow = typeof cancelReasons.$inferSelect;

export const toManagedCancelReason = (row: ReasonRow): ManagedCancelReason => ({
  reasonId: row.id,
  label: row.label,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

const sortColumns: Record<CancelReasonSortField, { column: AnyPgColumn; text: boolean }> = {
  label: { column: cancelReasons.label, text: true },
  createdAt: { column: cancelReasons.createdAt, text: false },
};

export async function listCancelReasonsManaged(db: Db, query: ReferenceListQuery): Promise<ListResponse<ManagedCancelReason>> {
  const { page, limit } = query;
  const where = searchCondition(parseReferenceFilters(query.filters, CANCEL_REASON_FILTER_KEYS), [cancelReasons.label]);
  const sort = sortColumns[(query.sort ?? 'label') as CancelReasonSortField];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(cancelReasons)
      .where(where)
      .orderBy(...orderBy(sort.column, query.order ?? 'asc', cancelReasons.id, { text: sort.text }))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(cancelReasons).where(where),
  ]);
  return { data: rows.map(toManagedCancelReason), total: Number(total), page, limit };
}

async function reasonRow(db: Db | Tx, reasonId: string, lock = false): Promise<ReasonRow> {
  const q = db.select().from(cancelReasons).where(eq(cancelReasons.id, reasonId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError('notFound', CANCEL_REASON_MESSAGES.notFound);
  return row;
}

export const getCancelReason = async (db: Db, reasonId: string): Promise<ManagedCancelReason> => toManagedCancelReason(await reasonRow(db, reasonId));

function checkedLabel(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  // One space between words: "Preço  não aceito" and "Preço não aceito" are the same choice.
  const clean = label.trim().replace(/\s+/g, ' ');
  const problem = !clean ? CANCEL_REASON_MESSAGES.labelRequired : [...clean].length > CANCEL_REASON_LABEL_MAX_LENGTH ? CANCEL_REASON_MESSAGES.labelTooLong : null;
  if (problem) throw invalid(problem, { label: problem });
  return clean;
}

/** Another reason with this label, compared as the list's search compares (case and accents folded). */
async function labelTaken(tx: Tx, label: string, reasonId?: string): Promise<boolean> {
  // Serialises creations and renames, as no unique index can fold accents the way the search does.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('repasse:cancel-reason-label'))`);
  const [row] = await tx
    .select({ id: cancelReasons.id })
    .from(cancelReasons)
    .where(and(sql`${folded(cancelReasons.label)} = ${foldSearchText(label)}`, reasonId === undefined ? undefined : ne(cancelReasons.id, reasonId)))
    .limit(1);
  return !!row;
}

const taken = () => invalid(CANCEL_REASON_MESSAGES.labelTaken, { label: CANCEL_REASON_MESSAGES.labelTaken });

export async function createCancelReason(db: Db, caller: AuthUser, input: { label: string }): Promise<ManagedCancelReason> {
  const label = checkedLabel(input.label)!;
  return db.transaction(async (tx) => {
    if (await labelTaken(tx, label)) throw taken();
    const [row] = await tx.insert(cancelReasons).values({ id: randomUUID(), label }).returning();
    const reason = toManagedCancelReason(row);
    await writeAudit(tx, { userId: caller.id, action: 'cancel_reason.create', objectType: 'cancel_reason', objectId: row.id, before: null, after: { ...reason } });
    return reason;
  });
}

export async function updateCancelReason(db: Db, caller: AuthUser, input: CancelReasonInput & { reasonId: string }): Promise<ManagedCancelReason> {
  const label = checkedLabel(input.label);
  return db.transaction(async (tx) => {
    if (label !== undefined && (await labelTaken(tx, label, input.reasonId))) throw taken();
    const before = await reasonRow(tx, input.reasonId, true);
    const [row] = label !== undefined ? await tx.update(cancelReasons).set({ label }).where(eq(cancelReasons.id, before.id)).returning() : [before];
    const reason = toManagedCancelReason(row);
    await writeAudit(tx, { userId: caller.id, action: 'cancel_reason.update', objectType: 'cancel_reason', objectId: row.id, before: { ...toManagedCancelReason(before) }, after: { ...reason } });
    return reason;
  });
}

/**
 * Takes the row's lock: a cancellation that checked the reason under its share's lock (FOR SHARE)
 * finishes first, and one that starts after this commits sees it disabled.
 */
export async function setCancelReasonEnabled(db: Db, caller: AuthUser, reasonId: string, enabled: boolean): Promise<ManagedCancelReason> {
  return db.transaction(async (tx) => {
    const before = await reasonRow(tx, reasonId, true);
    const write = async () => (await tx.update(cancelReasons).set({ enabled }).where(eq(cancelReasons.id, reasonId)).returning())[0];
    return setEnabledAudited(tx, caller, { objectType: 'cancel_reason', objectId: reasonId, before, enabled, write, shown: toManagedCancelReason });
  });
}
