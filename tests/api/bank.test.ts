/** Bank accounts: GET /bank/list, GET /bank/list_brazilian_banks, POST /bank/save with select. */
import { getBanks } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankRecord, BrazilianBank } from '../../src/domain/workspace';
import { type TestApp, USERS, createTestApp } from './support/app';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { expectError, expectOk } from './support/expect';
import { get, pickShare, post } from './support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bankList = async (contract: string, as: string = USERS.operator) => expectOk<{ data: BankRecord[] }>(await get(t, `/bank/list?contractNumber=${contract}`, as)).data;
const brazilian = async (q?: string) => expectOk<{ data: BrazilianBank[] }>(await get(t, `/bank/list_brazilian_banks${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, USERS.operator)).data;

describe('GET /bank/list', () => {
  it("answers the share's accounts, at most one selected", async () => {
    const share = await pickShare(t, sql`(select count(*) from banks b where b.share_id = s.id) = 2 and adm_id = 1`);
    const data = await bankList(share.contract_number, USERS.acme);
    expect(data).toHaveLength(2);
    expect(data.filter((b) => b.selected)).toHaveLength(1);
    expect(Object.keys(data[0]).sort()).toEqual(['account', 'agency', 'bankId', 'code', 'name', 'selected']);
  });

  it('is for staff of the tenant: a fund may not read banks (the matrix), another administrator gets 404', async () => {
    const fundShare = await pickShare(t, sql`fund_id = 1`);
    expectError(await get(t, `/bank/list?contractNumber=${fundShare.contract_number}`, USERS.fund), 403, 'Permission denied');
    const orbita = await pickShare(t, sql`adm_id = 2`);
    expectError(await get(t, `/bank/list?contractNumber=${orbita.contract_number}`, USERS.acme), 404, 'Share not found');
  });
});

describe('GET /bank/list_brazilian_banks', () => {
  it('is the real list, sorted by code', async () => {
    const data = await brazilian();
    expect(data).toHaveLength(getBanks().length);
    expect(data.map((b) => b.code)).toEqual([...data.map((b) => b.code)].sort());
    expect(data.find((b) => b.code === '001')).toEqual({ code: '001', name: 'Banco do Brasil S.A.', ispb: '00000000' });
  });

  it('searches by code or name, ignoring case and accents', async () => {
    expect((await brazilian('341')).map((b) => b.code)).toContain('341');
    const caixa = await brazilian('CAIXA ECONOMICA');
    expect(caixa.map((b) => b.code)).toContain('104');
    expect(await brazilian('caixa econômica')).toEqual(caixa);
    expect(await brazilian('zzzz-nothing')).toEqual([]);
    expectError(await get(t, `/bank/list_brazilian_banks?q=${'x'.repeat(101)}`, USERS.operator), 400, /^Invalid query/);
  });

  it('finds a bank by its commercial name as well as its legal name (issue 13)', async () => {
    const nubank = await brazilian('nubank');
    expect(nubank).toEqual([{ code: '260', name: 'NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO', ispb: expect.any(String), commercialName: 'Nubank' }]);
    expect((await brazilian('NU PAGAMENTOS')).map((b) => b.code)).toEqual(['260']);
    expect((await brazilian('pagbank')).map((b) => b.code)).toEqual(['290']);
    expect((await brazilian('banrisul')).map((b) => b.code)).toEqual(['041']);
    expect((await brazilian('c6 bank')).map((b) => b.code)).toEqual(['336']);
  });

  it('refuses a bad agency or account with a field message the app reads in Portuguese (issue 13)', async () => {
    const share = await pickShare(t, sql`adm_id = 1`);
    const body = expectError(await post(t, '/bank/save', { shareId: share.id, bank: { code: '260', agency: 'abc', account: '12345-6' } }, USERS.operator), 400, 'Invalid agency');
    expect(body.errors).toEqual({ agency: 'Invalid agency' });
    expect(matchErrorMessage(body.errors!.agency)).toMatchObject({ kind: 'catalogue', key: 'invalidAgency' });
  });

  it('is for staff', async () => {
    expectError(await get(t, '/bank/list_brazilian_banks', USERS.fund), 403, 'Permission denied');
  });
});

describe('POST /bank/save', () => {
  it('adds an account with the real name; select makes it the only selected one; repeating changes nothing', async () => {
    const share = await pickShare(t, sql`(select count(*) from banks b where b.share_id = s.id and b.selected) = 1 and adm_id = 1`);
    const before = await bankList(share.contract_number);
    const bank = { code: '341', agency: '1234', account: '12345-6', name: 'whatever the client says' };
    const saved = expectOk<BankRecord>(await post(t, '/bank/save', { shareId: share.id, bank, select: true }, USERS.acme));
    expect(saved).toMatchObject({ code: '341', agency: '1234', account: '12345-6', selected: true });
    expect(saved.name).toBe(getBanks().find((b) => b.code === '341')!.name);
    const after = await bankList(share.contract_number);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((b) => b.selected).map((b) => b.bankId)).toEqual([saved.bankId]);

    const historyCount = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from share_history where share_id = ${share.id} and action = 'bank_save'`))[0].n;
    const n = await historyCount();
    // The same account again, with or without its id: the same row, the same selection, no new history.
    expect(expectOk<BankRecord>(await post(t, '/bank/save', { shareId: share.id, bank, select: true }, USERS.acme))).toEqual(saved);
    expect(expectOk<BankRecord>(await post(t, '/bank/save', { shareId: share.id, bank: { ...bank, bankId: saved.bankId }, select: true }, USERS.acme))).toEqual(saved);
    expect(await bankList(share.contract_number)).toEqual(after);
    expect(await historyCount()).toBe(n);

    // Selecting the old one moves the selection back.
    const old = before.find((b) => b.selected)!;
    if (old.code && old.agency && old.account && /^\d/.test(old.agency)) {
      expectOk(await post(t, '/bank/save', { shareId: share.id, bank: { bankId: old.bankId, code: old.code, agency: old.agency, account: old.account }, select: true }, USERS.acme));
      expect((await bankList(share.contract_number)).filter((b) => b.selected).map((b) => b.bankId)).toEqual([old.bankId]);
    }
  });

  it('select=false leaves the account unselected and the others as they were', async () => {
    const share = await pickShare(t, sql`(select count(*) from banks b where b.share_id = s.id and b.selected) = 1`, 2);
    const saved = expectOk<BankRecord>(await post(t, '/bank/save', { shareId: share.id, bank: { code: '001', agency: '0001-9', account: '99999-X' }, select: false }, USERS.operator));
    expect(saved.selected).toBe(false);
    expect((await bankList(share.contract_number)).filter((b) => b.selected)).toHaveLength(1);
  });

  it('without select, an edit keeps the account selected; select=false unselects it', async () => {
    const share = await pickShare(t, sql`(select count(*) from banks b where b.share_id = s.id and b.selected) = 1`, 3);
    const selected = (await bankList(share.contract_number)).find((b) => b.selected)!;
    const edited = expectOk<BankRecord>(await post(t, '/bank/save', { shareId: share.id, bank: { bankId: selected.bankId, code: '104', agency: '4321', account: '123-4' } }, USERS.operator));
    expect(edited).toMatchObject({ bankId: selected.bankId, code: '104', selected: true });
    const off = expectOk<BankRecord>(await post(t, '/bank/save', { shareId: share.id, bank: { bankId: selected.bankId, code: '104', agency: '4321', account: '123-4' }, select: false }, USERS.operator));
    expect(off.selected).toBe(false);
    expect((await bankList(share.contract_number)).filter((b) => b.selected)).toHaveLength(0);
  });

  it('keeps one selected account when two selections race', async () => {
    const share = await pickShare(t, sql`(select count(*) from banks b where b.share_id = s.id) = 0`);
    const [a, b] = await Promise.all([
      post(t, '/bank/save', { shareId: share.id, bank: { code: '237', agency: '1111', account: '22222-2' }, select: true }, USERS.operator),
      post(t, '/bank/save', { shareId: share.id, bank: { code: '033', agency: '3333', account: '44444-4' }, select: true }, USERS.operator),
    ]);
    expectOk(a);
    expectOk(b);
    const data = await bankList(share.contract_number);
    expect(data).toHaveLength(2);
    expect(data.filter((x) => x.selected)).toHaveLength(1);
  });

  it('refuses an unknown bank code and malformed agency or account', async () => {
    const share = await pickShare(t, sql`adm_id = 1`);
    let body = expectError(await post(t, '/bank/save', { shareId: share.id, bank: { code: '999', agency: '1234', account: '1-1' } }, USERS.operator), 400, 'Invalid bank code');
    expect(body.errors).toEqual({ code: 'Invalid bank code' });
    body = expectError(await post(t, '/bank/save', { shareId: share.id, bank: { code: '341', agency: '12a4', account: '1-12' } }, USERS.operator), 400, 'Invalid agency');
    expect(body.errors).toEqual({ agency: 'Invalid agency', account: 'Invalid account' });
    body = expectError(await post(t, '/bank/save', { shareId: share.id, bank: { code: '341', agency: '1234' } }, USERS.operator), 400, 'bank.account is required');
    expect(body.errors).toHaveProperty(['bank.account']);
  });

  it('404s a bank id of another share', async () => {
    const [a, b] = [await pickShare(t, sql`(select count(*) from banks x where x.share_id = s.id) > 0`, 0), await pickShare(t, sql`(select count(*) from banks x where x.share_id = s.id) > 0`, 1)];
    const foreign = (await bankList(b.contract_number))[0];
    expectError(await post(t, '/bank/save', { shareId: a.id, bank: { bankId: foreign.bankId, code: '341', agency: '1', account: '1' } }, USERS.operator), 404, 'Bank not found');
  });

  it('is for staff of the tenant', async () => {
    const fundShare = await pickShare(t, sql`fund_id = 1`);
    expectError(await post(t, '/bank/save', { shareId: fundShare.id, bank: { code: '341', agency: '1', account: '1' } }, USERS.fund), 403, 'Permission denied');
    const orbita = await pickShare(t, sql`adm_id = 2`);
    expectError(await post(t, '/bank/save', { shareId: orbita.id, bank: { code: '341', agency: '1', account: '1' } }, USERS.acme), 404, 'Share not found');
  });
});
