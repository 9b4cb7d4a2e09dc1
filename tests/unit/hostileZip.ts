/**
 * A zip writer whose every header field can lie (issue 12, docs/security.md "Hostile files"): each
 * hostile workbook in the tests is a valid one with one field changed, so each test case is one lie.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface HeaderFields {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  extra: Buffer;
  /** Central directory only: where the local header is. */
  offset: number;
}

export interface EntrySpec {
  name: string;
  data: Buffer | string;
  /** How the data is really stored: 8 (deflate, the default) or 0. */
  method?: 0 | 8;
  flags?: number;
  /** Fields of the local header that differ from the truth. */
  local?: Partial<HeaderFields>;
  /** Fields of the central directory entry that differ from the truth. */
  central?: Partial<HeaderFields>;
  /** Writes a data descriptor after the data (and sets flag bit 3): with or without its signature. */
  descriptor?: 'signed' | 'unsigned';
  /** Descriptor fields that differ from the truth. */
  descriptorFields?: Partial<Pick<HeaderFields, 'crc' | 'compressed' | 'size'>>;
  /** Bytes written right after this entry (a hidden header, junk). */
  after?: Buffer;
}

export interface ZipSpec {
  entries: EntrySpec[];
  /** Bytes before the first entry. */
  prefix?: Buffer;
  /** End-of-central-directory fields that differ from the truth. */
  end?: Partial<{ disk: number; dirDisk: number; onDisk: number; count: number; dirSize: number; dirOffset: number }>;
  comment?: Buffer;
  /** A zip64 end-of-directory locator right before the end record. */
  zip64Locator?: boolean;
}

const packedCache = new Map<string, Buffer>();

/** Deflated once per distinct content: the big payloads of the bomb tests are built a single time. */
const deflate = (data: Buffer) => {
  if (data.length < 1024 * 1024) return deflateRawSync(data);
  const key = `${data.length}:${crc32(data)}`;
  let packed = packedCache.get(key);
  if (!packed) packedCache.set(key, (packed = deflateRawSync(data, { level: 9 })));
  return packed;
};

export function buildZip(spec: ZipSpec): Buffer {
  const chunks: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const push = (b: Buffer) => {
    chunks.push(b);
    offset += b.length;
  };
  if (spec.prefix) push(spec.prefix);
  for (const e of spec.entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8');
    const method = e.method ?? 8;
    const packed = method === 8 ? deflate(data) : data;
    const flags = (e.flags ?? 0) | (e.descriptor ? 0x0008 : 0);
    const truth: HeaderFields = { name: e.name, flags, method, crc: crc32(data) >>> 0, compressed: packed.length, size: data.length, extra: Buffer.alloc(0), offset };
    const local = { ...truth, ...(e.descriptor ? { crc: 0, compressed: 0, size: 0 } : {}), ...e.local };
    const central = { ...truth, ...e.central };

    const lname = Buffer.from(local.name);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(local.flags, 6);
    lh.writeUInt16LE(local.method, 8);
    lh.writeUInt32LE(local.crc, 14);
    lh.writeUInt32LE(local.compressed, 18);
    lh.writeUInt32LE(local.size, 22);
    lh.writeUInt16LE(lname.length, 26);
    lh.writeUInt16LE(local.extra.length, 28);
    push(Buffer.concat([lh, lname, local.extra, packed]));
    if (e.descriptor) {
      const d = { crc: truth.crc, compressed: truth.compressed, size: truth.size, ...e.descriptorFields };
      const desc = Buffer.alloc(e.descriptor === 'signed' ? 16 : 12);
      let at = 0;
      if (e.descriptor === 'signed') at = desc.writeUInt32LE(0x08074b50, 0);
      at = desc.writeUInt32LE(d.crc, at);
      at = desc.writeUInt32LE(d.compressed, at);
      desc.writeUInt32LE(d.size, at);
      push(desc);
    }
    if (e.after) push(e.after);

    const cname = Buffer.from(central.name);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(central.flags, 8);
    ch.writeUInt16LE(central.method, 10);
    ch.writeUInt32LE(central.crc, 16);
    ch.writeUInt32LE(central.compressed, 20);
    ch.writeUInt32LE(central.size, 24);
    ch.writeUInt16LE(cname.length, 28);
    ch.writeUInt16LE(central.extra.length, 30);
    ch.writeUInt32LE(central.offset, 42);
    centrals.push(Buffer.concat([ch, cname, central.extra]));
  }
  const dir = Buffer.concat(centrals);
  const dirOffset = offset;
  push(dir);
  if (spec.zip64Locator) {
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    push(loc);
  }
  const comment = spec.comment ?? Buffer.alloc(0);
  const end = { disk: 0, dirDisk: 0, onDisk: spec.entries.length, count: spec.entries.length, dirSize: dir.length, dirOffset, ...spec.end };
  const er = Buffer.alloc(22);
  er.writeUInt32LE(0x06054b50, 0);
  er.writeUInt16LE(end.disk, 4);
  er.writeUInt16LE(end.dirDisk, 6);
  er.writeUInt16LE(end.onDisk, 8);
  er.writeUInt16LE(end.count, 10);
  er.writeUInt32LE(end.dirSize, 12);
  er.writeUInt32LE(end.dirOffset, 16);
  er.writeUInt16LE(comment.length, 20);
  push(Buffer.concat([er, comment]));
  return Buffer.concat(chunks);
}

