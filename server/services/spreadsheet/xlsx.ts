/**
 * What read-excel-file is allowed to see of an uploaded workbook (docs/security.md, "Hostile files").
 *
 * The upload goes through readZipStrict (capped, both header copies agreeing), then the first sheet
 * is found the way read-excel-file finds it (xl/workbook.xml's first named <sheet>, its relation in
 * xl/_rels/workbook.xml.rels, "xl/" + the target) and a new stored zip is written with only the parts
 * read-excel-file reads for that sheet. read-excel-file/node unzips with a streaming reader
 * (unzipper-esm, which walks local headers); handed this zip it cannot see anything but the checked
 * bytes, and if it ever chose another sheet than the one scanned for formulas here, that sheet would
 * not be in the zip and the file would be refused rather than read unchecked.
 */
import { PRICING_MAX_XLSX_UNPACKED_BYTES } from '../../../src/domain/auctions';
import { readZipStrict, writeStoredZip, type ZipRefusal } from './zip';

const MB = 1024 * 1024;

export const XLSX_LIMITS = {
  /** A one-sheet workbook from Excel or LibreOffice holds about a dozen entries. */
  maxEntries: 128,
  maxTotalBytes: PRICING_MAX_XLSX_UNPACKED_BYTES,
  /** A sheet may take the whole budget: 10,000 rows of many columns. */
  maxSheetBytes: PRICING_MAX_XLSX_UNPACKED_BYTES,
  /** Every text of the workbook once: far less than the sheet itself for a pricing file. */
  maxSharedStringsBytes: 16 * MB,
  /** Styles, the workbook, relations, themes: kilobytes in a real file. */
  maxOtherPartBytes: 4 * MB,
  /**
   * The longest run of characters between two tags of a sheet or of the shared strings. Excel holds
   * at most 32,767 characters in a cell, six times that covers any escaping (`&amp;`). read-excel-file
   * takes minutes of a thread and near 1 GB over a single 39 MB text (issue 12's worst file after the
   * zip guard); without such a run its time is about linear in the sheet.
   */
  maxTextRun: 6 * 32_767,
} as const;

/** Whether `xml` has more than `max` characters in a row without a tag: one indexOf per tag, linear. */
export function hasLongRun(xml: string, max: number): boolean {
  let from = 0;
  for (let at = xml.indexOf('<'); at >= 0; at = xml.indexOf('<', from)) {
    if (at - from > max) return true;
    from = at + 1;
  }
  return xml.length - from > max;
}

/** The parts read-excel-file/node unzips (its filterZipArchiveEntry). */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

const maxEntryBytes = (name: string) => {
  if (!isXmlPart(name)) return XLSX_LIMITS.maxTotalBytes; // media, printer settings: never inflated
  if (/(^|\/)worksheets\//.test(name)) return XLSX_LIMITS.maxSheetBytes;
  if (/(^|\/)sharedStrings\d*\.xml$/i.test(name)) return XLSX_LIMITS.maxSharedStringsBytes;
  return XLSX_LIMITS.maxOtherPartBytes;
};

const REL = 'officeDocument/2006/relationships/';
const REL_STRICT = 'http://purl.oclc.org/ooxml/officeDocument/relationships/';
const relType = (type: string, kind: string) => type === `http://schemas.openxmlformats.org/${REL}${kind}` || type === `${REL_STRICT}${kind}`;

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (m, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()];
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });

/** An element's attributes by local name (a SAX reader without namespaces sees `r:id` as `id`). */
function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const local = m[1].includes(':') && !m[1].startsWith('xmlns') ? m[1].slice(m[1].indexOf(':') + 1) : m[1];
    out[local] = unescapeXml(m[2] ?? m[3] ?? '');
  }
  return out;
}

