import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import dayjs from '../dayjs';

export const EMPTY_CELL = '—';

/** CPF or CNPJ with its mask, told apart by length; anything else is shown as stored. */
export const formatDocument = (value: string | null | undefined): string => {
  if (!value) return EMPTY_CELL;
  const raw = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^\d{11}$/.test(raw)) return formatCpf(raw);
  if (/^[0-9A-Z]{12}\d{2}$/.test(raw)) return formatCnpj(raw, { version: 2 });
  return value;
};

export const formatDate = (value: string | null | undefined): string => (value && dayjs(value).isValid() ? dayjs(value).format('L') : EMPTY_CELL);

export const formatDateTime = (value: string | null | undefined): string =>
  value && dayjs(value).isValid() ? dayjs(value).format('L LT') : EMPTY_CELL;
