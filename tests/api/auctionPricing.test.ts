/**
 * Pricing spreadsheets (docs/auctions.md): CSV and XLSX sent with add_file are validated and
 * processed in the background; errors are reported per row; a fixed file prices the shares and lets
 * the auction move on; runs left unfinished are resumed by the next app on the same database.
 * The tests wait for the app's pricing queue to be idle, never for a time.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionAddFileResponse, AuctionInfo, AuctionPricingItem, AuctionShareResult } from '../../src/domain/auctions';
import type { ListResponse } from '../../src/domain/shareList';
import type { FileRef } from '../../src/domain/workspace';
import { PRICING_MAX_BYTES } from '../../src/domain/auctions';
import { buildApp } from '../../server/app';
import { pricingQueueOf } from '../../server/jobs/pricingQueue';
import { aget, apost, auctionAt, freeShares, validConfig } from './auctionHelpers';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { localStorageConfig, uploadFile } from './support/storage';

let t: TestApp;
const taken = new Set<string>();
beforeAll(async () => {
  // More shares than the default: every test prices fresh ones of Acme.
  t = await createTestApp({ shares: 600, config: { storage: await localStorageConfig() } });
});
afterAll(async () => {
  await t?.close();
});

const idle = () => pricingQueueOf(t.config)!.idle();
const runs = async (auctionId: string, as: string = USERS.acme) => expectOk<{ data: AuctionPricingItem[] }>(await aget(t, `/pricing_list?auctionId=${auctionId}`, as)).data;
const prices = (pricingId: string) =>
  t.query<{ contract_number: string; price: string }>(
    sql`select s.contract_number, p.price::text as price from auction_share_prices p join shares s on s.id = p.share_id where p.pricing_id = ${pricingId} order by s.contract_number`,
  );

/** An auction of Acme in pricing over `n` fresh shares, minimum price R$ 1.000,00. */
async function pricingAuction(n = 3): Promise<{ auction: AuctionInfo; contracts: string[] }> {
  const a = await auctionAt(t, USERS.acme, 1, 'created', taken);
  const contracts = (await freeShares(t, 1, n, taken)).map((s) => s.contract_number).sort();
  expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig(contracts) }));
  const auction = expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }));
  expect(auction.status).toBe('pricing');
  return { auction, contracts };
}

async function send(auctionId: string, fileName: string, bytes: Buffer): Promise<AuctionAddFileResponse> {
  const file = await uploadFile(t, USERS.acme, { fileName, bytes });
  return expectOk<AuctionAddFileResponse>(await apost(t, '/add_file', USERS.acme, { auctionId, files: [file.fileId], fileType: 'PRICING_SPREADSHEET' }));
}

const xlsx = (rows: (string | number | null)[][]) => writeExcelFile(rows.map((r) => r.map((value) => (value === null ? null : { value })))).toBuffer();

