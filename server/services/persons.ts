/**
 * Signers of a share (SPEC §3, §5): the first signer (Person) and the optional second (co-person).
 * Validated with the same src/domain rules as the forms; the pair must be distinct (SPEC §8).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { type Address, type Person, basicDataFilled, personComplete } from '../../src/domain/completeness';
import type { DocumentType } from '../../src/domain/enums';
import { isCpf, isEmail, isPhone, isZip, onlyDigits, signerConflicts } from '../../src/domain/validation';
import { personListWithDocuments } from '../../src/domain/whiteLabel';
import type { PersonInput, PersonRecord, SignerOrder, SignerStatus } from '../../src/domain/workspace';

/** A stored signer: every field present, null when empty (the API's answer requires them). */
export type StoredPerson = PersonRecord & Required<Person>;
import type { Db } from '../db/client';
import { persons, shareHistory } from '../db/schema';
import { type FieldErrors, invalid, notFound } from './errors';
import { recordOf } from './audit';
import { writeEditEntry } from './history';
import { type DbOrTx, type ScopedShare, findScopedShare, isUuid, shareBrand, shareFiles, touchShare } from './shareAccess';
import type { AuthUser } from './users';

/** Documents that identify a person (the rest belong to the company, the contract or the payment). */
export const PERSON_DOCUMENT_TYPES: readonly DocumentType[] = ['CNH', 'RG_WITH_CPF', 'RNE_WITH_CPF', 'CIN', 'SELFIE_WITH_DOCUMENT', 'PROOF_OF_ADDRESS', 'DECLARATION_OF_RESIDENCE'];

export const MESSAGES = {
  signersEqual: 'First and second signer are equal',
  firstSignerRemoval: 'Invalid signer: the first signer cannot be removed',
} as const;

const PERSON_TEXT_FIELDS = ['name', 'cpf', 'phone', 'email', 'rg', 'documentDispatcher', 'occupation', 'maritalStatus', 'nationality'] as const;
const ADDRESS_KEYS = ['zip', 'address', 'number', 'district', 'city', 'state'] as const;
const UF = /^[A-Za-z]{2}$/;

/** '' and whitespace mean "no value". */
export const clean = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function cleanAddress(a: Address | null | undefined): Address | null {
  if (!a) return null;
  const out: Address = {};
  for (const k of ADDRESS_KEYS) out[k] = clean(a[k]);
  if (out.zip && isZip(out.zip)) out.zip = `${onlyDigits(out.zip).slice(0, 5)}-${onlyDigits(out.zip).slice(5)}`;
  if (out.state) out.state = out.state.toUpperCase();
  return ADDRESS_KEYS.some((k) => out[k]) ? out : null;
}

/** Field errors of an address (zip format, two-letter state), keyed `address.zip` etc. */
export function addressErrors(a: Address | null): FieldErrors {
  const errors: FieldErrors = {};
  // The same rule as the form's CEP field (src/domain/validation.ts).
  if (a?.zip && !isZip(a.zip)) errors['address.zip'] = 'Invalid zip';
  if (a?.state && !UF.test(a.state)) errors['address.state'] = 'Invalid state';
  return errors;
}

/** The first error's text is the message: 'Invalid cpf', 'name is required', … */
export function throwIfErrors(errors: FieldErrors): void {
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
}

type PersonRow = typeof persons.$inferSelect;

const toRecord = (r: PersonRow): StoredPerson => ({
  personId: r.id,
  signer: r.signerOrder as SignerOrder,
  ownerRole: r.ownerRole,
  name: r.name,
  cpf: r.cpf,
  phone: r.phone,
  email: r.email,
  rg: r.rg,
  documentDispatcher: r.documentDispatcher,
  occupation: r.occupation,
  maritalStatus: r.maritalStatus,
  nationality: r.nationality,
  address: r.address ?? null,
});

export const sharePersons = (db: DbOrTx, shareId: string) =>
  db.select().from(persons).where(eq(persons.shareId, shareId)).orderBy(asc(persons.signerOrder));

/** Whether this user, on this share, gets documents when it asks for them (SPEC §6). */
export async function documentsAllowed(db: DbOrTx, user: AuthUser, share: ScopedShare): Promise<boolean> {
  const { whiteLabel } = await shareBrand(db, share.admId);
  return personListWithDocuments(user.profile, whiteLabel);
}

export async function listPersons(db: Db, user: AuthUser, contractNumber: string, withDocuments: boolean): Promise<StoredPerson[]> {
  const share = await findScopedShare(db, user, { contractNumber });
  const records = (await sharePersons(db, share.id)).map(toRecord);
  if (withDocuments && (await documentsAllowed(db, user, share))) {
    // Files carry a share and a type, not a person: the share's identity documents are listed on
    // the first signer (the owner), and the second signer's list is empty.
    const docs = await shareFiles(db, share.id, PERSON_DOCUMENT_TYPES);
    for (const r of records) r.documents = r.signer === 1 ? docs : [];
  }
  return records;
}

/** The row's values from the input: a field left out stays as it is; null or '' clears it. */
function personValues(input: PersonInput): { values: Partial<PersonRow>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const values: Partial<PersonRow> = {};
  const given = input as unknown as Record<string, unknown>;
  for (const f of PERSON_TEXT_FIELDS) if (f in given) values[f] = clean(given[f]);
  if ('address' in given) values.address = cleanAddress(input.address);

  if ('name' in given && !values.name) errors.name = 'name is required';
  if (values.cpf) {
    if (!isCpf(values.cpf)) errors.cpf = 'Invalid cpf';
    else values.cpf = onlyDigits(values.cpf);
  }
  if (values.phone && !isPhone(values.phone)) errors.phone = 'Invalid phone';
  if (values.email) {
    if (!isEmail(values.email)) errors.email = 'Invalid email';
    else values.email = values.email.toLowerCase();
  }
  Object.assign(errors, addressErrors(values.address ?? null));
  return { values, errors };
}

