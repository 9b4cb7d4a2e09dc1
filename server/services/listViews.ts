/**
 * Saved views and the columns each list hides (issue 18). Everything here is the caller's own: a view
 * of another user answers 404 exactly like a missing one, whatever the caller's profile or brand. A
 * view is kept only for a list the caller may open (src/domain/listViews.ts VIEW_LISTS); views of a
 * list the caller lost the right to stay stored but are not listed until the right comes back.
 *
 * Views are personal settings, not records of the business: they are not written to the audit trail.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { can } from '../../src/domain/permissions';
import {
  type ListColumns,
  type ListView,
  VIEW_LIMITS,
  VIEW_LISTS,
  VIEW_MESSAGES,
  type ViewList,
  isColumnKey,
  isViewList,
  isViewState,
  viewName,
  viewNameKey,
  viewNameProblem,
} from '../../src/domain/listViews';
import type { ListResponse } from '../../src/domain/shareList';
import type { Db, Tx } from '../db/client';
import { listColumns, listViews } from '../db/schema';
import { DomainError, type FieldErrors, denied, invalid } from './errors';
import type { AuthUser } from './users';

type ViewRow = typeof listViews.$inferSelect;

const toView = (row: ViewRow): ListView => ({
  viewId: row.id,
  list: row.list as ViewList,
  name: row.name,
  state: row.state,
  hiddenColumns: row.hiddenColumns,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The lists the caller may open, hence keep views of. */
const openLists = (caller: AuthUser): ViewList[] => (Object.keys(VIEW_LISTS) as ViewList[]).filter((l) => can(caller, VIEW_LISTS[l]));

/** 400 on `list` for a name that is no list, 403 for a list the caller may not open. */
function checkedList(caller: AuthUser, list: string): ViewList {
  if (!isViewList(list)) throw invalid(VIEW_MESSAGES.listInvalid, { list: VIEW_MESSAGES.listInvalid });
  if (!can(caller, VIEW_LISTS[list])) throw denied();
  return list;
}

const checkedColumns = (hidden: readonly string[], errors: FieldErrors): string[] | undefined => {
  const unique = [...new Set(hidden)];
  if (unique.length > VIEW_LIMITS.hiddenColumnsMax || !unique.every(isColumnKey)) {
    errors.hiddenColumns = VIEW_MESSAGES.columnsInvalid;
    return undefined;
  }
  return unique;
};

interface ViewFields {
  name?: string;
  state?: string;
  hiddenColumns?: string[];
}

/** Checks every given field at once, so each wrong one is named on its own field. */
function checkedFields(input: ViewFields): { name?: string; nameKey?: string; state?: string; hiddenColumns?: string[] } {
  const errors: FieldErrors = {};
  const out: ReturnType<typeof checkedFields> = {};
  if (input.name !== undefined) {
    const problem = viewNameProblem(input.name);
    if (problem) errors.name = problem;
    else {
      out.name = viewName(input.name);
      out.nameKey = viewNameKey(input.name);
    }
  }
  if (input.state !== undefined) {
    if (!isViewState(input.state)) errors.state = VIEW_MESSAGES.stateInvalid;
    else out.state = input.state;
  }
  if (input.hiddenColumns !== undefined) out.hiddenColumns = checkedColumns(input.hiddenColumns, errors);
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
  return out;
}

const nameTaken = () => invalid(VIEW_MESSAGES.nameTaken, { name: VIEW_MESSAGES.nameTaken });

async function nameUsed(db: Db | Tx, caller: AuthUser, list: string, nameKey: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: listViews.id })
    .from(listViews)
    .where(and(eq(listViews.userId, caller.id), eq(listViews.list, list), eq(listViews.nameKey, nameKey)))
    .limit(1);
  return !!row && row.id !== except;
}

