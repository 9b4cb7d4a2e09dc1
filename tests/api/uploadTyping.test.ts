/**
 * Uploads typed by their bytes (issue 12, docs/security.md "Hostile files"): at upload_finalize the
 * stored object's first bytes must be what its extension says, on the local disk and on S3; a refused
 * upload answers 400 with the catalogue's message and leaves neither bytes nor a file row behind.
 */
import { stat } from 'node:fs/promises';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskDriver } from '../../server/services/storage/localDisk';
import { S3Driver } from '../../server/services/storage/s3';
import { storageFor } from '../../server/services/storage';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import type { UploadInitializeResponse } from '../../src/domain/workspace';
import { PRICES, xlsx } from '../unit/hostileZip';
import { type TestApp, USERS, createTestApp } from './support/app';
import { startLocalS3 } from './support/localS3';
import { initialize, localStorageConfig, pdfBytes, post, putPart, sha256 } from './support/storage';

const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(2000, 0x41)]);
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 1)]);
const elf = Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(200)]);

async function finalize(t: TestApp, fileName: string, bytes: Buffer) {
  const init = await initialize(t, USERS.acme, { fileName, totalParts: 1, admSlug: 'acme' });
  expect(init.statusCode, init.body).toBe(200);
  const u = init.json() as UploadInitializeResponse;
  const etag = (await putPart(t, u.parts[0].url, bytes)).json().etag as string;
  return { u, res: await post(t, USERS.acme, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [etag] }) };
}

const rowsOf = async (t: TestApp, fileId: string) => (await t.query<{ id: string }>(sql`select id from files where id = ${fileId}`)).length;

describe('local disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { storage: await localStorageConfig() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a PDF', 'contrato.pdf', pdfBytes()],
    ['a PNG', 'foto.png', png],
    ['a CSV in UTF-8', 'precos.csv', Buffer.from('contrato;valor\nACM-1;1.234,56\n')],
    ['a CSV in Windows-1252', 'precos.csv', Buffer.from('contrato;valor;observação\nACM-1;10;ok\n', 'latin1')],
    ['a workbook from Excel', 'precos.xlsx', null],
    ['a workbook whose first entries do not reveal it (a plain zip)', 'precos.xlsx', xlsx(PRICES)],
  ])('keeps %s', async (_what, fileName, given) => {
    const bytes = given ?? (await writeExcelFile([[{ value: 'contrato' }, { value: 'valor' }]]).toBuffer());
    const { u, res } = await finalize(t, fileName, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(t, u.fileId)).toBe(1);
  });

  it.each([
    ['a Windows program renamed .pdf', 'boleto.pdf', exe, '.pdf'],
    ['a PNG named .jpg', 'foto.jpg', png, '.jpg'],
    ['a PDF named .png', 'foto.png', pdfBytes(), '.png'],
    ['a PDF named .xlsx', 'precos.xlsx', pdfBytes(), '.xlsx'],
    ['a program named .csv', 'precos.csv', elf, '.csv'],
    ['binary bytes no type names, as .csv', 'precos.csv', Buffer.from([0x63, 0x6f, 0x00, 0x01, 0x02, 0x0a]), '.csv'],
    ['a PDF named .csv', 'precos.csv', pdfBytes(), '.csv'],
    ['a PDF named .zip', 'arquivos.zip', pdfBytes(), '.zip'],
  ])('refuses %s, and keeps neither its bytes nor its row', async (_what, fileName, bytes, ext) => {
    const { u, res } = await finalize(t, fileName, bytes);
    expect(res.statusCode, res.body).toBe(400);
    const message = res.json().message as string;
    expect(message).toBe(`Invalid file: its content does not match its extension (${ext})`);
    expect(matchErrorMessage(message)).toEqual({ kind: 'catalogue', key: 'fileContentMismatch' });
    expect(await rowsOf(t, u.fileId)).toBe(0);
    const driver = storageFor(t.config) as LocalDiskDriver;
    expect(await stat(driver.objectPath(u.fileKey)).catch(() => null)).toBeNull();
  });
});

const s3 = await startLocalS3('repasse-typing', 'uploadTyping.test.ts');

describe.skipIf(!s3)('S3 (s3rver): the first bytes by a ranged GET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { storage: s3!.storage } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  async function finalizeS3(fileName: string, bytes: Buffer) {
    const u = (await initialize(t, USERS.acme, { fileName, totalParts: 1, admSlug: 'acme' })).json() as UploadInitializeResponse;
    const put = await fetch(u.parts[0].url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'x-content-sha256': sha256(bytes) } });
    expect(put.status).toBe(200);
    return { u, res: await post(t, USERS.acme, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [put.headers.get('etag')!] }) };
  }

  it('refuses a program renamed .pdf and deletes the object and the row', async () => {
    const { u, res } = await finalizeS3('boleto.pdf', exe);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Invalid file: its content does not match its extension (.pdf)');
    expect(await rowsOf(t, u.fileId)).toBe(0);
    const driver = storageFor(t.config) as S3Driver;
    const head = await driver.client.send(new HeadObjectCommand({ Bucket: s3!.bucket, Key: u.fileKey })).catch((e: Error) => e);
    expect(head).toBeInstanceOf(Error);
  });

  it('keeps a PDF bigger than the bytes it reads', async () => {
    const { u, res } = await finalizeS3('contrato.pdf', pdfBytes(50_000, 3));
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(t, u.fileId)).toBe(1);
  });
});