describe('a CSV spreadsheet', () => {
  it('reports a bad row by its number and code, then a fixed file prices the shares and the auction moves on', async () => {
    const { auction, contracts } = await pricingAuction(3);
    const [c1, c2, c3] = contracts;
    // Semicolons, a BOM and Brazilian amounts, as Excel in Portuguese exports them.
    const bad = `\uFEFFContrato;Valor\r\n${c1};R$ 1.500,00\r\n${c2};500,00\r\n${c3};2000\r\n`;
    const sent = await send(auction.auctionId, 'precos.csv', Buffer.from(bad));
    expect(sent.pricing).toMatchObject({ status: 'in_validation', fileName: 'precos.csv', rows: 0, rowErrors: [] });
    expect(sent.data[0]).toMatchObject({ fileType: 'PRICING_SPREADSHEET', fileName: 'precos.csv' });
    await idle();
    const [failed] = await runs(auction.auctionId);
    expect(failed).toMatchObject({ pricingId: sent.pricing!.pricingId, status: 'validation_error', rows: 3, pricedRows: 0 });
    // The minimum this share had to reach, computed, and its contract (issue 13).
    expect(failed.rowErrors).toEqual([{ row: 3, code: 'priceBelowMinimum', value: '500,00', contract: c2, minimum: 1000 }]);
    expect(await prices(failed.pricingId)).toEqual([]);
    expect((await expectOk<AuctionInfo>(await aget(t, `/info?auctionId=${auction.auctionId}`, USERS.acme))).latestPricing).toBe('validation_error');
    expectError(await apost(t, '/next_step', USERS.acme, { auctionId: auction.auctionId }), 409, 'Invalid auction status transition: the latest pricing spreadsheet is not processed');

    // Commas this time, no BOM, a quoted Brazilian amount and a plain one.
    const fixed = `contrato,valor\n${c1},"1.500,00"\n${c2},1250.5\n${c3},2000\n`;
    const ok = await send(auction.auctionId, 'precos-corrigidos.csv', Buffer.from(fixed));
    await idle();
    const list = await runs(auction.auctionId);
    expect(list.map((r) => r.status)).toEqual(['processed', 'validation_error']);
    expect(list[0]).toMatchObject({ pricingId: ok.pricing!.pricingId, fileName: 'precos-corrigidos.csv', rows: 3, pricedRows: 3, rowErrors: [] });
    expect(await prices(ok.pricing!.pricingId)).toEqual([
      { contract_number: c1, price: '1500.00' },
      { contract_number: c2, price: '1250.50' },
      { contract_number: c3, price: '2000.00' },
    ]);
    const moved = expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: auction.auctionId }));
    expect(moved.status).toBe('processing');
  });

  it('names every row error code on its own row, and skips blank lines without renumbering', async () => {
    const { auction, contracts } = await pricingAuction(3);
    const [c1, c2, c3] = contracts;
    const csv = [
      'CONTRATO;VALOR',
      `;1000`, // 2 contractMissing
      `ACM-0000000;1000`, // 3 contractNotInAuction
      `${c1};1000`, // 4 ok
      '', // 5 blank
      `${c1};1100`, // 6 contractRepeated
      `${c2};`, // 7 priceMissing
      `${c3};mil reais`, // 8 priceInvalid
      `${c3};1.000;50`, // 9 a cell too many: refused, not read as 1.000
    ].join('\n');
    await send(auction.auctionId, 'erros.csv', Buffer.from(csv));
    await idle();
    const [run] = await runs(auction.auctionId);
    expect(run.status).toBe('validation_error');
    expect(run.rows).toBe(7);
    // Each row names its contract (issue 13: the error table has a contract column).
    expect(run.rowErrors).toEqual([
      { row: 2, code: 'contractMissing' },
      { row: 3, code: 'contractNotInAuction', value: 'ACM-0000000', contract: 'ACM-0000000' },
      { row: 6, code: 'contractRepeated', value: c1, contract: c1 },
      { row: 7, code: 'priceMissing', contract: c2 },
      { row: 8, code: 'priceInvalid', value: 'mil reais', contract: c3 },
      { row: 9, code: 'priceInvalid', value: '1.000;50', contract: c3 },
    ]);
  });

  it('refuses a whole file without the header, without rows or that is not a spreadsheet (row 0)', async () => {
    const { auction, contracts } = await pricingAuction(1);
    const cases: [string, Buffer, string][] = [
      ['sem-cabecalho.csv', Buffer.from(`numero;preco\n${contracts[0]};1000\n`), 'headerMissing'],
      ['vazio.csv', Buffer.from('contrato;valor\n\n'), 'empty'],

      // A zip's first bytes, so that the upload keeps it (text under .xlsx is refused there), and nothing of a zip after them.
      ['quebrado.xlsx', Buffer.from('PK\x03\x04 this is not a zip file at all', 'latin1'), 'unreadable'],
    ];
    for (const [name, bytes, code] of cases) {
      const sent = await send(auction.auctionId, name, bytes);
      await idle();
      const run = (await runs(auction.auctionId)).find((r) => r.pricingId === sent.pricing!.pricingId)!;
      expect(run, name).toMatchObject({ status: 'validation_error', rowErrors: [{ row: 0, code }], pricedRows: 0 });
    }
  });

  it('reads a CSV saved by Excel in Portuguese on Windows (Windows-1252), accents and all (issue 13)', async () => {
    const { auction, contracts } = await pricingAuction(2);
    const [c1, c2] = contracts;
    // "Contrato;Valor;Observação" with ç, ã and é as single bytes, as Excel's "CSV (separado por vírgulas)" writes them.
    const csv = Buffer.from(`Contrato;Valor;Observação\r\n${c1};R$ 1.500,00;cotação revisada\r\n${c2};2.000,50;ação é única\r\n`, 'latin1');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(csv)).toThrow();
    const sent = await send(auction.auctionId, 'precos-windows.csv', csv);
    await idle();
    const [run] = await runs(auction.auctionId);
    expect(run).toMatchObject({ pricingId: sent.pricing!.pricingId, status: 'processed', rows: 2, pricedRows: 2, rowErrors: [] });
    expect(await prices(run.pricingId)).toEqual([
      { contract_number: c1, price: '1500.00' },
      { contract_number: c2, price: '2000.50' },
    ]);
  });

  it('says on which line a quote is left open (issue 13)', async () => {
    const { auction, contracts } = await pricingAuction(1);
    const sent = await send(auction.auctionId, 'aspas.csv', Buffer.from(`contrato,valor\n${contracts[0]},"1.000,00\nX,2\n`));
    await idle();
    const run = (await runs(auction.auctionId)).find((r) => r.pricingId === sent.pricing!.pricingId)!;
    expect(run).toMatchObject({ status: 'validation_error', rowErrors: [{ row: 2, code: 'unclosedQuote' }], pricedRows: 0 });
  });
});

