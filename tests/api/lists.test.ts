/**
 * GET /player/list, /fund/list and /user/list behave like the share lists: a JSON `filters` with an
 * accent-insensitive search (unknown keys are a 400), a sort, and the user list's SPEC ?profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundItem, ListResponse, PlayerItem, UserItem } from '../../src/domain/shareList';
import { foldSearchText } from '../../src/domain/search';
import { DEMO_USERS } from '../../server/db/seed/reference';
import { type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ shares: 20 });
});
afterAll(async () => {
  await t?.close();
});

type Params = Parameters<typeof listUrl>[1] & { profile?: string };
const url = (path: string, { profile, ...params }: Params = {}) => {
  const u = listUrl(path, { limit: 100, ...params });
  return profile ? `${u}${u.includes('?') ? '&' : '?'}profile=${profile}` : u;
};
const players = async (p: Params = {}) => expectOk<ListResponse<PlayerItem>>(await t.get(url('/player/list', p)));
const funds = async (p: Params = {}) => expectOk<ListResponse<FundItem>>(await t.get(url('/fund/list', p)));
const users = async (p: Params = {}) => expectOk<ListResponse<UserItem>>(await t.get(url('/user/list', p)));
const names = (r: { data: { name: string }[] }) => r.data.map((x) => x.name);
const byFolded = (a: string, b: string) => (foldSearchText(a) < foldSearchText(b) ? -1 : 1);

describe('search', () => {
  it('finds players by name without accents or case, and by document with or without its mask', async () => {
    expect(names(await players({ filters: { search: 'RECEBIVEIS' } })).sort()).toEqual(['Alfa Recebíveis Consórcio II', 'Beta Recebíveis Imobiliários']);
    expect((await players({ filters: { search: 'recebíveis imob' } })).total).toBe(1);
    const [first] = (await players({ filters: { search: 'Alfa Crédito' } })).data;
    const digits = first.document.replace(/\D/g, '');
    const masked = digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    for (const q of [digits, masked, digits.slice(0, 8)]) expect(names(await players({ filters: { search: q } })), q).toContain(first.name);
    expect((await players({ filters: { search: 'nobody at all' } })).total).toBe(0);
  });

  it('filters players by enabled', async () => {
    const disabled = await players({ filters: { enabled: false } });
    expect(names(disabled)).toEqual(['Horizonte Investimentos']);
    const enabled = await players({ filters: { enabled: true } });
    expect(enabled.data.every((p) => p.enabled)).toBe(true);
    expect(enabled.total + disabled.total).toBe((await players()).total);
  });

  it('finds funds by name and CNPJ', async () => {
    expect(names(await funds({ filters: { search: 'beta' } }))).toEqual(['Fundo Beta FIDC']);
    const alfa = (await funds({ filters: { search: 'alfa' } })).data[0];
    expect(names(await funds({ filters: { search: alfa.cnpj.replace(/\D/g, '') } }))).toEqual(['Fundo Alfa FIDC']);
  });

  it('finds users by name (accents folded) and by e-mail, together with ?profile', async () => {
    expect(names(await users({ filters: { search: 'olivia' } }))).toEqual(['Olívia Operadora']);
    expect(names(await users({ filters: { search: 'OTÁVIO' } }))).toEqual(['Otávio Oliveira']);
    const acme = await users({ filters: { search: '@acme.repasse' } });
    expect(acme.data.map((u) => u.email).sort()).toEqual(['adm@acme.repasse.dev', 'restrito@acme.repasse.dev']);
    expect((await users({ filters: { search: 'repasse.dev' }, profile: 'fund' })).data.map((u) => u.email).sort()).toEqual(['fundo.beta@repasse.dev', 'fundo@repasse.dev']);
    expect((await users({ filters: { search: 'acme' }, profile: 'operator' })).total).toBe(0);
    // An empty search is no filter.
    expect((await users({ filters: { search: '  ' } })).total).toBe(DEMO_USERS.length);
  });
});

describe('sort', () => {
  it('orders by name A to Z by default, Z to A on request, accents folded', async () => {
    const all = DEMO_USERS.map((u) => u.name).sort(byFolded);
    expect(names(await users())).toEqual(all);
    expect(names(await users({ sort: 'name', order: 'desc' }))).toEqual([...all].reverse());
    const p = names(await players());
    expect(p).toEqual([...p].sort(byFolded));
    expect(names(await players({ order: 'desc' }))).toEqual([...p].reverse());
    expect(names(await funds({ order: 'desc' }))).toEqual(['Fundo Beta FIDC', 'Fundo Alfa FIDC']);
  });

  it('orders users by e-mail and by last access, never-accessed last', async () => {
    const byEmail = (await users({ sort: 'email' })).data.map((u) => u.email);
    expect(byEmail).toEqual([...byEmail].sort());
    for (const order of ['asc', 'desc'] as const) {
      const rows = (await users({ sort: 'lastAccess', order })).data;
      const times = rows.filter((u) => u.lastAccess).map((u) => Date.parse(u.lastAccess!));
      expect(times).toEqual([...times].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      expect(rows.at(-1)?.lastAccess).toBeNull();
    }
  });

  it('pages keep the order', async () => {
    const all = (await users()).data.map((u) => u.userId);
    const page2 = expectOk<ListResponse<UserItem>>(await t.get(listUrl('/user/list', { page: 2, limit: 5 })));
    expect(page2.data.map((u) => u.userId)).toEqual(all.slice(5, 10));
  });
});

describe('bad input', () => {
  it('refuses unknown filter keys, bad values, bad sorts and bad JSON with 400', async () => {
    const body = expectError(await t.get(url('/player/list', { filters: { name: 'x' } })), 400, 'Invalid filter: name');
    expect(body.errors).toEqual({ 'filters.name': expect.stringMatching(/^unknown filter/) });
    expectError(await t.get(url('/fund/list', { filters: { enabled: true } })), 400, 'Invalid filter: enabled');
    // The share lists' `q` is not these lists' key.
    expectError(await t.get(url('/user/list', { filters: { q: 'olivia' } })), 400, 'Invalid filter: q');
    expectError(await t.get(url('/user/list', { filters: { profile: 'adm' } })), 400, 'Invalid filter: profile');
    expectError(await t.get(url('/player/list', { filters: { enabled: 'yes' } })), 400, 'Invalid filter: enabled');
    expectError(await t.get(url('/user/list', { filters: { search: 'x'.repeat(101) } })), 400, 'Invalid filter: search');
    expectError(await t.get(url('/user/list', { filters: { search: 3 } })), 400, 'Invalid filter: search');
    expectError(await t.get('/api/player/list?filters=%7Bnope'), 400, 'Invalid filters');
    expectError(await t.get('/api/fund/list?filters=%5B%5D'), 400, 'Invalid filters');
    expectError(await t.get(url('/user/list', { sort: 'password' })), 400, /^Invalid query: sort must be one of/);
    expectError(await t.get(url('/fund/list', { order: 'up' })), 400, /^Invalid query: order must be one of/);
    expectError(await t.get(url('/user/list', { profile: 'boss' })), 400, /^Invalid query: profile must be one of/);
  });

  it('keeps each list to its permission', async () => {
    expectError(await t.get(url('/player/list', { filters: { search: 'a' } }), USERS.acme), 403, 'Permission denied');
    expectError(await t.get(url('/user/list', { filters: { search: 'a' } }), USERS.fund), 403, 'Permission denied');
    expect((await t.get(url('/fund/list', { filters: { search: 'alfa' } }), USERS.acme)).statusCode).toBe(200);
  });
});

describe('page numbers', () => {
  it.each(['/player/list', '/fund/list', '/user/list', '/player/list_files', '/auction/list'])('%s refuses an absurd page with a 400, never a 500', async (path) => {
    for (const page of ['1e300', '99999999999999999999', '1000001']) {
      expectError(await t.get(`/api${path}?page=${page}`, USERS.operator), 400, /^Invalid query: page must be/);
    }
  });
});
