/**
 * The pricing runs as pg-boss jobs (docs/operations.md "Background jobs"): a database or storage
 * failure is retried with backoff and the run then processed; when the retries run out the run ends
 * `failed`, with its attempts and reason on pricing_list, and the staff re-queue it with
 * pricing_retry; a job is taken by any instance on the database, also when the one that queued it is
 * gone, and an attempt lost with its instance is taken up again once it expires.
 *
 * The failures are real: a trigger makes the database refuse the prices, a storage read rejects.
 */
import { sql } from 'drizzle-orm';
import pgDriver from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuctionAddFileResponse, AuctionInfo, AuctionPricingItem } from '../../src/domain/auctions';
import { buildApp } from '../../server/app';
import { notFound } from '../../server/services/errors';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/seed/bulk';
import { PricingQueue, pricingQueueOf } from '../../server/jobs/pricingQueue';
import { storageFor } from '../../server/services/storage';
import { aget, apost, auctionAt, freeShares, validConfig } from './auctionHelpers';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { withFreshPostgres } from './support/pgDatabase';
import { localStorageConfig, uploadFile } from './support/storage';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let queue: PricingQueue;
const taken = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({ config: { storage: await localStorageConfig() } });
  queue = pricingQueueOf(t.config)!;
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.query(sql`drop trigger if exists pricing_outage on auction_share_prices`);
  Object.assign(queue.settings, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true });
});

const runs = async (auctionId: string) => expectOk<{ data: AuctionPricingItem[] }>(await aget(t, `/pricing_list?auctionId=${auctionId}`, USERS.acme)).data;

async function pricingAuction(): Promise<{ auction: AuctionInfo; csv: Buffer }> {
  const a = await auctionAt(t, USERS.acme, 1, 'created', taken);
  const contracts = (await freeShares(t, 1, 2, taken)).map((s) => s.contract_number).sort();
  expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig(contracts) }));
  const auction = expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }));
  return { auction, csv: Buffer.from(`contrato;valor\n${contracts[0]};1500\n${contracts[1]};2000\n`) };
}

/** Uploads the spreadsheet, calls `before` (the upload itself reads the file back), then add_file. */
async function send(auctionId: string, csv: Buffer, before?: () => void): Promise<string> {
  const file = await uploadFile(t, USERS.acme, { fileName: 'precos.csv', bytes: csv });
  before?.();
  const sent = expectOk<AuctionAddFileResponse>(await apost(t, '/add_file', USERS.acme, { auctionId, files: [file.fileId], fileType: 'PRICING_SPREADSHEET' }));
  return sent.pricing!.pricingId;
}

/** The database refuses the prices of the next `times` attempts (a sequence: not rolled back with them). */
async function databaseOutage(times: number): Promise<void> {
  await t.query(sql`drop sequence if exists pricing_outage_seq`);
  await t.query(sql`create sequence pricing_outage_seq`);
  await t.query(
    sql.raw(`create or replace function pricing_outage() returns trigger language plpgsql as $$
      begin
        if nextval('pricing_outage_seq') <= ${times} then raise exception 'simulated outage' using errcode = '08006'; end if;
        return new;
      end $$`),
  );
  await t.query(sql`create trigger pricing_outage before insert on auction_share_prices for each statement execute function pricing_outage()`);
}

const jobOf = async (pricingId: string) =>
  (await t.query<{ state: string; retry_count: number; retry_backoff: boolean }>(sql`select state::text as state, retry_count, retry_backoff from pgboss.job where name = 'pricing' and singleton_key = ${pricingId} order by created_on desc limit 1`))[0];

