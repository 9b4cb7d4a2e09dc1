/**
 * Tenant scoping (DESIGN §4): an administrator never receives another administrator's share and a
 * fund only its own fund's, in every list and by contract number. Operators see everything.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, ShareListItem } from '../../src/domain/shareList';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
const LISTS = ['/share/list', '/share/transfer_list', '/share/canceled_list'] as const;

const all = async (as: string, path: string, filters?: object) => {
  const out: ShareListItem[] = [];
  for (let page = 1; ; page++) {
    const res = expectOk<ListResponse<ShareListItem>>(await t.get(listUrl(path, { page, limit: 100, filters }), as));
    out.push(...res.data);
    if (res.data.length < 100) {
      expect(out).toHaveLength(res.total);
      return out;
    }
  }
};
const contractOf = async (where: ReturnType<typeof sql>) =>
  (await t.query<{ contract_number: string }>(sql`select contract_number from shares where ${where} order by contract_number limit 1`))[0].contract_number;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe.each([
  ['Acme', USERS.acme, 1],
  ['Órbita', USERS.orbita, 2],
  ['Vértice', USERS.vertice, 3],
])('an administrator of %s', (_name, email, admId) => {
  it.each(LISTS)('sees only its own shares in %s', async (path) => {
    const rows = await all(email, path);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.admId === admId)).toBe(true);
  });

  it('cannot widen its scope with the admId filter or a search', async () => {
    const other = admId === 1 ? 2 : 1;
    expect(await all(email, '/share/list', { admId: other })).toEqual([]);
    const foreign = await contractOf(sql`adm_id = ${other}`);
    expect(await all(email, '/share/list', { q: foreign })).toEqual([]);
    for (const state of SHARE_STATES) expect((await all(email, '/share/list', { state: [state] })).every((r) => r.admId === admId)).toBe(true);
  });

  it("gets its own share and 404s another administrator's exactly like a missing one", async () => {
    const own = await contractOf(sql`adm_id = ${admId}`);
    expect(expectOk<ShareListItem>(await t.get(`/api/share/get?contractNumber=${own}`, email)).admId).toBe(admId);
    expectOk(await t.get(`/api/share/status_get?contractNumber=${own}`, email));
    for (const other of [1, 2, 3].filter((a) => a !== admId)) {
      const foreign = await contractOf(sql`adm_id = ${other}`);
      for (const path of ['/api/share/get', '/api/share/status_get']) {
        const hidden = await t.get(`${path}?contractNumber=${foreign}`, email);
        const missing = await t.get(`${path}?contractNumber=XXX-9999999`, email);
        expectError(hidden, 404, 'Share not found');
        expect(hidden.body).toBe(missing.body);
      }
    }
  });
});

describe('a fund', () => {
  it.each([
    [USERS.fund, 1],
    [USERS.fundBeta, 2],
  ])('%s sees only the shares of its fund, in the lists it may open', async (email, fundId) => {
    for (const path of ['/share/list', '/share/transfer_list']) {
      const rows = await all(email, path);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.fundId === fundId)).toBe(true);
      const [{ n }] = await t.query<{ n: number }>(
        path === '/share/list'
          ? sql`select count(*)::int as n from shares where fund_id = ${fundId}`
          : sql`select count(*)::int as n from shares where fund_id = ${fundId} and state in ('received_from_client', 'approved_by_adm')`,
      );
      expect(rows).toHaveLength(n);
    }
    // The matrix gives funds no canceled list.
    expectError(await t.get('/api/share/canceled_list', email), 403, 'Permission denied');
  });

  it("404s a share of another fund or of no fund", async () => {
    const own = await contractOf(sql`fund_id = 1`);
    expectOk(await t.get(`/api/share/get?contractNumber=${own}`, USERS.fund));
    expectError(await t.get(`/api/share/get?contractNumber=${await contractOf(sql`fund_id = 2`)}`, USERS.fund), 404, 'Share not found');
    expectError(await t.get(`/api/share/status_get?contractNumber=${await contractOf(sql`fund_id is null`)}`, USERS.fund), 404, 'Share not found');
  });
});

describe('an operator', () => {
  it.each(LISTS)('sees every share in %s', async (path) => {
    const rows = await all(USERS.operator, path);
    const where =
      path === '/share/list' ? sql`true` : path === '/share/transfer_list' ? sql`state in ('received_from_client', 'approved_by_adm')` : sql`canceled_at is not null`;
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from shares where ${where}`);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.admId)).size).toBeGreaterThan(1);
  });
});

describe('GET /share/get and /share/status_get', () => {
  it('answers the list fields plus state flags, codes, credit, previous state and history', async () => {
    const [row] = await t.query<{ contract_number: string; id: string }>(
      sql`select s.contract_number, s.id from shares s where exists (select 1 from process_status_history h where h.share_id = s.id and h.state = 'sent_to_fastin') limit 1`,
    );
    const share = expectOk<Record<string, unknown>>(await t.get(`/api/share/get?contractNumber=${row.contract_number}`));
    const listed = (await all(USERS.operator, '/share/list', { q: row.contract_number }))[0];
    expect(share).toMatchObject({ ...listed, sentToPartner: true });
    const flags = share.stateFlags as Record<string, boolean>;
    expect(Object.keys(flags).sort()).toEqual([...SHARE_STATES].sort());
    expect(Object.entries(flags).filter(([, v]) => v)).toEqual([[share.state, true]]);
    expect(share).toHaveProperty('groupCode');
    expect(share).toHaveProperty('quotaCode');
    expect(typeof share.creditValue === 'number' || share.creditValue === null).toBe(true);
    expect(share).toHaveProperty('previousState');
    const history = share.history as { step: number; state: string; at: string }[];
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from process_status_history where share_id = ${row.id}`);
    expect(history).toHaveLength(n);
    expect(history.map((h) => h.at)).toEqual([...history.map((h) => h.at)].sort());
    // Each entry as stored, its time in the ISO form every other date of the API has (UTC, milliseconds).
    const stored = await t.query<{ step: number; state: string; at: Date }>(sql`select step, state, at from process_status_history where share_id = ${row.id} order by at, id`);
    expect(history).toEqual(stored.map((h) => ({ step: h.step, state: h.state, at: new Date(h.at).toISOString() })));

    const status = expectOk<{ step: number; history: unknown[]; sentToPartner: boolean }>(await t.get(`/api/share/status_get?contractNumber=${row.contract_number}`));
    expect(status).toEqual({ step: share.processStep, history, sentToPartner: true });
  });

  it('needs a contract number', async () => {
    expectError(await t.get('/api/share/get'), 400, 'contractNumber is required');
    expectError(await t.get('/api/share/status_get?contractNumber='), 400, /^Invalid query: contractNumber/);
  });
});
