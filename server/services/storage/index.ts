/**
 * The storage flow over a driver (DESIGN §2, docs/storage.md): limits, tenancy of files and the
 * `files` rows. A file is readable only once `status` is 'complete'; an upload that fails to
 * finalize is aborted ('aborted') and leaves no bytes behind.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { API_BASE_PATH } from '../../../src/domain/constants';
import { EXTENSION_CONTENT_TYPES, STORAGE_LIMITS, type FileRef, type UploadInitializeRequest, type UploadInitializeResponse } from '../../../src/domain/workspace';
import type { DocumentType } from '../../../src/domain/enums';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AUCTION_ADDITIONAL_FILE_TYPES } from '../../../src/domain/auctions';
import { administrators, auctionFiles, auctions, files, shares, whiteLabelConfigs } from '../../db/schema';
import { writeAudit } from '../audit';
import { auctionScopeCondition } from '../auctions';
import { DomainError, invalid, notFound, conflict, tooLarge } from '../errors';
import { administratorScopeCondition, scopeOf } from '../tenant';
import type { AuthUser } from '../users';
import type { StorageDriver, StoredUpload } from './driver';
import { FILE_TOO_LARGE, LocalDiskDriver } from './localDisk';
import { S3Driver } from './s3';
import { checkStoredType } from './typing';

export type { StorageDriver } from './driver';

const drivers = new WeakMap<Config, StorageDriver>();

/** One driver per app config: the authenticated routes and the signed routes share it. */
export function storageFor(config: Config): StorageDriver {
  let d = drivers.get(config);
  if (!d) {
    d =
      config.storage.driver === 's3' && config.storage.s3
        ? new S3Driver(config.storage.s3)
        : new LocalDiskDriver({ root: config.storage.filesDir, secret: config.urlSigningSecret, publicUrl: config.publicUrl, apiBase: API_BASE_PATH });
    drivers.set(config, d);
  }
  return d;
}

export const INVALID_FILE_TYPE = 'Invalid file type';

const TYPE_ALIASES: Record<string, readonly string[]> = {
  'text/csv': ['application/vnd.ms-excel', 'application/csv', 'text/plain'],
  'application/zip': ['application/x-zip-compressed', 'application/x-zip'],
  'image/jpeg': ['image/pjpeg', 'image/jpg'],
};

/** The content type of an upload: from the extension, and it must agree with the declared one. */
export function contentTypeOf(fileName: string, declared?: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const byExt = ext ? EXTENSION_CONTENT_TYPES[ext] : undefined;
  const given = declared?.split(';')[0].trim().toLowerCase();
  if (!byExt) throw invalid(INVALID_FILE_TYPE, { fileName: INVALID_FILE_TYPE });
  // Browsers name some types their own way (a CSV on Windows is "application/vnd.ms-excel"); the
  // extension decides, and a declared type must be that type, one of its aliases or unknown.
  if (given && given !== byExt && given !== 'application/octet-stream' && !(TYPE_ALIASES[byExt] ?? []).includes(given)) {
    throw invalid(INVALID_FILE_TYPE, { contentType: INVALID_FILE_TYPE });
  }
  return byExt;
}

/** The name as shown (no directories), and a key-safe version of it. */
export function cleanName(fileName: string): { name: string; safe: string } {
  const name = fileName.split(/[\\/]/).pop()!.trim();
  if (!name || name === '.' || name === '..') throw invalid('Invalid fileName', { fileName: 'Invalid fileName' });
  const safe = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(-120);
  return { name, safe };
}

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The administrator an admSlug names: its white-label id (acme), its id (3 or adm-3) or its name slugged
 * (vertice-consorcios, or only the first word: vertice). null when it names none.
 */
export async function resolveAdmSlug(db: Db, admSlug: string): Promise<number | null> {
  const slug = slugify(admSlug);
  const byId = /^(?:adm-)?(\d{1,9})$/.exec(slug)?.[1];
  if (byId) {
    const [a] = await db.select({ id: administrators.id }).from(administrators).where(eq(administrators.id, Number(byId))).limit(1);
    return a?.id ?? null;
  }
  const [wl] = await db.select({ admId: whiteLabelConfigs.admId }).from(whiteLabelConfigs).where(eq(whiteLabelConfigs.labelId, slug)).limit(1);
  if (wl) return wl.admId;
  const all = await db.select({ id: administrators.id, name: administrators.name }).from(administrators);
  const hit = all.find((a) => slugify(a.name) === slug || slugify(a.name).split('-')[0] === slug);
  return hit?.id ?? null;
}

/**
 * The tenant a new file belongs to. An administrator's files are always its own (another
 * administrator's slug is refused). A fund may name only an administrator it holds shares of: a file
 * in any other tenant would be a fund writing into an administrator's space it has nothing to do
 * with (refused as that administrator not found, so it learns nothing). An operator names any
 * administrator. A slug that names none (e.g. "repasse") makes a platform file, which only
 * operators and its uploader may read.
 */
