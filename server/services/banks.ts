/**
 * The seller's bank accounts of a share and the real list of Brazilian banks (Banco Central's STR
 * participants with a COMPE code, shipped by @brazilian-utils). At most one account is selected.
 */
import { getBanks } from '@brazilian-utils/brazilian-utils';
import { and, asc, eq, ne } from 'drizzle-orm';
import { foldSearchText } from '../../src/domain/search';
import { isBankAccount, isBankAgency } from '../../src/domain/validation';
import type { Bank } from '../../src/domain/completeness';
import type { BankRecord, BrazilianBank } from '../../src/domain/workspace';

/** A stored account: every field present, null when empty (the API's answer requires them). */
export type StoredBank = BankRecord & Required<Bank>;
import type { Db } from '../db/client';
import { banks } from '../db/schema';
import { type FieldErrors, notFound } from './errors';
import { recordOf } from './audit';
import { writeEditEntry } from './history';
import { clean, throwIfErrors } from './persons';
import { findScopedShare, isUuid, touchShare } from './shareAccess';
import type { AuthUser } from './users';

/**
 * The names people know a bank by, where Banco Central's legal name does not contain it ("nubank"
 * found nothing, issue 13). Only names that are certain: each is the brand of that COMPE code.
 */
export const COMMERCIAL_NAMES: Readonly<Record<string, string>> = {
  '003': 'Basa',
  '004': 'BNB',
  '037': 'Banpará',
  '041': 'Banrisul',
  '047': 'Banese',
  '260': 'Nubank',
  '290': 'PagBank',
  '336': 'C6 Bank',
  '364': 'Gerencianet',
  '655': 'Banco BV',
};

/** Sorted by code, with the folded text the search runs on: code, legal and commercial names. */
const BRAZILIAN_BANKS: readonly (BrazilianBank & { folded: string })[] = getBanks()
  .map((b) => {
    const commercialName = COMMERCIAL_NAMES[b.code];
    return {
      code: b.code,
      name: b.name,
      ispb: b.ispb || null,
      ...(commercialName ? { commercialName } : {}),
      folded: foldSearchText(`${b.code} ${b.name} ${commercialName ?? ''}`),
    };
  })
  .sort((a, b) => a.code.localeCompare(b.code));
const BANK_BY_CODE = new Map(BRAZILIAN_BANKS.map((b) => [b.code, b]));

/** Banks whose code or name contains the folded query (all when it is empty), sorted by code. */
export function searchBrazilianBanks(q: string | undefined): BrazilianBank[] {
  const needle = foldSearchText((q ?? '').trim());
  return BRAZILIAN_BANKS.filter((b) => !needle || b.folded.includes(needle)).map(({ folded: _folded, ...bank }) => bank);
}

export const bankByCode = (code: string): BrazilianBank | undefined => BANK_BY_CODE.get(code);

export const BANK_MESSAGES = { code: 'Invalid bank code', agency: 'Invalid agency', account: 'Invalid account' } as const;

type BankRow = typeof banks.$inferSelect;
const toRecord = (r: BankRow): StoredBank => ({ bankId: r.id, name: r.name, code: r.code, agency: r.agency, account: r.account, selected: r.selected });

export async function listBanks(db: Db, user: AuthUser, contractNumber: string): Promise<StoredBank[]> {
  const share = await findScopedShare(db, user, { contractNumber });
  const rows = await db.select().from(banks).where(eq(banks.shareId, share.id)).orderBy(asc(banks.createdAt), asc(banks.id));
  return rows.map(toRecord);
}

export interface BankInput {
  bankId?: string;
  code: string;
  agency: string;
  account: string;
  name?: string | null;
}

/**
 * Inserts (no bankId, and no account with the same code, agency and number yet) or updates an
 * account. `select: true` makes it the share's only selected account, `false` unselects it, and
 * leaving it out keeps an existing account's selection (a new one starts unselected). Saving the
 * same thing twice changes nothing and writes no history.
 */
export async function saveBank(db: Db, user: AuthUser, shareId: string, input: BankInput, select: boolean | undefined): Promise<StoredBank> {
  const code = (clean(input.code) ?? '').padStart(3, '0');
  const agency = (clean(input.agency) ?? '').toUpperCase();
  const account = (clean(input.account) ?? '').toUpperCase();
  const errors: FieldErrors = {};
  const known = /^\d{3}$/.test(code) ? bankByCode(code) : undefined;
  if (!known) errors.code = BANK_MESSAGES.code;
  // The form's rules (src/domain/validation.ts): the field says why before the call.
  if (!isBankAgency(agency)) errors.agency = BANK_MESSAGES.agency;
  if (!isBankAccount(account)) errors.account = BANK_MESSAGES.account;
  throwIfErrors(errors);
  // The name is the real list's, whatever the client sent.
  const fields = { code, agency, account, name: known!.name };

  return db.transaction(async (tx) => {
    const share = await findScopedShare(tx, user, { shareId }, { forUpdate: true });
    let current: BankRow | undefined;
    if (input.bankId !== undefined) {
      if (isUuid(input.bankId)) [current] = await tx.select().from(banks).where(and(eq(banks.id, input.bankId), eq(banks.shareId, share.id))).limit(1);
      if (!current) throw notFound('Bank');
    } else {
      // The same account sent again (a double click, a retry) is the same row, not a duplicate.
      [current] = await tx
        .select()
        .from(banks)
        .where(and(eq(banks.shareId, share.id), eq(banks.code, code), eq(banks.agency, agency), eq(banks.account, account)))
        .limit(1);
    }
    const values = { ...fields, selected: select ?? current?.selected ?? false };
    const unselected = values.selected
      ? await tx
          .update(banks)
          .set({ selected: false })
          .where(and(eq(banks.shareId, share.id), eq(banks.selected, true), current ? ne(banks.id, current.id) : undefined))
          .returning({ id: banks.id })
      : [];
    const unchanged = current && (['code', 'agency', 'account', 'name', 'selected'] as const).every((k) => current[k] === values[k]);
    if (current && unchanged && unselected.length === 0) return toRecord(current);
    const [saved] = current
      ? await tx.update(banks).set(values).where(eq(banks.id, current.id)).returning()
      : await tx.insert(banks).values({ ...values, shareId: share.id }).returning();
    await touchShare(tx, share.id);
    await writeEditEntry(tx, {
      shareId: share.id,
      action: 'bank_save',
      userId: user.id,
      note: `Conta ${saved.code} ${saved.agency}/${saved.account}${values.selected ? ' selecionada' : ''}`,
      audit: { action: 'bank.save', objectType: 'bank', objectId: saved.id, before: recordOf(current), after: recordOf(saved) },
    });
    return toRecord(saved);
  });
}
