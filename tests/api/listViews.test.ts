/**
 * Saved views and the column chooser (issue 18): create, list, get, rename, replace and delete a
 * view; each user reads and changes only its own (another's answers 404, whatever the profile or
 * brand); names, states and columns validated on their fields; views kept only for lists the user
 * may open; a bounded count per user; the columns a list hides, per user.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListColumns, type ListView, VIEW_LIMITS, VIEW_MESSAGES } from '../../src/domain/listViews';
import type { ListResponse } from '../../src/domain/shareList';
import { USERS, createTestApp, type TestApp } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ shares: 0 });
});
afterAll(async () => t?.close());

const post = async (as: string, path: string, payload: object) =>
  t.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${await t.token(as)}` }, payload });
const views = async (as: string, list?: string) => expectOk<ListResponse<ListView>>(await t.get(`/api/view/list${list ? `?list=${list}` : ''}`, as));
const create = (as: string, body: object) => post(as, '/view/create', body);

const STATE = 'pageSize=50&sorters[0][field]=updatedAt&sorters[0][order]=desc&filters[0][field]=state&filters[0][operator]=in&filters[0][value][0]=with_pendency';
const STORED = new URLSearchParams(STATE).toString();

describe('a user’s views', () => {
  it('create, list, get, rename, replace the state and columns, delete', async () => {
    const created = expectOk<ListView>(await create(USERS.operator, { list: 'shares', name: '  Minhas   pendências ', state: STORED, hiddenColumns: ['ownerDocument', 'ownerDocument'] }));
    expect(created).toMatchObject({ list: 'shares', name: 'Minhas pendências', state: STORED, hiddenColumns: ['ownerDocument'] });
    expect(expectOk<ListView>(await t.get(`/api/view/get?viewId=${created.viewId}`))).toEqual(created);

    const other = expectOk<ListView>(await create(USERS.operator, { list: 'users', name: 'Administradores' }));
    expect(other).toMatchObject({ state: '', hiddenColumns: [] });
    expect((await views(USERS.operator, 'shares')).data.map((v) => v.name)).toEqual(['Minhas pendências']);
    const all = await views(USERS.operator);
    expect(all.total).toBe(2);
    expect(all.data.map((v) => v.list)).toEqual(['shares', 'users']);

    const renamed = expectOk<ListView>(await post(USERS.operator, '/view/update', { viewId: created.viewId, name: 'Pendências antigas' }));
    expect(renamed).toMatchObject({ name: 'Pendências antigas', state: STORED, hiddenColumns: ['ownerDocument'] });
    const replaced = expectOk<ListView>(await post(USERS.operator, '/view/update', { viewId: created.viewId, state: 'pageSize=100', hiddenColumns: [] }));
    expect(replaced).toMatchObject({ name: 'Pendências antigas', state: 'pageSize=100', hiddenColumns: [] });
    expect(Date.parse(replaced.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    expect(expectOk(await post(USERS.operator, '/view/delete', { viewId: created.viewId }))).toEqual({ viewId: created.viewId });
    expectError(await t.get(`/api/view/get?viewId=${created.viewId}`), 404, VIEW_MESSAGES.notFound);
    expectError(await post(USERS.operator, '/view/delete', { viewId: created.viewId }), 404, VIEW_MESSAGES.notFound);
    expect((await views(USERS.operator)).data.map((v) => v.name)).toEqual(['Administradores']);
  });

  it('names are unique per user and list, capitals and accents aside, answered on the name field', async () => {
    const first = expectOk<ListView>(await create(USERS.acme, { list: 'shares', name: 'Pendências' }));
    const taken = expectError(await create(USERS.acme, { list: 'shares', name: 'PENDENCIAS' }), 400, VIEW_MESSAGES.nameTaken);
    expect(taken.errors).toEqual({ name: VIEW_MESSAGES.nameTaken });
    // The same name on another list, or another user's list, is another view.
    expectOk(await create(USERS.acme, { list: 'transfers', name: 'Pendências' }));
    expectOk(await create(USERS.orbita, { list: 'shares', name: 'Pendências' }));
    const second = expectOk<ListView>(await create(USERS.acme, { list: 'shares', name: 'Outra' }));
    expect(expectError(await post(USERS.acme, '/view/update', { viewId: second.viewId, name: 'pendências' }), 400).errors).toEqual({ name: VIEW_MESSAGES.nameTaken });
    // Renaming a view to its own name in other capitals is no clash.
    expect(expectOk<ListView>(await post(USERS.acme, '/view/update', { viewId: first.viewId, name: 'PENDÊNCIAS' })).name).toBe('PENDÊNCIAS');
  });

  it('refuses bad input on its field and keeps nothing of it', async () => {
    const before = (await views(USERS.fund)).total;
    expect(expectError(await create(USERS.fund, { list: 'shares', name: '   ' }), 400).errors).toEqual({ name: VIEW_MESSAGES.nameRequired });
    expect(expectError(await create(USERS.fund, { list: 'shares', name: 'x'.repeat(VIEW_LIMITS.nameMax + 1) }), 400).errors).toEqual({ name: VIEW_MESSAGES.nameTooLong });
    expectOk(await create(USERS.fund, { list: 'shares', name: 'é'.repeat(VIEW_LIMITS.nameMax) }));
    // A state that is not a list's query (or too long), columns that are not column keys (or too many).
    for (const state of ['currentPage=3', 'pageSize=20&evil=1', `pageSize=20&${'filters[0][value]=x&'.repeat(150)}`.slice(0, -1)]) {
      expect(expectError(await create(USERS.fund, { list: 'shares', name: 'Estado', state }), 400).errors).toEqual({ state: VIEW_MESSAGES.stateInvalid });
    }
    for (const hiddenColumns of [['<script>'], ['a b'], Array.from({ length: VIEW_LIMITS.hiddenColumnsMax + 1 }, (_, i) => `c${i}`)]) {
      expect(expectError(await create(USERS.fund, { list: 'shares', name: 'Colunas', hiddenColumns }), 400).errors).toEqual({ hiddenColumns: VIEW_MESSAGES.columnsInvalid });
    }
    // Every wrong field at once.
    expect(Object.keys(expectError(await create(USERS.fund, { list: 'shares', name: '', state: 'x=1', hiddenColumns: ['-'] }), 400).errors ?? {}).sort()).toEqual(['hiddenColumns', 'name', 'state']);
    expect(expectError(await create(USERS.fund, { list: 'nope', name: 'X' }), 400).errors).toEqual({ list: VIEW_MESSAGES.listInvalid });
    expectError(await create(USERS.fund, { list: 'shares' }), 400, /name/);
    expectError(await t.get('/api/view/get?viewId=not-a-uuid', USERS.fund), 400);
    expectError(await t.get('/api/view/list?list=toString', USERS.fund), 400, VIEW_MESSAGES.listInvalid);
    expect((await views(USERS.fund)).total).toBe(before + 1);
  });
});

describe('ownership and tenancy', () => {
  it('another user’s view answers 404 to every call, the operator’s and the same brand’s included', async () => {
    const mine = expectOk<ListView>(await create(USERS.acme, { list: 'shares', name: 'Só minha', state: 'pageSize=50' }));
    for (const as of [USERS.operator, USERS.orbita, USERS.restricted, USERS.fund]) {
      expectError(await t.get(`/api/view/get?viewId=${mine.viewId}`, as), 404, VIEW_MESSAGES.notFound);
      expectError(await post(as, '/view/update', { viewId: mine.viewId, name: 'Tomada' }), 404, VIEW_MESSAGES.notFound);
      expectError(await post(as, '/view/delete', { viewId: mine.viewId }), 404, VIEW_MESSAGES.notFound);
      expect((await views(as)).data.map((v) => v.viewId)).not.toContain(mine.viewId);
    }
    expect(expectOk<ListView>(await t.get(`/api/view/get?viewId=${mine.viewId}`, USERS.acme))).toEqual(mine);
  });

  it('keeps views only of lists the user may open', async () => {
    // A fund does not open the canceled shares nor the user list; an administrator not the players.
    expectError(await create(USERS.fund, { list: 'canceledShares', name: 'X' }), 403, 'Permission denied');
    expectError(await create(USERS.fund, { list: 'users', name: 'X' }), 403, 'Permission denied');
    expectError(await create(USERS.acme, { list: 'players', name: 'X' }), 403, 'Permission denied');
    expectError(await t.get('/api/view/list?list=players', USERS.acme), 403, 'Permission denied');
    expectError(await post(USERS.acme, '/view/columns_save', { list: 'administrators', hiddenColumns: [] }), 403, 'Permission denied');
  });

  it('a list the user lost the right to hides its views until the right comes back', async () => {
    const v = expectOk<ListView>(await create(USERS.restricted, { list: 'transfers', name: 'Transferências' }));
    const [{ denied }] = await t.query<{ denied: string[] }>(sql`select denied_permissions as denied from users where email = ${USERS.restricted}`);
    await t.query(sql`update users set denied_permissions = '{share.transfer_list}'::text[] where email = ${USERS.restricted}`);
    try {
      expect((await views(USERS.restricted)).data.map((x) => x.viewId)).not.toContain(v.viewId);
      expectError(await t.get(`/api/view/get?viewId=${v.viewId}`, USERS.restricted), 404, VIEW_MESSAGES.notFound);
    } finally {
      await t.query(sql`update users set denied_permissions = ${`{${denied.join(',')}}`}::text[] where email = ${USERS.restricted}`);
    }
    expect((await views(USERS.restricted)).data.map((x) => x.viewId)).toContain(v.viewId);
  });

  it('a denied view.own refuses every view call', async () => {
    await t.query(sql`update users set denied_permissions = '{view.own}'::text[] where email = ${USERS.vertice}`);
    expectError(await t.get('/api/view/list', USERS.vertice), 403, 'Permission denied');
    expectError(await create(USERS.vertice, { list: 'shares', name: 'X' }), 403, 'Permission denied');
    expectError(await t.get('/api/view/columns_list', USERS.vertice), 403, 'Permission denied');
  });

  it('needs a session', async () => {
    expectError(await t.get('/api/view/list', null), 401);
    expectError(await t.inject({ method: 'POST', url: '/api/view/create', payload: { list: 'shares', name: 'X' } }), 401);
  });
});

describe('limits', () => {
  it(`keeps at most ${VIEW_LIMITS.viewsPerUser} views per user, and says so on the name`, async () => {
    const [{ id }] = await t.query<{ id: string }>(sql`select id from users where email = ${USERS.fundBeta}`);
    // Straight into the table: a hundred calls would only repeat what the first one tests.
    await t.query(sql`insert into list_views (user_id, list, name, name_key)
      select ${id}::uuid, 'shares', 'Visão ' || n, 'visao ' || n from generate_series(1, ${VIEW_LIMITS.viewsPerUser - 1}) as n`);
    expectOk(await create(USERS.fundBeta, { list: 'transfers', name: 'A última' }));
    const over = expectError(await create(USERS.fundBeta, { list: 'transfers', name: 'Uma a mais' }), 400, VIEW_MESSAGES.tooMany);
    expect(over.errors).toEqual({ name: VIEW_MESSAGES.tooMany });
    // Pages of the user's own views reach every one.
    const page2 = expectOk<ListResponse<ListView>>(await t.get('/api/view/list?page=2&limit=60', USERS.fundBeta));
    expect(page2).toMatchObject({ total: VIEW_LIMITS.viewsPerUser, page: 2, limit: 60 });
    expect(page2.data).toHaveLength(VIEW_LIMITS.viewsPerUser - 60);
    // Deleting one makes room again.
    const [first] = (await views(USERS.fundBeta)).data;
    expectOk(await post(USERS.fundBeta, '/view/delete', { viewId: first.viewId }));
    expectOk(await create(USERS.fundBeta, { list: 'transfers', name: 'Uma a mais' }));
  });

  it('two saves of one name at once keep one view, the other told why', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create(USERS.orbita, { list: 'transfers', name: 'Ao mesmo tempo' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().errors).toEqual({ name: VIEW_MESSAGES.nameTaken });
  });
});

describe('the columns a list hides', () => {
  it('are kept per user and list, replaced on save, and an empty save shows every column', async () => {
    expect(expectOk<ListResponse<ListColumns>>(await t.get('/api/view/columns_list', USERS.operator)).data).toEqual([]);
    expect(expectOk(await post(USERS.operator, '/view/columns_save', { list: 'shares', hiddenColumns: ['ownerDocument', 'updatedAt'] }))).toEqual({ list: 'shares', hiddenColumns: ['ownerDocument', 'updatedAt'] });
    expectOk(await post(USERS.operator, '/view/columns_save', { list: 'users', hiddenColumns: ['email'] }));
    expectOk(await post(USERS.operator, '/view/columns_save', { list: 'shares', hiddenColumns: ['processStep'] }));
    expect(expectOk<ListResponse<ListColumns>>(await t.get('/api/view/columns_list', USERS.operator)).data).toEqual([
      { list: 'shares', hiddenColumns: ['processStep'] },
      { list: 'users', hiddenColumns: ['email'] },
    ]);
    // Another user's columns are its own.
    expect(expectOk<ListResponse<ListColumns>>(await t.get('/api/view/columns_list', USERS.orbita)).data).toEqual([]);
    expectOk(await post(USERS.operator, '/view/columns_save', { list: 'users', hiddenColumns: [] }));
    expect(expectOk<ListResponse<ListColumns>>(await t.get('/api/view/columns_list?page=1&limit=20', USERS.operator)).data).toEqual([{ list: 'shares', hiddenColumns: ['processStep'] }]);
    expect(expectError(await post(USERS.operator, '/view/columns_save', { list: 'shares', hiddenColumns: ['1x'] }), 400).errors).toEqual({ hiddenColumns: VIEW_MESSAGES.columnsInvalid });
    expectError(await post(USERS.operator, '/view/columns_save', { list: 'nope', hiddenColumns: [] }), 400, VIEW_MESSAGES.listInvalid);
  });
});