async function tenantOfUpload(db: Db, user: AuthUser, admSlug: string): Promise<number | null> {
  const named = await resolveAdmSlug(db, admSlug);
  if (user.profile === 'adm') {
    if (named !== null && named !== user.admId) throw notFound('Administrator');
    return user.admId;
  }
  if (user.profile === 'fund' && named !== null) {
    const [held] = await db
      .select({ id: administrators.id })
      .from(administrators)
      .where(and(eq(administrators.id, named), administratorScopeCondition(scopeOf(user))))
      .limit(1);
    if (!held) throw notFound('Administrator');
  }
  return named;
}

export const toFileRef = (f: typeof files.$inferSelect): FileRef => ({
  fileId: f.id,
  fileName: f.name,
  filePath: f.key,
  size: f.size,
  contentType: f.contentType,
  documentType: (f.documentType ?? null) as DocumentType | null,
  uploadedAt: f.createdAt.toISOString(),
});

const uploadOf = (f: typeof files.$inferSelect): StoredUpload => ({ fileId: f.id, key: f.key, uploadId: f.uploadId ?? f.id });

/**
 * How long a finalize owns its upload. Assembling the largest file takes seconds; a claim this old
 * is a finalizer that died, and a repeated upload_finalize takes it over instead of answering 409.
 */
export const FINALIZE_LEASE_MS = 30_000;

/** Uploads left pending past their links' lifetime (or stuck finalizing after a crash) are aborted. */
export const STALE_UPLOAD_MS = (STORAGE_LIMITS.linkTtlSeconds + 300) * 1000;

/**
 * Aborts up to `limit` stale uploads: their parts and temporary files go, the rows say 'aborted'.
 * Run on every upload_initialize, so the uploads that start also clean up after those that did not end.
 */
export async function sweepStaleUploads(db: Db, config: Config, limit = 20, now = Date.now()): Promise<number> {
  const stale = await db
    .update(files)
    .set({ status: 'aborted' })
    .where(
      sql`${files.id} in (select id from ${files} where ${files.status} in ('pending', 'finalizing') and ${files.createdAt} < ${new Date(now - STALE_UPLOAD_MS)} order by ${files.createdAt} limit ${limit})`,
    )
    .returning();
  const driver = storageFor(config);
  for (const f of stale) await driver.abort(uploadOf(f)).catch(() => {});
  return stale.length;
}

export async function initializeUpload(db: Db, config: Config, user: AuthUser, req: UploadInitializeRequest): Promise<UploadInitializeResponse> {
  const { name, safe } = cleanName(req.fileName);
  const contentType = contentTypeOf(name, req.contentType);
  if (req.size !== undefined && req.size > STORAGE_LIMITS.maxFileBytes) throw tooLarge(FILE_TOO_LARGE);
  if (req.size !== undefined && req.totalParts > 1 && req.totalParts > Math.ceil(req.size / STORAGE_LIMITS.partBytes)) {
    throw invalid(`Invalid totalParts: ${req.size} bytes make at most ${Math.max(1, Math.ceil(req.size / STORAGE_LIMITS.partBytes))} parts of ${STORAGE_LIMITS.partBytes} bytes`);
  }
  if (req.size !== undefined && req.totalParts < Math.ceil(req.size / STORAGE_LIMITS.partBytes)) {
    throw invalid(`Invalid totalParts: ${req.size} bytes need ${Math.ceil(req.size / STORAGE_LIMITS.partBytes)} parts of at most ${STORAGE_LIMITS.partBytes} bytes`);
  }
  const admId = await tenantOfUpload(db, user, req.admSlug);
  // Only once the request is accepted: a refused one leaves the database as it found it.
  await sweepStaleUploads(db, config);
  const slug = slugify(req.admSlug) || 'repasse';
  const id = randomUUID();
  const now = new Date();
  const key = `${slug}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}/${safe}`;
  const driver = storageFor(config);
  const uploadId = await driver.initMultipart(id, key, contentType);
  await db.insert(files).values({
    id,
    key,
    name,
    size: req.size ?? null,
    contentType,
    totalParts: req.totalParts,
    status: 'pending',
    admSlug: req.admSlug,
    admId,
    uploadId,
    uploadedBy: user.id,
  });
  const expiresAt = new Date(Date.now() + STORAGE_LIMITS.linkTtlSeconds * 1000);
  const parts = await driver.partUrls({ fileId: id, key, uploadId }, req.totalParts, expiresAt);
  return { fileId: id, fileKey: key, parts, expiresAt: expiresAt.toISOString(), partSize: STORAGE_LIMITS.partBytes };
}

