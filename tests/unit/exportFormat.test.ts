import { describe, expect, it } from 'vitest';
import { csvField, exportFileName, formatDateBR, formatDocumentBR, formatNumberBR, isTimeZone, neutralizeFormula } from '../../src/domain/exportFormat';

describe('export formatting (issue 18)', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises %j with a leading apostrophe', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it.each(['Maria', '1-2', 'a=b', '', "'já citado"])('leaves %j as it is', (text) => {
    expect(neutralizeFormula(text)).toBe(text);
  });

  it('quotes a field holding the separator, a quote or a line break', () => {
    expect(csvField('Silva; Souza')).toBe('"Silva; Souza"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('a,b')).toBe('a,b');
  });

  it('writes numbers with a decimal comma, money with two decimals', () => {
    expect(formatNumberBR(1234567.5, true)).toBe('1.234.567,50');
    expect(formatNumberBR(-0.5, true)).toBe('-0,50');
    expect(formatNumberBR(42)).toBe('42');
    expect(formatNumberBR(1.25)).toBe('1,25');
  });

  it("writes dates as dd/mm/aaaa hh:mm in the user's time zone", () => {
    const at = new Date('2026-01-02T01:30:00Z');
    expect(formatDateBR(at, 'America/Sao_Paulo', true)).toBe('01/01/2026 22:30');
    expect(formatDateBR(at, 'America/Sao_Paulo', false)).toBe('01/01/2026');
    expect(formatDateBR(at, 'UTC', true)).toBe('02/01/2026 01:30');
    expect(formatDateBR(new Date('x'), 'UTC', true)).toBe('');
  });

  it('knows IANA time zones from anything else', () => {
    expect(isTimeZone('America/Manaus')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('masks CPF and CNPJ', () => {
    expect(formatDocumentBR('12345678909')).toBe('123.456.789-09');
    expect(formatDocumentBR('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocumentBR('abc')).toBe('abc');
  });

  it('names the file after the list and the local day, without characters a file system refuses', () => {
    const at = new Date('2026-11-28T01:00:00Z');
    expect(exportFileName('Listagem de cotas', at, 'csv', 'America/Sao_Paulo')).toBe('Listagem de cotas 2026-11-27.csv');
    expect(exportFileName('Leilões: a/b', at, 'xlsx', 'UTC')).toBe('Leilões a b 2026-11-28.xlsx');
  });
});