describe('refused spreadsheets leave no bytes in storage (issue 13)', () => {
  /** Whether the local disk still holds the object of this upload. */
  const stored = (f: FileRef) => existsSync(join(t.config.storage.filesDir, 'objects', f.filePath));
  const fileRow = async (f: FileRef) => (await t.query<{ status: string }>(sql`select status from files where id = ${f.fileId}`))[0];
  const attach = (auctionId: string, f: FileRef) => apost(t, '/add_file', USERS.acme, { auctionId, files: [f.fileId], fileType: 'PRICING_SPREADSHEET' });

  it('refused by add_file for its size or its type: neither object nor row stays', async () => {
    const { auction, contracts } = await pricingAuction(1);
    const big = await uploadFile(t, USERS.acme, { fileName: 'grande.csv', bytes: Buffer.from(`contrato;valor\n${contracts[0]};1000\n${'x'.repeat(PRICING_MAX_BYTES)}\n`) });
    expect(stored(big)).toBe(true);
    expectError(await attach(auction.auctionId, big), 413, /^File too large/);
    expect(stored(big)).toBe(false);
    expect(await fileRow(big)).toBeUndefined();

    const pdf = await uploadFile(t, USERS.acme, { fileName: 'precos.pdf' });
    expectError(await attach(auction.auctionId, pdf), 400, /^Invalid file type/);
    expect(stored(pdf)).toBe(false);
    expect(await fileRow(pdf)).toBeUndefined();

    // Another use of a file (a share's document sent here by mistake) is refused, never deleted.
    const doc = await uploadFile(t, USERS.acme, { fileName: 'documento.pdf' });
    await t.query(sql`update files set share_id = (select id from shares where adm_id = 1 limit 1) where id = ${doc.fileId}`);
    expectError(await attach(auction.auctionId, doc), 400, /^Invalid file type/);
    expect(stored(doc)).toBe(true);
    expect(await runs(auction.auctionId)).toEqual([]);
  });

  it('refused by its run (unreadable, hostile, wrong rows): the bytes go, the run keeps its name; a priced one stays', async () => {
    const { auction, contracts } = await pricingAuction(1);
    const cases: [string, Buffer][] = [
      ['quebrado.xlsx', Buffer.from('PK\x03\x04 this is not a zip file at all', 'latin1')],
      ['aspas.csv', Buffer.from(`contrato;valor\n"${contracts[0]};1000\n`)],
      ['linhas.csv', Buffer.from(`contrato;valor\n${contracts[0]};10\n`)],
    ];
    for (const [name, bytes] of cases) {
      const f = await uploadFile(t, USERS.acme, { fileName: name, bytes });
      expectOk(await attach(auction.auctionId, f));
      await idle();
      expect((await runs(auction.auctionId))[0], name).toMatchObject({ status: 'validation_error', fileName: name });
      expect(stored(f), name).toBe(false);
      expect(await fileRow(f), name).toEqual({ status: 'refused' });
      // Sent again by id, it is refused in words: the bytes are gone.
      expectError(await attach(auction.auctionId, f), 400, /^Invalid file: this spreadsheet was refused/);
    }
    const good = await uploadFile(t, USERS.acme, { fileName: 'bom.csv', bytes: Buffer.from(`contrato;valor\n${contracts[0]};1000\n`) });
    expectOk(await attach(auction.auctionId, good));
    await idle();
    expect((await runs(auction.auctionId))[0].status).toBe('processed');
    expect(stored(good)).toBe(true);
  });
});

