/**
 * Share reads run prepared per shape (server/db/preparedShapes.ts): rendered once, executed with each
 * request's values, and on PostgreSQL named so that a plan can be reused. Whatever was prepared
 * before, every answer must be the one its own values ask for.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, ShareListItem } from '../../src/domain/shareList';
import { NAMED_KEPT } from '../../server/db/preparedShapes';
import { type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectOk } from './support/expect';

let t: TestApp;
type List = ListResponse<ShareListItem>;
const list = async (params: Parameters<typeof listUrl>[1], as: string = USERS.operator) => expectOk<List>(await t.get(listUrl('/share/list', params), as));
const ids = (res: List) => res.data.map((s) => s.shareId);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('prepared share reads', () => {
  it('answer each tenant and each filter value with its own rows, on one shape', async () => {
    // Two administrators' users: same shape (adm scope, no filter), other scope values.
    // Enough rounds for every pooled connection to run the shape more than five times (a generic plan).
    for (let round = 0; round < 20; round++) {
      for (const [as, admId] of [[USERS.acme, 1], [USERS.orbita, 2]] as const) {
        const res = await list({ limit: 5 }, as);
        expect(res.data.length).toBeGreaterThan(0);
        expect(new Set(res.data.map((s) => s.admId))).toEqual(new Set([admId]));
      }
    }
    // One state at a time: same shape, other values, each answer only of its state.
    for (let round = 0; round < 3; round++) {
      for (const state of ['with_pendency', 'available', 'payment_done'] as const) {
        const res = await list({ filters: { state: [state] }, limit: 10 });
        const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from shares where state = ${state}`);
        expect(res.total).toBe(n);
        expect(res.data.every((s) => s.state === state)).toBe(true);
      }
    }
  });

  it(`still answer right past the ${NAMED_KEPT} shapes that keep a plan`, async () => {
    const newest = ids(await list({ limit: 100 }));
    // Every page size is a shape of its own (the limit is part of the statement's text).
    for (let limit = 1; limit <= NAMED_KEPT + 8; limit++) {
      expect(ids(await list({ limit })), `limit ${limit}`).toEqual(newest.slice(0, limit));
    }
    // And the first shapes once more, after the later ones went unnamed.
    for (const limit of [1, 2, 3]) expect(ids(await list({ limit }))).toEqual(newest.slice(0, limit));
  });

  it('answer share/get for the contract asked, one after the other on the same shape', async () => {
    const rows = await t.query<{ contract_number: string; id: string }>(sql`select contract_number, id from shares order by contract_number limit 12`);
    for (const row of rows) {
      const share = expectOk<{ shareId: string; contractNumber: string }>(await t.get(`/api/share/get?contractNumber=${row.contract_number}`));
      expect([share.shareId, share.contractNumber]).toEqual([row.id, row.contract_number]);
    }
  });
});