describe('a transient failure', () => {
  it('a database that refuses twice: the job retries with backoff and the run is then processed', async () => {
    Object.assign(queue.settings, { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true });
    const { auction, csv } = await pricingAuction();
    await databaseOutage(2);
    const pricingId = await send(auction.auctionId, csv);
    await queue.idle();
    const [run] = await runs(auction.auctionId);
    expect(run).toMatchObject({ pricingId, status: 'processed', pricedRows: 2, failure: { attempts: 2, reason: 'database', failedAt: null } });
    expect(await jobOf(pricingId)).toMatchObject({ state: 'completed', retry_count: 2, retry_backoff: true });
  });

  it('a storage read that fails is retried; a file missing in storage is the file\'s error, not retried', async () => {
    Object.assign(queue.settings, { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false });
    const driver = storageFor(t.config);
    const first = await pricingAuction();
    await send(first.auction.auctionId, first.csv, () => vi.spyOn(driver, 'read').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })));
    await queue.idle();
    expect((await runs(first.auction.auctionId))[0]).toMatchObject({ status: 'processed', failure: { attempts: 1, reason: 'storage', failedAt: null } });

    const second = await pricingAuction();
    const pricingId = await send(second.auction.auctionId, second.csv, () => vi.spyOn(driver, 'read').mockRejectedValue(notFound('Document')));
    await queue.idle();
    expect((await runs(second.auction.auctionId))[0]).toMatchObject({ status: 'validation_error', rowErrors: [{ row: 0, code: 'unreadable' }], failure: null });
    expect(await jobOf(pricingId)).toMatchObject({ state: 'completed', retry_count: 0 });
  });
});

describe('retries run out', () => {
  it('the run ends failed with its attempts and reason; the staff process it again with pricing_retry', async () => {
    Object.assign(queue.settings, { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false });
    const { auction, csv } = await pricingAuction();
    await databaseOutage(1000);
    const pricingId = await send(auction.auctionId, csv);
    await queue.idle();
    const [run] = await runs(auction.auctionId);
    expect(run).toMatchObject({ pricingId, status: 'failed', pricedRows: 0, failure: { attempts: 3, reason: 'database' } });
    expect(Date.parse(run.failure!.failedAt!)).toBeGreaterThan(Date.parse(run.createdAt));
    expect(await jobOf(pricingId)).toMatchObject({ state: 'failed', retry_count: 2 });
    const info = expectOk<AuctionInfo>(await aget(t, `/info?auctionId=${auction.auctionId}`, USERS.acme));
    expect(info).toMatchObject({ latestPricing: 'failed', nextStepBlocker: 'pricingNotProcessed' });

    // Only the staff, only a failed run.
    expectError(await apost(t, '/pricing_retry', USERS.fund, { auctionId: auction.auctionId, pricingId }), 403);
    expectError(await apost(t, '/pricing_retry', USERS.orbita, { auctionId: auction.auctionId, pricingId }), 404);
    await t.query(sql`drop trigger pricing_outage on auction_share_prices`);
    const retried = expectOk<{ pricing: AuctionPricingItem }>(await apost(t, '/pricing_retry', USERS.acme, { auctionId: auction.auctionId, pricingId }));
    expect(retried.pricing).toMatchObject({ pricingId, status: 'in_validation', failure: null });
    await queue.idle();
    expect((await runs(auction.auctionId))[0]).toMatchObject({ pricingId, status: 'processed', pricedRows: 2, failure: null });
    expectError(await apost(t, '/pricing_retry', USERS.acme, { auctionId: auction.auctionId, pricingId }), 409);
  });
});

