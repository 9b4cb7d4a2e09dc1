/**
 * The limits of the pricing spreadsheet (docs/auctions.md): a file over 2 MB is refused at add_file,
 * a CSV with too many lines and an XLSX that unpacks to too much are refused without being read
 * whole (a zip bomb never reaches the XLSX reader, even one whose directory lies about its sizes,
 * nor crashes a server that resumes it at boot), and no share is priced at R$ 0,00 or without the
 * minimum its rule sets.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { PRICING_FILE_TOO_LARGE } from '../../server/services/auctionFiles';
import { pricingQueueOf } from '../../server/jobs/pricingQueue';
import { type AuctionAddFileResponse, type AuctionConfig, type AuctionInfo, type AuctionPricingItem, PRICING_MAX_BYTES, PRICING_MAX_ROWS } from '../../src/domain/auctions';
import { aget, apost, auctionAt, freeShares, validConfig } from './auctionHelpers';
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

const idle = () => pricingQueueOf(t.config)!.idle();
const runs = async (auctionId: string) => expectOk<{ data: AuctionPricingItem[] }>(await aget(t, `/pricing_list?auctionId=${auctionId}`, USERS.acme)).data;

async function pricingAuction(n: number, over: Partial<AuctionConfig> = {}): Promise<{ auction: AuctionInfo; contracts: string[] }> {
  const a = await auctionAt(t, USERS.acme, 1, 'created', taken);
  const contracts = (await freeShares(t, 1, n, taken)).map((s) => s.contract_number).sort();
  expectOk(await apost(t, '/save_config', USERS.acme, { auctionId: a.auctionId, config: validConfig(contracts, over) }));
  const auction = expectOk<AuctionInfo>(await apost(t, '/next_step', USERS.acme, { auctionId: a.auctionId }));
  return { auction, contracts };
}

const addSheet = async (auctionId: string, fileId: string) => apost(t, '/add_file', USERS.acme, { auctionId, files: [fileId], fileType: 'PRICING_SPREADSHEET' });

async function send(auctionId: string, fileName: string, bytes: Buffer): Promise<AuctionPricingItem> {
  const file = await uploadFile(t, USERS.acme, { fileName, bytes });
  const sent = expectOk<AuctionAddFileResponse>(await addSheet(auctionId, file.fileId));
  await idle();
  return (await runs(auctionId)).find((r) => r.pricingId === sent.pricing!.pricingId)!;
}

/** A zip of deflated entries; `declared` overrides the unpacked size the headers claim. */
function zip(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data, { level: 9 });
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.declared ?? e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(crc32(e.data), 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(e.declared ?? e.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

/** A first sheet padded with `mb` megabytes of blanks: a few dozen kilobytes zipped. */
const bombSheet = (mb: number) =>
  Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'),
    Buffer.alloc(mb * 1024 * 1024, ' '),
    Buffer.from('</sheetData></worksheet>'),
  ]);

