/**
 * Reads a pricing spreadsheet (docs/auctions.md): a CSV (`,` or `;`; UTF-8 with or without BOM, or
 * Windows-1252 as Excel in Portuguese saves it on Windows) or
 * the first sheet of an XLSX, whose header row names the columns of PRICING_COLUMNS in any case and
 * with or without accents. Answers the data rows with the spreadsheet's own row numbers, or the
 * file-level error that refuses the whole file. Row rules are checkPricingRow's, not this module's.
 */
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { PRICING_COLUMNS, PRICING_MAX_BYTES, PRICING_MAX_ROWS, type PricingFileErrorCode, type PricingFormulaCell } from '../../src/domain/auctions';
import { foldSearchText } from '../../src/domain/search';
import { parseInWorker } from './spreadsheet/pool';
import { prepareXlsx } from './spreadsheet/xlsx';

export interface PricingDataRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  /** The cell's value, or a PricingFormulaCell when it holds a formula (checkPricingRow refuses the row). */
  contract: unknown;
  price: unknown;
  /**
   * CSV only: the row has more cells than the header, the price and the cells after it joined back.
   * Typically an amount like 1.234,56 in a comma-separated file without quotes, which would
   * otherwise be read as 1.234 (R$ 1.234,00): the row is refused instead of mispriced.
   */
  overflow?: string;
}

/** `row`: the line a file-level error is at, when it has one (a quote left open). */
export type ParsedPricingFile = { ok: true; rows: PricingDataRow[] } | { ok: false; error: PricingFileErrorCode; row?: number };

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

/**
 * A CSV cell a spreadsheet program would run as a formula: `=`, `+`, `-` or `@` first and not a plain
 * number. It is not a literal price, whatever it would compute to.
 */
export const csvFormula = (cell: unknown): PricingFormulaCell | null => {
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  return /^[=+\-@]/.test(text) && !/^[+-]?\d[\d.,]*$/.test(text) ? { formula: text } : null;
};

/** `read(row, column, cell)` answers the cell as read; a formula cell comes back as a PricingFormulaCell. */
type CellReader = (row: number, column: number, cell: unknown) => unknown;

function fromTable(table: { row: number; cells: unknown[] }[], delimiter = ',', read: CellReader = (_r, _c, cell) => cell): ParsedPricingFile {
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
    // Blank-looking rows were skipped above by their values: a formula dragged down an empty column is not a row.
    const row: PricingDataRow = { row: line.row, contract: read(line.row, contractAt, line.cells[contractAt] ?? null), price: read(line.row, priceAt, line.cells[priceAt] ?? null) };
    const extra = line.cells.slice(header.cells.length);
    if (extra.some((c) => !isBlank(c))) row.overflow = [line.cells[priceAt], ...extra].map((c) => String(c ?? '')).join(delimiter);
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

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Windows-1252's bytes 0x80–0x9F (€, ‚, ƒ, „, …, †, ‡, ˆ, ‰, Š, ‹, Œ, Ž, ‘, ’, “, ”, •, –, —, ˜, ™, š,
 * ›, œ, ž, Ÿ); the rest is Latin-1. Spelled out because Node 20's TextDecoder('windows-1252') reads
 * these bytes as Latin-1 control characters (a "–" or "€" typed in Excel would come out unreadable).
 */
const CP1252_HIGH = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

const decodeWindows1252 = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)));
  }
  return out;
};

/**
 * The CSV's text: bytes that are valid UTF-8 (with or without a BOM) are UTF-8; anything else is read
 * as Windows-1252, what Excel in Portuguese writes on Windows ("CSV (separado por vírgulas)"). Every
 * byte sequence decodes in Windows-1252, so the choice is never a guess between two valid readings of
 * an accent: a Windows-1252 "ç" (0xE7) followed by a letter is never valid UTF-8.
 */
export const decodeCsv = (bytes: Uint8Array): string => {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
};

