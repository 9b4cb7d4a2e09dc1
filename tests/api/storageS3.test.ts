/**
 * The S3 driver (STORAGE_DRIVER=s3) against s3rver started here on a free port: the same API answers
 * as the local disk — presigned part URLs, CompleteMultipartUpload, presigned downloads — and the
 * same size and type limits.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_LIMITS, type FileRef, type GeneratedLink, type UploadInitializeResponse } from '../../src/domain/workspace';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { startLocalS3 } from './support/localS3';
import { S3Driver } from '../../server/services/storage/s3';
import { initialize, pdfBytes, post, sha256 } from './support/storage';

const s3 = await startLocalS3('repasse-test', 'storageS3.test.ts');

describe.skipIf(!s3)('S3 driver against s3rver', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      shares: 40,
      config: { storage: s3!.storage },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  /** PUTs the parts straight to the bucket, as the browser does, and keeps each ETag. */
  async function putParts(u: UploadInitializeResponse, bytes: Buffer) {
    const size = Math.ceil(bytes.length / u.parts.length);
    const etags: string[] = [];
    for (const p of u.parts) {
      const chunk = bytes.subarray((p.partNumber - 1) * size, p.partNumber * size);
      const res = await fetch(p.url, { method: 'PUT', body: new Uint8Array(chunk), headers: { 'x-content-sha256': sha256(chunk) } });
      expect(res.status, await res.clone().text()).toBe(200);
      etags.push(res.headers.get('etag')!);
    }
    return etags;
  }

  it('uploads in parts through presigned URLs and downloads the same bytes through a presigned link', async () => {
    const bytes = pdfBytes(9_000, 5);
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'contrato.pdf', totalParts: 3, admSlug: 'acme', contentType: 'application/pdf' }));
    expect(u.parts).toHaveLength(3);
    for (const p of u.parts) expect(p.url.startsWith(`${s3!.endpoint}/${s3!.bucket}/`)).toBe(true);
    const etags = await putParts(u, bytes);
    const ref = expectOk<FileRef>(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: etags }));
    expect(ref).toMatchObject({ fileId: u.fileId, filePath: u.fileKey, size: bytes.length, contentType: 'application/pdf' });
    const link = expectOk<GeneratedLink>(await post(t, USERS.acme, '/storage/generate_link', { filePath: ref.filePath }));
    expect(link.url.startsWith(s3!.endpoint)).toBe(true);
    const dl = await fetch(link.url);
    expect(dl.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await dl.arrayBuffer()), bytes)).toBe(0);
    expectError(await post(t, USERS.orbita, '/storage/generate_link', { filePath: ref.filePath }), 404, 'Document not found');
  });

  it('applies the same size and type limits as the local disk', async () => {
    expectError(await initialize(t, USERS.operator, { fileName: 'big.pdf', totalParts: 10, admSlug: 'acme', size: STORAGE_LIMITS.maxFileBytes + 1 }), 413, /^File too large/);
    expectError(await initialize(t, USERS.operator, { fileName: 'page.html', totalParts: 1, admSlug: 'acme' }), 400, 'Invalid file type');
  });

  it('a finalize that died after S3 completed the upload: the repeat answers the same bytes', async () => {
    const bytes = pdfBytes(6_000, 3);
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'morto.pdf', totalParts: 2, admSlug: 'acme' }));
    const etags = await putParts(u, bytes);
    const [row] = await t.query<{ upload_id: string }>(sql`select upload_id from files where id = ${u.fileId}`);
    // The dead finalizer: S3 completed the upload (its id is gone), the row still says finalizing.
    await new S3Driver(s3!.storage.s3!).complete({ fileId: u.fileId, key: u.fileKey, uploadId: row.upload_id }, etags, STORAGE_LIMITS.maxFileBytes);
    await t.query(sql`update files set status = 'finalizing', finalizing_at = now() - interval '1 minute' where id = ${u.fileId}`);
    const ref = expectOk<FileRef>(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: etags }));
    expect(ref).toMatchObject({ fileId: u.fileId, size: bytes.length });
    const link = expectOk<GeneratedLink>(await post(t, USERS.operator, '/storage/generate_link', { filePath: ref.filePath }));
    expect(Buffer.compare(Buffer.from(await (await fetch(link.url)).arrayBuffer()), bytes)).toBe(0);
  });

  // s3rver checks neither missing parts nor ETags on CompleteMultipartUpload (S3 answers InvalidPart,
  // which the driver maps to 400); the failure exercised here is the server's own size check.
  it('a finalize that fails aborts the upload: the object is removed, nothing is readable', async () => {
    const bytes = pdfBytes(5_000, 9);
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'x.pdf', totalParts: 1, admSlug: 'acme', size: 4_000 }));
    const etags = await putParts(u, bytes);
    expectError(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: etags }), 400, 'Invalid upload: 5000 bytes received, 4000 declared');
    const [row] = await t.query<{ status: string }>(sql`select status from files where id = ${u.fileId}`);
    expect(row.status).toBe('aborted');
    expectError(await post(t, USERS.operator, '/storage/generate_link', { filePath: u.fileKey }), 404, 'Document not found');
    const direct = await fetch(`${s3!.endpoint}/${s3!.bucket}/${u.fileKey}`);
    expect(direct.status).not.toBe(200);
  });
});
