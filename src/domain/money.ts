/**
 * Money as staff type it and read it: one parser for every money field, one formatter for every
 * amount shown (the app's screens and the history's notes). Amounts are numbers in reais with at
 * most two decimals. docs/decisions.md ("Money: what is typed, what is shown").
 */

/**
 * The largest amount a money field takes: R$ 999.999.999,99. Consórcio credits are far below it, and
 * it keeps every amount exact as a JavaScript number and inside the database's numeric(14,2).
 */
export const MONEY_MAX = 999_999_999.99;

export const MONEY_REASONS = ['empty', 'negative', 'notNumber', 'usFormat', 'tooManyDecimals', 'tooLarge'] as const;
export type MoneyReason = (typeof MONEY_REASONS)[number];

type MoneyParse = { ok: true; value: number } | { ok: false; reason: MoneyReason };

/** pt-BR: digits, or groups of three after a dot ("150.000"), then at most a comma and cents. */
const PT_BR = /^(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d+))?$/;
/**
 * What only reads as an amount in the US way: a dot before the cents ("1000.5", "1,000.50"), or
 * commas grouping thousands ("1,000"). Refused rather than guessed: "1.500" means 1500 here.
 */
const US = /^(?:\d+\.\d+|[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?)$/;
/** ASCII hyphen, minus sign, en dash: what a keyboard, a spreadsheet or a PDF puts before a negative. */
const SIGN = /^[-−–]|[-−–]$/;

/**
 * Reads an amount typed or pasted the Brazilian way: "150.000,50", "150000,50", "1.000",
 * "R$ 1.000,00", "R$1.000,00", with any spaces (non-breaking ones included). Zero is an amount;
 * whether a field takes it is the field's rule.
 */
export const parseMoney = (text: string | null | undefined): MoneyParse => {
  // Every kind of space goes: the formatter's own output (non-breaking) must read back.
  let s = (text ?? '').replace(/[\s\u00a0\u202f]+/g, '');
  if (!s) return { ok: false, reason: 'empty' };
  let negative = false;
  for (let i = 0; i < 2; i++) {
    if (/^R\$/i.test(s)) s = s.slice(2);
    if (SIGN.test(s)) {
      negative = true;
      s = s.replace(SIGN, '');
    }
  }
  const pt = PT_BR.exec(s);
  const us = !pt && US.test(s);
  if (!pt && !us) return { ok: false, reason: 'notNumber' };
  // A sign says more than the format: "-1000.5" is refused as negative, whatever it meant.
  if (negative) return { ok: false, reason: 'negative' };
  if (us) return { ok: false, reason: 'usFormat' };
  const [, whole, cents = ''] = pt!;
  // "1,000" has three "decimals" but is a thousand typed the US way.
  if (cents.length > 2) return { ok: false, reason: /^[1-9]\d{0,2}$/.test(whole) && cents.length === 3 ? 'usFormat' : 'tooManyDecimals' };
  const digits = whole.replace(/\./g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > 9) return { ok: false, reason: 'tooLarge' };
  const value = Math.round(Number(`${digits}.${cents || '0'}`) * 100) / 100;
  if (value > MONEY_MAX) return { ok: false, reason: 'tooLarge' };
  return { ok: true, value };
};

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const AMOUNT = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one space a formatted amount has, between "R$" and the number: non-breaking, so a narrow
 * column never leaves "R$" alone at a line's end. Intl's own space differs between ICU versions
 * (U+00A0, U+202F), so every space is replaced by this one and tests can compare exact strings.
 */
export const MONEY_SPACE = '\u00a0';

const toNumber = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** "R$ 150.000,50" (with MONEY_SPACE); "—" when there is no amount. Takes the API's "150000.50" too. */
export const formatMoney = (value: number | string | null | undefined): string => {
  const n = toNumber(value);
  return n === null ? '—' : BRL.format(n).replace(/[\s\u00a0\u202f]+/g, MONEY_SPACE);
};

/** "150.000,50": the amount without "R$", as a money field shows it beside its own "R$" prefix. */
export const formatMoneyAmount = (value: number | string | null | undefined): string => {
  const n = toNumber(value);
  return n === null ? '' : AMOUNT.format(n);
};

/**
 * A history note as staff read it. The price edit's note is stored with the amounts as the API
 * sends them ("Preço alterado de 19654.23 para 150000.50", the same for every row old and new);
 * it is formatted when read, so rows written before this formatter read the same way too.
 */
export const historyNoteText = (action: string, note: string | null): string | null => {
  if (action !== 'proposal_edit_price' || !note) return note;
  return note.replace(/\b(de|para) (\d+(?:\.\d{1,2})?)(?=$| )/g, (_, word: string, amount: string) => `${word} ${formatMoney(amount)}`);
};
