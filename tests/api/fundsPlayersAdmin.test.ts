/**
 * Fund and player management (issue 11): get, create, update, disable and enable — operators only,
 * CNPJ/CPF validated and stored unmasked, a player's fund checked, every write audited, and the
 * lists showing `enabled`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundListItem, ManagedFund, ManagedPlayer } from '../../src/domain/management';
import type { ListResponse } from '../../src/domain/shareList';
import { USERS, createTestApp, listUrl, type TestApp } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ shares: 0 });
});
afterAll(async () => t?.close());

const post = async (as: string, path: string, payload: object) =>
  t.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${await t.token(as)}` }, payload });
const auditOf = (type: string, objectId: number) =>
  t.query<{ user_id: string; action: string; adm_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    sql`select user_id, action, adm_id, before, after from audit_log where object_type = ${type} and object_id = ${String(objectId)} order by id`,
  );
const operatorId = async () => (await t.query<{ id: string }>(sql`select id from users where email = ${USERS.operator}`))[0].id;

describe('funds', () => {
  it('create, get, update, disable and enable, each audited; the CNPJ is stored unmasked', async () => {
    const created = expectOk<ManagedFund>(await post(USERS.operator, '/fund/create', { name: ' Fundo Gama FIDC ', cnpj: '11.222.333/0001-81' }));
    expect(created).toMatchObject({ name: 'Fundo Gama FIDC', cnpj: '11222333000181', enabled: true });
    expect(expectOk<ManagedFund>(await t.get(`/api/fund/get?fundId=${created.fundId}`))).toEqual(created);
    const updated = expectOk<ManagedFund>(await post(USERS.operator, '/fund/update', { fundId: created.fundId, name: 'Fundo Gama II' }));
    expect(updated).toMatchObject({ name: 'Fundo Gama II', cnpj: '11222333000181' });
    expect(expectOk<ManagedFund>(await post(USERS.operator, '/fund/disable', { fundId: created.fundId })).enabled).toBe(false);
    const list = expectOk<ListResponse<FundListItem>>(await t.get(listUrl('/fund/list', { filters: { search: 'gama' } })));
    expect(list.data).toEqual([{ fundId: created.fundId, name: 'Fundo Gama II', cnpj: '11222333000181', enabled: false }]);
    expect(expectOk<ManagedFund>(await post(USERS.operator, '/fund/enable', { fundId: created.fundId })).enabled).toBe(true);
    const audit = await auditOf('fund', created.fundId);
    expect(audit.map((a) => a.action)).toEqual(['fund.create', 'fund.update', 'fund.disable', 'fund.enable']);
    expect(audit.every((a) => a.user_id === audit[0].user_id && a.adm_id === null)).toBe(true);
    expect(audit[0].user_id).toBe(await operatorId());
    expect(audit[1]).toMatchObject({ before: { name: 'Fundo Gama FIDC' }, after: { name: 'Fundo Gama II' } });
  });

  it('refuses bad input on its field', async () => {
    expect(expectError(await post(USERS.operator, '/fund/create', { name: 'X', cnpj: '11.222.333/0001-82' }), 400).errors?.cnpj).toBe('Invalid cnpj');
    expect(expectError(await post(USERS.operator, '/fund/create', { name: '', cnpj: '11.222.333/0001-81' }), 400).errors?.name).toBe('name is required');
    const [seeded] = await t.query<{ cnpj: string }>(sql`select cnpj from funds where id = 1`);
    expect(expectError(await post(USERS.operator, '/fund/create', { name: 'Cópia', cnpj: seeded.cnpj }), 400).errors?.cnpj).toMatch(/another fund/);
    expect(expectError(await post(USERS.operator, '/fund/update', { fundId: 2, cnpj: seeded.cnpj }), 400).errors?.cnpj).toMatch(/another fund/);
    expectError(await post(USERS.operator, '/fund/create', { name: 'X' }), 400, 'cnpj is required');
    expectError(await t.get('/api/fund/get?fundId=999'), 404, 'Fund not found');
    expectError(await post(USERS.operator, '/fund/disable', { fundId: 999 }), 404, 'Fund not found');
  });

  it('is for operators only; administrators still list funds', async () => {
    for (const as of [USERS.acme, USERS.fund]) {
      expectError(await t.get('/api/fund/get?fundId=1', as), 403, 'Permission denied');
      expectError(await post(as, '/fund/create', { name: 'X', cnpj: '11.222.333/0001-81' }), 403, 'Permission denied');
      expectError(await post(as, '/fund/update', { fundId: 1, name: 'X' }), 403, 'Permission denied');
      expectError(await post(as, '/fund/disable', { fundId: 1 }), 403, 'Permission denied');
      expectError(await post(as, '/fund/enable', { fundId: 1 }), 403, 'Permission denied');
    }
    expect(expectOk<ListResponse<FundListItem>>(await t.get('/api/fund/list', USERS.acme)).data.every((f) => typeof f.enabled === 'boolean')).toBe(true);
  });
});

describe('players', () => {
  it('create, get, update, disable and enable, each audited; CPF and CNPJ stored unmasked', async () => {
    const p = expectOk<ManagedPlayer>(await post(USERS.operator, '/player/create', { name: 'Investidora Pessoa Física', document: '529.982.247-25' }));
    expect(p).toMatchObject({ document: '52998224725', fundId: null, enabled: true });
    expect(expectOk<ManagedPlayer>(await t.get(`/api/player/get?playerId=${p.playerId}`))).toEqual(p);
    const withFund = expectOk<ManagedPlayer>(await post(USERS.operator, '/player/update', { playerId: p.playerId, document: '11.222.333/0001-81', fundId: 1 }));
    expect(withFund).toMatchObject({ document: '11222333000181', fundId: 1 });
    expect(expectOk<ManagedPlayer>(await post(USERS.operator, '/player/update', { playerId: p.playerId, fundId: null })).fundId).toBeNull();
    expect(expectOk<ManagedPlayer>(await post(USERS.operator, '/player/disable', { playerId: p.playerId })).enabled).toBe(false);
    const list = expectOk<ListResponse<{ playerId: number; enabled: boolean }>>(await t.get(listUrl('/player/list', { filters: { enabled: false }, limit: 100 })));
    expect(list.data.some((x) => x.playerId === p.playerId)).toBe(true);
    expect(expectOk<ManagedPlayer>(await post(USERS.operator, '/player/enable', { playerId: p.playerId })).enabled).toBe(true);
    const audit = await auditOf('player', p.playerId);
    expect(audit.map((a) => a.action)).toEqual(['player.create', 'player.update', 'player.update', 'player.disable', 'player.enable']);
    expect(audit[1]).toMatchObject({ before: { document: '52998224725', fundId: null }, after: { document: '11222333000181', fundId: 1 } });
  });

  it('refuses bad input on its field; a disabled fund takes no new player, one already linked stays', async () => {
    expect(expectError(await post(USERS.operator, '/player/create', { name: 'X', document: '123' }), 400).errors?.document).toMatch(/CPF or CNPJ/);
    expect(expectError(await post(USERS.operator, '/player/create', { name: 'X', document: '52998224725', fundId: 999 }), 400).errors?.fundId).toMatch(/fund not found/);
    expect(expectError(await post(USERS.operator, '/player/create', { name: ' ', document: '52998224725' }), 400).errors?.name).toBe('name is required');
    expectError(await t.get('/api/player/get?playerId=999'), 404, 'Player not found');
    expectError(await post(USERS.operator, '/player/update', { playerId: 999, name: 'X' }), 404, 'Player not found');

    expectOk(await post(USERS.operator, '/fund/disable', { fundId: 2 }));
    try {
      expect(expectError(await post(USERS.operator, '/player/create', { name: 'X', document: '52998224725', fundId: 2 }), 400).errors?.fundId).toMatch(/disabled/);
      // Player 3 belongs to fund 2 and may still be edited.
      expectOk(await post(USERS.operator, '/player/update', { playerId: 3, name: 'Beta Multicotas', fundId: 2 }));
    } finally {
      expectOk(await post(USERS.operator, '/fund/enable', { fundId: 2 }));
    }
  });

  it('is for operators only', async () => {
    for (const as of [USERS.acme, USERS.fund]) {
      expectError(await t.get('/api/player/get?playerId=1', as), 403, 'Permission denied');
      expectError(await post(as, '/player/create', { name: 'X', document: '52998224725' }), 403, 'Permission denied');
      expectError(await post(as, '/player/update', { playerId: 1, name: 'X' }), 403, 'Permission denied');
      expectError(await post(as, '/player/disable', { playerId: 1 }), 403, 'Permission denied');
      expectError(await post(as, '/player/enable', { playerId: 1 }), 403, 'Permission denied');
    }
  });
});
