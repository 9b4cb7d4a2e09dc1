/**
 * SPEC §7 Auction: every call allowed and forbidden per profile, another tenant's auction as 404,
 * bad input as 400, the status machine's forbidden moves as 409, and the history of every move.
 * Pricing spreadsheets are in auctionPricing.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionConfigProblem, AuctionFileItem, AuctionInfo, AuctionItem, AuctionStatusHistoryItem } from '../../src/domain/auctions';
import type { ListResponse } from '../../src/domain/shareList';
import { aget, apost, auctionAt, createAuction, freeShares, validConfig } from './auctionHelpers';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { localStorageConfig, uploadFile } from './support/storage';

let t: TestApp;
const taken = new Set<string>();
beforeAll(async () => {
  t = await createTestApp({ config: { storage: await localStorageConfig() } });
});
afterAll(async () => {
  await t?.close();
});

const info = async (auctionId: string, as: string = USERS.operator) => expectOk<AuctionInfo>(await aget(t, `/info?auctionId=${auctionId}`, as));
const history = async (auctionId: string) => expectOk<{ data: AuctionStatusHistoryItem[] }>(await aget(t, `/status_history?auctionId=${auctionId}`, USERS.operator)).data;
const list = async (as: string, filters?: object, extra = '') =>
  expectOk<ListResponse<AuctionItem>>(await aget(t, `/list?limit=100${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}${extra}`, as));
const seeded = async (admId: number, status: string) => {
  const [row] = await t.query<{ id: string }>(sql`select id from auctions where adm_id = ${admId} and status = ${status} order by created_at limit 1`);
  return row.id;
};

describe('POST /auction/create', () => {
  it("makes an administrator's auction its own, in created, with the first history entry", async () => {
    const a = await createAuction(t, USERS.acme, { isAuction: false });
    expect(a).toMatchObject({ isAuction: false, status: 'created', admId: 1, administratorName: 'Acme Consórcios', name: null, shareCount: 0, config: {} });
    expect(a).toMatchObject({ nextStatus: 'pricing', nextStepBlocker: 'configIncomplete', cancelable: true, latestPricing: null });
    expect(await history(a.auctionId)).toEqual([{ fromStatus: null, toStatus: 'created', userName: 'Augusto Almeida', at: expect.any(String) }]);
  });

  it('an operator names the administrator; without one it is a 400, an unknown one a 404', async () => {
    expect((await createAuction(t, USERS.operator, { isAuction: true, admId: 2 })).admId).toBe(2);
    expectError(await apost(t, '/create', USERS.operator, { isAuction: true }), 400, 'admId is required');
    expectError(await apost(t, '/create', USERS.operator, { isAuction: true, admId: 999 }), 404, 'Administrator not found');
  });

  it("an administrator cannot create for another administrator; a fund cannot create at all; no token is a 401", async () => {
    expectError(await apost(t, '/create', USERS.acme, { isAuction: true, admId: 2 }), 404, 'Administrator not found');
    expect((await createAuction(t, USERS.acme, { isAuction: true, admId: 1 })).admId).toBe(1);
    expectError(await apost(t, '/create', USERS.fund, { isAuction: true }), 403, 'Permission denied');
    expectError(await apost(t, '/create', null, { isAuction: true }), 401);
  });

  it('refuses a body without a boolean isAuction and ignores fields it does not know', async () => {
    expectError(await apost(t, '/create', USERS.acme, {}), 400, 'isAuction is required');
    expectError(await apost(t, '/create', USERS.acme, { isAuction: 'yes' }), 400);
    // Unknown fields are dropped (Fastify's removeAdditional): a client cannot choose the status.
    expect((await createAuction(t, USERS.acme, { isAuction: true, status: 'live' })).status).toBe('created');
  });
});

describe('reading one auction: info, status_history, pricing_list, list_additional_files', () => {
  const reads = ['info', 'status_history', 'list_additional_files'];

  it("answers inside the tenant and 404 'Auction not found' outside it, as for a missing or malformed id", async () => {
    const orbita = await seeded(2, 'live');
    for (const r of reads) {
      expectOk(await aget(t, `/${r}?auctionId=${orbita}`, USERS.orbita));
      expectOk(await aget(t, `/${r}?auctionId=${orbita}`, USERS.operator));
      expectError(await aget(t, `/${r}?auctionId=${orbita}`, USERS.acme), 404, 'Auction not found');
      expectError(await aget(t, `/${r}?auctionId=00000000-0000-4000-8000-000000000000`, USERS.operator), 404, 'Auction not found');
      expectError(await aget(t, `/${r}?auctionId=not-a-uuid`, USERS.operator), 404, 'Auction not found');
      expectError(await aget(t, `/${r}`, USERS.operator), 400, 'auctionId is required');
    }
  });

  it('lets a fund read the auctions it may bid on, and only those', async () => {
    const [eligible] = await t.query<{ id: string }>(sql`select id from auctions where config -> 'fundIds' @> '[1]'::jsonb limit 1`);
    const [other] = await t.query<{ id: string }>(sql`
      select a.id from auctions a where not (coalesce(a.config -> 'fundIds', '[]'::jsonb) @> '[1]'::jsonb)
        and not (coalesce(a.config -> 'playerIds', '[]'::jsonb) @> '[1]'::jsonb) and not (coalesce(a.config -> 'playerIds', '[]'::jsonb) @> '[2]'::jsonb) limit 1`);
    for (const r of reads) {
      expectOk(await aget(t, `/${r}?auctionId=${eligible.id}`, USERS.fund));
      expectError(await aget(t, `/${r}?auctionId=${other.id}`, USERS.fund), 404, 'Auction not found');
    }
  });

  it('info of a seeded live auction shows its configuration and the way on', async () => {
    const a = await info(await seeded(1, 'live'));
    expect(a).toMatchObject({ status: 'live', nextStatus: 'finished', nextStepBlocker: null, cancelable: true, latestPricing: 'processed' });
    expect(a.name).toBe(a.config.name);
    expect(a.shareCount).toBe(a.config.contractNumbers!.length);
    expect(a.shareCount).toBeGreaterThan(0);
  });
});

describe('GET /auction/list', () => {
  it("answers the administrator's auctions only, latest change first, paged", async () => {
    const page = await list(USERS.acme);
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.data.every((a) => a.admId === 1)).toBe(true);
    const times = page.data.map((a) => a.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const all = await list(USERS.operator);
    expect(new Set(all.data.map((a) => a.admId))).toEqual(new Set([1, 2, 3]));
    const second = expectOk<ListResponse<AuctionItem>>(await aget(t, '/list?page=2&limit=2', USERS.acme));
    expect(second.data.map((a) => a.auctionId)).toEqual(page.data.slice(2, 4).map((a) => a.auctionId));
  });

  it('gives a fund the auctions it may bid on', async () => {
    const page = await list(USERS.fund);
    const [{ n }] = await t.query<{ n: number }>(sql`
      select count(*)::int as n from auctions a where a.config -> 'fundIds' @> '[1]'::jsonb
        or exists (select 1 from players p where p.fund_id = 1 and a.config -> 'playerIds' @> to_jsonb(p.id))`);
    expect(page.total).toBe(n);
    expect(n).toBeGreaterThan(0);
  });

  it('filters by status, kind and search (case and accents ignored)', async () => {
    const live = await list(USERS.operator, { status: ['live', 'finished'] });
    expect(live.total).toBeGreaterThanOrEqual(6);
    expect(live.data.every((a) => a.status === 'live' || a.status === 'finished')).toBe(true);
    const sales = await list(USERS.operator, { isAuction: false });
    expect(sales.data.every((a) => !a.isAuction)).toBe(true);
    const named = await list(USERS.operator, { search: 'ORBITA' });
    expect(named.total).toBeGreaterThan(0);
    expect(named.data.every((a) => a.administratorName === 'Órbita Consórcios' || /orb/i.test(a.name ?? ''))).toBe(true);
    expect((await list(USERS.operator, { search: 'nada-disso' })).total).toBe(0);
  });

  it('refuses an unknown filter, a bad status and filters that are not JSON', async () => {
    expectError(await aget(t, `/list?filters=${encodeURIComponent('{"admId":1}')}`, USERS.operator), 400, 'Invalid filter: admId');
    expectError(await aget(t, `/list?filters=${encodeURIComponent('{"status":["sold"]}')}`, USERS.operator), 400, 'Invalid filter: status');
    expectError(await aget(t, '/list?filters=%7Bnot', USERS.operator), 400, /^Invalid filters/);
    expectError(await aget(t, '/list?limit=1000', USERS.operator), 400);
  });
});

describe('POST /auction/save_config', () => {
  it('saves a valid configuration and info shows it', async () => {
    const a = await createAuction(t, USERS.acme);
    const shares = await freeShares(t, 1, 3, taken);
    const config = validConfig(shares.map((s) => ` ${s.contract_number} `), { name: '  Leilão de março  ', fundIds: [1, 1] });
    const saved = expectOk<AuctionInfo>(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config }));
    expect(saved).toMatchObject({ name: 'Leilão de março', shareCount: 3, nextStepBlocker: null, startsAt: config.startsAt, endsAt: config.endsAt });
    expect(saved.config).toEqual({ ...config, name: 'Leilão de março', contractNumbers: shares.map((s) => s.contract_number), fundIds: [1] });
    expect((await info(a.auctionId, USERS.acme)).config).toEqual(saved.config);
  });

  it("answers 400 with the domain's codes per field", async () => {
    const a = await createAuction(t, USERS.acme);
    const res = await apost(t, '/save_config', USERS.acme, {
      auctionId: a.auctionId,
      config: { name: 'ab', startsAt: '2030-01-10T00:00:00Z', endsAt: '2030-01-01T00:00:00Z', contractNumbers: [], fundIds: [], playerIds: [], minimumPrice: { kind: 'percent_of_credit', value: 150 } },
    });
    const body = expectError(res, 400, /^Invalid auction configuration/);
    expect(body.errors).toEqual({ name: 'nameLength', endsAt: 'endBeforeStart', contractNumbers: 'noShares', buyers: 'noBuyers', minimumPrice: 'percentRange' });
  });

  it('checks the shares and buyers against the database', async () => {
    const a = await createAuction(t, USERS.acme);
    const [mine] = await freeShares(t, 1, 1, taken);
    const [orbitas] = await freeShares(t, 2, 1);
    const [sold] = await t.query<{ contract_number: string }>(sql`select contract_number from shares where adm_id = 1 and state = 'payment_done' limit 1`);
    const [inLive] = await t.query<{ c: string }>(sql`select config -> 'contractNumbers' ->> 0 as c from auctions where adm_id = 1 and status = 'live' limit 1`);
    const save = (over: object) => apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig([mine.contract_number], over) });
    expect(expectError(await save({ contractNumbers: [orbitas.contract_number] }), 400).errors).toEqual({ contractNumbers: 'sharesNotFound' });
    expect(expectError(await save({ contractNumbers: ['ACM-9999999'] }), 400).errors).toEqual({ contractNumbers: 'sharesNotFound' });
    expect(expectError(await save({ contractNumbers: [sold.contract_number] }), 400).errors).toEqual({ contractNumbers: 'sharesUnavailable' });
    expect(expectError(await save({ contractNumbers: [inLive.c] }), 400).errors).toEqual({ contractNumbers: 'sharesInOtherAuction' });
    expect(expectError(await save({ fundIds: [99] }), 400).errors).toEqual({ buyers: 'buyersNotFound' });
    // Player 6 exists but is not enabled.
    expect(expectError(await save({ fundIds: [], playerIds: [6] }), 400).errors).toEqual({ buyers: 'buyersNotFound' });
    expectOk(await save({}));
  });

  it('lists every problem at once, each with its contracts and the other auction by name (issue 13)', async () => {
    const a = await createAuction(t, USERS.acme);
    const [mine] = await freeShares(t, 1, 1, taken);
    const [sold1, sold2] = await t.query<{ contract_number: string }>(sql`select contract_number from shares where adm_id = 1 and state = 'payment_done' order by contract_number limit 2`);
    const [live] = await t.query<{ c: string; id: string; name: string }>(
      sql`select config -> 'contractNumbers' ->> 0 as c, id, config ->> 'name' as name from auctions where adm_id = 1 and status = 'live' order by created_at limit 1`,
    );
    const [other] = await t.query<{ c: string; id: string; name: string }>(
      sql`select config -> 'contractNumbers' ->> 0 as c, id, config ->> 'name' as name from auctions where adm_id = 1 and status in ('created', 'pricing', 'processing') and id <> ${live.id} and jsonb_array_length(config -> 'contractNumbers') > 0 and id <> ${a.auctionId} order by created_at limit 1`,
    );
    const contractNumbers = [mine.contract_number, 'ACM-9999998', sold1.contract_number, live.c, 'ACM-9999999', sold2.contract_number, other.c];
    const res = await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig(contractNumbers, { name: 'ab', fundIds: [99], playerIds: [6] }) });
    const body = expectError(res, 400, /^Invalid auction configuration/) as unknown as { errors: Record<string, string>; problems: AuctionConfigProblem[] };
    // A name too short does not hide the contracts' problems, nor the buyers'.
    expect(body.errors).toEqual({ name: 'nameLength', contractNumbers: 'sharesNotFound', buyers: 'buyersNotFound' });
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { field: 'contractNumbers', code: 'sharesNotFound', contracts: ['ACM-9999998', 'ACM-9999999'] },
        { field: 'contractNumbers', code: 'sharesUnavailable', contracts: [sold1.contract_number, sold2.contract_number] },
        { field: 'contractNumbers', code: 'sharesInOtherAuction', contracts: [live.c], auction: { auctionId: live.id, name: live.name, isAuction: expect.any(Boolean) } },
        { field: 'contractNumbers', code: 'sharesInOtherAuction', contracts: [other.c], auction: { auctionId: other.id, name: other.name, isAuction: expect.any(Boolean) } },
        { field: 'buyers', code: 'buyersNotFound', fundIds: [99] },
        { field: 'buyers', code: 'buyersNotFound', playerIds: [6] },
      ]),
    );
    expect(body.problems).toHaveLength(6);
  });

  it('is refused past pricing (409), to a fund (403) and outside the tenant (404)', async () => {
    const live = await seeded(1, 'live');
    const [share] = await freeShares(t, 1, 1, taken);
    const body = (auctionId: string) => ({ auctionId, config: validConfig([share.contract_number]) });
    expectError(await apost(t, '/save_config', USERS.acme, body(live)), 409, /^Invalid auction status/);
    expectError(await apost(t, '/save_config', USERS.fund, body(live)), 403, 'Permission denied');
    expectError(await apost(t, '/save_config', USERS.orbita, body(live)), 404, 'Auction not found');
    expectError(await apost(t, '/save_config', USERS.acme, { auctionId: live }), 400, 'config is required');
  });
});

describe('POST /auction/next_step and /auction/cancel', () => {
  it('walks created > pricing > processing > live > finished, writing who moved it and from where', async () => {
    const a = await createAuction(t, USERS.acme);
    const blocked = expectError(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }), 409, /^Invalid auction status transition/);
    expect(blocked.errors).toMatchObject({ name: 'required', contractNumbers: 'noShares' });
    const shares = await freeShares(t, 1, 2, taken);
    expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig(shares.map((s) => s.contract_number)) }));
    const pricing = expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }));
    expect(pricing).toMatchObject({ status: 'pricing', nextStatus: 'processing', nextStepBlocker: 'pricingNotProcessed' });
    expectError(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }), 409, 'Invalid auction status transition: the latest pricing spreadsheet is not processed');
    await t.query(sql`insert into auction_pricing (auction_id, status) values (${a.auctionId}, 'processed')`);
    expect(expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.operator, { auctionId: a.auctionId })).status).toBe('processing');
    expect(expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId, fromStatus: 'processing' })).status).toBe('live');
    const done = expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }));
    expect(done).toMatchObject({ status: 'finished', nextStatus: null, cancelable: false });
    expectError(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }), 409, 'Invalid auction status transition: no next step from finished');
    expectError(await apost(t, '/cancel', USERS.acme, { auctionId: a.auctionId }), 409, 'Invalid auction status transition: a finished auction cannot be canceled');
    const h = await history(a.auctionId);
    expect(h.map((e) => [e.fromStatus, e.toStatus, e.userName])).toEqual([
      [null, 'created', 'Augusto Almeida'],
      ['created', 'pricing', 'Augusto Almeida'],
      ['pricing', 'processing', 'Olívia Operadora'],
      ['processing', 'live', 'Augusto Almeida'],
      ['live', 'finished', 'Augusto Almeida'],
    ]);
  });

  it('blocks the start of pricing when a configured share was sold meanwhile', async () => {
    const a = await createAuction(t, USERS.acme);
    const [share] = await freeShares(t, 1, 1, taken);
    expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig([share.contract_number]) }));
    await t.query(sql`update shares set state = 'sent_to_autoservice' where id = ${share.id}`);
    expect((await info(a.auctionId)).nextStepBlocker).toBe('configIncomplete');
    const res = expectError(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }), 409);
    expect(res.errors).toEqual({ contractNumbers: 'sharesUnavailable' });
    await t.query(sql`update shares set state = 'available' where id = ${share.id}`);
  });

  it('cancels from any open step and never twice', async () => {
    for (const status of ['created', 'pricing', 'processing', 'live'] as const) {
      const a = await auctionAt(t, USERS.acme, 1, status, taken);
      const canceled = expectOk<AuctionInfo>(await apost(t, '/cancel', USERS.acme, { auctionId: a.auctionId }));
      expect(canceled).toMatchObject({ status: 'canceled', nextStatus: null, cancelable: false });
      expect((await history(a.auctionId)).at(-1)).toMatchObject({ fromStatus: status, toStatus: 'canceled' });
      expectError(await apost(t, '/cancel', USERS.acme, { auctionId: a.auctionId }), 409, /^Invalid auction status transition/);
      expectError(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }), 409, 'Invalid auction status transition: no next step from canceled');
    }
  });

  it('refuses a move the caller did not see (fromStatus), a fund (403) and another tenant (404)', async () => {
    const a = await auctionAt(t, USERS.acme, 1, 'processing', taken);
    expectError(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId, fromStatus: 'created' }), 409, 'Invalid auction status transition: the auction is processing, not created');
    expectError(await apost(t, '/cancel', USERS.acme, { auctionId: a.auctionId, fromStatus: 'live' }), 409);
    expectError(await apost(t, '/next_step', USERS.fund, { auctionId: a.auctionId }), 403, 'Permission denied');
    expectError(await apost(t, '/cancel', USERS.fund, { auctionId: a.auctionId }), 403, 'Permission denied');
    expectError(await apost(t, '/next_step', USERS.orbita, { auctionId: a.auctionId }), 404, 'Auction not found');
    expectError(await apost(t, '/cancel', USERS.orbita, { auctionId: a.auctionId }), 404, 'Auction not found');
    expectError(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId, fromStatus: 'sold' }), 400);
    expectError(await apost(t, '/next_step', USERS.acme, {}), 400, 'auctionId is required');
    expect((await info(a.auctionId)).status).toBe('processing');
  });

  it('lets exactly one of two concurrent next_step calls win', async () => {
    const a = await auctionAt(t, USERS.acme, 1, 'processing', taken);
    const results = await Promise.all([
      apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId, fromStatus: 'processing' }),
      apost(t, '/next_step', USERS.operator, { auctionId: a.auctionId, fromStatus: 'processing' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await info(a.auctionId)).status).toBe('live');
    expect((await history(a.auctionId)).filter((e) => e.toStatus === 'live')).toHaveLength(1);
  });

  it('lets exactly one of two concurrent cancels win', async () => {
    const a = await auctionAt(t, USERS.acme, 1, 'created', taken);
    const results = await Promise.all([apost(t, '/cancel', USERS.acme, { auctionId: a.auctionId }), apost(t, '/cancel', USERS.operator, { auctionId: a.auctionId })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await history(a.auctionId)).filter((e) => e.toStatus === 'canceled')).toHaveLength(1);
  });
});

describe('files: add_file, remove_file, list_additional_files', () => {
  it('attaches an uploaded notice and additional files, lists them and detaches one', async () => {
    const a = await auctionAt(t, USERS.acme, 1, 'live', taken);
    const notice = await uploadFile(t, USERS.acme, { fileName: 'edital.pdf' });
    const extra = await uploadFile(t, USERS.acme, { fileName: 'anexo.pdf' });
    const added = expectOk<{ data: AuctionFileItem[]; pricing: null }>(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [notice.fileId], fileType: 'AUCTION_NOTICE' }));
    expect(added.pricing).toBeNull();
    expect(added.data).toEqual([expect.objectContaining({ fileId: notice.fileId, fileName: 'edital.pdf', fileType: 'AUCTION_NOTICE', size: notice.size, filePath: notice.filePath })]);
    expectOk(await apost(t, '/add_file', USERS.operator, { auctionId: a.auctionId, files: [extra.fileId], fileType: 'ADDITIONAL' }));
    // The same file again is no new attachment.
    expectOk(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [notice.fileId], fileType: 'AUCTION_NOTICE' }));
    const listed = expectOk<{ data: AuctionFileItem[] }>(await aget(t, `/list_additional_files?auctionId=${a.auctionId}`, USERS.acme)).data;
    expect(listed.map((f) => [f.fileName, f.fileType]).sort()).toEqual([
      ['anexo.pdf', 'ADDITIONAL'],
      ['edital.pdf', 'AUCTION_NOTICE'],
    ]);
    expectError(await apost(t, '/remove_file', USERS.acme, { auctionId: a.auctionId, fileId: notice.fileId, fileType: 'ADDITIONAL' }), 404, 'Document not found');
    expect(expectOk(await apost(t, '/remove_file', USERS.acme, { auctionId: a.auctionId, fileId: notice.fileId, fileType: 'AUCTION_NOTICE' }))).toEqual({ fileId: notice.fileId, fileType: 'AUCTION_NOTICE' });
    expect(expectOk<{ data: AuctionFileItem[] }>(await aget(t, `/list_additional_files?auctionId=${a.auctionId}`, USERS.acme)).data.map((f) => f.fileName)).toEqual(['anexo.pdf']);
    expectError(await apost(t, '/remove_file', USERS.acme, { auctionId: a.auctionId, fileId: notice.fileId, fileType: 'AUCTION_NOTICE' }), 404, 'Document not found');
  });

  it("refuses another administrator's file, an unfinished upload, a file of another auction and closed auctions", async () => {
    const a = await auctionAt(t, USERS.acme, 1, 'created', taken);
    const b = await auctionAt(t, USERS.acme, 1, 'created', taken);
    const orbitaFile = await uploadFile(t, USERS.orbita, { admSlug: 'orbita' });
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [orbitaFile.fileId], fileType: 'ADDITIONAL' }), 404, 'Document not found');
    expectError(await apost(t, '/add_file', USERS.operator, { auctionId: a.auctionId, files: [orbitaFile.fileId], fileType: 'ADDITIONAL' }), 404, 'Document not found');
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: ['nope'], fileType: 'ADDITIONAL' }), 404, 'Document not found');
    const [pending] = await t.query<{ id: string }>(sql`insert into files (key, name, status, adm_id) values ('test/pending.pdf', 'pending.pdf', 'pending', 1) returning id`);
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [pending.id], fileType: 'ADDITIONAL' }), 400, 'Invalid file: the upload is not finalized');
    const mine = await uploadFile(t, USERS.acme);
    expectOk(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [mine.fileId], fileType: 'ADDITIONAL' }));
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: b.auctionId, files: [mine.fileId], fileType: 'ADDITIONAL' }), 400, 'Invalid file: it is already attached to an auction');
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [mine.fileId], fileType: 'OTHER' }), 400);
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [], fileType: 'ADDITIONAL' }), 400);
    expectOk(await apost(t, '/cancel', USERS.acme, { auctionId: a.auctionId }));
    expectError(await apost(t, '/remove_file', USERS.acme, { auctionId: a.auctionId, fileId: mine.fileId, fileType: 'ADDITIONAL' }), 409, 'Invalid auction status: files cannot change on a canceled auction');
    const other = await uploadFile(t, USERS.acme);
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: a.auctionId, files: [other.fileId], fileType: 'ADDITIONAL' }), 409, /^Invalid auction status/);
  });

  it('takes a pricing spreadsheet only while pricing, and only a .csv or .xlsx', async () => {
    const created = await auctionAt(t, USERS.acme, 1, 'created', taken);
    const csv = await uploadFile(t, USERS.acme, { fileName: 'precos.csv', bytes: Buffer.from('contrato,valor\n') });
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: created.auctionId, files: [csv.fileId], fileType: 'PRICING_SPREADSHEET' }), 409, 'Invalid auction status: a pricing spreadsheet is accepted only while pricing, not created');
    const pricing = await auctionAt(t, USERS.acme, 1, 'pricing', taken);
    const pdf = await uploadFile(t, USERS.acme);
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: pricing.auctionId, files: [pdf.fileId], fileType: 'PRICING_SPREADSHEET' }), 400, /^Invalid file type/);
    const csv2 = await uploadFile(t, USERS.acme, { fileName: 'precos2.csv', bytes: Buffer.from('contrato,valor\n') });
    expectError(await apost(t, '/add_file', USERS.acme, { auctionId: pricing.auctionId, files: [csv.fileId, csv2.fileId], fileType: 'PRICING_SPREADSHEET' }), 400, /^Invalid files/);
  });

  it('is staff only and scoped to the tenant', async () => {
    const a = await auctionAt(t, USERS.acme, 1, 'created', taken);
    const f = await uploadFile(t, USERS.acme);
    const body = { auctionId: a.auctionId, files: [f.fileId], fileType: 'ADDITIONAL' };
    expectError(await apost(t, '/add_file', USERS.fund, body), 403, 'Permission denied');
    expectError(await apost(t, '/remove_file', USERS.fund, { auctionId: a.auctionId, fileId: f.fileId, fileType: 'ADDITIONAL' }), 403, 'Permission denied');
    expectError(await apost(t, '/add_file', USERS.orbita, body), 404, 'Auction not found');
    expectError(await apost(t, '/remove_file', USERS.orbita, { auctionId: a.auctionId, fileId: f.fileId, fileType: 'ADDITIONAL' }), 404, 'Auction not found');
  });
});
