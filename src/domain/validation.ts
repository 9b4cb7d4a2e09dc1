/** Field rules of SPEC §5, on top of @brazilian-utils (check digits, alphanumeric CNPJ). */
import { isValidCnpj, isValidCpf, isValidEmail } from '@brazilian-utils/brazilian-utils';

/** Drops the usual mask characters; letters stay so that they fail the digit rules. */
export const stripMask = (value: string): string => value.replace(/[\s.\-/()]/g, '');

const allSame = (s: string): boolean => s.length > 0 && [...s].every((c) => c === s[0]);

/** CPF: 11 digits once unmasked, not all the same digit, both check digits right. */
export const isCpf = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const digits = stripMask(value);
  return /^\d{11}$/.test(digits) && !allSame(digits) && isValidCpf(digits);
};

/**
 * CNPJ: 14 characters once unmasked, not all the same, both check digits right. The alphanumeric
 * CNPJ (issued from July 2026) is accepted: its first 12 characters may be letters.
 */
export const isCnpj = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const raw = stripMask(value).toUpperCase();
  return /^[0-9A-Z]{12}\d{2}$/.test(raw) && !allSame(raw) && isValidCnpj(raw, { version: 2 });
};

/** Phone: (DD) 9NNNN-NNNN or (DD) NNNN-NNNN. */
export const PHONE_PATTERN = /^\(\d{2}\) (9\d{4}|\d{4})-\d{4}$/;
export const isPhone = (value: unknown): boolean => typeof value === 'string' && PHONE_PATTERN.test(value);

/** E-mail: a valid address with no spaces anywhere. */
export const isEmail = (value: unknown): boolean => typeof value === 'string' && !/\s/.test(value) && isValidEmail(value);

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** Masks a phone as the user types: (DD) 9NNNN-NNNN for 11 digits, (DD) NNNN-NNNN for 10. */
export const formatPhoneInput = (value: string): string => {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  const split = rest.length > 8 ? 5 : 4;
  return rest.length > split ? `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}` : `(${ddd}) ${rest}`;
};

interface SignerIdentity {
  cpf?: string | null;
  email?: string | null;
}

const normalizedEmail = (e?: string | null) => (e ?? '').trim().toLowerCase();

/**
 * SPEC §5: the first and second signer must not have the same CPF and e-mail. We refuse a pair that
 * shares either one, since one person cannot sign twice (docs/decisions.md).
 */
export const signersAreDistinct = (first: SignerIdentity | null | undefined, second: SignerIdentity | null | undefined): boolean =>
  signerConflicts(first, second).length === 0;

export type SignerConflict = 'cpf' | 'email';

/**
 * The fields the two signers share: only those are marked (issue 13), so the same e-mail with
 * another CPF points at the e-mail alone. Client and server mark the same fields.
 */
export const signerConflicts = (first: SignerIdentity | null | undefined, second: SignerIdentity | null | undefined): SignerConflict[] => {
  if (!first || !second) return [];
  const cpfA = onlyDigits(first.cpf ?? '');
  const sameCpf = cpfA.length > 0 && cpfA === onlyDigits(second.cpf ?? '');
  const emailA = normalizedEmail(first.email);
  const sameEmail = emailA.length > 0 && emailA === normalizedEmail(second.email);
  return [...(sameCpf ? (['cpf'] as const) : []), ...(sameEmail ? (['email'] as const) : [])];
};

/** CEP: 8 digits, with or without the hyphen (00000-000). */
export const isZip = (value: unknown): boolean => typeof value === 'string' && /^\d{5}-?\d{3}$/.test(value.trim());

/** Bank branch (agência): up to 5 digits, a check digit after '-' when it has one (X allowed). */
export const isBankAgency = (value: unknown): boolean => typeof value === 'string' && /^\d{1,5}(-[\dXx])?$/.test(value.trim());

/** Bank account: up to 13 digits, a check digit after '-' when it has one (X allowed). */
export const isBankAccount = (value: unknown): boolean => typeof value === 'string' && /^\d{1,13}(-[\dXx])?$/.test(value.trim());
