/**
 * An upload's type from its bytes (docs/security.md, "Hostile files"). contentTypeOf trusts the
 * extension, which is only a name: an .exe renamed .pdf was stored and served as a PDF. When an
 * upload completes, its first bytes are read back from storage and identified by file-type (magic
 * numbers); the upload is kept only when they agree with its extension.
 */
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { fileTypeFromBuffer } from 'file-type';
import { MESSAGES, invalid } from '../errors';
import type { StorageDriver } from './driver';

/** What file-type reads to identify any type it knows. */
export const SNIFF_BYTES = 4100;

/**
 * The types file-type may find in an upload named with each extension's content type. A zip-based
 * workbook may be found as a plain zip when its first entries do not reveal it (the pricing reader
 * checks it further); text types have no magic number at all (null: nothing found, and the bytes must be text).
 */
const ACCEPTED: Record<string, readonly (string | null)[]> = {
  'application/pdf': ['application/pdf'],
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/webp': ['image/webp'],
  'application/zip': ['application/zip'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  'text/csv': [null],
};

/**
 * Magic numbers file-type looks past: it wants a PNG's IHDR chunk, a zip's entries. A head that starts
 * with its extension's signature and in which file-type finds no type at all is that type, cut short
 * or oddly built; one in which file-type finds another type is still refused.
 */
const SIGNATURES: Record<string, Buffer> = {
  'application/pdf': Buffer.from('%PDF-'),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'application/zip': Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': Buffer.from([0x50, 0x4b, 0x03, 0x04]),
};

/**
 * Text as a CSV holds it: no NUL and no control character but tab, line feed, form feed and carriage
 * return. Bytes over 0x7f pass, so a Windows-1252 export (Excel's default in Brazil) is still text.
 */
export const looksLikeText = (bytes: Uint8Array): boolean => bytes.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d);

/** Why the bytes do not match the content type the extension gave, or null when they do. */
export async function contentMismatch(head: Uint8Array, contentType: string): Promise<string | null> {
  const accepted = ACCEPTED[contentType];
  if (!accepted) return 'a type without a byte check';
  const found = (await fileTypeFromBuffer(head))?.mime ?? null;
  if (found === null && SIGNATURES[contentType] && Buffer.from(head.subarray(0, SIGNATURES[contentType].length)).equals(SIGNATURES[contentType])) return null;
  if (!accepted.includes(found)) return found ? `found ${found}` : 'no known type found';
  if (found === null && !looksLikeText(head)) return 'binary content';
  return null;
}

async function readHead(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= SNIFF_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}

/** The first SNIFF_BYTES of a stored object: read from disk, or a ranged GET on S3. */
export async function storedHead(driver: StorageDriver, key: string, contentType: string): Promise<Buffer> {
  if (driver.read) return readHead((await driver.read(key)).stream);
  const url = await driver.signedGetUrl(key, 'upload', contentType, new Date(Date.now() + 60_000));
  const res = await fetch(url, { headers: { range: `bytes=0-${SNIFF_BYTES - 1}` } });
  if (!res.ok && res.status !== 206) throw new Error(`storage answered ${res.status}`);
  // A store that ignores the range sends the whole object: still only the head is kept.
  return readHead(Readable.fromWeb(res.body as ReadableStream));
}

export const contentMismatchMessage = (fileName: string) => {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return `${MESSAGES.fileContentMismatch} (.${ext})`;
};

/**
 * Refuses (400) an upload whose stored bytes are not what its extension says. The caller deletes the
 * object and the row: refused bytes never stay in storage.
 */
export async function checkStoredType(driver: StorageDriver, key: string, fileName: string, contentType: string): Promise<void> {
  const head = await storedHead(driver, key, contentType);
  if ((await contentMismatch(head, contentType)) !== null) {
    const message = contentMismatchMessage(fileName);
    throw invalid(message, { fileName: message });
  }
}
