/**
 * The audit trail (issue 18): each kind of change writes an entry with before and after in the same
 * transaction (share moves, workspace forms, files, auctions, management, logins and logouts,
 * never a secret), and GET /audit/list filters them by user, object, action and period, scoped per
 * profile and brand.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListItem } from '../../src/domain/audit';
import { PASSWORD, USERS, createTestApp, listUrl, type TestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { localStorageConfig, post as storagePost, uploadFile } from './support/storage';
import { cpfFrom, pickShare, post, put } from './support/workspace';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { storage: await localStorageConfig() } });
});
afterAll(async () => {
  await t?.close();
});

interface AuditPage {
  data: AuditListItem[];
  total: number;
  totalExact: boolean;
}

const audit = async (filters: object, as: string = USERS.operator, limit = 100) => expectOk<AuditPage>(await t.get(listUrl('/audit/list', { filters, limit }), as));
const idOf = async (email: string) => (await t.query<{ id: string }>(sql`select id from users where email = ${email}`))[0].id;
const rowsWhere = (where: ReturnType<typeof sql>) =>
  t.query<{ user_id: string | null; action: string; object_type: string; object_id: string; adm_id: number | null; contract_number: string | null; before: unknown; after: unknown }>(
    sql`select user_id, action, object_type, object_id, adm_id, contract_number, before, after from audit_log where ${where} order by id`,
  );

describe('what is recorded', () => {
  it('a share move: who, the contract, its brand, state and step before and after', async () => {
    const share = await pickShare(t, sql`state = 'available' and adm_id = 1`);
    expectOk(await post(t, '/actions/share_send_autoservice', { shareId: share.id }, USERS.operator));
    const rows = await rowsWhere(sql`contract_number = ${share.contract_number} and action = 'share.share_send_autoservice'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: await idOf(USERS.operator),
      object_type: 'share',
      object_id: share.contract_number,
      adm_id: 1,
      before: { state: 'available' },
      after: { state: 'sent_to_autoservice', processStep: 0 },
    });
  });

  it('a refused move writes nothing (same transaction)', async () => {
    const share = await pickShare(t, sql`state = 'payment_done' and adm_id = 1`);
    const before = (await rowsWhere(sql`contract_number = ${share.contract_number}`)).length;
    expectError(await post(t, '/actions/share_send_autoservice', { shareId: share.id }, USERS.operator), 409);
    expect(await rowsWhere(sql`contract_number = ${share.contract_number}`)).toHaveLength(before);
  });

  it('workspace forms: a signer saved (field before and after), removed; a bank account; a price', async () => {
    const share = await pickShare(t, sql`not is_pj and adm_id = 1 and state = 'available' and exists (select 1 from persons p where p.share_id = s.id and p.signer_order = 1)`);
    expectOk(await post(t, '/person/save', { shareId: share.id, person: { signer: 1, occupation: 'Auditora fiscal' } }, USERS.acme));
    const [saved] = await rowsWhere(sql`contract_number = ${share.contract_number} and action = 'person.save'`);
    expect(saved).toMatchObject({ object_type: 'person', adm_id: 1, user_id: await idOf(USERS.acme), after: { occupation: 'Auditora fiscal', signerOrder: 1 } });
    expect((saved.before as Record<string, unknown>).occupation).not.toBe('Auditora fiscal');
    expect(saved.after).not.toHaveProperty('updatedAt');

    const second = { signer: 2, name: 'Segundo Signatário', cpf: cpfFrom('529982247'), email: 'segundo.audit@example.com' };
    expectOk(await post(t, '/person/save', { shareId: share.id, person: second }, USERS.acme));
    expectOk(await post(t, '/person/delete', { shareId: share.id, person: { signer: 2 } }, USERS.acme));
    const [removed] = await rowsWhere(sql`contract_number = ${share.contract_number} and action = 'person.delete'`);
    expect(removed).toMatchObject({ object_type: 'person', before: { name: 'Segundo Signatário', signerOrder: 2 }, after: null });

    expectOk(await post(t, '/bank/save', { shareId: share.id, bank: { code: '341', agency: '4321', account: '55555-1' }, select: true }, USERS.acme));
    const [bank] = await rowsWhere(sql`contract_number = ${share.contract_number} and action = 'bank.save'`);
    expect(bank).toMatchObject({ object_type: 'bank', before: null, after: { code: '341', agency: '4321', account: '55555-1', selected: true } });
  });

  it('a price edit keeps both prices', async () => {
    const share = await pickShare(
      t,
      sql`state = 'accepted_by_client' and adm_id = 1 and owner_document is not null and exists (select 1 from proposals p where p.share_id = s.id and p.selected)`,
    );
    const [p] = await t.query<{ id: string; price: string }>(sql`select id, price from proposals where share_id = ${share.id} and selected`);
    const price = (Number(p.price) + 500).toFixed(2);
    expectOk(await put(t, '/proposal/edit_price', { shareId: share.id, ownerDocument: share.owner_document!, proposalId: p.id, price: Number(price) }, USERS.acme));
    const [row] = await rowsWhere(sql`object_id = ${p.id} and action = 'proposal.edit_price'`);
    expect(row).toMatchObject({ contract_number: share.contract_number, before: { price: Number(p.price).toFixed(2) }, after: { price } });
  });

  it('an upload finalized: the file, its brand, never its storage key', async () => {
    const file = await uploadFile(t, USERS.acme, { fileName: 'contrato-auditado.pdf' });
    const [row] = await rowsWhere(sql`object_id = ${file.fileId} and action = 'file.upload'`);
    expect(row).toMatchObject({ object_type: 'file', adm_id: 1, after: { name: 'contrato-auditado.pdf' } });
    expect(JSON.stringify(row)).not.toContain('fileKey');
  });

  it('auctions: created and moved', async () => {
    const created = await storagePost(t, USERS.acme, '/auction/create', { isAuction: false });
    const auctionId = (created.json() as { auctionId: string }).auctionId;
    expectOk(await storagePost(t, USERS.acme, '/auction/cancel', { auctionId }));
    const rows = await rowsWhere(sql`object_type = 'auction' and object_id = ${auctionId}`);
    expect(rows.map((r) => r.action)).toEqual(['auction.create', 'auction.cancel']);
    expect(rows[1]).toMatchObject({ adm_id: 1, before: { status: 'created' }, after: { status: 'canceled' } });
  });

  it('logins (success and failure, no password) and a logout', async () => {
    const wrong = 'senha-errada-que-nao-pode-aparecer';
    expect((await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.orbita, password: wrong } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'ninguem@example.com', password: wrong } })).statusCode).toBe(401);
    const ok = await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.orbita, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token as string;
    expect((await t.inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    const orbita = await idOf(USERS.orbita);
    const mine = await rowsWhere(sql`user_id = ${orbita} and object_type = 'session'`);
    expect(mine.map((r) => r.action)).toEqual(['session.login_failed', 'session.login', 'session.logout']);
    expect(mine[0]).toMatchObject({ adm_id: 2, after: { email: USERS.orbita, reason: 'invalidCredentials' } });
    const [unknown] = await rowsWhere(sql`action = 'session.login_failed' and user_id is null`);
    expect(unknown).toMatchObject({ object_id: 'ninguem@example.com', after: { email: 'ninguem@example.com' } });
    const all = JSON.stringify(await rowsWhere(sql`true`));
    expect(all).not.toContain(wrong);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toMatch(/scrypt|passwordHash/);
  });

  it('management (issue 6): a fund created and updated, with before and after', async () => {
    const created = expectOk<{ fundId: number }>(await post(t, '/fund/create', { name: 'Fundo Auditado', cnpj: '11.222.333/0001-81' }, USERS.operator));
    expectOk(await post(t, '/fund/update', { fundId: created.fundId, name: 'Fundo Auditado II' }, USERS.operator));
    const { data } = await audit({ objectType: 'fund', object: String(created.fundId) });
    expect(data.map((d) => d.action)).toEqual(['fund.update', 'fund.create']);
    expect(data[0]).toMatchObject({ before: { name: 'Fundo Auditado' }, after: { name: 'Fundo Auditado II' }, userEmail: USERS.operator });
  });
});

describe('GET /audit/list', () => {
  it('newest first; filters by contract, action, user and period', async () => {
    const share = await pickShare(t, sql`state = 'available' and adm_id = 1`, 3);
    expectOk(await post(t, '/actions/share_send_autoservice', { shareId: share.id }, USERS.operator));
    expectOk(await post(t, '/person/save', { shareId: share.id, person: { signer: 1, occupation: 'Contadora' } }, USERS.acme));

    const byContract = await audit({ object: share.contract_number });
    expect(byContract.data.map((d) => d.action)).toEqual(['person.save', 'share.share_send_autoservice']);
    expect(byContract).toMatchObject({ total: 2, totalExact: true });
    expect(byContract.data[1]).toMatchObject({ contractNumber: share.contract_number, objectType: 'share', userName: expect.any(String), before: { state: 'available' } });

    const byAction = await audit({ object: share.contract_number, action: ['share.share_send_autoservice'] });
    expect(byAction.data).toHaveLength(1);
    const byUser = await audit({ object: share.contract_number, userId: await idOf(USERS.acme) });
    expect(byUser.data.map((d) => d.action)).toEqual(['person.save']);
    const byType = await audit({ object: share.contract_number, objectType: 'person' });
    expect(byType.data.map((d) => d.action)).toEqual(['person.save']);

    const at = new Date(byContract.data[1].at).getTime();
    expect((await audit({ object: share.contract_number, from: new Date(at - 60_000).toISOString() })).data).toHaveLength(2);
    expect((await audit({ object: share.contract_number, to: new Date(at - 60_000).toISOString() })).data).toHaveLength(0);
  });

  it("an administrator reads its own brand's entries only (an operator's move of its share included); a fund none", async () => {
    const acmeShare = await pickShare(t, sql`state = 'available' and adm_id = 1`, 5);
    const orbitaShare = await pickShare(t, sql`state = 'available' and adm_id = 2`, 5);
    expectOk(await post(t, '/actions/share_send_autoservice', { shareId: acmeShare.id }, USERS.operator));
    expectOk(await post(t, '/actions/share_send_autoservice', { shareId: orbitaShare.id }, USERS.operator));

    const acme = await audit({}, USERS.acme);
    expect(acme.data.length).toBeGreaterThan(0);
    expect(acme.data.every((d) => d.admId === 1)).toBe(true);
    expect((await audit({ object: acmeShare.contract_number }, USERS.acme)).data).toHaveLength(1);
    expect((await audit({ object: orbitaShare.contract_number }, USERS.acme)).data).toHaveLength(0);
    expect((await audit({ object: orbitaShare.contract_number }, USERS.orbita)).data).toHaveLength(1);

    expectError(await t.get(listUrl('/audit/list'), USERS.fund), 403, 'Permission denied');
    expectError(await t.get('/api/audit/user_options', USERS.fund), 403, 'Permission denied');
  });

  it("an administrator's user filter offers its brand's people and the operators who acted on its entries", async () => {
    const { data } = expectOk<{ data: { email: string }[] }>(await t.get('/api/audit/user_options?limit=100', USERS.acme));
    const emails = data.map((u) => u.email);
    expect(emails).toContain(USERS.acme);
    expect(emails).toContain(USERS.operator);
    expect(emails).not.toContain(USERS.orbita);
    const searched = expectOk<{ data: { email: string }[] }>(await t.get(`/api/audit/user_options?q=${encodeURIComponent('operador@')}`, USERS.acme));
    expect(searched.data.map((u) => u.email)).toEqual([USERS.operator]);
  });

  it('pages are bounded; bad filters are 400s naming the filter', async () => {
    expectError(await t.get(listUrl('/audit/list', { limit: 101 })), 400);
    expectError(await t.get(listUrl('/audit/list', { filters: { action: ['share.drop_table'] } })), 400, 'Invalid filter: action');
    expectError(await t.get(listUrl('/audit/list', { filters: { from: 'ontem' } })), 400, 'Invalid filter: from');
    expectError(await t.get(listUrl('/audit/list', { filters: { userId: 'x' } })), 400, 'Invalid filter: userId');
    expectError(await t.get(listUrl('/audit/list', { filters: { who: 'x' } })), 400, 'Invalid filter: who');
    const page = await audit({}, USERS.operator, 2);
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
  });
});
