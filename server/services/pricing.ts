/**
 * The pricing of an auction from an uploaded spreadsheet, in the background (docs/auctions.md).
 *
 * A run goes in_validation > validation_ok | validation_error > in_processing > processed
 * (PRICING_NEXT). Each step is claimed with an UPDATE … WHERE status = <the expected one>, so a
 * step never runs twice even if two instances work on the same run; the prices are written with the
 * final status in one transaction. Validation and processing are recomputed from the stored file, so
 * a run taken up again (after a crash or a failed attempt) ends exactly as an uninterrupted one.
 *
 * Runs are jobs of a pg-boss queue in the database (server/jobs/pricingQueue.ts): any instance takes
 * them, a transient failure (database, storage) is retried with backoff, and a run whose retries ran
 * out ends `failed`, which the pricing screen shows with a retry action.
 */
import type { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  PRICING_RUNNING,
  PRICING_UPLOAD_STATUS,
  type AuctionPricingItem,
  type PricingFailureReason,
  type PricingRowError,
  checkPricingRow,
  isFormulaCell,
} from '../../src/domain/auctions';
import type { PricingStatus } from '../../src/domain/enums';
import { STORAGE_LIMITS } from '../../src/domain/workspace';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { auctionPricing, auctionSharePrices, auctions, files, shares } from '../db/schema';
import { DomainError, notFound } from './errors';
import { REFUSED_FILE_STATUS, toPricingItem } from './auctionFiles';
import { findAuction, invalidStatus } from './auctions';
import { type ParsedPricingFile, readPricingFile } from './pricingSpreadsheet';
import { isUuid } from './shareWorkflow';
import { storageFor } from './storage';
import type { AuthUser } from './users';
import { writeAudit } from './audit';

/**
 * The store did not answer (an outage, a timeout, a 5xx): worth another attempt, unlike a file that
 * is missing or over the limit, which is the file's fault and reported on the run.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('storage unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}

class StoredFileRefused extends Error {}

/** The stored bytes of a file, through whichever driver stores them. */
export async function readStoredFile(config: Config, key: string): Promise<Buffer> {
  const driver = storageFor(config);
  if (driver.read) {
    let stream: Readable;
    try {
      ({ stream } = await driver.read(key));
    } catch (err) {
      // The drivers refuse a missing key as the domain's notFound (issue 16's DomainError).
      const missing = (err instanceof DomainError && err.kind === 'notFound') || (err as { statusCode?: number }).statusCode === 404;
      if (missing) throw new StoredFileRefused('missing in storage');
      throw new StorageUnavailableError(err);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size > STORAGE_LIMITS.maxFileBytes) throw new StoredFileRefused('stored file larger than the upload limit');
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      throw err instanceof StoredFileRefused ? err : new StorageUnavailableError(err);
    }
    return Buffer.concat(chunks);
  }
  const url = await driver.signedGetUrl(key, 'pricing', null, new Date(Date.now() + 60_000));
  let res: Response;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new StorageUnavailableError(err);
  }
  if (res.status === 404 || res.status === 403) throw new StoredFileRefused(`storage answered ${res.status}`);
  if (!res.ok) throw new StorageUnavailableError(new Error(`storage answered ${res.status}`));
  try {
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new StorageUnavailableError(err);
  }
}

interface Evaluation {
  rows: number;
  errors: PricingRowError[];
  prices: { shareId: string; price: number }[];
}

