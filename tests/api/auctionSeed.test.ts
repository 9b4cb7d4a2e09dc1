/**
 * The seeded auctions are what the API would have made: configurations save_config accepts (the
 * same rules, run against the seeded database), pricing runs that agree with each status, and no
 * run left for the pricing queue to resume.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuctionConfig, type AuctionInfo, minimumPriceFor } from '../../src/domain/auctions';
import { configDatabaseErrors } from '../../server/services/auctions';
import { aget } from './auctionHelpers';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectOk } from './support/expect';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  id: string;
  adm_id: number;
  status: string;
  config: Partial<AuctionConfig>;
}

describe('seeded auctions', () => {
  it('are configured as save_config would accept, over available shares of their own administrator, open ones never sharing a share', async () => {
    const rows = await t.query<Row>(sql`select id, adm_id, status, config from auctions order by created_at`);
    expect(rows).toHaveLength(18);
    const unconfigured = rows.filter((r) => Object.keys(r.config).length === 0);
    expect(unconfigured.map((r) => [r.status, r.adm_id])).toEqual([['created', 3]]);
    const offered = new Map<string, string>();
    for (const r of rows.filter((x) => Object.keys(x.config).length > 0)) {
      // The window rule depends on the day; everything else must hold as save_config checks it.
      expect(Object.keys(r.config).sort()).toEqual(['contractNumbers', 'endsAt', 'fundIds', 'minimumPrice', 'name', 'playerIds', 'startsAt']);
      expect(r.config.contractNumbers!.length).toBeGreaterThan(0);
      expect(Date.parse(r.config.endsAt!)).toBeGreaterThan(Date.parse(r.config.startsAt!));
      if (['created', 'pricing', 'processing'].includes(r.status)) expect(Date.parse(r.config.startsAt!)).toBeGreaterThan(Date.now());
      if (r.status === 'live') expect(Date.parse(r.config.endsAt!)).toBeGreaterThan(Date.now());
      const open = ['created', 'pricing', 'processing', 'live'].includes(r.status);
      const check = await configDatabaseErrors(t.handle.db, r.adm_id, open ? r.id : null, r.config);
      if (open) expect(check.errors, `${r.status} ${r.id}`).toEqual({});
      else expect(check.errors.buyers).toBeUndefined();
      if (open) {
        for (const c of r.config.contractNumbers!) {
          expect(offered.has(c), `${c} in two open auctions`).toBe(false);
          offered.set(c, r.id);
        }
      }
    }
  });

  it('have pricing runs that agree with their status, with prices at or above the minimum', async () => {
    const runs = await t.query<{ auction_id: string; status: string; a_status: string; rows: number; priced_rows: number; row_errors: { row: number; code: string }[]; file_id: string | null }>(
      sql`select p.auction_id, p.status, a.status as a_status, p.rows, p.priced_rows, p.row_errors, p.file_id from auction_pricing p join auctions a on a.id = p.auction_id order by p.created_at`,
    );
    expect(runs.filter((r) => ['in_validation', 'validation_ok', 'in_processing'].includes(r.status))).toEqual([]);
    for (const r of runs) {
      expect(r.file_id).toBeNull();
      if (r.status === 'processed') expect(r.priced_rows).toBe(r.rows);
      else expect(r.row_errors.length).toBeGreaterThan(0);
    }
    for (const status of ['processing', 'live', 'finished']) {
      for (const id of (await t.query<{ id: string }>(sql`select id from auctions where status = ${status}`)).map((x) => x.id)) {
        const a = expectOk<AuctionInfo>(await aget(t, `/info?auctionId=${id}`, USERS.operator));
        expect(a.latestPricing, `${status} ${id}`).toBe('processed');
      }
    }
    const prices = await t.query<{ price: string; credit_value: string | null; config: Partial<AuctionConfig>; contract_number: string }>(sql`
      select p.price::text as price, s.credit_value::text as credit_value, a.config, s.contract_number
      from auction_share_prices p join shares s on s.id = p.share_id join auctions a on a.id = p.auction_id`);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) {
      expect(p.config.contractNumbers).toContain(p.contract_number);
      const min = minimumPriceFor(p.config.minimumPrice!, p.credit_value === null ? null : Number(p.credit_value));
      if (min !== null) expect(Number(p.price)).toBeGreaterThanOrEqual(min);
    }
  });

  it('show the wizard in each state: an Acme auction ready to leave pricing, an Órbita one whose spreadsheet failed', async () => {
    const byAdm = async (admId: number) => {
      const [row] = await t.query<{ id: string }>(sql`select id from auctions where adm_id = ${admId} and status = 'pricing'`);
      return expectOk<AuctionInfo>(await aget(t, `/info?auctionId=${row.id}`, USERS.operator));
    };
    expect(await byAdm(1)).toMatchObject({ latestPricing: 'processed', nextStepBlocker: null });
    expect(await byAdm(2)).toMatchObject({ latestPricing: 'validation_error', nextStepBlocker: 'pricingNotProcessed' });
    expect(await byAdm(3)).toMatchObject({ latestPricing: null, nextStepBlocker: 'pricingNotProcessed' });
  });
});
