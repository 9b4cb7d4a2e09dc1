/**
 * The two file formats of an export, each a writer that turns batches of cells into bytes as they
 * come, holding nothing but the batch in hand.
 *
 * XLSX is SpreadsheetML written here and zipped by fflate's streaming Zip (a dependency the app
 * already had): exceljs's streaming WorkbookWriter, the usual choice, keeps growing on a million
 * rows (exceljs issues #2916, #1894, open) and has had no release since 2023 (docs/decisions.md,
 * issue 18).
 */
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import {
  CSV_BOM,
  CSV_NEWLINE,
  CSV_SEPARATOR,
  type ExportColumn,
  type ExportFormat,
  csvField,
  formatDateBR,
  formatNumberBR,
  localDateTime,
  neutralizeFormula,
} from '../../../src/domain/exportFormat';
import type { Cell } from './cells';

export interface ExportWriter {
  /** The file's start and header row. */
  start(): Uint8Array;
  rows(rows: readonly (readonly Cell[])[]): Uint8Array;
  /** The rest of the file. */
  end(): Uint8Array;
}

const encoder = new TextEncoder();

export function csvWriter(columns: readonly ExportColumn[], timeZone: string): ExportWriter {
  const field = (cell: Cell): string => {
    switch (cell.type) {
      case 'empty':
        return '';
      case 'number':
        return formatNumberBR(cell.value, cell.money);
      case 'date':
        return formatDateBR(cell.at, cell.timeZone ?? timeZone, cell.withTime);
      default:
        return csvField(neutralizeFormula(cell.text));
    }
  };
  return {
    start: () => encoder.encode(CSV_BOM + columns.map((c) => csvField(neutralizeFormula(c.title))).join(CSV_SEPARATOR) + CSV_NEWLINE),
    rows: (rows) => {
      let out = '';
      for (const row of rows) out += row.map(field).join(CSV_SEPARATOR) + CSV_NEWLINE;
      return encoder.encode(out);
    },
    end: () => new Uint8Array(0),
  };
}

// Characters XML 1.0 cannot carry at all (a control character in a name would make Excel refuse the file).
// eslint-disable-next-line no-control-regex -- these are the characters to remove
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (text: string) => text.replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A, B, … Z, AA, AB … */
const columnLetter = (i: number): string => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/** Excel's serial day number of a wall-clock time (1900 date system; its 1900 leap-day bug is before any date here). */
const excelSerial = (at: Date, timeZone: string): number | null => {
  const l = localDateTime(at, timeZone);
  return l ? Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) / 86_400_000 + 25_569 : null;
};

const STYLE = { date: 1, dateTime: 2, money: 3, header: 4 } as const;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
export const sheetName = (title: string): string => title.replace(/[[\]:*?/\\]/g, ' ').replace(XML_INVALID, '').trim().slice(0, 31).trim() || 'Lista';

const workbook = (name: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const concat = (chunks: Uint8Array[]): Uint8Array => {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

export function xlsxWriter(columns: readonly ExportColumn[], timeZone: string, title: string): ExportWriter {
  const pending: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failed = err;
    else pending.push(data);
  });
  const take = (): Uint8Array => {
    if (failed) throw failed;
    const out = concat(pending);
    pending.length = 0;
    return out;
  };
  const whole = (path: string, text: string) => {
    const file = new ZipDeflate(path, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  // Level 1: a sheet of list rows is repetitive enough that more effort buys little and costs CPU per row.
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 1 });
  const letters = columns.map((_, i) => columnLetter(i));
  let rowNumber = 1;

  const textCell = (ref: string, text: string, style = 0) =>
    `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${xmlText(neutralizeFormula(text))}</t></is></c>`;
  const cellXml = (cell: Cell, ref: string): string => {
    switch (cell.type) {
      case 'empty':
        return '';
      case 'number':
        return `<c r="${ref}"${cell.money ? ` s="${STYLE.money}"` : ''}><v>${cell.value}</v></c>`;
      case 'date': {
        const serial = excelSerial(cell.at, cell.timeZone ?? timeZone);
        return serial === null ? '' : `<c r="${ref}" s="${cell.withTime ? STYLE.dateTime : STYLE.date}"><v>${serial}</v></c>`;
      }
      default:
        return textCell(ref, cell.text);
    }
  };
  const width = (c: ExportColumn) => (c.kind === 'dateTime' ? 17 : c.kind === 'date' ? 12 : Math.min(60, Math.max(12, c.title.length + 4)));
  const lastColumn = letters.at(-1) ?? 'A';

  return {
    start: () => {
      whole('[Content_Types].xml', CONTENT_TYPES);
      whole('_rels/.rels', ROOT_RELS);
      whole('xl/workbook.xml', workbook(sheetName(title)));
      whole('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
      whole('xl/styles.xml', STYLES);
      zip.add(sheet);
      const cols = columns.length ? `<cols>${columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${width(c)}" customWidth="1"/>`).join('')}</cols>` : '';
      const head =
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
        // The header stays in view while scrolling.
        `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
        `${cols}<sheetData><row r="1">${columns.map((c, i) => textCell(`${letters[i]}1`, c.title, STYLE.header)).join('')}</row>`;
      sheet.push(strToU8(head));
      return take();
    },
    rows: (rows) => {
      let xml = '';
      for (const row of rows) {
        rowNumber += 1;
        xml += `<row r="${rowNumber}">`;
        for (let i = 0; i < row.length; i++) xml += cellXml(row[i], `${letters[i]}${rowNumber}`);
        xml += '</row>';
      }
      sheet.push(strToU8(xml));
      return take();
    },
    end: () => {
      // The header's filter buttons over every row written.
      const filter = columns.length ? `<autoFilter ref="A1:${lastColumn}${rowNumber}"/>` : '';
      sheet.push(strToU8(`</sheetData>${filter}</worksheet>`), true);
      zip.end();
      return take();
    },
  };
}

export const writerFor = (format: ExportFormat, columns: readonly ExportColumn[], timeZone: string, title: string): ExportWriter =>
  format === 'xlsx' ? xlsxWriter(columns, timeZone, title) : csvWriter(columns, timeZone);
