/**
 * What two requests at once, or a request with out-of-range values, must not break (docs/auctions.md):
 * a share is offered by one open auction only and a file belongs to one auction only even when two
 * calls race; ids and contract numbers past their columns are refused with a 400, never a 500; the
 * files an auction lists can be downloaded by whoever may read the auction, and only by them.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where the requests really run in parallel.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionFileItem, AuctionInfo } from '../../src/domain/auctions';
import { aget, apost, auctionAt, createAuction, freeShares, validConfig } from './auctionHelpers';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { localStorageConfig, post, uploadFile } from './support/storage';

let t: TestApp;
const taken = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({ config: { storage: await localStorageConfig() } });
});
afterAll(async () => {
  await t?.close();
});

const ROUNDS = 4;

describe('two save_config at once on different auctions with the same shares', () => {
  it('exactly one wins; the other is told the shares are in another auction', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const contracts = (await freeShares(t, 1, 2, taken)).map((s) => s.contract_number);
      const [a1, a2] = [await createAuction(t, USERS.acme), await createAuction(t, USERS.acme)];
      const answers = await Promise.all([a1, a2].map((a) => apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig(contracts) })));
      const won = answers.filter((r) => r.statusCode === 200);
      const lost = answers.filter((r) => r.statusCode !== 200);
      expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
      expect(expectError(lost[0], 400, /^Invalid auction configuration: a share is already in the open auction /).errors).toEqual({ contractNumbers: 'sharesInOtherAuction' });
      const offering = await t.query<{ n: number }>(
        sql`select count(*)::int as n from auctions where status = 'created' and config -> 'contractNumbers' ? ${contracts[0]}`,
      );
      expect(offering[0].n).toBe(1);
    }
  });
});

describe('one file sent to two auctions at once', () => {
  it('is attached to one of them; the other call is refused with a 400, not a 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const b1 = await auctionAt(t, USERS.acme, 1, 'created', taken);
      const b2 = await auctionAt(t, USERS.acme, 1, 'created', taken);
      const f = await uploadFile(t, USERS.acme, { fileName: `edital-${round}.pdf`, admSlug: 'acme' });
      const answers = await Promise.all([b1, b2].map((b) => apost(t, '/add_file', USERS.acme, { auctionId: b.auctionId, files: [f.fileId], fileType: 'AUCTION_NOTICE' })));
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 400]);
      expectError(answers.find((r) => r.statusCode === 400)!, 400, 'Invalid file: it is already attached to an auction');
      const listed = await Promise.all([b1, b2].map(async (b) => expectOk<{ data: AuctionFileItem[] }>(await aget(t, `/list_additional_files?auctionId=${b.auctionId}`, USERS.acme)).data));
      expect(listed.flat().map((x) => x.fileId)).toEqual([f.fileId]);
    }
  });
});

describe('values past what the database holds', () => {
  let auction: AuctionInfo;
  let contracts: string[];
  beforeAll(async () => {
    auction = await createAuction(t, USERS.acme);
    contracts = (await freeShares(t, 1, 2, taken)).map((s) => s.contract_number);
  });

  it.each<[string, object]>([
    ['a fund id past the integer column', { fundIds: [2_147_483_648] }],
    ['a huge player id', { playerIds: [1e20] }],
    ['an id past the safe integers', { fundIds: [1], playerIds: [Number.MAX_SAFE_INTEGER + 2] }],
  ])('%s is a 400 naming the buyers', async (_, over) => {
    const res = await apost(t, '/save_config', USERS.acme, { auctionId: auction.auctionId, config: validConfig(contracts, over) });
    expect(expectError(res, 400, 'Invalid auction configuration: buyers invalidBuyers').errors).toEqual({ buyers: 'invalidBuyers' });
  });

  it('a contract number longer than any share is refused without being echoed back', async () => {
    const long = 'x'.repeat(100_000);
    const res = await apost(t, '/save_config', USERS.acme, { auctionId: auction.auctionId, config: validConfig([long]) });
    expect(expectError(res, 400, 'Invalid auction configuration: contractNumbers invalidShares').errors).toEqual({ contractNumbers: 'invalidShares' });
    expect(res.body.length).toBeLessThan(500);
  });

  it('wrong types still answer the configuration codes', async () => {
    const res = await apost(t, '/save_config', USERS.acme, { auctionId: auction.auctionId, config: { ...validConfig(contracts), fundIds: ['y'], minimumPrice: null } });
    expect(expectError(res, 400).errors).toEqual({ buyers: 'invalidBuyers', minimumPrice: 'required' });
  });
});

describe('downloading the files an auction lists', () => {
  it('the administrator and the eligible fund get a link; another administrator and another fund do not; the spreadsheet stays the staff’s', async () => {
    const [{ fund_id: fundId }] = await t.query<{ fund_id: number }>(sql`select fund_id from users where email = ${USERS.fund}`);
    const [{ fund_id: otherFund }] = await t.query<{ fund_id: number }>(sql`select fund_id from users where email = ${USERS.fundBeta}`);
    expect(otherFund).not.toBe(fundId);
    const contracts = (await freeShares(t, 1, 2, taken)).map((s) => s.contract_number);
    const a = await createAuction(t, USERS.acme);
    expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig(contracts, { fundIds: [fundId], playerIds: [] }) }));
    const notice = await uploadFile(t, USERS.acme, { fileName: 'edital.pdf', admSlug: 'acme' });
    expectOk(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [notice.fileId], fileType: 'AUCTION_NOTICE' }));
    // A platform file the operator attaches is not the administrator's own, yet it reads it through the auction.
    const platform = await uploadFile(t, USERS.operator, { fileName: 'regulamento.pdf', admSlug: 'repasse' });
    expectOk(await apost(t, '/add_file', USERS.operator, { auctionId: a.auctionId, files: [platform.fileId], fileType: 'ADDITIONAL' }));

    const listed = expectOk<{ data: AuctionFileItem[] }>(await aget(t, `/list_additional_files?auctionId=${a.auctionId}`, USERS.fund)).data;
    expect(listed.map((f) => f.fileName).sort()).toEqual(['edital.pdf', 'regulamento.pdf']);
    for (const file of listed) {
      for (const as of [USERS.acme, USERS.fund, USERS.operator]) {
        const link = expectOk<{ url: string }>(await post(t, as, '/storage/generate_link', { filePath: file.filePath }));
        expect(link.url).toContain(encodeURIComponent(file.filePath!));
      }
      for (const as of [USERS.orbita, USERS.fundBeta]) expectError(await post(t, as, '/storage/generate_link', { filePath: file.filePath }), 404, 'Document not found');
    }

    // Once the notice is detached, the fund no longer reaches it through the auction.
    expectOk(await apost(t, '/remove_file', USERS.acme, { auctionId: a.auctionId, fileId: notice.fileId, fileType: 'AUCTION_NOTICE' }));
    expectError(await post(t, USERS.fund, '/storage/generate_link', { filePath: notice.filePath }), 404, 'Document not found');
  });

  it('a fund cannot download a pricing spreadsheet of an auction it may bid on', async () => {
    const [{ fund_id: fundId }] = await t.query<{ fund_id: number }>(sql`select fund_id from users where email = ${USERS.fund}`);
    const a = await auctionAt(t, USERS.acme, 1, 'created', taken);
    expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: { ...a.config, fundIds: [fundId], playerIds: [] } }));
    expect(expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId })).status).toBe('pricing');
    const sheet = await uploadFile(t, USERS.acme, { fileName: 'precos.csv', bytes: Buffer.from('contrato;valor\n'), admSlug: 'acme' });
    expectOk(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [sheet.fileId], fileType: 'PRICING_SPREADSHEET' }));
    expectError(await post(t, USERS.fund, '/storage/generate_link', { filePath: sheet.filePath }), 404, 'Document not found');
    expectOk(await post(t, USERS.acme, '/storage/generate_link', { filePath: sheet.filePath }));
  });
});