describe('the size of a pricing spreadsheet', () => {
  it('a file over 2 MB is refused at add_file with 413, and no run starts', async () => {
    const { auction, contracts } = await pricingAuction(1);
    const line = `${contracts[0]};1000\n`;
    const big = Buffer.from(`contrato;valor\n${line.repeat(Math.ceil(PRICING_MAX_BYTES / line.length))}`);
    expect(big.length).toBeGreaterThan(PRICING_MAX_BYTES);
    const file = await uploadFile(t, USERS.acme, { fileName: 'enorme.csv', bytes: big });
    const body = expectError(await addSheet(auction.auctionId, file.fileId), 413, 'File too large: invalid size, a pricing spreadsheet is at most 2 MB');
    expect(body.message).toBe(PRICING_FILE_TOO_LARGE);
    expect(await runs(auction.auctionId)).toEqual([]);
  });

  it('a CSV with more lines than 10,000 rows and their blank lines is tooManyRows', async () => {
    const { auction, contracts } = await pricingAuction(1);
    const csv = `contrato;valor\n${`${contracts[0]};1000\n`.repeat(2 * PRICING_MAX_ROWS + 5)}`;
    const run = await send(auction.auctionId, 'linhas.csv', Buffer.from(csv));
    expect(run).toMatchObject({ status: 'validation_error', rowErrors: [{ row: 0, code: 'tooManyRows' }], pricedRows: 0 });
  });

  it.each([
    ['an XLSX that unpacks to 60 MB', false],
    ['an XLSX whose directory claims its 60 MB sheet is 100 bytes', true],
  ])('%s is tooLarge, without reading it', async (_, lie) => {
    const { auction } = await pricingAuction(1);
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: bombSheet(60), declared: lie ? 100 : undefined }]);
    expect(bomb.length).toBeLessThan(PRICING_MAX_BYTES);
    const run = await send(auction.auctionId, 'bomba.xlsx', bomb);
    expect(run).toMatchObject({ status: 'validation_error', rowErrors: [{ row: 0, code: 'tooLarge' }], pricedRows: 0 });
  });

  it('a bomb left running by a crash ends as tooLarge in the next app, which keeps serving', async () => {
    const { auction } = await pricingAuction(1);
    const file = await uploadFile(t, USERS.acme, { fileName: 'bomba.xlsx', bytes: zip([{ name: 'xl/worksheets/sheet1.xml', data: bombSheet(60) }]) });
    await t.query(sql`insert into auction_files (file_id, auction_id, file_type) values (${file.fileId}, ${auction.auctionId}, 'PRICING_SPREADSHEET')`);
    const [left] = await t.query<{ id: string }>(sql`insert into auction_pricing (auction_id, file_id, status) values (${auction.auctionId}, ${file.fileId}, 'in_validation') returning id`);
    const config = { ...t.config };
    const restarted = await buildApp({ db: t.handle, config });
    try {
      await pricingQueueOf(config)!.idle();
      const res = await restarted.inject({ method: 'GET', url: '/api/auction/pricing_list?auctionId=' + auction.auctionId, headers: { authorization: `Bearer ${await t.token(USERS.acme)}` } });
      expect(expectOk<{ data: AuctionPricingItem[] }>(res).data[0]).toMatchObject({ pricingId: left.id, status: 'validation_error', rowErrors: [{ row: 0, code: 'tooLarge' }] });
    } finally {
      await restarted.close();
    }
  });
});

describe('the minimum price', () => {
  const xlsx = (rows: (string | number)[][]) => writeExcelFile(rows.map((r) => r.map((value) => ({ value })))).toBuffer();

  it('an XLSX amount under half a cent is priceInvalid, not a price of R$ 0,00', async () => {
    const { auction, contracts } = await pricingAuction(2, { minimumPrice: { kind: 'fixed', value: 0.01 } });
    const run = await send(auction.auctionId, 'centavos.xlsx', await xlsx([['contrato', 'valor'], [contracts[0], 0.004], [contracts[1], 0.01]]));
    expect(run).toMatchObject({ status: 'validation_error', rows: 2, rowErrors: [{ row: 2, code: 'priceInvalid', value: '0.004' }] });
  });

  it('a share without a credit value is creditUnknown under a percentage minimum; a fixed minimum prices it', async () => {
    const { auction, contracts } = await pricingAuction(2, { minimumPrice: { kind: 'percent_of_credit', value: 50 } });
    await t.query(sql`update shares set credit_value = null where contract_number = ${contracts[0]}`);
    const csv = Buffer.from(`contrato;valor\n${contracts[0]};1\n${contracts[1]};999999999\n`);
    const run = await send(auction.auctionId, 'sem-credito.csv', csv);
    expect(run).toMatchObject({ status: 'validation_error', rowErrors: [{ row: 2, code: 'creditUnknown', value: contracts[0] }] });

    const fixed = await pricingAuction(1, { minimumPrice: { kind: 'fixed', value: 1 } });
    await t.query(sql`update shares set credit_value = null where contract_number = ${fixed.contracts[0]}`);
    const ok = await send(fixed.auction.auctionId, 'fixo.csv', Buffer.from(`contrato;valor\n${fixed.contracts[0]};1\n`));
    expect(ok).toMatchObject({ status: 'processed', pricedRows: 1 });
  });
});