const elements = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${tag}\\b([^>]*)>`, 'g'))].map((m) => attributes(m[1]));

const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0);

/**
 * The formula cells of a sheet, by "row:column" (both from 1), with the formula's text. read-excel-file
 * answers a formula cell's cached result as if it were typed in; a price must be a literal.
 */
export function formulaCells(sheetXml: string): Map<string, string> {
  const found = new Map<string, string>();
  const open = /<(?:[A-Za-z_][\w.-]*:)?c\b([^>]*?)(\/?)>/g;
  const close = /<\/(?:[A-Za-z_][\w.-]*:)?c>/g;
  for (let m = open.exec(sheetXml); m; m = open.exec(sheetXml)) {
    if (m[2] === '/') continue;
    close.lastIndex = open.lastIndex;
    const end = close.exec(sheetXml);
    const inner = sheetXml.slice(open.lastIndex, end ? end.index : sheetXml.length);
    open.lastIndex = end ? close.lastIndex : sheetXml.length;
    const f = /<(?:[A-Za-z_][\w.-]*:)?f\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?f>)/.exec(inner);
    if (!f) continue;
    const ref = /^([A-Z]{1,3})(\d{1,7})$/.exec(attributes(m[1]).r ?? '');
    if (!ref) continue;
    found.set(`${Number(ref[2])}:${columnNumber(ref[1])}`, unescapeXml(f[1] ?? '').trim());
  }
  return found;
}

export type PreparedXlsx = { ok: true; zip: Buffer; formulas: Map<string, string> } | ZipRefusal;

export function prepareXlsx(bytes: Buffer): PreparedXlsx {
  const read = readZipStrict(bytes, { maxEntries: XLSX_LIMITS.maxEntries, maxTotalBytes: XLSX_LIMITS.maxTotalBytes, maxEntryBytes, wanted: isXmlPart });
  if (!read.ok) return read;
  const text = new Map<string, string>();
  for (const [name, data] of read.entries) {
    const xml = data.toString('utf8');
    // No DTDs: entity expansion is a bomb of its own, and no spreadsheet program writes one.
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, error: 'unreadable', reason: `${name}: DTD` };
    text.set(name, xml);
  }
  const workbook = text.get('xl/workbook.xml');
  const rels = text.get('xl/_rels/workbook.xml.rels');
  if (workbook === undefined || rels === undefined) return { ok: false, error: 'unreadable', reason: 'no workbook' };
  const firstSheet = elements(workbook, 'sheet').find((s) => s.name);
  const paths: { sheets: Map<string, string>; sharedStrings?: string; styles?: string } = { sheets: new Map() };
  for (const r of elements(rels, 'Relationship')) {
    if (!r.Type || r.Target === undefined) continue;
    if (relType(r.Type, 'worksheet')) paths.sheets.set(r.Id, partPath(r.Target));
    else if (relType(r.Type, 'sharedStrings')) paths.sharedStrings = partPath(r.Target);
    else if (relType(r.Type, 'styles')) paths.styles = partPath(r.Target);
  }
  const sheetPath = firstSheet?.id ? paths.sheets.get(firstSheet.id) : undefined;
  const sheet = sheetPath === undefined ? undefined : text.get(sheetPath);
  if (sheetPath === undefined || sheet === undefined) return { ok: false, error: 'unreadable', reason: 'no first sheet' };
  // Comments and CDATA could hide a cell's end or a formula from formulaCells; no program writes them in a sheet.
  if (sheet.includes('<!--') || sheet.includes('<![CDATA[')) return { ok: false, error: 'unreadable', reason: 'comment or CDATA in the sheet' };
  const sharedStrings = text.get(paths.sharedStrings ?? 'xl/sharedStrings.xml');
  if (hasLongRun(sheet, XLSX_LIMITS.maxTextRun) || (sharedStrings !== undefined && hasLongRun(sharedStrings, XLSX_LIMITS.maxTextRun))) {
    return { ok: false, error: 'tooLarge', reason: 'a text longer than a cell holds' };
  }
  const parts = new Map<string, Buffer>();
  for (const name of ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', paths.sharedStrings ?? 'xl/sharedStrings.xml', paths.styles ?? 'xl/styles.xml', sheetPath]) {
    const data = read.entries.get(name);
    if (data) parts.set(name, data);
  }
  return { ok: true, zip: writeStoredZip(parts), formulas: formulaCells(sheet) };
}