/** The line where a quote that is never closed opened (csv-parse reports the file's last line). */
const openQuoteLine = (text: string, delimiter: string): number | null => {
  let line = 1;
  let quoted = false;
  let openedAt = 0;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') i++;
      else if (c === '"') quoted = false;
      else if (c === '\n') line++;
    } else if (c === '"' && fieldStart) {
      quoted = true;
      openedAt = line;
    } else if (c === '\n') {
      line++;
      fieldStart = true;
    } else if (c !== '\r' && c !== '\uFEFF') {
      fieldStart = c === delimiter;
    }
  }
  return quoted ? openedAt : null;
};

/** The line a quote error is at, or null for another parse error. */
const quoteErrorLine = (text: string, delimiter: string, err: { code?: unknown; lines?: unknown }): number | null => {
  const reported = typeof err.lines === 'number' ? err.lines : null;
  if (err.code === 'CSV_INVALID_CLOSING_QUOTE' || err.code === 'INVALID_OPENING_QUOTE') return reported;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return openQuoteLine(text, delimiter) ?? reported;
  return null;
};

function readCsv(bytes: Buffer): ParsedPricingFile {
  const text = decodeCsv(bytes);
  if (hasContentAfterLine(text, CSV_MAX_LINES)) return { ok: false, error: 'tooManyRows' };
  const delimiter = csvDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true, to_line: CSV_MAX_LINES }) as unknown as typeof records;
  } catch (err) {
    const line = quoteErrorLine(text, delimiter, err as Record<string, unknown>);
    return line === null ? { ok: false, error: 'unreadable' } : { ok: false, error: 'unclosedQuote', row: line };
  }
  // `info.lines` is the line the record ends on: the row number a spreadsheet program shows.
  return fromTable(
    records.map((r) => ({ row: r.info.lines, cells: r.record })),
    delimiter,
    (_row, _column, cell) => csvFormula(cell) ?? cell,
  );
}

/**
 * Whether an XLSX passes the zip guard (spreadsheet/zip.ts, spreadsheet/xlsx.ts): both copies of
 * every header agree, the entries tile the file, each part and the whole unpack under their caps.
 */
export function checkXlsxZip(zip: Buffer): 'ok' | 'unreadable' | 'tooLarge' {
  const prepared = prepareXlsx(zip);
  return prepared.ok ? 'ok' : prepared.error;
}

async function readXlsx(bytes: Buffer): Promise<ParsedPricingFile> {
  const prepared = prepareXlsx(bytes);
  if (!prepared.ok) return { ok: false, error: prepared.error };
  let sheet: unknown[][];
  try {
    // The zip written from what the guard checked, never the upload itself.
    sheet = (await readSheet(prepared.zip, 1)) as unknown[][];
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  return fromTable(
    sheet.map((cells, i) => ({ row: i + 1, cells })),
    ',',
    (row, column, cell) => {
      const formula = prepared.formulas.get(`${row}:${column + 1}`);
      if (formula === undefined) return cell;
      return { formula: formula ? `=${formula}` : String(cell ?? '') } satisfies PricingFormulaCell;
    },
  );
}

/**
 * The reader itself, in the calling thread: the spreadsheet worker runs it (spreadsheet/pool.ts).
 * Everything else calls readPricingFile.
 */
export async function parsePricingFile(bytes: Buffer, fileName: string): Promise<ParsedPricingFile> {
  // add_file refuses bigger files; this guards the reader itself (a file attached before the limit).
  if (bytes.length > PRICING_MAX_BYTES) return { ok: false, error: 'tooLarge' };
  const kind = spreadsheetKind(fileName);
  if (kind === 'csv') return readCsv(bytes);
  if (kind === 'xlsx') return readXlsx(bytes);
  return { ok: false, error: 'unreadable' };
}

/**
 * Reads a pricing file in the spreadsheet worker, off the event loop and under its memory cap and
 * deadline. Never rejects: a worker that dies or runs late answers a file-level error.
 */
export async function readPricingFile(bytes: Buffer, fileName: string): Promise<ParsedPricingFile> {
  if (bytes.length > PRICING_MAX_BYTES) return { ok: false, error: 'tooLarge' };
  if (!spreadsheetKind(fileName)) return { ok: false, error: 'unreadable' };
  return parseInWorker(bytes, fileName);
}
