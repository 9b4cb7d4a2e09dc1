/**
 * Fund management (issue 11), operators only: the list, the record, create, edit and disable/enable.
 * A disabled fund stays on its shares, players and users, but is offered for nothing new (a new fund
 * user, a player's fund). CNPJs are stored unmasked, as the seed stores them.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type FundInput, type FundListItem, type ManagedFund, NAME_MAX_LENGTH } from '../../src/domain/management';
import { FUND_FILTER_KEYS, type FundSortField } from '../../src/domain/referenceLists';
import type { ListResponse } from '../../src/domain/shareList';
import { isCnpj } from '../../src/domain/validation';
import { cnpjDigits } from '../../src/domain/whiteLabel';
import type { Db, Tx } from '../db/client';
import { funds } from '../db/schema';
import { type FieldErrors, DomainError, invalid } from './errors';
import { setEnabledAudited, writeAudit } from './audit';
import { type ReferenceListQuery, orderBy, parseReferenceFilters, searchCondition } from './referenceLists';
import type { AuthUser } from './users';

export const FUND_MESSAGES = {
  // The catalogue's not-found list gains "fund" in SPEC §8's style (src/domain/errorCatalogue.ts).
  notFound: 'Fund not found',
  nameRequired: 'name is required',
  nameTooLong: `Invalid name: at most ${NAME_MAX_LENGTH} characters`,
  cnpjInvalid: 'Invalid cnpj',
  cnpjTaken: 'Invalid cnpj: another fund has it',
} as const;

type FundRow = typeof funds.$inferSelect;

export const toManagedFund = (row: FundRow): ManagedFund => ({
  fundId: row.id,
  name: row.name,
  cnpj: row.cnpj,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

const sortColumns: Record<FundSortField, AnyPgColumn> = { name: funds.name, cnpj: funds.cnpj };

export async function listFunds(db: Db, query: ReferenceListQuery): Promise<ListResponse<FundListItem>> {
  const { page, limit } = query;
  const where = searchCondition(parseReferenceFilters(query.filters, FUND_FILTER_KEYS), [funds.name], funds.cnpj);
  const [data, [{ total }]] = await Promise.all([
    db
      .select({ fundId: funds.id, name: funds.name, cnpj: funds.cnpj, enabled: funds.enabled })
      .from(funds)
      .where(where)
      .orderBy(...orderBy(sortColumns[(query.sort ?? 'name') as FundSortField], query.order ?? 'asc', funds.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(funds).where(where),
  ]);
  return { data, total: Number(total), page, limit };
}

async function scopedFund(db: Db | Tx, fundId: number, lock = false): Promise<FundRow> {
  const q = db.select().from(funds).where(eq(funds.id, fundId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError('notFound', FUND_MESSAGES.notFound);
  return row;
}

export const getFund = async (db: Db, fundId: number): Promise<ManagedFund> => toManagedFund(await scopedFund(db, fundId));

function checked(input: FundInput): { name?: string; cnpj?: string } {
  const errors: FieldErrors = {};
  const out: { name?: string; cnpj?: string } = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) errors.name = FUND_MESSAGES.nameRequired;
    else if ([...name].length > NAME_MAX_LENGTH) errors.name = FUND_MESSAGES.nameTooLong;
    else out.name = name;
  }
  if (input.cnpj !== undefined) {
    if (!isCnpj(input.cnpj.trim())) errors.cnpj = FUND_MESSAGES.cnpjInvalid;
    else out.cnpj = cnpjDigits(input.cnpj);
  }
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
  return out;
}

/** One fund per CNPJ: a fund is a legal entity, and two rows of one would split its shares. */
async function cnpjTaken(tx: Tx, cnpj: string, fundId?: number): Promise<boolean> {
  // Serialises creations and edits of funds' CNPJs, as there is no unique index to do it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('repasse:fund-cnpj'))`);
  const [row] = await tx
    .select({ id: funds.id })
    .from(funds)
    .where(and(eq(funds.cnpj, cnpj), fundId === undefined ? undefined : ne(funds.id, fundId)))
    .limit(1);
  return !!row;
}

const taken = () => invalid(FUND_MESSAGES.cnpjTaken, { cnpj: FUND_MESSAGES.cnpjTaken });

export async function createFund(db: Db, caller: AuthUser, input: Required<Pick<FundInput, 'name' | 'cnpj'>>): Promise<ManagedFund> {
  const c = checked(input);
  return db.transaction(async (tx) => {
    if (await cnpjTaken(tx, c.cnpj!)) throw taken();
    const [row] = await tx.insert(funds).values({ name: c.name!, cnpj: c.cnpj! }).returning();
    const fund = toManagedFund(row);
    await writeAudit(tx, { userId: caller.id, action: 'fund.create', objectType: 'fund', objectId: row.id, before: null, after: { ...fund } });
    return fund;
  });
}

export async function updateFund(db: Db, caller: AuthUser, input: FundInput & { fundId: number }): Promise<ManagedFund> {
  const c = checked(input);
  return db.transaction(async (tx) => {
    if (c.cnpj && (await cnpjTaken(tx, c.cnpj, input.fundId))) throw taken();
    const before = await scopedFund(tx, input.fundId, true);
    const [row] = Object.keys(c).length ? await tx.update(funds).set(c).where(eq(funds.id, before.id)).returning() : [before];
    const fund = toManagedFund(row);
    await writeAudit(tx, { userId: caller.id, action: 'fund.update', objectType: 'fund', objectId: row.id, before: { ...toManagedFund(before) }, after: { ...fund } });
    return fund;
  });
}

export async function setFundEnabled(db: Db, caller: AuthUser, fundId: number, enabled: boolean): Promise<ManagedFund> {
  return db.transaction(async (tx) => {
    const before = await scopedFund(tx, fundId, true);
    const write = async () => (await tx.update(funds).set({ enabled }).where(eq(funds.id, fundId)).returning())[0];
    return setEnabledAudited(tx, caller, { objectType: 'fund', objectId: fundId, before, enabled, write, shown: toManagedFund });
  });
}
