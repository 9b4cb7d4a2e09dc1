/**
 * Files of an auction by type (add_file, remove_file, list_additional_files, pricing_list). Files
 * come from the storage flow (upload_initialize > parts > upload_finalize) and are attached by id:
 * complete, of the auction's administrator (or, for an operator, a platform file), and in no other
 * auction. A pricing spreadsheet starts a pricing run that the background queue processes.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  AUCTION_ADDITIONAL_FILE_TYPES,
  PRICING_EXTENSIONS,
  PRICING_MAX_BYTES,
  PRICING_RUNNING,
  PRICING_UPLOAD_STATUS,
  type AuctionAddFileResponse,
  type AuctionFileItem,
  type AuctionFileType,
  type AuctionPricingItem,
  isAuctionOpen,
} from '../../src/domain/auctions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { auctionFiles, auctionPricing, auctions, files, playerFiles } from '../db/schema';
import { DomainError, invalid, notFound, tooLarge } from './errors';
import { findAuction, invalidStatus } from './auctions';
import { spreadsheetKind } from './pricingSpreadsheet';
import { storageFor } from './storage';
import { isUuid } from './shareWorkflow';
import type { AuthUser } from './users';
import { writeAudit } from './audit';

type FileRow = typeof files.$inferSelect;

export const PRICING_FILE_TOO_LARGE = `File too large: invalid size, a pricing spreadsheet is at most ${PRICING_MAX_BYTES / 1024 / 1024} MB`;
/** A spreadsheet refused by its run (files.status): its row stays (the run names it), its bytes do not. */
export const REFUSED_FILE_STATUS = 'refused';

export const PRICING_FILE_WRONG_TYPE = `Invalid file type: a pricing spreadsheet is ${PRICING_EXTENSIONS.map((e) => `.${e}`).join(' or ')}`;

const toFileItem = (f: FileRow, fileType: AuctionFileType, addedAt: Date): AuctionFileItem => ({
  fileId: f.id,
  fileName: f.name,
  fileType,
  size: f.size,
  uploadedAt: addedAt.toISOString(),
  filePath: f.key,
});

type PricingRow = typeof auctionPricing.$inferSelect;
export const toPricingItem = (p: PricingRow, fileName: string | null): AuctionPricingItem => ({
  pricingId: p.id,
  fileId: p.fileId,
  fileName,
  status: p.status,
  rows: p.rows,
  pricedRows: p.pricedRows,
  rowErrors: p.rowErrors,
  failure: p.attempts > 0 ? { attempts: p.attempts, reason: p.lastError ?? 'internal', failedAt: p.failedAt?.toISOString() ?? null } : null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export interface AddFilesInput {
  auctionId: string;
  files: string[];
  fileType: AuctionFileType;
}

/** A spreadsheet add_file refuses for its own bytes (size, type): the upload is thrown away. */
class RefusedSpreadsheet extends Error {
  constructor(
    readonly fileId: string,
    readonly answer: DomainError,
  ) {
    super(answer.message);
  }
}

/**
 * Deletes an upload refused as a pricing spreadsheet, object and row, when nothing else uses it: it
 * is the caller's own, complete, and attached to no share, auction, run or player file. Anything
 * else (a share's document sent here by mistake) is left alone: only a fresh upload is garbage.
 */
async function discardUnusedUpload(db: Db, config: Config, user: AuthUser, fileId: string): Promise<void> {
  const [file] = await db
    .select({ key: files.key })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.uploadedBy, user.id),
        eq(files.status, 'complete'),
        isNull(files.shareId),
        isNull(files.auctionId),
        isNull(files.documentType),
        sql`not exists (select 1 from ${auctionFiles} where ${auctionFiles.fileId} = ${files.id})`,
        sql`not exists (select 1 from ${auctionPricing} where ${auctionPricing.fileId} = ${files.id})`,
        sql`not exists (select 1 from ${playerFiles} where ${playerFiles.fileId} = ${files.id})`,
      ),
    )
    .limit(1);
  if (!file) return;
  await storageFor(config).delete(file.key);
  await db.delete(files).where(and(eq(files.id, fileId), eq(files.status, 'complete'), isNull(files.auctionId)));
}

