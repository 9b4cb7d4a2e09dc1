/**
 * The storage driver (DESIGN §2): an S3-style multipart upload that the local disk and an S3 bucket
 * both implement, so the API answers and the web app's upload code are the same for both.
 *
 * Flow: initMultipart → the client PUTs each part to its signed URL (partUrls) → complete assembles
 * the parts in order after checking each against its etag → signedGetUrl gives a short-lived link.
 * abort throws away whatever the upload left (parts, temporary files); nothing half-written is ever
 * visible under the final key.
 */
import type { Readable } from 'node:stream';

export interface StoredUpload {
  fileId: string;
  key: string;
  uploadId: string;
}

export interface PartUrl {
  partNumber: number;
  url: string;
}

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Starts a multipart upload under `key`; answers the driver's upload id. */
  initMultipart(fileId: string, key: string, contentType: string): Promise<string>;
  /** Signed, expiring URLs the client PUTs parts 1..totalParts to. */
  partUrls(upload: StoredUpload, totalParts: number, expiresAt: Date): Promise<PartUrl[]>;
  /**
   * Local disk only: stores one part streamed by the API's signed part route, checking its
   * SHA-256 (hex) and its size; answers its etag.
   */
  putPart?(upload: StoredUpload, partNumber: number, body: Readable, sha256Hex: string, maxBytes: number): Promise<{ etag: string }>;
  /**
   * Assembles the parts (etags in part order) into the final object atomically; answers its size.
   * Repeatable: when an earlier call already made the object (its finalizer died before recording
   * it), answers that object's size.
   */
  complete(upload: StoredUpload, etags: string[], maxBytes: number): Promise<{ size: number }>;
  /** Drops the upload's parts and temporary files; never fails on what is already gone. */
  abort(upload: StoredUpload): Promise<void>;
  /** A short-lived GET URL for a complete object. */
  signedGetUrl(key: string, fileName: string, contentType: string | null, expiresAt: Date): Promise<string>;
  /** Local disk only: the object's bytes, for the API's signed download route. */
  read?(key: string): Promise<{ stream: Readable; size: number }>;
  delete(key: string): Promise<void>;
  /** Readiness: resolves when the store answers (a cheap call, no object written); rejects otherwise. */
  ping(signal: AbortSignal): Promise<void>;
}
