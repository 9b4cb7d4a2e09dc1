/**
 * Reads a pricing spreadsheet (docs/auctions.md): a CSV (`,` or `;`, UTF-8 with or without BOM) or
 * the first sheet of an XLSX, whose header row names the columns of PRICING_COLUMNS in any case and
 * with or without accents. Answers the data rows with the spreadsheet's own row numbers, or the
 * file-level error that refuses the whole file. Row rules are checkPricingRow's, not this module's.
 */
import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { PRICING_COLUMNS, PRICING_MAX_BYTES, PRICING_MAX_ROWS, PRICING_MAX_XLSX_UNPACKED_BYTES, type PricingFileErrorCode } from '../../src/domain/auctions';
import { foldSearchText } from '../../src/domain/search';

export interface PricingDataRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  contract: unknown;
  price: unknown;
  /**
   * CSV only: the row has more cells than the header, the price and the cells after it joined back.
   * Typically an amount like 1.234,56 in a comma-separated file without quotes, which would
   * otherwise be read as 1.234 (R$ 1.234,00): the row is refused instead of mispriced.
   */
  overflow?: string;
}

export type ParsedPricingFile = { ok: true; rows: PricingDataRow[] } | { ok: false, error: PricingFileErrorCode };

const fold = (cell: unknown): string => (cell == null ? '' : foldSearchText(String(cell).trim()));
const isBlank = (cell: unknown): boolean => cell == null || (typeof cell === 'string' && cell.trim() === '');

export const spreadsheetKind = (fileName: string): 'csv' | 'xlsx' | null => {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'csv' || ext === 'xlsx' ? ext : null;
};

/** `;` when the header line has more of them than commas (the usual export of a Brazilian Excel). */
export const csvDelimiter = (text: string): ',' | ';' => {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
};

function fromTable(table: { row: number; cells: unknown[] }[], delimiter = ','): ParsedPricingFile {
  const header = table[0];
  if (!header) return { ok: false, error: 'empty' };
  const names = header.cells.map(fold);
  const contractAt = names.indexOf(PRICING_COLUMNS.contract);
  const priceAt = names.indexOf(PRICING_COLUMNS.price);
  if (contractAt < 0 || priceAt < 0) return { ok: false, error: 'headerMissing' };
  const rows: PricingDataRow[] = [];
  for (const line of table.slice(1)) {
    if (line.cells.every(isBlank)) continue;
    if (rows.length === PRICING_MAX_ROWS) return { ok: false, error: 'tooManyRows' };
    const row: PricingDataRow = { row: line.row, contract: line.cells[contractAt] ?? null, price: line.cells[priceAt] ?? null };
    const extra = line.cells.slice(header.cells.length);
    if (extra.some((c) => !isBlank(c))) row.overflow = [row.price, ...extra].map((c) => String(c ?? '')).join(delimiter);
    rows.push(row);
  }
  if (rows.length === 0) return { ok: false, error: 'empty' };
  return { ok: true, rows };
}

/**
 * The physical lines a CSV is read up to: the header, the data rows and as many blank lines again
 * (blank lines are skipped, not counted). A file with content past it has too many rows, and is
 * refused without parsing the rest.
 */
export const CSV_MAX_LINES = 2 * PRICING_MAX_ROWS + 1;

/** Whether anything but whitespace follows line `lines` (1-based). */
const hasContentAfterLine = (text: string, lines: number): boolean => {
  let at = -1;
  for (let i = 0; i < lines; i++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return false;
  }
  return /\S/.test(text.slice(at + 1));
};

function readCsv(bytes: Buffer): ParsedPricingFile {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return { ok: false, error: 'unreadable' };
  if (hasContentAfterLine(text, CSV_MAX_LINES)) return { ok: false, error: 'tooManyRows' };
  const delimiter = csvDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true, to_line: CSV_MAX_LINES }) as unknown as typeof records;
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  // `info.lines` is the line the record ends on: the row number a spreadsheet program shows.
  return fromTable(
    records.map((r) => ({ row: r.info.lines, cells: r.record })),
    delimiter,
  );
}

/**
 * Whether an XLSX (a zip) unpacks to at most PRICING_MAX_XLSX_UNPACKED_BYTES, checked before
 * read-excel-file inflates it whole in memory: a 2 MB zip can hold a sheet of gigabytes. Each entry
 * of the central directory is inflated here with a hard output cap (its declared size is not
 * trusted), and the entries must follow each other from the start of the file to the directory, so
 * the streaming reader, which walks the local headers, sees exactly these. 'unreadable' when it is
 * not a zip this can follow (zip64, encrypted, another method), 'tooLarge' over the cap.
 */
export function checkXlsxZip(zip: Buffer): 'ok' | 'unreadable' | 'tooLarge' {
  const EOCD = 0x06054b50;
  const ENTRY = 0x02014b50;
  const LOCAL = 0x04034b50;
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'unreadable';
  const count = zip.readUInt16LE(end + 10);
  const dirOffset = zip.readUInt32LE(end + 16);
  if (count === 0 || count === 0xffff || dirOffset >= end) return 'unreadable';
  const entries: { local: number; method: number; compressed: number }[] = [];
  for (let n = 0, at = dirOffset; n < count; n++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== ENTRY) return 'unreadable';
    const flags = zip.readUInt16LE(at + 8);
    if (flags & 1) return 'unreadable';
    entries.push({ local: zip.readUInt32LE(at + 42), method: zip.readUInt16LE(at + 10), compressed: zip.readUInt32LE(at + 20) });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  entries.sort((a, b) => a.local - b.local);
  let budget = PRICING_MAX_XLSX_UNPACKED_BYTES;
  let expected = 0;
  for (const e of entries) {
    // Right after the previous entry, or after its data descriptor (12 or 16 bytes, zip64 24).
    if (![0, 12, 16, 24].includes(e.local - expected) || e.local + 30 > dirOffset || zip.readUInt32LE(e.local) !== LOCAL) return 'unreadable';
    const data = e.local + 30 + zip.readUInt16LE(e.local + 26) + zip.readUInt16LE(e.local + 28);
    const slice = zip.subarray(data, data + e.compressed);
    if (data + e.compressed > dirOffset) return 'unreadable';
    let size: number;
    if (e.method === 0) size = slice.length;
    else if (e.method === 8) {
      try {
        size = inflateRawSync(slice, { maxOutputLength: budget + 1 }).length;
      } catch (err) {
        return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError ? 'tooLarge' : 'unreadable';
      }
    } else return 'unreadable';
    budget -= size;
    if (budget < 0) return 'tooLarge';
    expected = data + e.compressed;
  }
  return [0, 12, 16, 24].includes(dirOffset - expected) ? 'ok' : 'unreadable';
}

async function readXlsx(bytes: Buffer): Promise<ParsedPricingFile> {
  const zip = checkXlsxZip(bytes);
  if (zip !== 'ok') return { ok: false, error: zip };
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(bytes, 1)) as unknown[][];
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  return fromTable(sheet.map((cells, i) => ({ row: i + 1, cells })));
}

export async function readPricingFile(bytes: Buffer, fileName: string): Promise<ParsedPricingFile> {
  // add_file refuses bigger files; this guards the reader itself (a file attached before the limit).
  if (bytes.length > PRICING_MAX_BYTES) return { ok: false, error: 'tooLarge' };
  const kind = spreadsheetKind(fileName);
  if (kind === 'csv') return readCsv(bytes);
  if (kind === 'xlsx') return readXlsx(bytes);
  return { ok: false, error: 'unreadable' };
}
