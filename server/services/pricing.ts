/**
 * The pricing of an auction from an uploaded spreadsheet, in the background (docs/auctions.md).
 *
 * A run goes in_validation > validation_ok | validation_error > in_processing > processed
 * (PRICING_NEXT). Each step is claimed with an UPDATE … WHERE status = <the expected one>, so a
 * step never runs twice even if two servers resume the same run; the prices are written with the
 * final status in one transaction. A crash leaves the run in a running status: `resume()` (on
 * boot) queues every such run again, and since validation and processing are recomputed from the
 * stored file, a resumed run ends exactly as an uninterrupted one.
 *
 * The queue is per app (one worker, runs in order); `idle()` resolves once it has nothing left,
 * which is how tests wait for a run without sleeping.
 */
import type { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRICING_RUNNING, type PricingRowError, checkPricingRow } from '../../src/domain/auctions';
import type { PricingStatus } from '../../src/domain/enums';
import { STORAGE_LIMITS } from '../../src/domain/workspace';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { auctionPricing, auctionSharePrices, auctions, files, shares } from '../db/schema';
import { readPricingFile } from './pricingSpreadsheet';
import { storageFor } from './storage';

/** The stored bytes of a file, through whichever driver stores them. */
export async function readStoredFile(config: Config, key: string): Promise<Buffer> {
  const driver = storageFor(config);
  if (driver.read) {
    const { stream } = await driver.read(key);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as Readable) {
      size += (chunk as Buffer).length;
      if (size > STORAGE_LIMITS.maxFileBytes) throw new Error('stored file larger than the upload limit');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }
  const url = await driver.signedGetUrl(key, 'pricing', null, new Date(Date.now() + 60_000));
  const res = await fetch(url);
  if (!res.ok) throw new Error(`storage answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
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
  const fileError = (code: PricingRowError['code']): Evaluation => ({ rows: 0, errors: [{ row: 0, code }], prices: [] });
  if (!auction || !file || file.status !== 'complete') return fileError('unreadable');
  let bytes: Buffer;
  try {
    bytes = await readStoredFile(config, file.key);
  } catch {
    // Missing or unreachable in storage: reported as unreadable (the user sends the file again), so
    // a storage outage never leaves a run that every boot retries.
    return fileError('unreadable');
  }
  // A reader that throws (a file no check foresaw) ends the run like any unreadable file, instead of
  // leaving it running to fail again at every boot.
  const parsed = await readPricingFile(bytes, file.name).catch(() => ({ ok: false, error: 'unreadable' }) as const);
  if (!parsed.ok) return fileError(parsed.error);

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
      errors.push({ row: r.row, code: 'priceInvalid', value: r.overflow.slice(0, 100) });
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

export class PricingQueue {
  private readonly pending: string[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  ) {}

  /** Queues a run; the work starts after the current request has been answered. */
  enqueue(pricingId: string): void {
    if (this.stopped || this.pending.includes(pricingId)) return;
    this.pending.push(pricingId);
    this.kick();
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      while (this.pending.length && !this.stopped) {
        const id = this.pending.shift()!;
        try {
          await processPricingRun(this.db, this.config, id);
        } catch (err) {
          // A database or storage failure: the run stays in its running status and the next boot resumes it.
          this.log.error({ err, pricingId: id }, 'pricing run failed');
        }
      }
    })().finally(() => {
      this.running = null;
      if (this.pending.length && !this.stopped) this.kick();
    });
  }

  private resuming: Promise<unknown> = Promise.resolve();

  /** Resolves when nothing is queued or running (a resume in progress included). */
  async idle(): Promise<void> {
    await this.resuming;
    while (this.running) await this.running;
  }

  /**
   * Resumes in the background: a database that is down at boot must not stop the server from
   * starting (it answers 503 until the database is back; the runs wait for the next boot).
   */
  startResume(): void {
    this.resuming = this.resume().then(
      (n) => n,
      (err: unknown) => this.log.error({ err }, 'could not resume the pricing runs'),
    );
  }

  /** Queues every run a previous process left unfinished, oldest first. */
  async resume(): Promise<number> {
    const rows = await this.db
      .select({ id: auctionPricing.id })
      .from(auctionPricing)
      .where(inArray(auctionPricing.status, [...PRICING_RUNNING]))
      .orderBy(asc(auctionPricing.createdAt), asc(auctionPricing.id));
    for (const r of rows) this.enqueue(r.id);
    if (rows.length) this.log.info({ resumed: rows.length }, 'pricing runs resumed');
    return rows.length;
  }

  /** Finishes the run in hand and drops the rest (a later boot resumes them). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pending.length = 0;
    await this.idle();
  }
}

const queues = new WeakMap<Config, PricingQueue>();

/** The app's queue, by its config (the object buildApp was given): tests await `pricingQueueOf(config).idle()`. */
export function pricingQueueOf(config: Config): PricingQueue | undefined {
  return queues.get(config);
}

export function registerPricingQueue(config: Config, queue: PricingQueue): void {
  queues.set(config, queue);
}
