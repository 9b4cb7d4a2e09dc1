/**
 * Hostile pricing spreadsheets (issue 12, docs/security.md "Hostile files"): every way a zip can lie
 * about its entries is refused before read-excel-file sees anything, formula cells are never priced,
 * and parsing runs in a worker with a heap cap and a deadline, the event loop free meanwhile.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPricingRow } from '../../src/domain/auctions';
import { parsePricingFile, readPricingFile } from '../../server/services/pricingSpreadsheet';
import { SPREADSHEET_WORKER, stopSpreadsheetWorker } from '../../server/services/spreadsheet/pool';
import { XLSX_LIMITS, prepareXlsx } from '../../server/services/spreadsheet/xlsx';
import { readZipStrict } from '../../server/services/spreadsheet/zip';
import { type Cell, type EntrySpec, PRICES, SHEET_PATH, buildZip, sheetXml, xlsx, xlsxEntries, zip64Extra } from './hostileZip';

const MB = 1024 * 1024;
/** Past every cap; one string, deflated once (hostileZip caches it) to about 60 KB. */
const HUGE = '<'.repeat(60 * MB);

const change = (name: string, over: Partial<EntrySpec>) => (entries: EntrySpec[]) => entries.map((e) => (e.name === name ? { ...e, ...over } : e));
const sheet = (over: Partial<EntrySpec>) => change(SHEET_PATH, over);
const add = (...more: EntrySpec[]) => (entries: EntrySpec[]) => [...entries, ...more];
const lengthOf = (e: EntrySpec) => buildZip({ entries: [e] }).length - 22 - (46 + e.name.length);

