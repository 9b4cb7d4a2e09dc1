/** Input masks for Form.Item `normalize` (DESIGN §2: formatters as normalizers). */
import { formatPhoneInput, onlyDigits } from '../../domain';

export { formatPhoneInput };

/** 000.000.000-00 as the user types. */
export const formatCpfInput = (value: string | undefined): string => {
  const d = onlyDigits(value ?? '').slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
};

/** 00.000.000/0000-00 as the user types; letters stay (alphanumeric CNPJ from 2026). */
export const formatCnpjInput = (value: string | undefined): string => {
  const d = (value ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase().slice(0, 14);
  const parts = [d.slice(0, 2), d.slice(2, 5), d.slice(5, 8), d.slice(8, 12), d.slice(12)];
  let out = parts[0];
  if (parts[1]) out += `.${parts[1]}`;
  if (parts[2]) out += `.${parts[2]}`;
  if (parts[3]) out += `/${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
};

/** 00000-000 as the user types. */
export const formatZipInput = (value: string | undefined): string => {
  const d = onlyDigits(value ?? '').slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
};

export const formatPhone = (value: string | undefined): string => formatPhoneInput(value ?? '');
