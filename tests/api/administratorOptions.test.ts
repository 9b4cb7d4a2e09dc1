/**
 * GET /share/administrator_options (issue 13): the Administradora filter's options are exactly the
 * administrators the user's shares may be of — every one for an operator, its own for an
 * administrator, those it holds shares of for a fund — searched by name.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdministratorOption, ListResponse } from '../../src/domain/shareList';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
/** An administrator whose only share belongs to fund 2 (the Beta fund). */
let omega: number;

const options = async (as: string, params: Record<string, string> = {}) =>
  expectOk<ListResponse<AdministratorOption>>(await t.get(`/api/share/administrator_options?${new URLSearchParams({ limit: '100', ...params })}`, as));
const ids = (res: ListResponse<AdministratorOption>) => res.data.map((o) => o.admId).sort((a, b) => a - b);
const heldBy = async (fundId: number) =>
  (await t.query<{ id: number }>(sql`select distinct adm_id as id from shares where fund_id = ${fundId} order by 1`)).map((r) => Number(r.id));

beforeAll(async () => {
  t = await createTestApp({ shares: 120 });
  [{ id: omega }] = await t.query<{ id: number }>(sql`insert into administrators (name, cnpj) values ('Ômega Consórcios', '11222333000181') returning id`);
  await t.query(sql`update shares set adm_id = ${omega} where id = (select id from shares where fund_id = 2 order by id limit 1)`);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /share/administrator_options', () => {
  it('gives an operator every administrator, by name, as { data: [{ admId, name }], total }', async () => {
    const res = await options(USERS.operator);
    const all = await t.query<{ id: number; name: string }>(sql`select id, name from administrators`);
    expect(ids(res)).toEqual(all.map((a) => Number(a.id)).sort((a, b) => a - b));
    expect(res.total).toBe(all.length);
    // Accents do not push a name to the end: Ômega and Órbita sort among the O's.
    expect(res.data.map((o) => o.name)).toEqual(['Acme Consórcios', 'Ômega Consórcios', 'Órbita Consórcios', 'Vértice Consórcios']);
    expect(Object.keys(res.data[0]).sort()).toEqual(['admId', 'name']);
  });

  it.each([
    [USERS.acme, 1],
    [USERS.orbita, 2],
    [USERS.vertice, 3],
  ])('gives the administrator %s only its own', async (email, admId) => {
    const res = await options(email);
    expect(ids(res)).toEqual([admId]);
    expect(res.total).toBe(1);
  });

  it.each([
    [USERS.fund, 1],
    [USERS.fundBeta, 2],
  ])('gives the fund %s exactly the administrators of the shares it holds', async (email, fundId) => {
    const held = await heldBy(fundId);
    const res = await options(email);
    expect(ids(res)).toEqual(held);
    expect(res.total).toBe(held.length);
  });

  it('never gives a fund an administrator it holds no share of', async () => {
    expect(await heldBy(1)).not.toContain(omega);
    expect(ids(await options(USERS.fund))).not.toContain(omega);
    expect(ids(await options(USERS.fundBeta))).toContain(omega);
    expect(await options(USERS.fund, { q: 'omega' })).toMatchObject({ data: [], total: 0 });
  });

  it('searches by part of the name, accents and capitals ignored', async () => {
    expect((await options(USERS.operator, { q: 'ORBITA' })).data).toEqual([{ admId: 2, name: expect.stringMatching(/^Órbita/) }]);
    expect((await options(USERS.operator, { q: ' consórcios ' })).total).toBeGreaterThanOrEqual(3);
    expect((await options(USERS.fundBeta, { q: 'ômega' })).data).toEqual([{ admId: omega, name: 'Ômega Consórcios' }]);
    // A search does not widen the scope.
    expect((await options(USERS.acme, { q: 'orbita' })).data).toEqual([]);
    // `%` and `_` are text, not patterns.
    expect((await options(USERS.operator, { q: '%' })).data).toEqual([]);
  });

  it('pages, and refuses a search longer than the lists take', async () => {
    const first = await options(USERS.operator, { limit: '1' });
    const second = await options(USERS.operator, { limit: '1', page: '2' });
    expect(first.data).toHaveLength(1);
    expect(second.data[0].admId).not.toBe(first.data[0].admId);
    expect(first.total).toBe(second.total);
    expectError(await t.get(`/api/share/administrator_options?q=${'a'.repeat(101)}`, USERS.operator), 400);
  });
});