describe('the zip guard: each lie is refused', () => {
  it('reads an honest workbook, with or without data descriptors', async () => {
    for (const descriptor of [undefined, 'signed', 'unsigned'] as const) {
      const bytes = xlsx(PRICES, (es) => es.map((e) => ({ ...e, descriptor })));
      expect(prepareXlsx(bytes), descriptor).toMatchObject({ ok: true });
      expect(await parsePricingFile(bytes, 'p.xlsx')).toEqual({ ok: true, rows: [{ row: 2, contract: 'ACM-1', price: 100 }] });
    }
  });

  it.each<[string, () => Buffer, 'unreadable' | 'tooLarge', RegExp]>([
    // Issue 12's file: the directory declares a small sheet, the local header the real one.
    ['the directory declares a small size, the local header the real one', () => xlsx(PRICES, sheet({ data: HUGE, central: { size: 1000 } })), 'unreadable', /local sizes differ/],
    ['the local header declares a small size, the directory the real one', () => xlsx(PRICES, sheet({ data: HUGE, local: { size: 1000 } })), 'tooLarge', /declares/],
    ['the compressed sizes differ', () => xlsx(PRICES, sheet({ local: { compressed: 10 } })), 'unreadable', /local sizes differ/],
    ['the CRCs differ', () => xlsx(PRICES, sheet({ local: { crc: 1 } })), 'unreadable', /local sizes differ/],
    ['both headers agree on a small size the data inflates past', () => xlsx(PRICES, sheet({ data: HUGE, local: { size: 1000 }, central: { size: 1000 } })), 'tooLarge', /inflates past/],
    ['both headers agree on a wrong CRC', () => xlsx(PRICES, sheet({ local: { crc: 7 }, central: { crc: 7 } })), 'unreadable', /CRC differs/],
    ['the names differ', () => xlsx(PRICES, sheet({ local: { name: 'xl/worksheets/sheet2.xml' } })), 'unreadable', /local name differs/],
    ['the methods differ', () => xlsx(PRICES, sheet({ local: { method: 0 } })), 'unreadable', /local method differs/],
    ['the flags differ', () => xlsx(PRICES, sheet({ local: { flags: 0x0800 } })), 'unreadable', /local flags differ/],
    ['a data descriptor disagrees with the directory', () => xlsx(PRICES, sheet({ descriptor: 'signed', descriptorFields: { size: 5 } })), 'unreadable', /data descriptor differs/],
    ['a data descriptor entry whose local header holds other sizes', () => xlsx(PRICES, sheet({ descriptor: 'unsigned', local: { size: 3 } })), 'unreadable', /local sizes differ/],
    ['two directory entries point at one local header', () => xlsx(PRICES, sheet({ central: { offset: 0 } })), 'unreadable', /overlaps|local name differs/],
    [
      'an entry whose data runs over the next one (both headers agree)',
      () => {
        const rels = xlsxEntries(PRICES).find((e) => e.name === 'xl/_rels/workbook.xml.rels')!;
        const wb = xlsxEntries(PRICES).find((e) => e.name === 'xl/workbook.xml')!;
        const real = lengthOf(wb) - 30 - wb.name.length;
        const grown = real + lengthOf(rels);
        return xlsx(PRICES, change('xl/workbook.xml', { local: { compressed: grown }, central: { compressed: grown } }));
      },
      'unreadable',
      /overlaps/,
    ],
    ['a hidden local header between two entries', () => xlsx(PRICES, change('xl/workbook.xml', { after: buildZip({ entries: [{ name: SHEET_PATH, data: HUGE }] }).subarray(0, 200) })), 'unreadable', /gap before/],
    ['bytes before the first entry', () => xlsx(PRICES, undefined, { prefix: Buffer.from('MZ not a zip start') }), 'unreadable', /gap before/],
    ['a zip64 extra field in the directory', () => xlsx(PRICES, sheet({ central: { extra: zip64Extra() } })), 'unreadable', /zip64/],
    ['a zip64 extra field in the local header', () => xlsx(PRICES, sheet({ local: { extra: zip64Extra() } })), 'unreadable', /zip64/],
    ['a zip64 size marker', () => xlsx(PRICES, sheet({ central: { size: 0xffffffff }, local: { size: 0xffffffff } })), 'unreadable', /zip64/],
    ['a zip64 end locator', () => xlsx(PRICES, undefined, { zip64Locator: true }), 'unreadable', /zip64|central directory/],
    ['a zip64 entry count', () => xlsx(PRICES, undefined, { end: { count: 0xffff, onDisk: 0xffff } }), 'unreadable', /zip64/],
    ['another disk', () => xlsx(PRICES, undefined, { end: { disk: 1 } }), 'unreadable', /multi-disk/],
    ['a directory offset that is off', () => xlsx(PRICES, undefined, { end: { dirOffset: 5 } }), 'unreadable', /central directory/],
    ['a second end record in the comment', () => xlsx(PRICES, undefined, { comment: Buffer.concat([Buffer.from('PK\x05\x06'), Buffer.alloc(18)]) }), 'unreadable', /end record inside the comment/],
    ['more entries than a workbook has', () => xlsx(PRICES, add(...Array.from({ length: XLSX_LIMITS.maxEntries }, (_, i) => ({ name: `xl/media/image${i}.png`, data: 'x', method: 0 as const })))), 'tooLarge', /entries/],
    ['a huge sharedStrings.xml', () => xlsx(PRICES, add({ name: 'xl/sharedStrings.xml', data: '<'.repeat(XLSX_LIMITS.maxSharedStringsBytes + 1) })), 'tooLarge', /sharedStrings\.xml declares/],
    ['a huge styles.xml', () => xlsx(PRICES, add({ name: 'xl/styles.xml', data: '<'.repeat(XLSX_LIMITS.maxOtherPartBytes + 1) })), 'tooLarge', /styles\.xml declares/],
    [
      'parts each under their cap, together over the total',
      () => xlsx(PRICES, add({ name: 'xl/worksheets/sheet2.xml', data: '<'.repeat(30 * MB) }, { name: 'xl/sharedStrings.xml', data: '<'.repeat(15 * MB) })),
      'tooLarge',
      /entries declare/,
    ],
    ['two entries with one name', () => xlsx(PRICES, add({ name: SHEET_PATH, data: sheetXml([['contrato', 'valor'], ['ACM-1', 1]]) })), 'unreadable', /duplicate name/],
    ['two names that differ only in case', () => xlsx(PRICES, add({ name: 'XL/Worksheets/Sheet1.xml', data: 'x' })), 'unreadable', /duplicate name/],
    ['a name that climbs out', () => xlsx(PRICES, add({ name: 'xl/../../etc/passwd.xml', data: 'x' })), 'unreadable', /entry name/],
    ['an encrypted entry', () => xlsx(PRICES, sheet({ flags: 1 })), 'unreadable', /encrypted/],
    ['a method no workbook uses', () => xlsx(PRICES, sheet({ local: { method: 12 }, central: { method: 12 } })), 'unreadable', /method 12/],
    ['a stored entry with two sizes', () => xlsx(PRICES, sheet({ method: 0, local: { size: 1 }, central: { size: 1 } })), 'unreadable', /stored entry with two sizes/],
    ['a DTD (entity expansion)', () => xlsx(PRICES, change('xl/workbook.xml', { data: '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaa">]><workbook/>' })), 'unreadable', /DTD/],
    // The worst file the zip checks alone let through: a 40 KB workbook of one 39 MB cell, minutes of read-excel-file's time and near 1 GB.
    ['a cell longer than Excel allows', () => xlsx([], sheet({ data: sheetXml([['contrato', 'valor'], ['ACM-1', 'A'.repeat(39 * MB)]]) })), 'tooLarge', /longer than a cell/],
    ['a shared string longer than Excel allows', () => xlsx(PRICES, add({ name: 'xl/sharedStrings.xml', data: `<sst><si><t>${'A'.repeat(XLSX_LIMITS.maxTextRun + 1)}</t></si></sst>` })), 'tooLarge', /longer than a cell/],
    ['a comment in the sheet (it could hide a formula)', () => xlsx(PRICES, sheet({ data: sheetXml(PRICES).replace('<sheetData>', '<sheetData><!-- </c> -->') })), 'unreadable', /comment or CDATA/],
  ])('%s', async (_lie, build, error, reason) => {
    const bytes = build();
    const prepared = prepareXlsx(bytes);
    expect(prepared).toMatchObject({ ok: false, error });
    expect(!prepared.ok && prepared.reason).toMatch(reason);
    expect(await parsePricingFile(bytes, 'p.xlsx')).toEqual({ ok: false, error });
  });

  it('hands read-excel-file a zip of the checked parts alone, which reads back the same', () => {
    const bytes = xlsx(PRICES, add({ name: 'xl/worksheets/sheet9.xml', data: sheetXml([['contrato', 'valor'], ['OUTRA', 1]]) }, { name: 'xl/media/logo.png', data: 'png', method: 0 }));
    const prepared = prepareXlsx(bytes);
    if (!prepared.ok) throw new Error(prepared.reason);
    const original = readZipStrict(bytes, { maxEntries: 128, maxTotalBytes: 1e9, maxEntryBytes: () => 1e9, wanted: () => true });
    const rebuilt = readZipStrict(prepared.zip, { maxEntries: 128, maxTotalBytes: 1e9, maxEntryBytes: () => 1e9, wanted: () => true });
    if (!original.ok || !rebuilt.ok) throw new Error('unreadable');
    expect([...rebuilt.entries.keys()].sort()).toEqual(['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', SHEET_PATH].sort());
    for (const [name, data] of rebuilt.entries) expect(data.equals(original.entries.get(name)!), name).toBe(true);
  });

  it('reads the first sheet where the workbook says it is', async () => {
    const bytes = buildZip({
      entries: [
        ...xlsxEntries(PRICES).filter((e) => e.name !== 'xl/_rels/workbook.xml.rels'),
        { name: 'xl/worksheets/other.xml', data: sheetXml([['contrato', 'valor'], ['ACM-9', { f: '1+1', v: 2 }]]) },
        {
          name: 'xl/_rels/workbook.xml.rels',
          data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/other.xml"/></Relationships>',
        },
      ],
    });
    expect(await parsePricingFile(bytes, 'p.xlsx')).toEqual({ ok: true, rows: [{ row: 2, contract: 'ACM-9', price: { formula: '=1+1' } }] });
  });
});