/** Attaches the files; answers them and, for a spreadsheet, the run to hand to the pricing queue. */
export async function addAuctionFiles(db: Db, config: Config, user: AuthUser, input: AddFilesInput): Promise<AuctionAddFileResponse> {
  try {
    return await attachFiles(db, user, input);
  } catch (err) {
    if (!(err instanceof RefusedSpreadsheet)) throw err;
    // The refusal is the answer whatever happens to the bytes; a store that fails here leaves them to
    // the operator's cleanup, as an upload never finalized would.
    await discardUnusedUpload(db, config, user, err.fileId).catch(() => undefined);
    throw err.answer;
  }
}

async function attachFiles(db: Db, user: AuthUser, input: AddFilesInput): Promise<AuctionAddFileResponse> {
  const ids = [...new Set(input.files)];
  const spreadsheet = input.fileType === 'PRICING_SPREADSHEET';
  if (spreadsheet && ids.length !== 1) throw invalid('Invalid files: send one pricing spreadsheet at a time', { files: 'Invalid files' });
  return db.transaction(async (tx) => {
    const auction = await findAuction(tx, user, input.auctionId, true);
    if (spreadsheet && auction.status !== PRICING_UPLOAD_STATUS) throw invalidStatus(`a pricing spreadsheet is accepted only while ${PRICING_UPLOAD_STATUS}, not ${auction.status}`);
    if (!isAuctionOpen(auction.status)) throw invalidStatus(`files cannot change on a ${auction.status} auction`);
    if (ids.some((id) => !isUuid(id))) throw notFound('Document');
    // Locked (in id order, so two calls cannot deadlock) before the attachment check: the same file
    // sent to two auctions at once waits here, then sees the first attachment and is refused.
    const rows = await tx.select().from(files).where(inArray(files.id, ids)).orderBy(asc(files.id)).for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const attached = await tx.select().from(auctionFiles).where(inArray(auctionFiles.fileId, ids));
    const attachedById = new Map(attached.map((a) => [a.fileId, a]));
    for (const id of ids) {
      const f = byId.get(id);
      // A file the user could not read, or of another administrator, is "not found" like a missing one.
      const mayUse = f && (f.admId === auction.admId || (f.admId === null && user.profile === 'operator'));
      if (!f || !mayUse) throw notFound('Document');
      if (f.status === REFUSED_FILE_STATUS) throw invalid('Invalid file: this spreadsheet was refused and deleted; send the file again', { files: 'Invalid file' });
      if (f.status !== 'complete') throw invalid('Invalid file: the upload is not finalized', { files: 'Invalid file' });
      if (spreadsheet && !spreadsheetKind(f.name)) throw new RefusedSpreadsheet(f.id, invalid(PRICING_FILE_WRONG_TYPE, { files: PRICING_FILE_WRONG_TYPE }));
      if (spreadsheet && (f.size ?? 0) > PRICING_MAX_BYTES) throw new RefusedSpreadsheet(f.id, tooLarge(PRICING_FILE_TOO_LARGE, { files: PRICING_FILE_TOO_LARGE }));
      const a = attachedById.get(id);
      if (a && (a.auctionId !== auction.id || a.fileType !== input.fileType)) throw invalid('Invalid file: it is already attached to an auction', { files: 'Invalid file' });
    }
    const now = new Date();
    const fresh = ids.filter((id) => !attachedById.has(id));
    if (fresh.length) {
      await tx.insert(auctionFiles).values(fresh.map((fileId) => ({ fileId, auctionId: auction.id, fileType: input.fileType, addedBy: user.id, addedAt: now })));
      await tx.update(files).set({ auctionId: auction.id }).where(inArray(files.id, fresh));
    }
    let pricing: AuctionPricingItem | null = null;
    if (spreadsheet) {
      const file = byId.get(ids[0])!;
      // The same spreadsheet sent again is a new run: it is checked against the configuration as it is now.
      const [run] = await tx.insert(auctionPricing).values({ auctionId: auction.id, fileId: file.id, status: 'in_validation', createdAt: now, updatedAt: now }).returning();
      pricing = toPricingItem(run, file.name);
    }
    await tx.update(auctions).set({ updatedAt: now }).where(eq(auctions.id, auction.id));
    if (fresh.length || pricing)
      await writeAudit(tx, {
        userId: user.id,
        action: 'auction.add_file',
        objectType: 'auction',
        objectId: auction.id,
        admId: auction.admId,
        before: null,
        after: { fileType: input.fileType, files: ids.map((id) => byId.get(id)!.name) },
      });
    const data = ids.map((id) => toFileItem(byId.get(id)!, input.fileType, attachedById.get(id)?.addedAt ?? now));
    return { data, pricing };
  });
}