describe('an XLSX spreadsheet', () => {
  it('reads the first sheet by its header, reports the bad row, and prices the shares once fixed', async () => {
    const { auction, contracts } = await pricingAuction(2);
    const [c1, c2] = contracts;
    const bad = await xlsx([
      ['Valor', 'Observação', 'Contrato'],
      [1800, 'ok', c1],
      [2500.75, 'fora do leilão', 'ORB-0000001'],
      [1900, null, c2],
    ]);
    await send(auction.auctionId, 'precos.xlsx', bad);
    await idle();
    const [failed] = await runs(auction.auctionId);
    expect(failed).toMatchObject({ status: 'validation_error', rows: 3, rowErrors: [{ row: 3, code: 'contractNotInAuction', value: 'ORB-0000001' }] });

    const fixed = await xlsx([
      ['CONTRATO', 'VALOR'],
      [c1, 1800],
      [c2, 'R$ 1.900,10'],
    ]);
    const ok = await send(auction.auctionId, 'precos.xlsx', fixed);
    await idle();
    const [done] = await runs(auction.auctionId);
    expect(done).toMatchObject({ pricingId: ok.pricing!.pricingId, status: 'processed', rows: 2, pricedRows: 2 });
    expect(await prices(done.pricingId)).toEqual([
      { contract_number: c1, price: '1800.00' },
      { contract_number: c2, price: '1900.10' },
    ]);
  });
});

describe('spreadsheets and the rest of the auction', () => {
  it('removing the processed spreadsheet removes its run and prices, and blocks the next step again', async () => {
    const { auction, contracts } = await pricingAuction(1);
    const sent = await send(auction.auctionId, 'p.csv', Buffer.from(`contrato;valor\n${contracts[0]};1000\n`));
    await idle();
    expect((await runs(auction.auctionId))[0].status).toBe('processed');
    expectError(await apost(t, '/remove_file', USERS.fund, { auctionId: auction.auctionId, fileId: sent.data[0].fileId, fileType: 'PRICING_SPREADSHEET' }), 403);
    expectOk(await apost(t, '/remove_file', USERS.acme, { auctionId: auction.auctionId, fileId: sent.data[0].fileId, fileType: 'PRICING_SPREADSHEET' }));
    expect(await runs(auction.auctionId)).toEqual([]);
    expect(await prices(sent.pricing!.pricingId)).toEqual([]);
    expect(expectOk<AuctionInfo>(await aget(t, `/info?auctionId=${auction.auctionId}`, USERS.acme)).nextStepBlocker).toBe('pricingNotProcessed');
  });

  it('refuses to remove a spreadsheet whose run is still working', async () => {
    const { auction } = await pricingAuction(1);
    const file = await uploadFile(t, USERS.acme, { fileName: 'lento.csv', bytes: Buffer.from('contrato;valor\n') });
    // A run the queue has not picked up yet (as after a crash): attached and in_validation.
    await t.query(sql`insert into auction_files (file_id, auction_id, file_type) values (${file.fileId}, ${auction.auctionId}, 'PRICING_SPREADSHEET')`);
    await t.query(sql`insert into auction_pricing (auction_id, file_id, status) values (${auction.auctionId}, ${file.fileId}, 'in_validation')`);
    expectError(
      await apost(t, '/remove_file', USERS.acme, { auctionId: auction.auctionId, fileId: file.fileId, fileType: 'PRICING_SPREADSHEET' }),
      409,
      'Invalid auction status: the pricing spreadsheet is still being processed',
    );
  });

  it('freezes the shares and the minimum price once a spreadsheet was sent, not the name', async () => {
    const { auction, contracts } = await pricingAuction(2);
    await send(auction.auctionId, 'p.csv', Buffer.from(`contrato;valor\n${contracts[0]};1000\n`));
    await idle();
    const save = (config: object) => apost(t, '/save_config', USERS.acme, { auctionId: auction.auctionId, config });
    expectOk(await save(validConfig(contracts, { name: 'Outro nome' })));
    expectError(await save(validConfig([contracts[0]])), 409, /^Invalid auction status: the shares and the minimum price cannot change/);
    expectError(await save(validConfig(contracts, { minimumPrice: { kind: 'fixed', value: 10 } })), 409);
  });

  it("keeps the seller's pricing from a fund, even one eligible to the auction (issue 13)", async () => {
    const { auction, contracts } = await pricingAuction(1);
    await send(auction.auctionId, 'p.csv', Buffer.from(`contrato;valor\n${contracts[0]};1000\n`));
    await idle();
    // Eligible: the auction's terms are readable, its pricing runs and per-share prices are not.
    expectOk(await aget(t, `/info?auctionId=${auction.auctionId}`, USERS.fund));
    for (const url of [`/pricing_list?auctionId=${auction.auctionId}`, `/share_results?auctionId=${auction.auctionId}`]) {
      expectError(await aget(t, url, USERS.fund), 403, 'Permission denied');
      expectError(await aget(t, url, USERS.fundBeta), 403, 'Permission denied');
      expectOk(await aget(t, url, USERS.acme));
      expectOk(await aget(t, url, USERS.operator));
    }
  });

  it('lists each share with its credit, its minimum and the price it got, by page (issue 13)', async () => {
    const { auction, contracts } = await pricingAuction(3);
    const [c1, c2, c3] = contracts;
    await send(auction.auctionId, 'p.csv', Buffer.from(`contrato;valor\n${c1};1000\n${c3};2.500,75\n`));
    await idle();
    const page = (n: number) => aget(t, `/share_results?auctionId=${auction.auctionId}&page=${n}&limit=2`, USERS.acme);
    const first = expectOk<ListResponse<AuctionShareResult>>(await page(1));
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.data.map((r) => [r.contractNumber, r.price, r.minimumPrice, r.administratorName])).toEqual([
      [c1, 1000, 1000, expect.any(String)],
      [c2, null, 1000, expect.any(String)],
    ]);
    expect(first.data[0]).toMatchObject({ state: 'available', shareId: expect.any(String) });
    const second = expectOk<ListResponse<AuctionShareResult>>(await page(2));
    expect(second.data.map((r) => [r.contractNumber, r.price])).toEqual([[c3, 2500.75]]);
    expectError(await aget(t, `/share_results?auctionId=${auction.auctionId}`, USERS.orbita), 404, 'Auction not found');
  });
});

