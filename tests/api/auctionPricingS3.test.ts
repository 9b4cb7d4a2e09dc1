/** A pricing spreadsheet stored on the S3 driver (s3rver here) is read back and processed like on the local disk. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionAddFileResponse, AuctionInfo, AuctionPricingItem } from '../../src/domain/auctions';
import type { FileRef, UploadInitializeResponse } from '../../src/domain/workspace';
import { pricingQueueOf } from '../../server/jobs/pricingQueue';
import { aget, apost, auctionAt, freeShares, validConfig } from './auctionHelpers';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectOk } from './support/expect';
import { startLocalS3 } from './support/localS3';
import { initialize, post, sha256 } from './support/storage';

const s3 = await startLocalS3('repasse-pricing', 'auctionPricingS3.test.ts');

describe.skipIf(!s3)('pricing on the S3 driver', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      shares: 120,
      config: { storage: s3!.storage },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('processes a CSV uploaded straight to the bucket', async () => {
    const a = await auctionAt(t, USERS.acme, 1, 'created');
    const [share] = await freeShares(t, 1, 1);
    expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig([share.contract_number]) }));
    expect(expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId })).status).toBe('pricing');

    const bytes = Buffer.from(`contrato;valor\n${share.contract_number};1.234,56\n`);
    const u = expectOk<UploadInitializeResponse>(await initialize(t, USERS.acme, { fileName: 'precos.csv', totalParts: 1, admSlug: 'adm-1' }));
    const put = await fetch(u.parts[0].url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'x-content-sha256': sha256(bytes) } });
    expect(put.status).toBe(200);
    const file = expectOk<FileRef>(await post(t, USERS.acme, '/storage/upload_finalize', { fileId: u.fileId, fileKey: u.fileKey, parts: [put.headers.get('etag')!] }));

    const sent = expectOk<AuctionAddFileResponse>(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [file.fileId], fileType: 'PRICING_SPREADSHEET' }));
    await pricingQueueOf(t.config)!.idle();
    const [run] = expectOk<{ data: AuctionPricingItem[] }>(await aget(t, `/pricing_list?auctionId=${a.auctionId}`, USERS.acme)).data;
    expect(run).toMatchObject({ pricingId: sent.pricing!.pricingId, status: 'processed', rows: 1, pricedRows: 1, rowErrors: [] });
  });
});
