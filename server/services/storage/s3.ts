/**
 * S3 driver (STORAGE_DRIVER=s3): the client PUTs parts straight to the bucket through presigned
 * UploadPart URLs; CompleteMultipartUpload assembles them (S3 itself checks every part against its
 * ETag and publishes the object atomically); presigned GetObject links for downloads. Any
 * S3-compatible endpoint works (S3_ENDPOINT, path-style addressing with S3_FORCE_PATH_STYLE); the
 * tests run it against s3rver.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config';
import { DomainError, invalid, tooLarge } from '../errors';
import type { PartUrl, StorageDriver, StoredUpload } from './driver';
import { FILE_TOO_LARGE } from './localDisk';

export const STORAGE_UNAVAILABLE = 'Storage unavailable, try again later';

const secondsUntil = (at: Date) => Math.max(1, Math.round((at.getTime() - Date.now()) / 1000));

/** RFC 6266 header value: an ASCII fallback and the UTF-8 name. */
export const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * The origins a browser sends the presigned part PUTs to (and fetches downloads from), which the CSP's
 * connect-src must allow: the endpoint itself with path-style addressing, the bucket's own host name
 * otherwise (AWS's regional host when no endpoint is set).
 */
export function s3BrowserOrigins(config: S3Config): string[] {
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  return config.forcePathStyle ? [base.origin] : [`${base.protocol}//${config.bucket}.${base.host}`];
}

export class S3Driver implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      // Only the checksums S3 requires: presigned part URLs stay plain PUTs that any S3-compatible store accepts.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    });
  }

  /** S3 failures read as a storage error (catalogue "Storage …"), the detail stays in the log. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const name = (err as { name?: string }).name ?? '';
      if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'NoSuchUpload' || name === 'EntityTooSmall') {
        throw invalid('Invalid upload: a part is missing or does not match its etag');
      }
      throw new DomainError('upstream', STORAGE_UNAVAILABLE);
    }
  }

  async initMultipart(_fileId: string, key: string, contentType: string): Promise<string> {
    const out = await this.call(() => this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType })));
    if (!out.UploadId) throw new DomainError('upstream', STORAGE_UNAVAILABLE);
    return out.UploadId;
  }

  async partUrls(upload: StoredUpload, totalParts: number, expiresAt: Date): Promise<PartUrl[]> {
    const expiresIn = secondsUntil(expiresAt);
    const urls: PartUrl[] = [];
    for (let n = 1; n <= totalParts; n++) {
      const command = new UploadPartCommand({ Bucket: this.bucket, Key: upload.key, UploadId: upload.uploadId, PartNumber: n });
      urls.push({ partNumber: n, url: await getSignedUrl(this.client, command, { expiresIn }) });
    }
    return urls;
  }

  async complete(upload: StoredUpload, etags: string[], maxBytes: number): Promise<{ size: number }> {
    try {
      await this.call(() =>
        this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.key,
            UploadId: upload.uploadId,
            MultipartUpload: { Parts: etags.map((e, i) => ({ ETag: e.startsWith('"') ? e : `"${e}"`, PartNumber: i + 1 })) },
          }),
        ),
      );
    } catch (err) {
      // A finalize that died after S3 completed the upload: the upload id is gone, the object is there.
      const made = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: upload.key })).catch(() => null);
      if (!made) throw err;
    }
    const head = await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: upload.key })));
    const size = Number(head.ContentLength ?? 0);
    if (size > maxBytes) {
      await this.delete(upload.key);
      throw tooLarge(FILE_TOO_LARGE);
    }
    return { size };
  }

  async abort(upload: StoredUpload): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.key, UploadId: upload.uploadId }));
    } catch {
      // Already completed or gone: nothing left to clean.
    }
  }

  async signedGetUrl(key: string, fileName: string, contentType: string | null, expiresAt: Date): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(fileName),
      ResponseContentType: contentType ?? undefined,
    });
    return this.call(() => getSignedUrl(this.client, command, { expiresIn: secondsUntil(expiresAt) }));
  }

  async delete(key: string): Promise<void> {
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async ping(signal: AbortSignal): Promise<void> {
    // HeadBucket proves the endpoint, the credentials and the bucket in one request that writes nothing.
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
  }
}