async function ownView(db: Db | Tx, caller: AuthUser, viewId: string, lock = false): Promise<ViewRow> {
  const q = db
    .select()
    .from(listViews)
    .where(and(eq(listViews.id, viewId), eq(listViews.userId, caller.id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  // Another user's view, or a view of a list the caller may no longer open, reads as missing.
  if (!row || !isViewList(row.list) || !can(caller, VIEW_LISTS[row.list])) throw new DomainError('notFound', VIEW_MESSAGES.notFound);
  return row;
}

export interface ViewListQuery {
  list?: string;
  page: number;
  limit: number;
}

/** The caller's views, of one list or of every list it may open, by list and name. */
export async function listOwnViews(db: Db, caller: AuthUser, query: ViewListQuery): Promise<ListResponse<ListView>> {
  const lists = query.list !== undefined ? [checkedList(caller, query.list)] : openLists(caller);
  const { page, limit } = query;
  if (!lists.length) return { data: [], total: 0, page, limit };
  const where = and(eq(listViews.userId, caller.id), inArray(listViews.list, lists));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(listViews)
      .where(where)
      .orderBy(asc(listViews.list), asc(listViews.nameKey), asc(listViews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(listViews).where(where),
  ]);
  return { data: rows.map(toView), total: Number(total), page, limit };
}

export const getOwnView = async (db: Db, caller: AuthUser, viewId: string): Promise<ListView> => toView(await ownView(db, caller, viewId));

export interface ViewCreateInput {
  list: string;
  name: string;
  state?: string;
  hiddenColumns?: string[];
}

export async function createView(db: Db, caller: AuthUser, input: ViewCreateInput): Promise<ListView> {
  const list = checkedList(caller, input.list);
  const fields = checkedFields({ name: input.name, state: input.state ?? '', hiddenColumns: input.hiddenColumns ?? [] });
  return db.transaction(async (tx) => {
    // One user's creations in turn: the count and the name are then checked against settled rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('repasse:list-views'), hashtext(${caller.id}))`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(listViews).where(eq(listViews.userId, caller.id));
    if (Number(n) >= VIEW_LIMITS.viewsPerUser) throw invalid(VIEW_MESSAGES.tooMany, { name: VIEW_MESSAGES.tooMany });
    if (await nameUsed(tx, caller, list, fields.nameKey!)) throw nameTaken();
    const [row] = await tx
      .insert(listViews)
      .values({ userId: caller.id, list, name: fields.name!, nameKey: fields.nameKey!, state: fields.state!, hiddenColumns: fields.hiddenColumns! })
      .returning();
    return toView(row);
  });
}

export interface ViewUpdateInput extends ViewFields {
  viewId: string;
}

/** Renames a view or replaces its state and columns; fields left out keep their value. */
export async function updateView(db: Db, caller: AuthUser, input: ViewUpdateInput): Promise<ListView> {
  const fields = checkedFields(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('repasse:list-views'), hashtext(${caller.id}))`);
    const before = await ownView(tx, caller, input.viewId, true);
    if (fields.nameKey !== undefined && (await nameUsed(tx, caller, before.list, fields.nameKey, before.id))) throw nameTaken();
    const [row] = await tx
      .update(listViews)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(listViews.id, before.id))
      .returning();
    return toView(row);
  });
}

export async function deleteView(db: Db, caller: AuthUser, viewId: string): Promise<{ viewId: string }> {
  const row = await ownView(db, caller, viewId);
  await db.delete(listViews).where(and(eq(listViews.id, row.id), eq(listViews.userId, caller.id)));
  return { viewId: row.id };
}

/** The columns each list the caller may open hides for it (lists hiding none are left out). */
export async function listOwnColumns(db: Db, caller: AuthUser): Promise<ListResponse<ListColumns>> {
  const lists = openLists(caller);
  const rows = lists.length
    ? await db
        .select({ list: listColumns.list, hiddenColumns: listColumns.hiddenColumns })
        .from(listColumns)
        .where(and(eq(listColumns.userId, caller.id), inArray(listColumns.list, lists)))
        .orderBy(asc(listColumns.list))
    : [];
  const data = rows.filter((r) => r.hiddenColumns.length > 0).map((r) => ({ list: r.list as ViewList, hiddenColumns: r.hiddenColumns }));
  return { data, total: data.length, page: 1, limit: lists.length || 1 };
}

/** Sets the columns one list hides for the caller; an empty list shows every column again. */
export async function saveOwnColumns(db: Db, caller: AuthUser, input: { list: string; hiddenColumns: string[] }): Promise<ListColumns> {
  const list = checkedList(caller, input.list);
  const errors: FieldErrors = {};
  const hiddenColumns = checkedColumns(input.hiddenColumns, errors);
  if (!hiddenColumns) throw invalid(VIEW_MESSAGES.columnsInvalid, errors);
  await db
    .insert(listColumns)
    .values({ userId: caller.id, list, hiddenColumns })
    .onConflictDoUpdate({ target: [listColumns.userId, listColumns.list], set: { hiddenColumns, updatedAt: new Date() } });
  return { list, hiddenColumns };
}