describe('crash recovery', () => {
  it('the next app on the same database finishes the runs a crash left in validation or in processing', async () => {
    const { auction, contracts } = await pricingAuction(2);
    const upload = async (name: string, csv: string) => (await uploadFile(t, USERS.acme, { fileName: name, bytes: Buffer.from(csv) })).fileId;
    const a = await upload('a.csv', `contrato;valor\n${contracts[0]};1000\n${contracts[1]};1200\n`);
    const b = await upload('b.csv', `contrato;valor\n${contracts[0]};1300\n${contracts[1]};1400\n`);
    // What a process that died mid-run leaves behind: attached files and runs in running statuses.
    for (const f of [a, b]) await t.query(sql`insert into auction_files (file_id, auction_id, file_type) values (${f}, ${auction.auctionId}, 'PRICING_SPREADSHEET')`);
    const [first] = await t.query<{ id: string }>(
      sql`insert into auction_pricing (auction_id, file_id, status, created_at) values (${auction.auctionId}, ${a}, 'in_validation', now() - interval '2 minutes') returning id`,
    );
    const [second] = await t.query<{ id: string }>(
      sql`insert into auction_pricing (auction_id, file_id, status, rows, created_at) values (${auction.auctionId}, ${b}, 'in_processing', 2, now() - interval '1 minute') returning id`,
    );
    expect((await runs(auction.auctionId)).map((r) => r.status)).toEqual(['in_processing', 'in_validation']);

    const config = { ...t.config };
    const restarted = await buildApp({ db: t.handle, config });
    try {
      await pricingQueueOf(config)!.idle();
    } finally {
      await restarted.close();
    }
    const after = await runs(auction.auctionId);
    expect(after.map((r) => [r.pricingId, r.status, r.pricedRows])).toEqual([
      [second.id, 'processed', 2],
      [first.id, 'processed', 2],
    ]);
    expect((await prices(second.id)).map((p) => p.price)).toEqual(['1300.00', '1400.00']);
    expect(expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: auction.auctionId })).status).toBe('processing');
  });
});