describe('more than one instance', () => {
  let b: FastifyInstance | undefined;
  let bConfig: TestApp['config'];
  afterAll(async () => {
    await b?.close();
  });

  it('an attempt lost with its instance is taken up again once it expires', async () => {
    const { auction, csv } = await pricingAuction();
    const file = await uploadFile(t, USERS.acme, { fileName: 'precos.csv', bytes: csv });
    await t.query(sql`insert into auction_files (file_id, auction_id, file_type) values (${file.fileId}, ${auction.auctionId}, 'PRICING_SPREADSHEET')`);
    const [run] = await t.query<{ id: string }>(sql`insert into auction_pricing (auction_id, file_id, status) values (${auction.auctionId}, ${file.fileId}, 'in_validation') returning id`);
    // What an instance that died holding the job leaves: the job active since long ago.
    await t.query(sql`
      insert into pgboss.job (name, data, state, singleton_key, policy, retry_limit, started_on, expire_in, dead_letter)
      values ('pricing', ${JSON.stringify({ pricingId: run.id })}::jsonb, 'active', ${run.id}, 'stately', 2, now() - interval '10 minutes', interval '5 minutes', 'pricing_failed')`);
    await queue.sweep();
    expect((await runs(auction.auctionId))[0].status).toBe('in_validation');
    // pg-boss's maintenance, which some instance runs every 30 s.
    await queue.maintain();
    await queue.idle();
    expect((await runs(auction.auctionId))[0]).toMatchObject({ pricingId: run.id, status: 'processed', pricedRows: 2 });
    expect(await jobOf(run.id)).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  // Last but one: it closes the file's first app, and the last one closes B.
  it('a run queued by an instance that stops before working on it is processed by another', async () => {
    bConfig = { ...t.config };
    b = await buildApp({ db: t.handle, config: bConfig });
    await b.ready();
    const { auction, csv } = await pricingAuction();
    // A's queue stops first on close (SIGTERM): a request it still answers queues the run, A never works on it.
    await queue.stop();
    const pricingId = await send(auction.auctionId, csv);
    await t.app.close();
    await pricingQueueOf(bConfig)!.idle();
    // From here on the file's requests go to B (same database, same JWT secret).
    const viaB = b;
    t = { ...t, app: viaB, inject: (o) => viaB.inject(o) };
    expect((await runs(auction.auctionId))[0]).toMatchObject({ pricingId, status: 'processed', pricedRows: 2 });
  });

  it('an instance that stops lets the attempt in hand finish before it closes', async () => {
    const { auction, csv } = await pricingAuction();
    // Writing the prices takes a while: the close comes in the middle of the attempt.
    await t.query(sql.raw(`create or replace function pricing_slow() returns trigger language plpgsql as $$ begin perform pg_sleep(1.5); return null; end $$`));
    await t.query(sql`create trigger pricing_slow before insert on auction_share_prices for each statement execute function pricing_slow()`);
    try {
      const pricingId = await send(auction.auctionId, csv);
      await vi.waitFor(async () => expect((await jobOf(pricingId))?.state).toBe('active'), { timeout: 10_000, interval: 10 });
      await b!.close();
      b = undefined;
      const [run] = await t.query<{ status: string; priced_rows: number }>(sql`select status::text as status, priced_rows from auction_pricing where id = ${pricingId}`);
      expect(run).toEqual({ status: 'processed', priced_rows: 2 });
      expect(await jobOf(pricingId)).toMatchObject({ state: 'completed', retry_count: 0 });
    } finally {
      await t.query(sql`drop trigger if exists pricing_slow on auction_share_prices`);
    }
  });
});

describe('replicas starting together', () => {
  it.skipIf(!process.env.DATABASE_URL)('on an empty PostgreSQL database both create or find the pgboss schema and take jobs', async () => {
    const pg = (await withFreshPostgres())!;
    const handles = await Promise.all([openDatabase({ databaseUrl: pg.url, poolSize: 3 }), openDatabase({ databaseUrl: pg.url, poolSize: 3 })]);
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
    const queues = handles.map((h) => new PricingQueue(h.db, t.config, log));
    try {
      // No Repasse schema here: the sweep fails and is logged, the queue still starts.
      queues.forEach((q) => q.startInBackground());
      await Promise.all(queues.map((q) => q.idle()));
      const [{ n }] = rowsOf<{ n: number }>(await handles[0].db.execute(sql`select count(*)::int as n from pgboss.queue where name in ('pricing', 'pricing_failed')`));
      expect(n).toBe(2);
      expect(log.error.mock.calls.map((c) => c[1]).filter((m) => m !== 'could not look for pricing runs without a job')).toEqual([]);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await Promise.all(handles.map((h) => h.close()));
      await pg.drop();
    }
  });
});

describe('a database not there at boot', () => {
  it.skipIf(!process.env.DATABASE_URL)('the queue keeps trying and starts once the database takes connections', async () => {
    const pg = (await withFreshPostgres())!;
    const name = new URL(pg.url).pathname.slice(1);
    const admin = async (statement: string) => {
      const c = new pgDriver.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(statement).finally(() => c.end());
    };
    await admin(`alter database ${name} with allow_connections false`);
    const handle = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
    const q = new PricingQueue(handle.db, t.config, log);
    try {
      q.startInBackground();
      await vi.waitFor(() => expect(log.error.mock.calls.map((c) => c[1])).toContain('could not start the pricing queue; trying again'), { timeout: 10_000 });
      await admin(`alter database ${name} with allow_connections true`);
      await q.idle();
      const [{ n }] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from pgboss.queue where name in ('pricing', 'pricing_failed')`));
      expect(n).toBe(2);
    } finally {
      await q.stop();
      await handle.close();
      await pg.drop();
    }
  });
});
