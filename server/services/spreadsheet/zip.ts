/**
 * A strict zip reader for uploaded workbooks (docs/security.md, "Hostile files").
 *
 * A zip describes every entry twice: in its local header, in front of the data, and in the central
 * directory at the end. Readers disagree on which to believe (a streaming reader walks the local
 * headers, most others the directory), so a zip whose two copies differ is read differently by a
 * guard and a parser: the 154 KB workbook of issue 12 declared small sizes where the guard looked and
 * inflated a 150 MB sheet where the parser looked. Here the two copies must agree field by field,
 * the entries must tile the file from its first byte to the directory (no gap to hide a header in,
 * no overlap to inflate the same bytes twice), and every entry read is inflated with a hard cap and
 * checked against its declared size and CRC. Anything this cannot follow is refused, never guessed.
 *
 * Callers then hand the parser a zip they wrote themselves from what this returned (writeStoredZip),
 * so the parser reads exactly the bytes that were checked.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  /** Unpacked bytes of every entry together (declared, and as actually inflated). */
  maxTotalBytes: number;
  /** Unpacked bytes of one entry, by its name. */
  maxEntryBytes: (name: string) => number;
  /** Entries to inflate and answer; the others are checked for structure and declared size only. */
  wanted: (name: string) => boolean;
}

export type ZipRefusal = { ok: false; error: 'unreadable' | 'tooLarge'; reason: string };
export type ZipRead = { ok: true; entries: Map<string, Buffer> } | ZipRefusal;

const SIG = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, descriptor: 0x08074b50, zip64Locator: 0x07064b50 };
/** Encrypted (bit 0), strong encryption (bit 6), masked local header (bit 13). */
const UNSUPPORTED_FLAGS = 0x0001 | 0x0040 | 0x2000;
const DATA_DESCRIPTOR = 0x0008;
const ZIP64_EXTRA = 0x0001;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

const unreadable = (reason: string): ZipRefusal => ({ ok: false, error: 'unreadable', reason });
const tooLarge = (reason: string): ZipRefusal => ({ ok: false, error: 'tooLarge', reason });

interface CentralEntry {
  name: string;
  nameBytes: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  local: number;
}

/** Whether an extra field is a well-formed run of (id, length, data) records without a zip64 one. */
function extraIsPlain(extra: Buffer): boolean {
  for (let at = 0; at < extra.length; ) {
    if (at + 4 > extra.length) return false;
    const id = extra.readUInt16LE(at);
    const len = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA || at + 4 + len > extra.length) return false;
    at += 4 + len;
  }
  return true;
}

/**
 * Names a parser may resolve to the same file (case, backslashes, a leading slash, `./`) count as
 * one: two entries with such names would let the guard check one and the parser read the other.
 */
const nameKey = (name: string) => name.replace(/\\/g, '/').replace(/^(\.?\/)+/, '').toLowerCase();

const badName = (name: string) => !name || [...name].some((c) => c < ' ' || c === '\\') || name.startsWith('/') || name.split('/').includes('..');

/**
 * The end-of-central-directory record: the one whose comment reaches the last byte. -2 when two do:
 * a record planted in the comment would be the one a reader scanning backwards stops at.
 */
function findEnd(zip: Buffer): number {
  let found = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - MAX16); at--) {
    if (zip.readUInt32LE(at) === SIG.end && at + 22 + zip.readUInt16LE(at + 20) === zip.length) {
      if (found >= 0) return -2;
      found = at;
    }
  }
  return found;
}