export async function savePerson(db: Db, user: AuthUser, shareId: string, input: PersonInput): Promise<StoredPerson> {
  const { values, errors } = personValues(input);
  throwIfErrors(errors);
  const signer = input.signer;
  return db.transaction(async (tx) => {
    const share = await findScopedShare(tx, user, { shareId }, { forUpdate: true });
    const rows = await sharePersons(tx, share.id);
    const current = rows.find((r) => r.signerOrder === signer);
    const other = rows.find((r) => r.signerOrder !== signer);
    if (input.personId !== undefined && (!isUuid(input.personId) || current?.id !== input.personId)) throw notFound('Person');
    // A new signer needs at least a name; later saves may send only what changed.
    if (!current && !values.name) throw invalid('name is required', { name: 'name is required' });

    const merged = { ...current, ...values };
    // Only the fields the two share are marked: the same e-mail with another CPF is the e-mail's fault.
    const conflicts = other ? signerConflicts(merged, other) : [];
    if (conflicts.length) throw invalid(MESSAGES.signersEqual, Object.fromEntries(conflicts.map((f) => [f, MESSAGES.signersEqual])));
    const ownerRole = input.ownerRole ?? current?.ownerRole ?? (signer === 1 && !share.isPj ? 'owner' : 'partner');
    const now = new Date();
    const [saved] = current
      ? await tx
          .update(persons)
          .set({ ...values, ownerRole, updatedAt: now })
          .where(eq(persons.id, current.id))
          .returning()
      : await tx
          .insert(persons)
          .values({ ...values, shareId: share.id, signerOrder: signer, ownerRole, updatedAt: now })
          .returning();
    // The list shows the first signer as the owner of a PF share; a PJ share's owner is its company.
    const ownerSync = signer === 1 && !share.isPj ? { ownerName: saved.name, ownerDocument: saved.cpf } : {};
    await touchShare(tx, share.id, ownerSync);
    await writeEditEntry(tx, {
      shareId: share.id,
      action: 'person_save',
      userId: user.id,
      note: `Signatário ${signer} salvo`,
      audit: { action: 'person.save', objectType: 'person', objectId: saved.id, before: recordOf(current), after: recordOf(saved) },
    });
    return toRecord(saved);
  });
}

export async function deletePerson(db: Db, user: AuthUser, shareId: string, ref: { signer?: SignerOrder; personId?: string }): Promise<{ personId: string; signer: SignerOrder }> {
  if (ref.signer === undefined && ref.personId === undefined) throw invalid('person.signer or person.personId is required', { person: 'signer or personId is required' });
  if (ref.signer === 1) throw invalid(MESSAGES.firstSignerRemoval, { signer: MESSAGES.firstSignerRemoval });
  return db.transaction(async (tx) => {
    const share = await findScopedShare(tx, user, { shareId }, { forUpdate: true });
    if (ref.personId !== undefined && !isUuid(ref.personId)) throw notFound('Person');
    const [row] = await tx
      .select()
      .from(persons)
      .where(
        and(
          eq(persons.shareId, share.id),
          ref.personId !== undefined ? eq(persons.id, ref.personId) : undefined,
          ref.signer !== undefined ? eq(persons.signerOrder, ref.signer) : undefined,
        ),
      )
      .limit(1);
    if (!row) throw notFound('Person');
    if (row.signerOrder === 1) throw invalid(MESSAGES.firstSignerRemoval, { signer: MESSAGES.firstSignerRemoval });
    await tx.delete(persons).where(eq(persons.id, row.id));
    await touchShare(tx, share.id);
    await writeEditEntry(tx, {
      shareId: share.id,
      action: 'person_delete',
      userId: user.id,
      note: `Signatário ${row.signerOrder} removido`,
      audit: { action: 'person.delete', objectType: 'person', objectId: row.id, before: recordOf(row), after: null },
    });
    return { personId: row.id, signer: row.signerOrder as SignerOrder };
  });
}

/** States reached only after the signed contract came back: the signers have signed. */
const SIGNED_STATES = ['received_from_client', 'approved_by_adm', 'payment_done'];

/**
 * GET /share/signers_status: one entry per signer present. A signer has signed once the signed
 * contract was received (the share is past accepted_by_client, or in a pendency raised after
 * that); signedAt is when that happened, from the history.
 */
export async function signersStatus(db: Db, user: AuthUser, shareId: string): Promise<SignerStatus[]> {
  const share = await findScopedShare(db, user, { shareId });
  const rows = await sharePersons(db, share.id);
  const effective = share.state === 'with_pendency' ? share.previousState : share.state;
  let signedAt: string | null = null;
  const signed = !!effective && SIGNED_STATES.includes(effective);
  if (signed) {
    const [entry] = await db
      .select({ at: shareHistory.at })
      .from(shareHistory)
      .where(and(eq(shareHistory.shareId, share.id), eq(shareHistory.toState, 'received_from_client')))
      .orderBy(desc(shareHistory.at), desc(shareHistory.id))
      .limit(1);
    signedAt = entry ? entry.at.toISOString() : null;
  }
  return rows.map((r) => {
    const p = toRecord(r);
    return { signer: p.signer, name: p.name ?? null, basicDataFilled: basicDataFilled(p), complete: personComplete(p, share.isPj), signed, signedAt };
  });
}