/** A zip64 extra field (header id 1) of `n` bytes of zeros. */
export const zip64Extra = (n = 16) => {
  const b = Buffer.alloc(4 + n);
  b.writeUInt16LE(1, 0);
  b.writeUInt16LE(n, 2);
  return b;
};

export type Cell = string | number | { f: string; v?: number | string } | null;

const colName = (i: number) => {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A worksheet's XML: inline strings, numbers, and formula cells with their cached value. */
export function sheetXml(rows: Cell[][]): string {
  const body = rows
    .map((cells, r) => {
      const cs = cells
        .map((c, i) => {
          const ref = `${colName(i)}${r + 1}`;
          if (c === null) return '';
          if (typeof c === 'number') return `<c r="${ref}"><v>${c}</v></c>`;
          if (typeof c === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`;
          const v = c.v === undefined ? '' : typeof c.v === 'number' ? `<v>${c.v}</v>` : `<v>${esc(c.v)}</v>`;
          const f = c.f ? `<f>${esc(c.f)}</f>` : '<f t="shared" si="0"/>';
          return `<c r="${ref}"${typeof c.v === 'string' ? ' t="str"' : ''}>${f}${v}</c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cs}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** The entries of a minimal one-sheet workbook read-excel-file reads; `sheet` replaces the sheet's XML. */
export function xlsxEntries(rows: Cell[][], sheet: string = sheetXml(rows)): EntrySpec[] {
  return [
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    {
      name: 'xl/workbook.xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    { name: SHEET_PATH, data: sheet },
  ];
}

/** A workbook with the given rows; `change` edits its entries (by name) to plant one lie. */
export function xlsx(rows: Cell[][], change: (entries: EntrySpec[]) => EntrySpec[] = (e) => e, spec: Omit<ZipSpec, 'entries'> = {}): Buffer {
  return buildZip({ ...spec, entries: change(xlsxEntries(rows)) });
}

export const PRICES: Cell[][] = [
  ['contrato', 'valor'],
  ['ACM-1', 100],
];

/**
 * A sheet of `bytes` of XML that compresses to little: numbered rows of one small cell each.
 * What a pricing file's sheet looks like, only huge.
 */
export function bigSheet(bytes: number): string {
  const head = sheetXml([['contrato', 'valor']]).replace('</sheetData></worksheet>', '');
  const parts: string[] = [head];
  let size = head.length;
  for (let r = 2; size < bytes - 200; r++) {
    const row = `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}"><v>1</v></c></row>`;
    parts.push(row);
    size += row.length;
  }
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}