/** Reads the run's file and checks every row against the auction's configuration as it is now. */
async function evaluate(db: Db, config: Config, run: typeof auctionPricing.$inferSelect): Promise<Evaluation> {
  const [auction] = await db.select().from(auctions).where(eq(auctions.id, run.auctionId)).limit(1);
  const [file] = run.fileId ? await db.select().from(files).where(eq(files.id, run.fileId)).limit(1) : [];
  const fileError = (code: PricingRowError['code'], row = 0): Evaluation => ({ rows: 0, errors: [{ row, code }], prices: [] });
  if (!auction || !file || file.status !== 'complete') return fileError('unreadable');
  let bytes: Buffer;
  try {
    bytes = await readStoredFile(config, file.key);
  } catch (err) {
    // An outage is the job's to retry (and to end as `failed` once retries run out); a file missing in
    // storage is reported as unreadable, so the user sends it again.
    if (err instanceof StorageUnavailableError) throw err;
    return fileError('unreadable');
  }
  // A reader that throws (a file no check foresaw) ends the run like any unreadable file, instead of
  // leaving it running to fail again at every boot.
  const parsed: ParsedPricingFile = await readPricingFile(bytes, file.name).catch(() => ({ ok: false, error: 'unreadable' }) as const);
  if (!parsed.ok) return fileError(parsed.error, parsed.row);

  const contracts = auction.config.contractNumbers ?? [];
  const inAuction = contracts.length
    ? await db
        .select({ id: shares.id, contractNumber: shares.contractNumber, creditValue: shares.creditValue })
        .from(shares)
        .where(and(sql`${shares.contractNumber} in (select jsonb_array_elements_text(${JSON.stringify(contracts)}::jsonb))`, auction.admId === null ? sql`false` : eq(shares.admId, auction.admId)))
    : [];
  const idOf = new Map(inAuction.map((s) => [s.contractNumber, s.id]));
  const ctx = {
    shares: new Map(inAuction.map((s) => [s.contractNumber, s.creditValue === null ? null : Number(s.creditValue)] as const)),
    minimumPrice: auction.config.minimumPrice ?? { kind: 'fixed' as const, value: 0 },
    seen: new Set<string>(),
  };
  const errors: PricingRowError[] = [];
  const prices: Evaluation['prices'] = [];
  for (const r of parsed.rows) {
    if (r.overflow !== undefined) {
      errors.push({ row: r.row, code: 'priceInvalid', value: r.overflow.slice(0, 100), ...(r.contract == null || isFormulaCell(r.contract) ? {} : { contract: String(r.contract).trim().slice(0, 100) }) });
      continue;
    }
    const checked = checkPricingRow(r.row, r.contract, r.price, ctx);
    if (checked.ok) prices.push({ shareId: idOf.get(checked.contractNumber)!, price: checked.price });
    else errors.push(checked.error);
  }
  return { rows: parsed.rows.length, errors, prices };
}

/** Moves the run from `from` to `to` if it is still in `from`; false when another worker got there first. */
async function claim(db: Db, id: string, from: PricingStatus, to: PricingStatus, set: Partial<typeof auctionPricing.$inferInsert> = {}): Promise<boolean> {
  const done = await db
    .update(auctionPricing)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(auctionPricing.id, id), eq(auctionPricing.status, from)))
    .returning({ id: auctionPricing.id });
  return done.length > 0;
}

const INSERT_CHUNK = 1000;

/**
 * Deletes the stored bytes of a spreadsheet its run refused (validation_error) and marks its row
 * `refused`, so nothing refused stays in storage (issue 13). Safe to repeat: the job calls it again
 * when the store did not answer (StorageUnavailableError, retried with the job) until it is done.
 */
export async function discardRefusedSpreadsheet(db: Db, config: Config, fileId: string | null): Promise<void> {
  if (!fileId) return;
  const [file] = await db.select({ key: files.key, status: files.status }).from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || file.status !== 'complete') return;
  // A later run of the same file that is working or priced keeps it (a file can be sent twice).
  const [inUse] = await db
    .select({ id: auctionPricing.id })
    .from(auctionPricing)
    .where(and(eq(auctionPricing.fileId, fileId), inArray(auctionPricing.status, [...PRICING_RUNNING, 'processed', 'failed'])))
    .limit(1);
  if (inUse) return;
  try {
    await storageFor(config).delete(file.key);
  } catch (err) {
    throw new StorageUnavailableError(err);
  }
  await db.update(files).set({ status: REFUSED_FILE_STATUS }).where(and(eq(files.id, fileId), eq(files.status, 'complete')));
}

/** Runs one pricing run to its end from wherever it stopped. */
export async function processPricingRun(db: Db, config: Config, pricingId: string): Promise<void> {
  const load = async () => (await db.select().from(auctionPricing).where(eq(auctionPricing.id, pricingId)).limit(1))[0];
  let run = await load();
  if (!run) return;
  let evaluation: Evaluation | null = null;

  if (run.status === 'in_validation') {
    evaluation = await evaluate(db, config, run);
    const failed = evaluation.errors.length > 0;
    await claim(db, run.id, 'in_validation', failed ? 'validation_error' : 'validation_ok', { rows: evaluation.rows, rowErrors: evaluation.errors });
    run = await load();
    if (!run) return;
  }
  // Also on a job taken up again after the store failed to delete the bytes.
  if (run.status === 'validation_error') return discardRefusedSpreadsheet(db, config, run.fileId);
  if (run.status === 'validation_ok') {
    await claim(db, run.id, 'validation_ok', 'in_processing');
    run = await load();
    if (!run) return;
  }
  if (run.status !== 'in_processing') return;
  // Resumed after a crash: the checks are recomputed from the same file and configuration.
  evaluation ??= await evaluate(db, config, run);
  const { prices } = evaluation;
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: auctionPricing.status }).from(auctionPricing).where(eq(auctionPricing.id, pricingId)).for('update');
    if (locked?.status !== 'in_processing') return;
    await tx.delete(auctionSharePrices).where(eq(auctionSharePrices.pricingId, pricingId));
    for (let i = 0; i < prices.length; i += INSERT_CHUNK) {
      await tx.insert(auctionSharePrices).values(prices.slice(i, i + INSERT_CHUNK).map((p) => ({ pricingId, shareId: p.shareId, auctionId: run!.auctionId, price: p.price.toFixed(2) })));
    }
    const now = new Date();
    await tx.update(auctionPricing).set({ status: 'processed', pricedRows: prices.length, updatedAt: now }).where(eq(auctionPricing.id, pricingId));
    await tx.update(auctions).set({ updatedAt: now }).where(eq(auctions.id, run!.auctionId));
  });
}