describe('formula cells', () => {
  const ctx = () => ({ shares: new Map([['ACM-1', 100_000]]), minimumPrice: { kind: 'fixed' as const, value: 1 }, seen: new Set<string>() });

  it('reads an XLSX formula as a formula, not as its cached result, and the row is an error', async () => {
    const rows: Cell[][] = [
      ['contrato', 'valor', 'obs'],
      ['ACM-1', { f: 'C2*2', v: 5000 }, 2500],
      [{ f: 'CONCATENATE("ACM-","1")', v: 'ACM-1' }, 10],
      ['ACM-1', { f: '', v: 7000 }],
      // A formula dragged down an empty column: blank rows, skipped as blank rows are.
      [null, { f: 'IF(A5="","",1)', v: '' }],
    ];
    const parsed = await readPricingFile(xlsx(rows), 'p.xlsx');
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { row: 2, contract: 'ACM-1', price: { formula: '=C2*2' } },
        { row: 3, contract: { formula: '=CONCATENATE("ACM-","1")' }, price: 10 },
        // A shared formula's later cells have no text of their own: the value they show.
        { row: 4, contract: 'ACM-1', price: { formula: '7000' } },
      ],
    });
    if (!parsed.ok) throw new Error();
    expect(parsed.rows.map((r) => checkPricingRow(r.row, r.contract, r.price, ctx()))).toEqual([
      { ok: false, error: { row: 2, code: 'formula', value: '=C2*2' } },
      { ok: false, error: { row: 3, code: 'formula', value: '=CONCATENATE("ACM-","1")' } },
      { ok: false, error: { row: 4, code: 'formula', value: '7000' } },
    ]);
  });

  it('reads a CSV cell a spreadsheet program would run as a formula as one; signed numbers stay numbers', async () => {
    const csv = 'contrato;valor\nACM-1;=1000+1\nACM-2;@SUM(1)\nACM-3;+A1\nACM-4;-A1+1000\n=SOMA(A1:A3);10\nACM-6;-10\nACM-7;+10\n';
    const parsed = await readPricingFile(Buffer.from(csv), 'p.csv');
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { row: 2, contract: 'ACM-1', price: { formula: '=1000+1' } },
        { row: 3, contract: 'ACM-2', price: { formula: '@SUM(1)' } },
        { row: 4, contract: 'ACM-3', price: { formula: '+A1' } },
        { row: 5, contract: 'ACM-4', price: { formula: '-A1+1000' } },
        { row: 6, contract: { formula: '=SOMA(A1:A3)' }, price: '10' },
        { row: 7, contract: 'ACM-6', price: '-10' },
        { row: 8, contract: 'ACM-7', price: '+10' },
      ],
    });
    // A negative or signed amount was already no price: priceInvalid, as before.
    expect(checkPricingRow(7, 'ACM-1', '-10', ctx())).toMatchObject({ ok: false, error: { code: 'priceInvalid' } });
  });
});