/**
 * Detaches a file (its bytes stay in storage). A spreadsheet goes only while pricing and not while
 * its run is working; its runs and the prices they set go with it.
 */
export async function removeAuctionFile(db: Db, user: AuthUser, input: { auctionId: string; fileId: string; fileType: AuctionFileType }) {
  return db.transaction(async (tx) => {
    const auction = await findAuction(tx, user, input.auctionId, true);
    if (!isUuid(input.fileId)) throw notFound('Document');
    const [a] = await tx
      .select()
      .from(auctionFiles)
      .where(and(eq(auctionFiles.fileId, input.fileId), eq(auctionFiles.auctionId, auction.id), eq(auctionFiles.fileType, input.fileType)))
      .limit(1);
    if (!a) throw notFound('Document');
    if (input.fileType === 'PRICING_SPREADSHEET') {
      if (auction.status !== PRICING_UPLOAD_STATUS) throw invalidStatus(`a pricing spreadsheet can be removed only while ${PRICING_UPLOAD_STATUS}, not ${auction.status}`);
      const running = await tx
        .select({ id: auctionPricing.id })
        .from(auctionPricing)
        .where(and(eq(auctionPricing.fileId, a.fileId), inArray(auctionPricing.status, [...PRICING_RUNNING])))
        .limit(1);
      if (running.length) throw invalidStatus('the pricing spreadsheet is still being processed');
      await tx.delete(auctionPricing).where(and(eq(auctionPricing.fileId, a.fileId), eq(auctionPricing.auctionId, auction.id)));
    } else if (!isAuctionOpen(auction.status)) {
      throw invalidStatus(`files cannot change on a ${auction.status} auction`);
    }
    await tx.delete(auctionFiles).where(eq(auctionFiles.fileId, a.fileId));
    await tx.update(files).set({ auctionId: null }).where(eq(files.id, a.fileId));
    await tx.update(auctions).set({ updatedAt: new Date() }).where(eq(auctions.id, auction.id));
    const [gone] = await tx.select({ name: files.name }).from(files).where(eq(files.id, a.fileId));
    await writeAudit(tx, {
      userId: user.id,
      action: 'auction.remove_file',
      objectType: 'auction',
      objectId: auction.id,
      admId: auction.admId,
      before: { fileType: a.fileType, fileId: a.fileId, fileName: gone?.name ?? null },
      after: null,
    });
    return { fileId: a.fileId, fileType: a.fileType };
  });
}

export async function listAdditionalFiles(db: Db, user: AuthUser, auctionId: string): Promise<AuctionFileItem[]> {
  const auction = await findAuction(db, user, auctionId);
  const rows = await db
    .select({ file: files, fileType: auctionFiles.fileType, addedAt: auctionFiles.addedAt })
    .from(auctionFiles)
    .innerJoin(files, eq(files.id, auctionFiles.fileId))
    .where(and(eq(auctionFiles.auctionId, auction.id), inArray(auctionFiles.fileType, [...AUCTION_ADDITIONAL_FILE_TYPES])))
    .orderBy(desc(auctionFiles.addedAt), desc(auctionFiles.fileId));
  return rows.map((r) => toFileItem(r.file, r.fileType, r.addedAt));
}

/** The auction's pricing runs, latest first. */
export async function pricingList(db: Db, user: AuthUser, auctionId: string): Promise<AuctionPricingItem[]> {
  const auction = await findAuction(db, user, auctionId);
  const rows = await db
    .select({ run: auctionPricing, fileName: files.name })
    .from(auctionPricing)
    .leftJoin(files, eq(files.id, auctionPricing.fileId))
    .where(eq(auctionPricing.auctionId, auction.id))
    .orderBy(desc(auctionPricing.createdAt), desc(auctionPricing.id));
  return rows.map((r) => toPricingItem(r.run, r.fileName));
}
