/**
 * The local-disk driver's signed URLs (docs/storage.md): a part upload and a download, authorized
 * by their signature rather than a session. The routes (server/routes/storage.ts
 * storageSignedRoutes) pass the URL's parts and the bytes; the checks and the queries are here.
 */
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { STORAGE_LIMITS } from '../../../src/domain/workspace';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { invalid, notFound } from '../errors';
import { storageFor } from './index';
import { GET_PURPOSE, PART_PURPOSE } from './localDisk';
import { contentDisposition } from './s3';
import { verifySignature } from './signing';

const SHA256_HEX = /^[0-9a-f]{64}$/i;

export interface SignedPart {
  fileId: string;
  partNumber: string;
  expires?: string;
  signature?: string;
  /** The x-content-sha256 header. */
  sha256: unknown;
  body: Readable;
}

/** Stores one part of a pending upload; answers its etag. */
export async function putSignedPart(db: Db, config: Config, part: SignedPart): Promise<{ etag: string }> {
  const { fileId, partNumber } = part;
  verifySignature(config.urlSigningSecret, PART_PURPOSE, `${fileId}/${partNumber}`, part.expires, part.signature);
  const driver = storageFor(config);
  if (!driver.putPart) throw notFound('Document');
  const sha = part.sha256;
  if (typeof sha !== 'string' || !sha) throw invalid('x-content-sha256 is required');
  if (!SHA256_HEX.test(sha)) throw invalid('Invalid part checksum');
  const [row] = await db.select().from(files).where(and(eq(files.id, fileId), eq(files.status, 'pending'))).limit(1);
  const n = Number(partNumber);
  if (!row || !Number.isInteger(n) || n < 1 || n > row.totalParts) throw notFound('Document');
  return driver.putPart({ fileId, key: row.key, uploadId: row.uploadId ?? fileId }, n, part.body, sha, STORAGE_LIMITS.partBytes);
}

/** A complete file by its key, with the headers its download answers. */
export async function readSignedFile(db: Db, config: Config, link: { key?: string; expires?: string; signature?: string }) {
  const key = link.key ?? '';
  verifySignature(config.urlSigningSecret, GET_PURPOSE, key, link.expires, link.signature);
  const driver = storageFor(config);
  if (!driver.read) throw notFound('Document');
  const [row] = await db.select().from(files).where(and(eq(files.key, key), eq(files.status, 'complete'))).limit(1);
  if (!row) throw notFound('Document');
  const { stream, size } = await driver.read(row.key);
  return {
    stream,
    headers: {
      'content-type': row.contentType ?? 'application/octet-stream',
      'content-length': String(size),
      'content-disposition': contentDisposition(row.name),
      'cache-control': 'private, no-store',
    },
  };
}
