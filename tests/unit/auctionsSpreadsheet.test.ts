/** The pricing spreadsheet reader (server/services/pricingSpreadsheet.ts): CSV dialects, header, row numbers. */
import fc from 'fast-check';
import writeExcelFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { PRICING_MAX_BYTES, PRICING_MAX_ROWS } from '../../src/domain/auctions';
import { CSV_MAX_LINES, checkXlsxZip, csvDelimiter, decodeCsv, readPricingFile } from '../../server/services/pricingSpreadsheet';

describe('CSV', () => {
  it('reads UTF-8 (with or without BOM) as UTF-8 and anything else as Windows-1252 (issue 13)', async () => {
    const text = 'Contrato;Valor;Observação\r\nACM-1;1.000,00;cotação € única\r\n';
    const expected = { ok: true, rows: [{ row: 2, contract: 'ACM-1', price: '1.000,00' }] };
    expect(await readPricingFile(Buffer.from(text), 'p.csv')).toEqual(expected);
    expect(await readPricingFile(Buffer.from(`\uFEFF${text}`), 'p.csv')).toEqual(expected);
    // Excel's "CSV (separado por vírgulas)" on Windows: one byte per accent, € as 0x80.
    const cp1252 = Buffer.from(text.replace('€', '\u0080'), 'latin1');
    expect(cp1252.includes(0x80)).toBe(true);
    expect(await readPricingFile(cp1252, 'p.csv')).toEqual(expected);
    expect(decodeCsv(cp1252)).toBe(text);
    // A contract with an accent reads back the same either way.
    expect(await readPricingFile(Buffer.from('contrato;valor\nAÇÃO-1;10\n', 'latin1'), 'p.csv')).toMatchObject({ rows: [{ contract: 'AÇÃO-1' }] });
  });

  it('guesses the delimiter from the header line', () => {
    expect(csvDelimiter('contrato;valor\nA;1,50')).toBe(';');
    expect(csvDelimiter('\uFEFFcontrato,valor\nA,"1,50"')).toBe(',');
  });

  it('finds the columns by name in any case, with or without accents, and keeps row numbers', async () => {
    const csv = '\uFEFFObs;VALOR;Contráto\r\nx;1.000,00;ACM-1\r\n\r\n;2000;ACM-2\r\n';
    expect(await readPricingFile(Buffer.from(csv), 'p.csv')).toEqual({
      ok: true,
      rows: [
        { row: 2, contract: 'ACM-1', price: '1.000,00' },
        { row: 4, contract: 'ACM-2', price: '2000' },
      ],
    });
  });

  it('numbers rows as a spreadsheet would, whichever delimiter, line ending and blank lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(',', ';'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.record({ blank: fc.boolean(), contract: fc.stringMatching(/^[A-Z]{3}-\d{1,7}$/), cents: fc.integer({ min: 1, max: 10_000_000 }) }), { minLength: 1, maxLength: 30 }),
        async (sep, eol, bom, lines) => {
          const body = lines.map((l) => (l.blank ? '' : `${l.contract}${sep}${(l.cents / 100).toFixed(2)}`));
          const text = `${bom ? '\uFEFF' : ''}contrato${sep}valor${eol}${body.join(eol)}${eol}`;
          const parsed = await readPricingFile(Buffer.from(text), 'p.csv');
          const expected = lines.flatMap((l, i) => (l.blank ? [] : [{ row: i + 2, contract: l.contract, price: (l.cents / 100).toFixed(2) }]));
          expect(parsed).toEqual(expected.length ? { ok: true, rows: expected } : { ok: false, error: 'empty' });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('marks a row with more cells than the header, such as an unquoted 1.234,56 in a comma-separated file', async () => {
    const parsed = await readPricingFile(Buffer.from('contrato,valor\nACM-1,"1.234,56"\nACM-2,1.234,56\nACM-3,10,\n'), 'p.csv');
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { row: 2, contract: 'ACM-1', price: '1.234,56' },
        { row: 3, contract: 'ACM-2', price: '1.234', overflow: '1.234,56' },
        { row: 4, contract: 'ACM-3', price: '10' },
      ],
    });
  });

  it('refuses a file without the two columns, without rows or with too many', async () => {
    expect(await readPricingFile(Buffer.from('contrato;preco\nA;1\n'), 'p.csv')).toEqual({ ok: false, error: 'headerMissing' });
    expect(await readPricingFile(Buffer.from(''), 'p.csv')).toEqual({ ok: false, error: 'empty' });
    const many = `contrato;valor\n${'A;1\n'.repeat(PRICING_MAX_ROWS + 1)}`;
    expect(await readPricingFile(Buffer.from(many), 'p.csv')).toEqual({ ok: false, error: 'tooManyRows' });
    // A broken quote says its line (issue 13): where the quote opened, not where the file ended.
    expect(await readPricingFile(Buffer.from('contrato;valor\n"A;1\n'), 'p.csv')).toEqual({ ok: false, error: 'unclosedQuote', row: 2 });
    expect(await readPricingFile(Buffer.from('contrato;valor\nA;1\n\nB;"2\nC;3\n\n'), 'p.csv')).toEqual({ ok: false, error: 'unclosedQuote', row: 4 });
    expect(await readPricingFile(Buffer.from('contrato;valor\r\nA;1\r\nB;"2"x\r\n'), 'p.csv')).toEqual({ ok: false, error: 'unclosedQuote', row: 3 });
    expect(await readPricingFile(Buffer.from('contrato;valor\nA;2x"\n'), 'p.csv')).toEqual({ ok: false, error: 'unclosedQuote', row: 2 });
  });

  it('reads blank lines up to the line cap, and refuses content past it without parsing it', async () => {
    const blanks = '\n'.repeat(CSV_MAX_LINES - 3);
    expect(await readPricingFile(Buffer.from(`contrato;valor\nA;1\n${blanks}B;2\n`), 'p.csv')).toMatchObject({ ok: true, rows: [{ row: 2 }, { row: CSV_MAX_LINES }] });
    expect(await readPricingFile(Buffer.from(`contrato;valor\nA;1\n${blanks}\nB;2\n`), 'p.csv')).toEqual({ ok: false, error: 'tooManyRows' });
    // Trailing blank lines past the cap are not content.
    expect(await readPricingFile(Buffer.from(`contrato;valor\nA;1\n${blanks}\n\n\n`), 'p.csv')).toMatchObject({ ok: true, rows: [{ row: 2 }] });
  });

  it('refuses a file over the size limit as tooLarge, whatever its format', async () => {
    const big = Buffer.alloc(PRICING_MAX_BYTES + 1, 'a');
    expect(await readPricingFile(big, 'p.csv')).toEqual({ ok: false, error: 'tooLarge' });
    expect(await readPricingFile(big, 'p.xlsx')).toEqual({ ok: false, error: 'tooLarge' });
  });
});

