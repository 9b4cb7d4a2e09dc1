import { describe, expect, it } from 'vitest';
import { MONEY_MAX, MONEY_SPACE, formatMoney, formatMoneyAmount, historyNoteText, parseMoney, type MoneyReason } from '../../src/domain/money';

const NBSP = '\u00a0';

describe('parseMoney: what is accepted', () => {
  it.each<[string, number]>([
    ['150.000,50', 150000.5],
    ['150000,50', 150000.5],
    ['150000', 150000],
    ['1.000', 1000],
    ['1.000.000', 1000000],
    ['1.500', 1500],
    ['R$ 1.000,00', 1000],
    ['R$1.000,00', 1000],
    ['r$ 1.000,00', 1000],
    [`R$${NBSP}150.000,50`, 150000.5],
    ['R$\u202f150.000,50', 150000.5],
    ['  12,5  ', 12.5],
    ['1 000,50', 1000.5],
    ['0,99', 0.99],
    ['0', 0],
    ['007', 7],
    ['19654,23', 19654.23],
    ['999.999.999,99', 999999999.99],
  ])('%j → %d', (text, value) => {
    expect(parseMoney(text)).toEqual({ ok: true, value });
  });

  it('reads back everything formatMoney and formatMoneyAmount write', () => {
    for (const v of [0, 0.1, 1, 12.34, 1000, 150000.5, 19654.23, MONEY_MAX]) {
      expect(parseMoney(formatMoney(v))).toEqual({ ok: true, value: v });
      expect(parseMoney(formatMoneyAmount(v))).toEqual({ ok: true, value: v });
    }
  });
});

describe('parseMoney: what is refused, and why', () => {
  it.each<[string | null | undefined, MoneyReason]>([
    ['', 'empty'],
    ['   ', 'empty'],
    [NBSP, 'empty'],
    [null, 'empty'],
    [undefined, 'empty'],
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['- 5,00', 'negative'],
    ['R$ -5,00', 'negative'],
    ['-R$ 5,00', 'negative'],
    ['5-', 'negative'],
    ['-1000.5', 'negative'],
    ['abc', 'notNumber'],
    ['-abc', 'notNumber'],
    ['R$', 'notNumber'],
    ['-', 'notNumber'],
    ['12a', 'notNumber'],
    ['1e5', 'notNumber'],
    ['Infinity', 'notNumber'],
    ['1.000.5', 'notNumber'],
    ['12.34.56', 'notNumber'],
    ['1,2,3', 'notNumber'],
    ['1.000,00,0', 'notNumber'],
    ['+5', 'notNumber'],
    ['1000.5', 'usFormat'],
    ['1000.50', 'usFormat'],
    ['1.5', 'usFormat'],
    ['19654.23', 'usFormat'],
    ['1,000.50', 'usFormat'],
    ['1,000,000.00', 'usFormat'],
    ['1,000', 'usFormat'],
    ['R$ 1,000.00', 'usFormat'],
    ['1,555', 'usFormat'],
    ['1,5555', 'tooManyDecimals'],
    ['0,125', 'tooManyDecimals'],
    ['150.000,505', 'tooManyDecimals'],
    ['1000000000', 'tooLarge'],
    ['1.000.000.000,00', 'tooLarge'],
    ['99999999999999999999', 'tooLarge'],
  ])('%j → %s', (text, reason) => {
    expect(parseMoney(text)).toEqual({ ok: false, reason });
  });
});

describe('formatMoney', () => {
  it.each<[number | string | null | undefined, string]>([
    [150000.5, `R$${NBSP}150.000,50`],
    ['150000.50', `R$${NBSP}150.000,50`],
    [19654.23, `R$${NBSP}19.654,23`],
    [0, `R$${NBSP}0,00`],
    [1000, `R$${NBSP}1.000,00`],
    [0.5, `R$${NBSP}0,50`],
    [MONEY_MAX, `R$${NBSP}999.999.999,99`],
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['abc', '—'],
  ])('%j → %j', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it('has exactly one kind of space, the non-breaking one', () => {
    expect(MONEY_SPACE).toBe(NBSP);
    expect(formatMoney(1234.5).replace(/[^\s]/g, '')).toBe(NBSP);
  });

  it('writes the bare amount for a money field', () => {
    expect(formatMoneyAmount(150000.5)).toBe('150.000,50');
    expect(formatMoneyAmount('1000')).toBe('1.000,00');
    expect(formatMoneyAmount(null)).toBe('');
  });
});

describe('historyNoteText', () => {
  it('shows a price edit’s amounts in reais, for old rows and new', () => {
    expect(historyNoteText('proposal_edit_price', 'Preço alterado de 19654.23 para 150000.50')).toBe(`Preço alterado de R$${NBSP}19.654,23 para R$${NBSP}150.000,50`);
    expect(historyNoteText('proposal_edit_price', 'Preço alterado de 1000 para 1000.5')).toBe(`Preço alterado de R$${NBSP}1.000,00 para R$${NBSP}1.000,50`);
  });

  it('leaves every other note, and an already formatted one, as written', () => {
    expect(historyNoteText('bank_save', 'Conta 260 0001/12345 de 100.00')).toBe('Conta 260 0001/12345 de 100.00');
    const formatted = `Preço alterado de R$${NBSP}1,00 para R$${NBSP}2,00`;
    expect(historyNoteText('proposal_edit_price', formatted)).toBe(formatted);
    expect(historyNoteText('proposal_edit_price', null)).toBeNull();
  });
});
