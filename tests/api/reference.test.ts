/**
 * White label, administrator settings, health and the reference lists (users, funds, players).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import type { FundItem, ListResponse, PlayerItem, UserItem } from '../../src/domain/shareList';
import type { WhiteLabelConfig } from '../../src/domain/whiteLabel';
import { cnpjDigits } from '../../src/domain/whiteLabel';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ shares: 20 });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /white_label/get (no token needed)', () => {
  it.each([
    ['labelId=acme', 1, 'acme'],
    ['labelId=ORBITA', 2, 'orbita'],
    ['admId=1', 1, 'acme'],
    ['admId=2', 2, 'orbita'],
    ['admId=2&labelId=orbita', 2, 'orbita'],
  ])('finds the brand by %s', async (qs, admId, labelId) => {
    const wl = expectOk<WhiteLabelConfig>(await t.get(`/api/white_label/get?${qs}`, null));
    expect(Object.keys(wl).sort()).toEqual(['admId', 'admIdByCnpj', 'cnpj', 'colors', 'configs', 'favicon', 'labelId', 'name']);
    expect(wl).toMatchObject({ admId, labelId, configs: { allowMultiprices: expect.any(Boolean), displayDocumentsInBackoffice: expect.any(Boolean) } });
    expect(wl.admIdByCnpj).toBe(cnpjDigits(wl.cnpj));
    expect(wl.colors.primary).toMatch(/^#[0-9A-Fa-f]{6}$/);
  });

  it.each(['labelId=nope', 'admId=3', 'admId=999', 'admId=1&labelId=orbita'])('404s an unknown brand: %s', async (qs) => {
    expectError(await t.get(`/api/white_label/get?${qs}`, null), 404, 'White label not found');
  });

  it('needs admId or labelId, well formed', async () => {
    expectError(await t.get('/api/white_label/get', null), 400, 'admId or labelId is required');
    expectError(await t.get('/api/white_label/get?admId=abc', null), 400, /^Invalid query: admId/);
    expectError(await t.get('/api/white_label/get?labelId=a.b', null), 400, /^Invalid query: labelId/);
  });
});

describe('GET /adm_config/get', () => {
  it('answers admConfig.dynamo_adm.allowMultiprices', async () => {
    expect(expectOk(await t.get('/api/adm_config/get?admId=2'))).toEqual({ admConfig: { dynamo_adm: { allowMultiprices: true } } });
    expect(expectOk(await t.get('/api/adm_config/get?admId=1', USERS.acme))).toEqual({ admConfig: { dynamo_adm: { allowMultiprices: false } } });
  });

  it("404s another administrator's settings for an administrator, and a missing one for anybody", async () => {
    expectError(await t.get('/api/adm_config/get?admId=2', USERS.acme), 404, 'Administrator not found');
    expectError(await t.get('/api/adm_config/get?admId=99'), 404, 'Administrator not found');
    expectError(await t.get('/api/adm_config/get'), 400, 'admId is required');
    expectError(await t.get('/api/adm_config/get?admId=1', null), 401, 'Unauthorized');
  });
});

describe('GET /health', () => {
  it('answers ok without a token', async () => {
    expect(expectOk(await t.get('/api/health', null))).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('reference lists', () => {
  it('GET /user/list lists users for an operator, by profile too', async () => {
    const all = expectOk<ListResponse<UserItem>>(await t.get('/api/user/list?limit=100'));
    expect(all.total).toBe(DEMO_USERS.length);
    expect(all.data[0]).toEqual({
      userId: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      profile: expect.any(String),
      admId: expect.toBeOneOf([null, expect.any(Number)]),
      fundId: expect.toBeOneOf([null, expect.any(Number)]),
      lastAccess: expect.toBeOneOf([null, expect.any(String)]),
      enabled: true,
    });
    expect(JSON.stringify(all)).not.toMatch(/password|scrypt/i);
    const adms = expectOk<ListResponse<UserItem>>(await t.get('/api/user/list?profile=adm'));
    expect(adms.total).toBe(DEMO_USERS.filter((u) => u.profiles[0] === 'adm').length);
    expect(adms.data.every((u) => u.profile === 'adm')).toBe(true);
    const page2 = expectOk<ListResponse<UserItem>>(await t.get('/api/user/list?page=2&limit=5'));
    expect(page2.data.map((u) => u.email)).toEqual(all.data.slice(5, 10).map((u) => u.email));
    expectError(await t.get('/api/user/list?profile=boss'), 400, /^Invalid query: profile must be one of/);
    // Issue 11: an administrator lists its own brand's users only (userAdmin.test.ts); a fund none.
    const acme = expectOk<ListResponse<UserItem>>(await t.get('/api/user/list', USERS.acme));
    expect(acme.data.every((u) => u.admId === 1)).toBe(true);
    expectError(await t.get('/api/user/list', USERS.fund), 403, 'Permission denied');
  });

  it('GET /fund/list answers the list shape to staff', async () => {
    const funds = expectOk<ListResponse<FundItem>>(await t.get('/api/fund/list', USERS.acme));
    expect(funds).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(funds.data.map((f) => f.fundId).sort()).toEqual([1, 2]);
    expect(funds.data[0]).toEqual({ fundId: expect.any(Number), name: expect.any(String), cnpj: expect.any(String), enabled: true });
    expectError(await t.get('/api/fund/list', USERS.fund), 403, 'Permission denied');
  });

  it('GET /player/list answers the list shape to operators', async () => {
    const players = expectOk<ListResponse<PlayerItem>>(await t.get('/api/player/list?limit=4'));
    expect(players.total).toBeGreaterThanOrEqual(6);
    expect(players.data).toHaveLength(4);
    expect(players.data[0]).toEqual({ playerId: expect.any(Number), name: expect.any(String), document: expect.any(String), enabled: expect.any(Boolean) });
    expectError(await t.get('/api/player/list', USERS.acme), 403, 'Permission denied');
  });
});
