/**
 * The share lists' two extensions of SPEC's { data, total, page, limit } (docs/api.md): keyset
 * cursors (opt-in with `cursor`) and totals that stay cheap on large tables (exact up to a bound,
 * then PostgreSQL's estimate flagged totalExact: false).
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShareListItem } from '../../src/domain/shareList';
import { sharePageQuery } from '../../server/services/shares';
import { ESTIMATE_TTL_MS, EXACT_TOTAL_LIMIT, EXACT_TOTAL_LIMIT_SEARCH } from '../../server/services/shareTotals';
import { type TestApp, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
const SHARES = 1300;

interface Answer {
  data: ShareListItem[];
  total: number;
  page: number;
  limit: number;
  totalExact?: boolean;
  nextCursor?: string | null;
}
type Params = Parameters<typeof listUrl>[1];

const withCursor = (params: Params, cursor: string) => `${listUrl('/share/list', params)}${listUrl('/share/list', params).includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
const list = async (params: Params, cursor?: string) => expectOk<Answer>(await t.get(cursor === undefined ? listUrl('/share/list', params) : withCursor(params, cursor)));

const walkByOffset = async (params: Params) => {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await list({ ...params, page, limit: 100 });
    ids.push(...res.data.map((s) => s.shareId));
    if (res.data.length < 100) return ids;
  }
};
const walkByCursor = async (params: Params) => {
  const ids: string[] = [];
  let cursor = '';
  for (let page = 1; ; page++) {
    const res = await list({ ...params, page, limit: 100 }, cursor);
    ids.push(...res.data.map((s) => s.shareId));
    expect(res.page).toBe(page);
    if (res.nextCursor === null) return ids;
    expect(typeof res.nextCursor).toBe('string');
    cursor = res.nextCursor!;
  }
};

beforeAll(async () => {
  t = await createTestApp({ shares: SHARES });
  // Ties on updated_at, down to the microsecond a JavaScript Date cannot hold: the cursor must
  // still neither skip nor repeat a row.
  await t.query(sql`update shares set updated_at = timestamptz '2026-03-01 10:00:00.123456+00' where id in (select id from shares order by id limit 150)`);
  await t.query(sql`update shares set updated_at = timestamptz '2026-03-01 10:00:00.123457+00' where id in (select id from shares order by id offset 150 limit 3)`);
  await t.query(sql`analyze shares`);
});
afterAll(async () => {
  await t?.close();
});

describe('cursor', () => {
  it.each([
    ['newest first (the default)', {}],
    ['oldest first', { sort: 'updatedAt', order: 'asc' }],
    ['by contract number', { sort: 'contractNumber', order: 'asc' }],
    ['by contract number, descending', { sort: 'contractNumber', order: 'desc' }],
    ['one state', { filters: { state: ['available'] } }],
  ] as const)('walks %s through the same rows, in the same order, as pages by offset', async (_label, params) => {
    const byOffset = await walkByOffset(params);
    const byCursor = await walkByCursor(params);
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byCursor).size).toBe(byCursor.length);
  });

  it('a cursor page starts right after the row its cursor came from, whatever page says', async () => {
    const page2 = await list({ page: 2, limit: 20 }, '');
    const page3 = await list({ page: 3, limit: 20 });
    const afterPage2 = await list({ page: 77, limit: 20 }, page2.nextCursor!);
    expect(afterPage2.data.map((s) => s.shareId)).toEqual(page3.data.map((s) => s.shareId));
    expect(afterPage2.page).toBe(77);
  });

  it('is opt-in: without cursor the answer has exactly SPEC keys; with an empty one it carries nextCursor', async () => {
    const plain = await list({ filters: { state: ['with_pendency'] } });
    expect(Object.keys(plain).sort()).toEqual(['data', 'limit', 'page', 'total']);
    const opted = await list({ filters: { state: ['with_pendency'] } }, '');
    expect(typeof opted.nextCursor).toBe('string');
    expect(opted.data).toEqual(plain.data);
  });

  it('answers nextCursor null with a sort that has no cursor, and refuses a cursor there', async () => {
    const res = await list({ sort: 'ownerName' }, '');
    expect(res.nextCursor).toBeNull();
    const { nextCursor } = await list({}, '');
    const body = expectError(await t.get(withCursor({ sort: 'ownerName' }, nextCursor!)), 400, 'Invalid cursor');
    expect(Object.keys(body.errors ?? {})).toEqual(['cursor']);
  });

  it.each([
    ['updatedAt', 'desc', 'shares_updated_idx'],
    ['updatedAt', 'asc', 'shares_updated_idx'],
    ['contractNumber', 'asc', 'shares_contract_number_key'],
  ] as const)('a cursor page by %s %s starts inside %s, without sorting', async (sort, order, index) => {
    const { nextCursor } = await list({ sort, order }, '');
    const query = sharePageQuery(t.handle.db, 'all', { kind: 'all' }, { page: 1, limit: 20, filters: {}, sort, order, cursor: nextCursor! });
    const text = (await t.query<Record<string, string>>(sql`explain ${query as unknown as SQL}`)).map((r) => Object.values(r)[0]).join('\n');
    expect(text, text).toMatch(new RegExp(`Index (Only )?Scan( Backward)? using ${index}`));
    expect(text, text).not.toMatch(/Sort Key|Seq Scan on shares/);
  });

  it('refuses a cursor of another order, and one this server did not issue', async () => {
    const { nextCursor } = await list({}, '');
    expectError(await t.get(withCursor({ order: 'asc' }, nextCursor!)), 400, 'Invalid cursor');
    expectError(await t.get(withCursor({ sort: 'contractNumber' }, nextCursor!)), 400, 'Invalid cursor');
    for (const bad of ['garbage', Buffer.from('["updatedAt","desc","1; drop table shares","x"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      expectError(await t.get(withCursor({}, bad)), 400, 'Invalid cursor');
    }
    expect((await t.query<{ n: number }>(sql`select count(*)::int as n from shares`))[0].n).toBe(SHARES);
  });
});

describe('total', () => {
  it(`is exact, without totalExact, while at most ${EXACT_TOTAL_LIMIT} shares match`, async () => {
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from shares where state = 'with_pendency'`);
    expect(n).toBeLessThanOrEqual(EXACT_TOTAL_LIMIT);
    const res = await list({ filters: { state: ['with_pendency'] } });
    expect(res.total).toBe(n);
    expect(res).not.toHaveProperty('totalExact');
  });

  it(`beyond ${EXACT_TOTAL_LIMIT} matching shares is an estimate above the bound, flagged totalExact: false`, async () => {
    const res = await list({});
    expect(SHARES).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(res.totalExact).toBe(false);
    expect(res.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    // The planner's estimate of an analysed table is close to the truth.
    expect(Math.abs(res.total - SHARES)).toBeLessThan(SHARES * 0.2);
  });

  it(`with free text it is exact up to ${EXACT_TOTAL_LIMIT_SEARCH} matches, then estimated`, async () => {
    const [{ contract_number }] = await t.query<{ contract_number: string }>(sql`select contract_number from shares order by contract_number limit 1`);
    const one = await list({ filters: { q: contract_number } });
    expect(one.total).toBe(1);
    expect(one).not.toHaveProperty('totalExact');
    // Every contract number carries its administrator's prefix: hundreds of shares match.
    const prefix = contract_number.slice(0, 3);
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from shares where contract_number like ${`${prefix}-%`}`);
    expect(n).toBeGreaterThan(EXACT_TOTAL_LIMIT_SEARCH);
    const many = await list({ filters: { q: prefix } });
    expect(many.totalExact).toBe(false);
    expect(many.total).toBeGreaterThan(EXACT_TOTAL_LIMIT_SEARCH);
  });
  it('is exact where the page shows the end of an estimated list: a full last page, and a page past the end', async () => {
    expect((await list({ page: 2, limit: 100 })).totalExact).toBe(false);
    // 1,300 shares: page 13 of 100 is full and the last one, so the total is known exactly.
    const last = await list({ page: SHARES / 100, limit: 100 });
    expect(last.data).toHaveLength(100);
    expect(last.total).toBe(SHARES);
    expect(last).not.toHaveProperty('totalExact');
    // A page far past the end (a URL typed by hand) counts the list, instead of an estimate the
    // app would stretch to page × size.
    const beyond = await list({ page: 9999, limit: 20 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(SHARES);
    expect(beyond).not.toHaveProperty('totalExact');
    // The same with free text (estimated past 100 matches).
    const [{ prefix }] = await t.query<{ prefix: string }>(sql`select left(contract_number, 3) as prefix from shares group by 1 order by count(*) desc limit 1`);
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from shares where contract_number like ${`${prefix}-%`}`);
    const searched = await list({ page: 9999, limit: 20, filters: { q: prefix } });
    expect(searched.total).toBe(n);
    expect(searched).not.toHaveProperty('totalExact');
  });

  it(`reuses an estimate for ${ESTIMATE_TTL_MS / 1000} s, then counts again`, async () => {
    const canceled = async () => expectOk<Answer>(await t.get(listUrl('/share/canceled_list', {})));
    const before = await t.query<{ id: string; at: string }>(sql`select id, canceled_at::text as at from shares where canceled_at is not null`);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await t.query(sql`update shares set canceled_at = now() where id in (select id from shares order by id limit 1100)`);
      await t.query(sql`analyze shares`);
      const big = await canceled();
      expect(big.totalExact).toBe(false);
      // The list shrinks under the bound: for a while its total is still the remembered estimate …
      await t.query(sql`update shares set canceled_at = null where id in (select id from shares order by id offset 800)`);
      const soon = await canceled();
      expect(soon.totalExact).toBe(false);
      expect(soon.total).toBe(big.total);
      // … then it is counted again, exactly.
      vi.setSystemTime(Date.now() + ESTIMATE_TTL_MS);
      const later = await canceled();
      expect(later).not.toHaveProperty('totalExact');
      expect(later.total).toBe(800);
    } finally {
      vi.useRealTimers();
      await t.query(sql`update shares set canceled_at = null`);
      for (const { id, at } of before) await t.query(sql`update shares set canceled_at = ${at}::timestamptz where id = ${id}`);
      await t.query(sql`analyze shares`);
    }
  });
});
