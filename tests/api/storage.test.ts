/**
 * Storage flow on the local-disk driver (DESIGN §2, docs/storage.md): signed, expiring part URLs,
 * checksums, atomic finalize, limits, tenancy of links, and the bytes coming back unchanged.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_LIMITS, type FileRef, type GeneratedLink, type UploadInitializeResponse } from '../../src/domain/workspace';
import { ConfigError, type StorageConfig, loadConfig } from '../../server/config';
import { FINALIZE_LEASE_MS } from '../../server/services/storage';
import { type TestApp, USERS, createTestApp } from './support/app';
import { rowsOf } from '../../server/db/seed/bulk';
import { expectError, expectOk } from './support/expect';
import { initialize, localStorageConfig, pdfBytes, post, putPart, sha256, uploadFile } from './support/storage';

let t: TestApp;
let storage: StorageConfig;

beforeAll(async () => {
  storage = await localStorageConfig();
  t = await createTestApp({ shares: 60, config: { storage } });
});
afterAll(async () => {
  await t?.close();
});

const fileRow = async (id: string) => (await t.query<{ status: string; size: number | null; adm_id: number | null }>(sql`select status, size, adm_id from files where id = ${id}`))[0];
const listAll = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listAll(p)));
    else out.push(p);
  }
  return out;
};

describe('upload_initialize', () => {
  it('answers signed, expiring part URLs served by the API and a pending file row', async () => {
    const res = await initialize(t, USERS.operator, { fileName: 'contrato assinado.pdf', totalParts: 3, admSlug: 'acme', size: 3000 * 1024 * 4, contentType: 'application/pdf' });
    const body = expectOk<UploadInitializeResponse>(res);
    expect(body.parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    for (const p of body.parts) expect(p.url).toMatch(new RegExp(`^/api/storage/part/${body.fileId}/${p.partNumber}\\?expires=\\d+&signature=[\\w-]+$`));
    expect(body.partSize).toBe(STORAGE_LIMITS.partBytes);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(body.fileKey).toMatch(new RegExp(`^acme/\\d{4}/\\d{2}/${body.fileId}/contrato_assinado\\.pdf$`));
    expect(await fileRow(body.fileId)).toMatchObject({ status: 'pending', adm_id: 1 });
  });

  it('refuses a file over the limit with 413 and a wrong type with 400', async () => {
    expectError(await initialize(t, USERS.operator, { fileName: 'big.pdf', totalParts: 10, admSlug: 'acme', size: STORAGE_LIMITS.maxFileBytes + 1 }), 413, /^File too large/);
    expectError(await initialize(t, USERS.operator, { fileName: 'virus.exe', totalParts: 1, admSlug: 'acme' }), 400, 'Invalid file type');
    expectError(await initialize(t, USERS.operator, { fileName: 'doc.pdf', totalParts: 1, admSlug: 'acme', contentType: 'text/html' }), 400, 'Invalid file type');
    expectError(await initialize(t, USERS.operator, { fileName: 'noext', totalParts: 1, admSlug: 'acme' }), 400, 'Invalid file type');
    // The extension decides; a browser's own name for the same type is accepted.
    expectOk(await initialize(t, USERS.operator, { fileName: 'planilha.csv', totalParts: 1, admSlug: 'acme', contentType: 'application/vnd.ms-excel' }));
    expectOk(await initialize(t, USERS.operator, { fileName: 'docs.zip', totalParts: 1, admSlug: 'acme', contentType: 'application/x-zip-compressed' }));
  });

  it('validates totalParts and the required fields', async () => {
    expectError(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 0, admSlug: 'acme' }), 400, /^Invalid body: totalParts/);
    expectError(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: STORAGE_LIMITS.maxParts + 1, admSlug: 'acme' }), 400, /^Invalid body: totalParts/);
    expectError(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 1 }), 400, 'admSlug is required');
    expectError(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme', size: 20 * 1024 * 1024 }), 400, /^Invalid totalParts/);
  });

  it('needs a session; an administrator uploads only into its own tenant', async () => {
    expectError(await post(t, null, '/storage/upload_initialize', { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme' }), 401, 'Unauthorized');
    expectError(await initialize(t, USERS.orbita, { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme' }), 404, 'Administrator not found');
    const own = expectOk<UploadInitializeResponse>(await initialize(t, USERS.orbita, { fileName: 'a.pdf', totalParts: 1, admSlug: 'orbita' }));
    expect((await fileRow(own.fileId)).adm_id).toBe(2);
    // An administrator is named by its white-label id, its id or the first word of its name.
    for (const [slug, admId] of [['vertice', 3], ['adm-3', 3], ['2', 2], ['repasse', null]] as const) {
      const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 1, admSlug: slug }));
      expect((await fileRow(u.fileId)).adm_id).toBe(admId);
    }
  });
});

describe('parts and finalize', () => {
  it('assembles parts in order; the download gives back exactly the bytes uploaded', async () => {
    const bytes = pdfBytes(10_000, 3);
    const ref = await uploadFile(t, USERS.operator, { bytes, parts: 3, fileName: 'três partes.pdf' });
    expect(ref).toMatchObject({ fileName: 'três partes.pdf', size: bytes.length, contentType: 'application/pdf', documentType: null });
    expect(await fileRow(ref.fileId)).toMatchObject({ status: 'complete', size: bytes.length });
    const link = expectOk<GeneratedLink>(await post(t, USERS.operator, '/storage/generate_link', { filePath: ref.filePath }));
    expect(link.url).toMatch(/^\/api\/storage\/file\?key=.+&expires=\d+&signature=/);
    const dl = await t.inject({ method: 'GET', url: link.url });
    expect(dl.statusCode, dl.body).toBe(200);
    expect(Buffer.compare(dl.rawPayload, bytes)).toBe(0);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(String(dl.headers['content-disposition'])).toContain("filename*=UTF-8''tr%C3%AAs%20partes.pdf");
    // No parts or temporary files are left behind.
    const left = await listAll(storage.filesDir);
    expect(left.filter((p) => p.includes('uploads') || p.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a part whose checksum does not match (400) and keeps nothing of it', async () => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme' }));
    const bytes = pdfBytes(500);
    expectError(await putPart(t, u.parts[0].url, bytes, sha256(Buffer.from('other'))), 400, 'Invalid part checksum');
    expectError(await putPart(t, u.parts[0].url, bytes, 'not-hex'), 400, 'Invalid part checksum');
    const missing = await t.inject({ method: 'PUT', url: u.parts[0].url, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
    expectError(missing, 400, 'x-content-sha256 is required');
    expect((await listAll(storage.filesDir)).filter((p) => p.includes(u.fileId))).toEqual([]);
  });

  it('refuses an expired, altered or unsigned part URL (403, never 401)', async () => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 2, admSlug: 'acme' }));
    const bytes = pdfBytes(100);
    const url = new URL(u.parts[0].url, 'http://x');
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10));
    expectError(await putPart(t, expired.pathname + expired.search, bytes), 403, /^Permission denied/);
    // The signature of part 1 does not open part 2.
    expectError(await putPart(t, url.pathname.replace(/\/1$/, '/2') + url.search, bytes), 403, /^Permission denied/);
    expectError(await putPart(t, url.pathname, bytes), 403, /^Permission denied/);
  });

  it('finalize with a missing part fails, aborts the upload and leaves no file', async () => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 2, admSlug: 'acme' }));
    const part1 = pdfBytes(300);
    const r1 = expectOk<{ etag: string }>(await putPart(t, u.parts[0].url, part1));
    expectError(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [r1.etag, sha256(Buffer.from('x'))] }), 400, 'Invalid upload: part 2 is missing');
    expect((await fileRow(u.fileId)).status).toBe('aborted');
    expect((await listAll(storage.filesDir)).filter((p) => p.includes(u.fileId))).toEqual([]);
    // An aborted upload cannot be finalized, nor linked.
    expectError(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [r1.etag, r1.etag] }), 409, /^Invalid upload/);
    expectError(await post(t, USERS.operator, '/storage/generate_link', { filePath: u.fileKey }), 404, 'Document not found');
  });

  it('finalize with a wrong etag or a wrong number of parts fails', async () => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme' }));
    expectOk(await putPart(t, u.parts[0].url, pdfBytes(300)));
    expectError(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: ['a', 'b'] }), 400, 'Invalid upload: expected 1 parts, got 2');
    expectError(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [sha256(Buffer.from('y'))] }), 400, 'Invalid upload: part 1 does not match its etag');
    expect(await stat(join(storage.filesDir, 'objects', u.fileKey)).catch(() => null)).toBeNull();
  });

  it('refuses a part larger than the part size with 413', async () => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme' }));
    expectError(await putPart(t, u.parts[0].url, Buffer.alloc(STORAGE_LIMITS.partBytes + 10, 1)), 413, /^File too large/);
  });

  it("only the uploader finalizes its upload; another's fileId is not found", async () => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme' }));
    const r = expectOk<{ etag: string }>(await putPart(t, u.parts[0].url, pdfBytes(100)));
    expectError(await post(t, USERS.acme, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [r.etag] }), 404, 'Document not found');
    expectError(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: 'other/key.pdf', parts: [r.etag] }), 404, 'Document not found');
    const done = expectOk<FileRef>(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [r.etag] }));
    // A repeat answers the same file.
    expect(expectOk<FileRef>(await post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [r.etag] }))).toEqual(done);
  });
});

describe('generate_link', () => {
  it("gives an administrator links to its own tenant's files and 404 for another tenant's", async () => {
    const acme = await uploadFile(t, USERS.acme, { admSlug: 'acme' });
    expectOk(await post(t, USERS.acme, '/storage/generate_link', { filePath: acme.filePath }));
    expectOk(await post(t, USERS.operator, '/storage/generate_link', { filePath: acme.filePath }));
    expectError(await post(t, USERS.orbita, '/storage/generate_link', { filePath: acme.filePath }), 404, 'Document not found');
    // A fund reads what it uploaded, not the administrators' files.
    expectError(await post(t, USERS.fund, '/storage/generate_link', { filePath: acme.filePath }), 404, 'Document not found');
    const fundFile = await uploadFile(t, USERS.fund, { admSlug: 'acme' });
    expectOk(await post(t, USERS.fund, '/storage/generate_link', { filePath: fundFile.filePath }));
  });

  it('lets a fund file only under an administrator it holds shares of', async () => {
    const held = await t.handle.db.execute(sql`select distinct adm_id as id from shares where fund_id = 1 and adm_id is not null order by 1 limit 1`);
    // An administrator with no share in the fund: a new one.
    const other = await t.handle.db.execute(sql`insert into administrators (name, cnpj) values ('Zeta Consórcios', '11222333000181') returning id`);
    const heldId = rowsOf<{ id: number }>(held)[0].id;
    const otherId = rowsOf<{ id: number }>(other)[0].id;
    const own = await uploadFile(t, USERS.fund, { admSlug: String(heldId) });
    const [row] = rowsOf<{ adm_id: number }>(await t.handle.db.execute(sql`select adm_id from files where id = ${own.fileId}`));
    expect(row.adm_id).toBe(heldId);
    // Another administrator's space is not the fund's to write in: refused, nothing stored.
    const count = async () => rowsOf<{ n: number }>(await t.handle.db.execute(sql`select count(*)::int as n from files`))[0].n;
    const before = await count();
    expectError(await initialize(t, USERS.fund, { fileName: 'a.pdf', totalParts: 1, admSlug: String(otherId) }), 404, 'Administrator not found');
    expect(await count()).toBe(before);
    // A slug naming no administrator is a platform file, which its uploader still reads.
    const platform = await uploadFile(t, USERS.fund, { admSlug: 'repasse' });
    expectOk(await post(t, USERS.fund, '/storage/generate_link', { filePath: platform.filePath }));
  });

  it('answers 404 for unknown paths and path traversal', async () => {
    for (const filePath of ['../../etc/passwd', 'acme/../../../etc/passwd', '/etc/passwd', 'acme/2026/01/x/none.pdf']) {
      expectError(await post(t, USERS.operator, '/storage/generate_link', { filePath }), 404, 'Document not found');
    }
  });

  it('download links expire and cannot be altered', async () => {
    const ref = await uploadFile(t, USERS.operator);
    const link = expectOk<GeneratedLink>(await post(t, USERS.operator, '/storage/generate_link', { filePath: ref.filePath }));
    const url = new URL(link.url, 'http://x');
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    expectError(await t.inject({ method: 'GET', url: expired.pathname + expired.search }), 403, /^Permission denied/);
    const other = new URL(url);
    other.searchParams.set('key', '../../../etc/passwd');
    expectError(await t.inject({ method: 'GET', url: other.pathname + other.search }), 403, /^Permission denied/);
  });
});

describe('storage configuration', () => {
  it('defaults to the local disk under DATA_DIR/files and reads the S3 variables', () => {
    expect(loadConfig({ DATA_DIR: '/srv/r' })).toMatchObject({ storage: { driver: 'local', filesDir: '/srv/r/files', s3: null }, publicUrl: null });
    const c = loadConfig({
      STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', PUBLIC_URL: 'https://bo.example.com/',
    });
    expect(c.storage).toMatchObject({ driver: 's3', s3: { bucket: 'b', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true } });
    expect(c.publicUrl).toBe('https://bo.example.com');
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false', S3_ENDPOINT: 'http://x' }).storage.s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('puts PUBLIC_URL in front of the signed links', async () => {
    const { LocalDiskDriver } = await import('../../server/services/storage/localDisk');
    const d = new LocalDiskDriver({ root: storage.filesDir, secret: 's', publicUrl: 'https://bo.example.com', apiBase: '/api' });
    const [p] = await d.partUrls({ fileId: 'f', key: 'k', uploadId: 'f' }, 1, new Date(Date.now() + 1000));
    expect(p.url).toMatch(/^https:\/\/bo\.example\.com\/api\/storage\/part\/f\/1\?expires=/);
  });
});

describe('a finalize that died (SIGKILL, crash) and the client repeating it', () => {
  /** An upload whose one part is in, and what a finalizer killed `ago` after its claim leaves. */
  const claimedThenKilled = async (ago: string, bytes = pdfBytes(3_000, 5)) => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'morto.pdf', totalParts: 1, admSlug: 'acme' }));
    const etag = expectOk<{ etag: string }>(await putPart(t, u.parts[0].url, bytes)).etag;
    await t.query(sql`update files set status = 'finalizing', finalizing_at = now() - ${ago}::interval where id = ${u.fileId}`);
    const finalize = () => post(t, USERS.operator, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [etag] });
    return { u, etag, bytes, finalize };
  };
  const download = async (ref: FileRef) => {
    const link = expectOk<GeneratedLink>(await post(t, USERS.operator, '/storage/generate_link', { filePath: ref.filePath }));
    return (await t.inject({ method: 'GET', url: link.url })).rawPayload;
  };

  it(`takes over a claim older than the lease (${FINALIZE_LEASE_MS / 1000} s) and completes the upload`, async () => {
    const { u, bytes, finalize } = await claimedThenKilled('1 minute');
    const ref = expectOk<FileRef>(await finalize());
    expect(ref.fileId).toBe(u.fileId);
    expect(await fileRow(u.fileId)).toMatchObject({ status: 'complete', size: bytes.length });
    expect(Buffer.compare(await download(ref), bytes)).toBe(0);
  });

  it('leaves a younger claim to the finalize that holds it: 409, nothing removed, and it can still complete', async () => {
    const { u, bytes, finalize } = await claimedThenKilled('1 second');
    expectError(await finalize(), 409, 'Invalid upload: it is finalizing');
    expect(await fileRow(u.fileId)).toMatchObject({ status: 'finalizing' });
    expect((await listAll(storage.filesDir)).some((p) => p.includes(u.fileId) && p.endsWith('.part'))).toBe(true);
    await t.query(sql`update files set finalizing_at = now() - interval '1 minute' where id = ${u.fileId}`);
    expect(Buffer.compare(await download(expectOk<FileRef>(await finalize())), bytes)).toBe(0);
  });

  it('after a finalizer that died with the object already assembled, the repeat answers that file', async () => {
    const { u, etag, bytes, finalize } = await claimedThenKilled('1 minute');
    const { LocalDiskDriver } = await import('../../server/services/storage/localDisk');
    const d = new LocalDiskDriver({ root: storage.filesDir, secret: 's', publicUrl: null, apiBase: '/api' });
    // The dead finalizer got as far as the object (and the parts' removal), not as far as the row.
    await d.complete({ fileId: u.fileId, key: u.fileKey, uploadId: u.fileId }, [etag], STORAGE_LIMITS.maxFileBytes);
    expect(await fileRow(u.fileId)).toMatchObject({ status: 'finalizing' });
    const ref = expectOk<FileRef>(await finalize());
    expect(await fileRow(u.fileId)).toMatchObject({ status: 'complete', size: bytes.length });
    expect(Buffer.compare(await download(ref), bytes)).toBe(0);
  });
});

describe('stale uploads', () => {
  it('are aborted by a later upload_initialize: parts removed, row aborted', async () => {
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.operator, { fileName: 'a.pdf', totalParts: 2, admSlug: 'acme' }));
    expectOk(await putPart(t, u.parts[0].url, pdfBytes(100)));
    expect((await listAll(storage.filesDir)).some((p) => p.includes(u.fileId))).toBe(true);
    await t.query(sql`update files set created_at = now() - interval '1 day' where id = ${u.fileId}`);
    expectOk(await initialize(t, USERS.acme, { fileName: 'b.pdf', totalParts: 1, admSlug: 'acme' }));
    expect((await fileRow(u.fileId)).status).toBe('aborted');
    expect((await listAll(storage.filesDir)).filter((p) => p.includes(u.fileId))).toEqual([]);
  });
});
