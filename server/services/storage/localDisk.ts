/**
 * Local-disk driver (the default): objects under <root>/objects/<key>, parts of an upload under
 * <root>/uploads/<fileId>/<n>.part. Parts arrive through the API's own signed part route; the
 * final object is written to a temporary file beside its destination, fsynced, then renamed into
 * place, so a reader sees the whole file or none of it.
 */
import { randomBytes, createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { STORAGE_LIMITS } from '../../../src/domain/workspace';
import { invalid, notFound, tooLarge } from '../errors';
import type { PartUrl, StorageDriver, StoredUpload } from './driver';
import { signedQuery } from './signing';

export const PART_PURPOSE = 'part';
export const GET_PURPOSE = 'get';

export interface LocalDiskOptions {
  root: string;
  secret: string;
  /** Origin in front of `/api/storage/...`; empty for relative URLs. */
  publicUrl: string | null;
  apiBase: string;
}

/** 413; worded with "invalid" so the SPEC §8 catalogue reads it as invalid information. */
export const FILE_TOO_LARGE = `File too large: invalid size, at most ${STORAGE_LIMITS.maxFileBytes / 1024 / 1024} MB`;

export class LocalDiskDriver implements StorageDriver {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(private readonly options: LocalDiskOptions) {
    this.root = resolve(options.root);
  }

  /** A path inside `sub` of the root, or 404: a key can never climb out of the storage root. */
  private inside(sub: string, ...parts: string[]): string {
    const base = join(this.root, sub);
    const p = resolve(base, ...parts);
    if (!p.startsWith(base + sep)) throw notFound('Document');
    return p;
  }

  private uploadDir(fileId: string) {
    return this.inside('uploads', fileId);
  }

  private partPath(fileId: string, partNumber: number) {
    return this.inside('uploads', fileId, `${partNumber}.part`);
  }

  objectPath(key: string) {
    return this.inside('objects', key);
  }

  private url(path: string, query: string) {
    return `${this.options.publicUrl ?? ''}${this.options.apiBase}${path}?${query}`;
  }

  async initMultipart(fileId: string): Promise<string> {
    await mkdir(this.uploadDir(fileId), { recursive: true });
    return fileId;
  }

  async partUrls(upload: StoredUpload, totalParts: number, expiresAt: Date): Promise<PartUrl[]> {
    return Array.from({ length: totalParts }, (_, i) => {
      const n = i + 1;
      return { partNumber: n, url: this.url(`/storage/part/${upload.fileId}/${n}`, signedQuery(this.options.secret, PART_PURPOSE, `${upload.fileId}/${n}`, expiresAt)) };
    });
  }

  async putPart(upload: StoredUpload, partNumber: number, body: Readable, sha256Hex: string, maxBytes: number): Promise<{ etag: string }> {
    const final = this.partPath(upload.fileId, partNumber);
    await mkdir(dirname(final), { recursive: true });
    const tmp = `${final}.${randomBytes(6).toString('hex')}.tmp`;
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(tooLarge(FILE_TOO_LARGE));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(tmp));
      const digest = hash.digest('hex');
      if (digest !== sha256Hex.toLowerCase()) throw invalid('Invalid part checksum');
      await rename(tmp, final);
      return { etag: digest };
    } catch (err) {
      await rm(tmp, { force: true });
      // The client may stop sending after our error; drain nothing more.
      body.destroy();
      throw err;
    }
  }

  async complete(upload: StoredUpload, etags: string[], maxBytes: number): Promise<{ size: number }> {
    const dest = this.objectPath(upload.key);
    // Keys are unique per upload and the object appears only by the rename below, after every part
    // was checked: an object already there is this upload, assembled by a finalize that then died.
    const made = await stat(dest).catch(() => null);
    if (made) {
      await rm(this.uploadDir(upload.fileId), { recursive: true, force: true });
      return { size: made.size };
    }
    await mkdir(dirname(dest), { recursive: true });
    const tmp = `${dest}.${randomBytes(6).toString('hex')}.tmp`;
    const out = await open(tmp, 'wx');
    let size = 0;
    try {
      for (let i = 0; i < etags.length; i++) {
        const n = i + 1;
        const part = this.partPath(upload.fileId, n);
        const exists = await stat(part).catch(() => null);
        if (!exists) throw invalid(`Invalid upload: part ${n} is missing`);
        size += exists.size;
        if (size > maxBytes) throw tooLarge(FILE_TOO_LARGE);
        const hash = createHash('sha256');
        for await (const chunk of createReadStream(part) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          await out.write(chunk);
        }
        if (hash.digest('hex') !== etags[i].replace(/"/g, '').toLowerCase()) throw invalid(`Invalid upload: part ${n} does not match its etag`);
      }
      await out.sync();
      await out.close();
      await rename(tmp, dest);
    } catch (err) {
      await out.close().catch(() => {});
      await rm(tmp, { force: true });
      throw err;
    }
    await rm(this.uploadDir(upload.fileId), { recursive: true, force: true });
    return { size };
  }

  async abort(upload: StoredUpload): Promise<void> {
    await rm(this.uploadDir(upload.fileId), { recursive: true, force: true });
  }

  async signedGetUrl(key: string, _fileName: string, _contentType: string | null, expiresAt: Date): Promise<string> {
    return this.url('/storage/file', `key=${encodeURIComponent(key)}&${signedQuery(this.options.secret, GET_PURPOSE, key, expiresAt)}`);
  }

  async read(key: string): Promise<{ stream: Readable; size: number }> {
    const p = this.objectPath(key);
    const s = await stat(p).catch(() => null);
    if (!s?.isFile()) throw notFound('Document');
    return { stream: createReadStream(p), size: s.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.objectPath(key), { force: true });
  }

  async ping(): Promise<void> {
    // A lost mount or a read-only remount shows here, before the first upload fails on it.
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}
