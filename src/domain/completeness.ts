/** Filled-state rules of SPEC §4 and §5. */

export interface Address {
  zip?: string | null;
  address?: string | null;
  number?: string | null;
  district?: string | null;
  city?: string | null;
  state?: string | null;
}

export interface Person {
  name?: string | null;
  cpf?: string | null;
  phone?: string | null;
  email?: string | null;
  rg?: string | null;
  documentDispatcher?: string | null;
  occupation?: string | null;
  maritalStatus?: string | null;
  nationality?: string | null;
  address?: Address | null;
}

export interface CoPerson {
  name?: string | null;
  cpf?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface Company {
  name?: string | null;
  cnpj?: string | null;
  primaryPhone?: string | null;
  email?: string | null;
  address?: Address | null;
}

export interface Bank {
  name?: string | null;
  code?: string | null;
  agency?: string | null;
  account?: string | null;
  selected?: boolean;
}

const present = (v: unknown): boolean => (typeof v === 'string' ? v.trim().length > 0 : v !== null && v !== undefined);

export const ADDRESS_FIELDS = ['zip', 'address', 'number', 'district', 'city', 'state'] as const;
export const PERSON_FIELDS = ['name', 'cpf', 'phone', 'email', 'rg', 'documentDispatcher', 'occupation', 'maritalStatus', 'nationality'] as const;
export const COMPANY_FIELDS = ['name', 'cnpj', 'primaryPhone', 'email'] as const;
export const BANK_FIELDS = ['name', 'code', 'agency', 'account'] as const;

export const addressComplete = (a: Address | null | undefined): boolean => !!a && ADDRESS_FIELDS.every((f) => present(a[f]));

/** The fields still missing from a person, address fields as `address.zip` etc. */
export const missingPersonFields = (p: Person | null | undefined, isPj: boolean): string[] => {
  const missing: string[] = PERSON_FIELDS.filter((f) => !present(p?.[f]));
  if (!isPj) missing.push(...ADDRESS_FIELDS.filter((f) => !present(p?.address?.[f])).map((f) => `address.${f}`));
  return missing;
};

/** A person is complete when every required field is there; a PJ share does not require the address. */
export const personComplete = (p: Person | null | undefined, isPj: boolean): boolean => missingPersonFields(p, isPj).length === 0;

/** Basic data: the name exists and cpf, phone and email are all present. */
export const basicDataFilled = (p: Pick<Person, 'name' | 'cpf' | 'phone' | 'email'> | null | undefined): boolean =>
  !!p && present(p.name) && present(p.cpf) && present(p.phone) && present(p.email);

/** Only a PJ share needs a company; otherwise the company counts as complete. */
export const companyComplete = (c: Company | null | undefined, isPj: boolean): boolean =>
  !isPj || (!!c && COMPANY_FIELDS.every((f) => present(c[f])) && addressComplete(c.address));

export const bankFilled = (b: Bank | null | undefined): boolean => !!b && BANK_FIELDS.every((f) => present(b[f]));

/** SPEC §5: the second signer is shown at first only when the co-person object is non-empty. */
export const showCoPersonInitially = (co: CoPerson | null | undefined): boolean =>
  !!co && Object.values(co).some((v) => present(v));