export async function finalizeUpload(db: Db, config: Config, user: AuthUser, body: { fileId: string; fileKey: string; parts: string[] }): Promise<FileRef> {
  const [row] = await db.select().from(files).where(and(eq(files.id, body.fileId), eq(files.key, body.fileKey), eq(files.uploadedBy, user.id))).limit(1);
  if (!row) throw notFound('Document');
  if (row.status === 'complete') return toFileRef(row);
  if (body.parts.length !== row.totalParts) throw invalid(`Invalid upload: expected ${row.totalParts} parts, got ${body.parts.length}`);
  // Claim the upload: two finalize calls at once cannot both assemble it. A claim older than the
  // lease belongs to a finalizer that died (SIGKILL, crash): the repeated call takes it over.
  const claimAt = new Date();
  const [claimed] = await db
    .update(files)
    .set({ status: 'finalizing', finalizingAt: claimAt })
    .where(
      and(
        eq(files.id, row.id),
        or(eq(files.status, 'pending'), and(eq(files.status, 'finalizing'), lt(files.finalizingAt, new Date(claimAt.getTime() - FINALIZE_LEASE_MS)))),
      ),
    )
    .returning({ id: files.id });
  if (!claimed) throw conflict(`Invalid upload: it is ${row.status}`);
  // Every later write is conditional on still holding this claim, so a finalizer that outlived its
  // lease cannot undo the one that took over.
  const ours = and(eq(files.id, row.id), eq(files.status, 'finalizing'), eq(files.finalizingAt, claimAt));
  const driver = storageFor(config);
  try {
    const { size } = await driver.complete(uploadOf(row), body.parts, STORAGE_LIMITS.maxFileBytes);
    if (row.size !== null && row.size !== size) {
      await driver.delete(row.key);
      throw invalid(`Invalid upload: ${size} bytes received, ${row.size} declared`);
    }
    try {
      await checkStoredType(driver, row.key, row.name, row.contentType ?? contentTypeOf(row.name));
    } catch (err) {
      // Refused bytes never stay: neither the object nor a row pointing at it.
      await driver.delete(row.key).catch(() => {});
      if (err instanceof DomainError && err.kind === 'invalid') await db.delete(files).where(ours);
      throw err;
    }
    // The file becomes usable and its audit entry is written in one transaction (issue 18).
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.update(files).set({ status: 'complete', size }).where(ours).returning();
      if (row)
        await writeAudit(tx, {
          userId: user.id,
          action: 'file.upload',
          objectType: 'file',
          objectId: row.id,
          admId: row.admId,
          before: null,
          after: { name: row.name, size, contentType: row.contentType, admSlug: row.admSlug },
        });
      return row;
    });
    if (done) return toFileRef(done);
    const [now] = await db.select().from(files).where(eq(files.id, row.id)).limit(1);
    if (now?.status === 'complete') return toFileRef(now);
    throw conflict(`Invalid upload: it is ${now?.status ?? 'aborted'}`);
  } catch (err) {
    const [lost] = await db.update(files).set({ status: 'aborted' }).where(ours).returning({ id: files.id });
    if (lost) await driver.abort(uploadOf(row));
    throw err;
  }
}

/**
 * A notice or additional file of an auction the user may read (list_additional_files shows them with
 * their filePath): an operator may attach a platform file to an administrator's auction, and funds
 * read the auctions they may bid on. Pricing spreadsheets are not among them: they stay the staff's.
 */
const auctionFileAccess = (user: AuthUser) =>
  sql`exists (select 1 from ${auctionFiles} join ${auctions} on ${auctions.id} = ${auctionFiles.auctionId}
    where ${auctionFiles.fileId} = ${files.id} and ${inArray(auctionFiles.fileType, [...AUCTION_ADDITIONAL_FILE_TYPES])} and ${auctionScopeCondition(user) ?? sql`true`})`;

/** A complete file the user may read, by its path (key); 404 "Document not found" otherwise. */
export async function readableFile(db: Db, user: AuthUser, filePath: string) {
  const access =
    user.profile === 'operator'
      ? undefined
      : user.profile === 'adm' && user.admId !== null
        ? or(eq(files.admId, user.admId), auctionFileAccess(user))
        : user.profile === 'fund' && user.fundId !== null
          ? or(eq(files.uploadedBy, user.id), sql`exists (select 1 from ${shares} where ${shares.id} = ${files.shareId} and ${shares.fundId} = ${user.fundId})`, auctionFileAccess(user))
          : sql`false`;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, filePath), eq(files.status, 'complete'), access))
    .limit(1);
  if (!row) throw notFound('Document');
  return row;
}

export async function generateLink(db: Db, config: Config, user: AuthUser, filePath: string) {
  const row = await readableFile(db, user, filePath);
  const expiresAt = new Date(Date.now() + STORAGE_LIMITS.linkTtlSeconds * 1000);
  const url = await storageFor(config).signedGetUrl(row.key, row.name, row.contentType, expiresAt);
  return { url, expiresAt: expiresAt.toISOString() };
}