export function readZipStrict(zip: Buffer, limits: ZipLimits): ZipRead {
  if (zip.length < 22) return unreadable('shorter than an empty zip');
  const end = findEnd(zip);
  if (end === -2 || (end >= 0 && zip.subarray(end + 22).includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])))) return unreadable('an end record inside the comment');
  if (end < 0) return unreadable('no end of central directory');
  if (end >= 20 && zip.readUInt32LE(end - 20) === SIG.zip64Locator) return unreadable('zip64');
  const disk = zip.readUInt16LE(end + 4);
  const dirDisk = zip.readUInt16LE(end + 6);
  const onDisk = zip.readUInt16LE(end + 8);
  const count = zip.readUInt16LE(end + 10);
  const dirSize = zip.readUInt32LE(end + 12);
  const dirOffset = zip.readUInt32LE(end + 16);
  if (count === MAX16 || onDisk === MAX16 || dirSize === MAX32 || dirOffset === MAX32) return unreadable('zip64');
  if (disk !== 0 || dirDisk !== 0 || onDisk !== count) return unreadable('multi-disk');
  if (count === 0) return unreadable('no entries');
  if (count > limits.maxEntries) return tooLarge(`${count} entries`);
  if (dirOffset + dirSize !== end) return unreadable('central directory does not end at the end record');

  const entries: CentralEntry[] = [];
  const seen = new Set<string>();
  let declaredTotal = 0;
  let at = dirOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== SIG.central) return unreadable('central directory entry');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const startDisk = zip.readUInt16LE(at + 34);
    const local = zip.readUInt32LE(at + 42);
    const next = at + 46 + nameLen + extraLen + commentLen;
    if (next > end) return unreadable('central directory entry');
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLen);
    const name = nameBytes.toString('utf8');
    if (compressed === MAX32 || size === MAX32 || local === MAX32 || !extraIsPlain(zip.subarray(at + 46 + nameLen, at + 46 + nameLen + extraLen))) return unreadable('zip64');
    if (startDisk !== 0) return unreadable('multi-disk');
    if (flags & UNSUPPORTED_FLAGS) return unreadable('encrypted');
    if (method !== 0 && method !== 8) return unreadable(`method ${method}`);
    if (method === 0 && compressed !== size) return unreadable('stored entry with two sizes');
    if (badName(name)) return unreadable('entry name');
    const key = nameKey(name);
    if (seen.has(key)) return unreadable(`duplicate name ${name}`);
    seen.add(key);
    if (size > limits.maxEntryBytes(name)) return tooLarge(`${name} declares ${size} bytes`);
    declaredTotal += size;
    if (declaredTotal > limits.maxTotalBytes) return tooLarge(`entries declare ${declaredTotal} bytes`);
    entries.push({ name, nameBytes, flags, method, crc, compressed, size, local });
    at = next;
  }
  if (at !== end) return unreadable('central directory size');

  // The local headers, in file order: each must repeat its directory entry and start exactly where
  // the previous entry (and its data descriptor) ended, the first at byte 0, the last ending at the directory.
  const inFileOrder = [...entries].sort((a, b) => a.local - b.local);
  const dataOf = new Map<CentralEntry, Buffer>();
  let expected = 0;
  for (const e of inFileOrder) {
    const h = e.local;
    if (h !== expected) return unreadable(h < expected ? `${e.name} overlaps the entry before it` : `gap before ${e.name}`);
    if (h + 30 > dirOffset || zip.readUInt32LE(h) !== SIG.local) return unreadable(`${e.name}: no local header`);
    const flags = zip.readUInt16LE(h + 6);
    const method = zip.readUInt16LE(h + 8);
    const crc = zip.readUInt32LE(h + 14);
    const compressed = zip.readUInt32LE(h + 18);
    const size = zip.readUInt32LE(h + 22);
    const nameLen = zip.readUInt16LE(h + 26);
    const extraLen = zip.readUInt16LE(h + 28);
    const dataStart = h + 30 + nameLen + extraLen;
    if (dataStart > dirOffset) return unreadable(`${e.name}: local header`);
    if (!zip.subarray(h + 30, h + 30 + nameLen).equals(e.nameBytes)) return unreadable(`${e.name}: local name differs`);
    if (flags !== e.flags) return unreadable(`${e.name}: local flags differ`);
    if (method !== e.method) return unreadable(`${e.name}: local method differs`);
    if (!extraIsPlain(zip.subarray(h + 30 + nameLen, dataStart))) return unreadable(`${e.name}: zip64 local extra`);
    // With a data descriptor the local fields may be left 0 (the writer did not know them yet), but
    // never hold other values than the directory's.
    const described = (flags & DATA_DESCRIPTOR) !== 0;
    const agrees = (local: number, central: number) => local === central || (described && local === 0);
    if (!agrees(crc, e.crc) || !agrees(compressed, e.compressed) || !agrees(size, e.size)) return unreadable(`${e.name}: local sizes differ`);
    let entryEnd = dataStart + e.compressed;
    if (entryEnd > dirOffset) return unreadable(`${e.name}: data runs into the directory`);
    if (described) {
      // Its signature is optional: with it or without, the descriptor must repeat the directory's values.
      const matches = (d: number) => d + 12 <= dirOffset && zip.readUInt32LE(d) === e.crc && zip.readUInt32LE(d + 4) === e.compressed && zip.readUInt32LE(d + 8) === e.size;
      const withSig = entryEnd + 4 <= dirOffset && zip.readUInt32LE(entryEnd) === SIG.descriptor && matches(entryEnd + 4);
      if (!withSig && !matches(entryEnd)) return unreadable(`${e.name}: data descriptor differs`);
      entryEnd += withSig ? 16 : 12;
    }
    dataOf.set(e, zip.subarray(dataStart, dataStart + e.compressed));
    expected = entryEnd;
  }
  if (expected !== dirOffset) return unreadable('gap before the central directory');

  const out = new Map<string, Buffer>();
  let total = 0;
  for (const e of entries) {
    if (!limits.wanted(e.name)) continue;
    const raw = dataOf.get(e)!;
    let data: Buffer;
    if (e.method === 0) data = Buffer.from(raw);
    else {
      try {
        // Never past the declared size: a stream that inflates further lied about it.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
      } catch (err) {
        const code = (err as { code?: string }).code;
        return code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError ? tooLarge(`${e.name} inflates past its declared size`) : unreadable(`${e.name}: bad deflate data`);
      }
    }
    if (data.length !== e.size) return unreadable(`${e.name}: inflates to ${data.length} bytes, declares ${e.size}`);
    if (crc32(data) >>> 0 !== e.crc) return unreadable(`${e.name}: CRC differs`);
    total += data.length;
    if (total > limits.maxTotalBytes) return tooLarge('entries inflate past the total');
    out.set(e.name, data);
  }
  return { ok: true, entries: out };
}

/**
 * A zip of stored (uncompressed) entries, without data descriptors, extras or comments: the form
 * every reader reads the same way, whichever copy of the headers it follows.
 */
export function writeStoredZip(files: ReadonlyMap<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(SIG.local, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(SIG.central, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(SIG.end, 0);
  endRecord.writeUInt16LE(files.size, 8);
  endRecord.writeUInt16LE(files.size, 10);
  endRecord.writeUInt32LE(dir.length, 12);
  endRecord.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, endRecord]);
}