describe('the worker', () => {
  const defaults = { ...SPREADSHEET_WORKER };
  afterEach(async () => {
    Object.assign(SPREADSHEET_WORKER, defaults);
    await stopSpreadsheetWorker();
  });

  /** Within every cap, and heavy: 1,250 cells of 32,000 characters, a second of read-excel-file and half a GB in the calling thread. */
  const worst = () => xlsx([], sheet({ data: sheetXml([['contrato', 'valor'], ...Array.from({ length: 1250 }, (_, i) => [`ACM-${i}`, `${'A'.repeat(32_000)}${i}`])]) }));

  /**
   * Milliseconds of CPU this thread has used: Node's own count where it has one (22.x/24), else
   * Linux's per-thread account (clock ticks of 10 ms).
   */
  const threadCpuMs = (): number => {
    const own = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
    if (own) {
      const { user, system } = own.call(process);
      return (user + system) / 1000;
    }
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };

  /**
   * Runs `work` and answers the CPU this thread (the event loop's) spent meanwhile. Parsing here
   * instead of in the worker costs ~340 ms of it on the reference machine; handing the file to the worker, 0–10
   * milliseconds. CPU time, not wall time nor the loop's utilisation (a share of wall time, which a
   * machine loaded by other processes inflates: the thread preempted while busy counts as busy).
   */
  async function loopCpu<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
    const before = threadCpuMs();
    const result = await work();
    return { result, cpuMs: threadCpuMs() - before };
  }

  it('refuses a file still being read at the deadline, the event loop free all along, then reads the next file', async () => {
    expect(prepareXlsx(worst())).toMatchObject({ ok: true });
    await readPricingFile(Buffer.from('contrato;valor\nA;1\n'), 'p.csv'); // the worker started
    SPREADSHEET_WORKER.deadlineMs = 100;
    const bytes = worst();
    // Within every cap, the file reads whole without a deadline (prepareXlsx above): refused here, the deadline stopped it.
    const { result, cpuMs } = await loopCpu(() => readPricingFile(bytes, 'p.xlsx'));
    expect(cpuMs).toBeLessThan(100);
    expect(result).toEqual({ ok: false, error: 'tooLarge' });
    expect(await readPricingFile(xlsx(PRICES), 'p.xlsx')).toEqual({ ok: true, rows: [{ row: 2, contract: 'ACM-1', price: 100 }] });
  }, 60_000);

  it('refuses a file that runs the worker out of memory as too large, and the process goes on', async () => {
    SPREADSHEET_WORKER.maxOldGenerationSizeMb = 48;
    SPREADSHEET_WORKER.deadlineMs = 60_000;
    const bytes = worst();
    const { result, cpuMs } = await loopCpu(() => readPricingFile(bytes, 'p.xlsx'));
    expect(cpuMs).toBeLessThan(100);
    expect(result).toEqual({ ok: false, error: 'tooLarge' });
    expect(await readPricingFile(Buffer.from('contrato;valor\nA;1\n'), 'p.csv')).toEqual({ ok: true, rows: [{ row: 2, contract: 'A', price: '1' }] });
  }, 90_000);

  it('answers files sent together, each its own', async () => {
    const files = Array.from({ length: 5 }, (_, i) => readPricingFile(Buffer.from(`contrato;valor\nACM-${i};${i + 1}\n`), 'p.csv'));
    expect(await Promise.all(files)).toEqual(Array.from({ length: 5 }, (_, i) => ({ ok: true, rows: [{ row: 2, contract: `ACM-${i}`, price: String(i + 1) }] })));
  });
});
