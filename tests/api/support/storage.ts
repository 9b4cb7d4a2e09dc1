/** Upload helpers for the storage and action tests: the web app's flow, driven through inject or fetch. */
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { FileRef, UploadInitializeResponse } from '../../../src/domain/workspace';
import type { StorageConfig } from '../../../server/config';
import type { TestApp } from './app';

export const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

export const localStorageConfig = async (): Promise<StorageConfig> => ({
  driver: 'local',
  filesDir: await mkdtemp(join(tmpdir(), 'repasse-files-')),
  s3: null,
});

/** A small valid-looking PDF of about `size` bytes. */
export const pdfBytes = (size = 2048, seed = 1): Buffer => {
  const head = Buffer.from('%PDF-1.4\n');
  const body = Buffer.alloc(Math.max(0, size - head.length));
  for (let i = 0; i < body.length; i++) body[i] = (i * 31 + seed * 7) % 251;
  return Buffer.concat([head, body]);
};

export const bearer = async (t: TestApp, as: string) => ({ authorization: `Bearer ${await t.token(as)}` });

export async function post(t: TestApp, as: string | null, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...(as ? await bearer(t, as) : {}), ...headers } });
}

export async function initialize(t: TestApp, as: string, body: object) {
  return post(t, as, '/storage/upload_initialize', body);
}

/** PUTs one part through the API's signed URL (local-disk driver). */
export async function putPart(t: TestApp, url: string, bytes: Buffer, checksum = sha256(bytes)) {
  return t.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': 'application/octet-stream', 'x-content-sha256': checksum } });
}

/** The whole flow on the local-disk driver: initialize, PUT every part, finalize. */
export async function uploadFile(
  t: TestApp,
  as: string,
  opts: { fileName?: string; bytes?: Buffer; admSlug?: string; parts?: number } = {},
): Promise<FileRef> {
  const bytes = opts.bytes ?? pdfBytes();
  const parts = opts.parts ?? 1;
  const init = await initialize(t, as, { fileName: opts.fileName ?? 'comprovante.pdf', totalParts: parts, admSlug: opts.admSlug ?? 'acme' });
  expect(init.statusCode, init.body).toBe(200);
  const u = init.json() as UploadInitializeResponse;
  const size = Math.ceil(bytes.length / parts);
  const etags: string[] = [];
  for (const p of u.parts) {
    const res = await putPart(t, p.url, bytes.subarray((p.partNumber - 1) * size, p.partNumber * size));
    expect(res.statusCode, res.body).toBe(200);
    etags.push(res.json().etag);
  }
  const fin = await post(t, as, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: etags });
  expect(fin.statusCode, fin.body).toBe(200);
  return fin.json() as FileRef;
}
