/** The storage flow as the app runs it: upload_initialize, PUT each part to its signed URL, upload_finalize. */
import { createHash } from 'node:crypto';
import { call } from './api';

export interface Initialized {
  fileId: string;
  fileKey: string;
  parts: { partNumber: number; url: string }[];
  partSize: number;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function initializeUpload(url: string, token: string, fileName: string, size: number, totalParts: number): Promise<Initialized> {
  const a = await call(url, '/storage/upload_initialize', { token, body: { fileName, totalParts, size, admSlug: 'repasse', contentType: 'application/pdf' } });
  if (a.status !== 200) throw new Error(`upload_initialize: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body as Initialized;
}

/** PUT one part; answers its etag. Part URLs are relative to the server (no PUBLIC_URL). */
export async function putPart(url: string, partUrl: string, bytes: Buffer): Promise<string> {
  const res = await fetch(`${url}${partUrl}`, { method: 'PUT', headers: { 'x-content-sha256': sha256(bytes), 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  const body = (await res.json()) as { etag?: string; message?: string };
  if (res.status !== 200 || !body.etag) throw new Error(`part: ${res.status} ${JSON.stringify(body)}`);
  return body.etag;
}

export async function finalizeUpload(url: string, token: string, init: Initialized, etags: string[]) {
  return call(url, '/storage/upload_finalize', { token, body: { fileId: init.fileId, fileKey: init.fileKey, parts: etags } });
}

/** A small PDF-named file, uploaded and finalized; answers its fileId. */
export async function uploadSmallFile(url: string, token: string, name = 'comprovante.pdf'): Promise<{ fileId: string; filePath: string }> {
  const bytes = Buffer.from(`%PDF-1.4\n% reliability ${name} ${Date.now()}\n%%EOF\n`);
  const init = await initializeUpload(url, token, name, bytes.length, 1);
  const etag = await putPart(url, init.parts[0].url, bytes);
  const done = await finalizeUpload(url, token, init, [etag]);
  if (done.status !== 200) throw new Error(`upload_finalize: ${done.status} ${JSON.stringify(done.body)}`);
  const ref = done.body as { fileId: string; filePath: string };
  return { fileId: ref.fileId, filePath: ref.filePath };
}