/** The reason an attempt failed, as the run records it and the pricing screen words it. */
export function failureReasonOf(err: unknown): PricingFailureReason {
  // Drizzle wraps the driver's error ("Failed query: …") with the original as its cause.
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof StorageUnavailableError) return 'storage';
    // node-postgres and PGlite errors carry a SQLSTATE; a lost connection carries a Node error code.
    if (typeof e.code === 'string') return 'database';
    if (typeof e.message === 'string' && /Failed query|connection|terminat|timeout exceeded|ECONN/i.test(e.message)) return 'database';
  }
  return 'internal';
}

/** Records a failed attempt on the run (best effort: the database may be what failed). */
export async function recordPricingAttempt(db: Db, pricingId: string, attempts: number, reason: PricingFailureReason): Promise<void> {
  await db.update(auctionPricing).set({ attempts, lastError: reason }).where(eq(auctionPricing.id, pricingId));
}

/**
 * The dead letter: the retries ran out. A run still running ends `failed`; one that finished in the
 * meantime (another instance got through) keeps its result.
 */
export async function markPricingFailed(db: Db, pricingId: string, attempts: number, reason: PricingFailureReason): Promise<boolean> {
  const now = new Date();
  const done = await db
    .update(auctionPricing)
    .set({ status: 'failed', attempts, lastError: reason, failedAt: now, updatedAt: now })
    .where(and(eq(auctionPricing.id, pricingId), inArray(auctionPricing.status, [...PRICING_RUNNING])))
    .returning({ id: auctionPricing.id });
  return done.length > 0;
}

/**
 * pricing_retry: a failed run starts over from its stored file (the checks are recomputed anyway).
 * Staff only, while the auction is in pricing; 409 for a run that is not failed. The caller queues it.
 */
export async function retryPricingRun(db: Db, user: AuthUser, auctionId: string, pricingId: string): Promise<AuctionPricingItem> {
  return db.transaction(async (tx) => {
    const auction = await findAuction(tx, user, auctionId, true);
    if (!isUuid(pricingId)) throw notFound('Document');
    const [run] = await tx.select().from(auctionPricing).where(and(eq(auctionPricing.id, pricingId), eq(auctionPricing.auctionId, auction.id))).for('update');
    if (!run) throw notFound('Document');
    if (auction.status !== PRICING_UPLOAD_STATUS) throw invalidStatus(`a pricing run can be retried only while ${PRICING_UPLOAD_STATUS}, not ${auction.status}`);
    if (run.status !== 'failed') throw invalidStatus(`only a failed pricing run can be retried, not one ${run.status}`);
    const now = new Date();
    const [updated] = await tx
      .update(auctionPricing)
      .set({ status: 'in_validation', attempts: 0, lastError: null, failedAt: null, rows: 0, rowErrors: [], updatedAt: now })
      .where(eq(auctionPricing.id, run.id))
      .returning();
    await tx.update(auctions).set({ updatedAt: now }).where(eq(auctions.id, auction.id));
    await writeAudit(tx, {
      userId: user.id,
      action: 'auction.pricing_retry',
      objectType: 'auction',
      objectId: auction.id,
      admId: auction.admId,
      before: { pricingId: run.id, status: run.status, lastError: run.lastError },
      after: { pricingId: run.id, status: updated.status },
    });
    const [file] = run.fileId ? await tx.select({ name: files.name }).from(files).where(eq(files.id, run.fileId)) : [];
    return toPricingItem(updated, file?.name ?? null);
  });
}