describe('XLSX', () => {
  it('reads the first sheet, numbers and text as the cells hold them', async () => {
    const bytes = await writeExcelFile([
      [{ value: 'Contrato' }, { value: 'Valor' }],
      [{ value: 'ACM-1' }, { value: 1234.5 }],
      [{ value: 987 }, { value: 'R$ 10,00' }],
    ]).toBuffer();
    expect(await readPricingFile(bytes, 'precos.XLSX')).toEqual({
      ok: true,
      rows: [
        { row: 2, contract: 'ACM-1', price: 1234.5 },
        { row: 3, contract: 987, price: 'R$ 10,00' },
      ],
    });
  });

  it('checks a real workbook zip as fine and anything that is not a zip as unreadable', async () => {
    const bytes = await writeExcelFile([[{ value: 'contrato' }, { value: 'valor' }]]).toBuffer();
    expect(checkXlsxZip(bytes)).toBe('ok');
    expect(checkXlsxZip(Buffer.from('PK not really a zip'))).toBe('unreadable');
    expect(checkXlsxZip(bytes.subarray(0, bytes.length - 30))).toBe('unreadable');
  });

  it('calls anything else unreadable', async () => {
    expect(await readPricingFile(Buffer.from('PK not really'), 'p.xlsx')).toEqual({ ok: false, error: 'unreadable' });
    expect(await readPricingFile(Buffer.from('contrato;valor'), 'p.pdf')).toEqual({ ok: false, error: 'unreadable' });
  });
});
