/**
 * The storage flow (DESIGN §2): POST /storage/upload_initialize → PUT each part's bytes to its
 * signed URL with its hex SHA-256 in `x-content-sha256` → POST /storage/upload_finalize with the
 * parts' etags in order → the stored FileRef.
 *
 * Every request goes through the data provider (src/hooks/useApi.ts): the calls by name, the parts
 * as `uploadPart` requests that carry no bearer token (a signed URL carries its own authorization,
 * and the token must not leak to a storage host).
 */
import type { DataProvider } from '@refinedev/core';
import { EXTENSION_CONTENT_TYPES, STORAGE_LIMITS, type FileRef, type UploadInitializeResponse } from '../domain';
import { apiCaller, isHttpError, partUploader, type ApiCaller, type PartUploader } from './useApi';

export type UploadProblem = 'tooLarge' | 'type' | 'empty' | 'part' | 'finalize' | 'initialize' | 'aborted' | 'checksum';

export class UploadError extends Error {
  constructor(
    public readonly problem: UploadProblem,
    /** The server's message, when it gave one (the catalogue may translate it). */
    public readonly serverMessage?: string,
  ) {
    super(serverMessage ?? problem);
    this.name = 'UploadError';
  }
}

export const ALLOWED_TYPES: readonly string[] = STORAGE_LIMITS.allowedContentTypes;

/** Extensions for the file picker's `accept`, next to the MIME types (some systems give no type). */
export const ACCEPT = [...ALLOWED_TYPES, ...Object.keys(EXTENSION_CONTENT_TYPES).map((e) => `.${e}`)].join(',');

/** The file's type, or the one its extension implies when the browser gave none. */
export const contentTypeOf = (file: Pick<File, 'name' | 'type'>): string =>
  file.type || EXTENSION_CONTENT_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';

/** Refuses, before any call, a file the server would refuse (SPEC limits in STORAGE_LIMITS). */
export const checkFile = (file: Pick<File, 'name' | 'type' | 'size'>): UploadProblem | null => {
  if (file.size <= 0) return 'empty';
  if (file.size > STORAGE_LIMITS.maxFileBytes) return 'tooLarge';
  if (!ALLOWED_TYPES.includes(contentTypeOf(file))) return 'type';
  return null;
};

export const partCount = (size: number, partBytes: number = STORAGE_LIMITS.partBytes): number => Math.max(1, Math.ceil(size / partBytes));

/** Byte ranges of each part, in order. */
export const partRanges = (size: number, partBytes: number = STORAGE_LIMITS.partBytes): [number, number][] =>
  Array.from({ length: partCount(size, partBytes) }, (_, i) => [i * partBytes, Math.min(size, (i + 1) * partBytes)]);

const readBytes = (blob: Blob): Promise<ArrayBuffer> =>
  typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });

export const sha256Hex = async (bytes: ArrayBuffer): Promise<string> => {
  // A fresh view: a buffer read through another realm's FileReader (jsdom) is not one WebCrypto accepts.
  const view = new Uint8Array(bytes.byteLength);
  view.set(new Uint8Array(bytes));
  const digest = await crypto.subtle.digest('SHA-256', view);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/** An upload whose parts are all stored, waiting for its completion. */
export interface PendingUpload {
  fileId: string;
  fileKey: string;
  /** The parts' etags, in part order. */
  parts: string[];
}

/**
 * The call that completes an upload and answers the stored file. By default POST
 * /storage/upload_finalize; a call that completes the upload itself (POST /player/send_player_file)
 * takes its place.
 */
export type CompleteUpload = (upload: PendingUpload, signal?: AbortSignal) => Promise<FileRef>;

export interface UploadOptions {
  admSlug: string;
  /** 0–100, the bytes of every part sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  complete?: CompleteUpload;
}

/** How the flow reaches the network: named calls and part PUTs, both through the data provider. */
export interface UploadTransport {
  call: ApiCaller;
  putPart: PartUploader;
}

export const uploadTransport = (provider: DataProvider): UploadTransport => ({ call: apiCaller(provider), putPart: partUploader(provider) });

const messageOf = (e: unknown): string | undefined => (isHttpError(e) && e.message ? e.message : undefined);

export const uploadFile = async ({ call, putPart }: UploadTransport, file: File, { admSlug, onProgress, signal, complete }: UploadOptions): Promise<FileRef> => {
  const problem = checkFile(file);
  if (problem) throw new UploadError(problem);
  const contentType = contentTypeOf(file);
  const ranges = partRanges(file.size);
  const aborted = () => signal?.aborted === true;

  let init: UploadInitializeResponse;
  try {
    init = await call<UploadInitializeResponse>('storage.uploadInitialize', { fileName: file.name, totalParts: ranges.length, admSlug, size: file.size, contentType }, { signal });
  } catch (e) {
    throw new UploadError(aborted() ? 'aborted' : 'initialize', messageOf(e));
  }
  const urls = [...(init.parts ?? [])].sort((a, b) => a.partNumber - b.partNumber);
  if (urls.length !== ranges.length) throw new UploadError('initialize');

  const sent = new Array<number>(ranges.length).fill(0);
  const report = () => onProgress?.(Math.min(100, Math.floor((sent.reduce((a, b) => a + b, 0) / file.size) * 100)));
  report();

  const etags: string[] = [];
  for (let i = 0; i < ranges.length; i += 1) {
    if (aborted()) throw new UploadError('aborted');
    const [start, end] = ranges[i];
    const part = file.slice(start, end, contentType);
    let etag: string | null;
    try {
      const bytes = await readBytes(part);
      const checksum = await sha256Hex(bytes);
      etag = await putPart(urls[i].url, bytes, {
        headers: { 'x-content-sha256': checksum },
        signal,
        onUploadProgress: (ev) => {
          sent[i] = Math.min(end - start, ev.loaded);
          report();
        },
      });
    } catch (e) {
      throw new UploadError(aborted() ? 'aborted' : 'part', messageOf(e));
    }
    if (!etag) throw new UploadError('part');
    etags.push(etag);
    sent[i] = end - start;
    report();
  }

  try {
    const pending: PendingUpload = { fileId: init.fileId, fileKey: init.fileKey, parts: etags };
    if (complete) return await complete(pending, signal);
    return await call<FileRef>('storage.uploadFinalize', { ...pending }, { signal });
  } catch (e) {
    const msg = messageOf(e);
    throw new UploadError(aborted() ? 'aborted' : /checksum|sha/i.test(msg ?? '') ? 'checksum' : 'finalize', msg);
  }
};
