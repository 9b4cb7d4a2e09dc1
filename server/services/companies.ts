/**
 * The company of a legal-entity (PJ) share (SPEC §3, §5). A PF share has none: GET answers
 * 404 "Company not found" and a save is refused. The share's owner in the lists is the company.
 */
import { eq } from 'drizzle-orm';
import type { DocumentType } from '../../src/domain/enums';
import { isCnpj, isEmail, isPhone, stripMask } from '../../src/domain/validation';
import type { CompanyRecord } from '../../src/domain/workspace';

/** A stored company: every field present, null when empty (the API's answer requires them). */
export type StoredCompany = CompanyRecord & Required<Company>;
import type { Company } from '../../src/domain/completeness';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import { type FieldErrors, invalid, notFound } from './errors';
import { recordOf } from './audit';
import { writeEditEntry } from './history';
import { addressErrors, clean, cleanAddress, documentsAllowed, throwIfErrors } from './persons';
import { findScopedShare, shareFiles, touchShare } from './shareAccess';
import type { AuthUser } from './users';

/** Documents of the company itself. */
export const COMPANY_DOCUMENT_TYPES: readonly DocumentType[] = ['COMPANY_CONTRACT', 'COMPANY_CONTRACT_PDF', 'CNPJ_CARD'];

export const NOT_PJ = 'Invalid share: not a legal entity';

type CompanyRow = typeof companies.$inferSelect;

const toRecord = (shareId: string, r: CompanyRow | undefined): StoredCompany => ({
  shareId,
  name: r?.name ?? null,
  cnpj: r?.cnpj ?? null,
  primaryPhone: r?.primaryPhone ?? null,
  email: r?.email ?? null,
  address: r?.address ?? null,
});

export async function getCompany(db: Db, user: AuthUser, contractNumber: string, withDocuments: boolean): Promise<StoredCompany> {
  const share = await findScopedShare(db, user, { contractNumber });
  if (!share.isPj) throw notFound('Company');
  const [row] = await db.select().from(companies).where(eq(companies.shareId, share.id)).limit(1);
  // A PJ share without its company yet answers an empty record: the form fills it in.
  const record = toRecord(share.id, row);
  if (withDocuments && (await documentsAllowed(db, user, share))) record.documents = await shareFiles(db, share.id, COMPANY_DOCUMENT_TYPES);
  return record;
}

export async function saveCompany(db: Db, user: AuthUser, shareId: string, input: Company): Promise<StoredCompany> {
  const given = input as unknown as Record<string, unknown>;
  const values: Partial<CompanyRow> = {};
  for (const f of ['name', 'cnpj', 'primaryPhone', 'email'] as const) if (f in given) values[f] = clean(given[f]);
  if ('address' in given) values.address = cleanAddress(input.address);
  const errors: FieldErrors = {};
  if ('name' in given && !values.name) errors.name = 'name is required';
  if (values.cnpj) {
    if (!isCnpj(values.cnpj)) errors.cnpj = 'Invalid cnpj';
    else values.cnpj = stripMask(values.cnpj).toUpperCase();
  }
  if (values.primaryPhone && !isPhone(values.primaryPhone)) errors.primaryPhone = 'Invalid primaryPhone';
  if (values.email) {
    if (!isEmail(values.email)) errors.email = 'Invalid email';
    else values.email = values.email.toLowerCase();
  }
  Object.assign(errors, addressErrors(values.address ?? null));
  throwIfErrors(errors);

  return db.transaction(async (tx) => {
    const share = await findScopedShare(tx, user, { shareId }, { forUpdate: true });
    if (!share.isPj) throw invalid(NOT_PJ, { shareId: NOT_PJ });
    const [current] = await tx.select().from(companies).where(eq(companies.shareId, share.id)).limit(1);
    if (!current && !values.name) throw invalid('name is required', { name: 'name is required' });
    const now = new Date();
    const [saved] = current
      ? await tx.update(companies).set({ ...values, updatedAt: now }).where(eq(companies.shareId, share.id)).returning()
      : await tx.insert(companies).values({ ...values, shareId: share.id, updatedAt: now }).returning();
    await touchShare(tx, share.id, { ownerName: saved.name, ownerDocument: saved.cnpj });
    await writeEditEntry(tx, {
      shareId: share.id,
      action: 'company_save',
      userId: user.id,
      note: 'Empresa salva',
      audit: { action: 'company.save', objectType: 'company', before: recordOf(current), after: recordOf(saved) },
    });
    return toRecord(share.id, saved);
  });
}
