/** GET /share/signers_status (SPEC §4/§5 filled-state rules) and POST /share/get_history. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicDataFilled, personComplete } from '../../src/domain/completeness';
import type { PersonRecord, ShareHistoryEntry, SignerStatus } from '../../src/domain/workspace';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { get, insertFile, pickShare, post } from './support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const status = async (shareId: string, as: string = USERS.operator) => expectOk<{ data: SignerStatus[] }>(await get(t, `/share/signers_status?shareId=${shareId}`, as)).data;
const history = async (shareId: string, as: string = USERS.operator) => expectOk<{ data: ShareHistoryEntry[] }>(await post(t, '/share/get_history', { shareId }, as)).data;

describe('GET /share/signers_status', () => {
  it('answers one entry per signer with the shared completeness rules', async () => {
    for (const where of [sql`not is_pj`, sql`is_pj`]) {
      const share = await pickShare(t, sql`${where} and (select count(*) from persons p where p.share_id = s.id) = 2`);
      const people = expectOk<{ data: PersonRecord[] }>(await get(t, `/person/list?contractNumber=${share.contract_number}`, USERS.operator)).data;
      const data = await status(share.id);
      expect(data.map((d) => d.signer)).toEqual([1, 2]);
      data.forEach((d, i) => {
        expect(d.name).toBe(people[i].name);
        expect(d.basicDataFilled).toBe(basicDataFilled(people[i]));
        expect(d.complete).toBe(personComplete(people[i], share.is_pj));
      });
    }
  });

  it('does not require the address on a PJ share', async () => {
    const pj = await pickShare(t, sql`is_pj and exists (select 1 from persons p where p.share_id = s.id and p.signer_order = 1 and p.rg is not null and p.occupation is not null and p.marital_status is not null and p.nationality is not null and p.document_dispatcher is not null and p.phone is not null and p.email is not null and p.cpf is not null)`);
    const pf = await pickShare(t, sql`not is_pj and exists (select 1 from persons p where p.share_id = s.id and p.signer_order = 1 and p.rg is not null and p.occupation is not null and p.marital_status is not null and p.nationality is not null and p.document_dispatcher is not null and p.phone is not null and p.email is not null and p.cpf is not null)`);
    await t.query(sql`update persons set address = null where share_id in (${pj.id}, ${pf.id}) and signer_order = 1`);
    expect((await status(pj.id))[0]).toMatchObject({ basicDataFilled: true, complete: true });
    expect((await status(pf.id))[0]).toMatchObject({ basicDataFilled: true, complete: false });
  });

  it('marks the signers as signed once the signed contract came back', async () => {
    const paid = await pickShare(t, sql`state = 'payment_done'`);
    const signed = await status(paid.id);
    expect(signed.every((s) => s.signed && s.signedAt !== null)).toBe(true);
    const fresh = await pickShare(t, sql`state = 'sent_to_autoservice'`);
    expect((await status(fresh.id)).every((s) => !s.signed && s.signedAt === null)).toBe(true);
  });

  it('is scoped by tenant; a fund reads its own', async () => {
    const orbita = await pickShare(t, sql`adm_id = 2`);
    expectError(await get(t, `/share/signers_status?shareId=${orbita.id}`, USERS.acme), 404, 'Share not found');
    expectError(await get(t, '/share/signers_status?shareId=00000000-0000-4000-8000-000000000000', USERS.operator), 404, 'Share not found');
    const mine = await pickShare(t, sql`fund_id = 1`);
    expect((await status(mine.id, USERS.fund)).length).toBeGreaterThan(0);
    const other = await pickShare(t, sql`fund_id = 2`);
    expectError(await get(t, `/share/signers_status?shareId=${other.id}`, USERS.fund), 404, 'Share not found');
  });

  it('refuses a bad share id', async () => {
    expectError(await get(t, '/share/signers_status?shareId=ACM-1', USERS.operator), 400, /^Invalid query: shareId/);
    expectError(await get(t, '/share/signers_status', USERS.operator), 400, 'shareId is required');
  });
});

describe('POST /share/get_history', () => {
  it('answers the history oldest first, with user names', async () => {
    const share = await pickShare(t, sql`state = 'payment_done'`);
    const data = await history(share.id);
    expect(data.length).toBeGreaterThan(3);
    expect(data[0]).toMatchObject({ action: 'created', fromState: null, toState: 'available', user: null });
    expect(data.map((e) => e.at)).toEqual([...data.map((e) => e.at)].sort());
    expect(data[data.length - 1]).toMatchObject({ action: 'set_paid', toState: 'payment_done' });
    const withUser = data.filter((e) => e.user);
    expect(withUser.length).toBeGreaterThan(0);
    expect(withUser.every((e) => e.user!.name.length > 0)).toBe(true);
  });

  it("resolves an entry's files to FileRefs and leaves out files not complete", async () => {
    const share = await pickShare(t, sql`adm_id = 2`);
    const done = await insertFile(t, share.id, 'PAYMENT_PROOF', 'comprovante.pdf');
    const pending = await insertFile(t, share.id, 'PAYMENT_PROOF', 'pendente.pdf', 'pending');
    await t.query(sql`insert into share_history (share_id, action, files, note, at) values (${share.id}, 'proof_attach', ${JSON.stringify([done, pending])}::jsonb, 'Comprovante anexado', now() + interval '1 minute')`);
    const last = (await history(share.id, USERS.orbita)).at(-1)!;
    expect(last).toMatchObject({ action: 'proof_attach', note: 'Comprovante anexado', user: null });
    expect(last.files).toEqual([expect.objectContaining({ fileId: done, fileName: 'comprovante.pdf', documentType: 'PAYMENT_PROOF' })]);
  });

  it('is scoped by tenant; a fund reads its own', async () => {
    const orbita = await pickShare(t, sql`adm_id = 2`);
    expectError(await post(t, '/share/get_history', { shareId: orbita.id }, USERS.acme), 404, 'Share not found');
    const mine = await pickShare(t, sql`fund_id = 1`);
    expect((await history(mine.id, USERS.fund)).length).toBeGreaterThan(0);
    const other = await pickShare(t, sql`fund_id = 2`);
    expectError(await post(t, '/share/get_history', { shareId: other.id }, USERS.fund), 404, 'Share not found');
    expectError(await post(t, '/share/get_history', {}, USERS.operator), 400, 'shareId is required');
  });

  it("does not show a fund other buyers' price changes nor the seller's bank (HISTORY_ENTRY_PERMISSIONS, issue 13)", async () => {
    const share = await pickShare(t, sql`fund_id = 1 and adm_id = 1`);
    const notes = { proposal_edit_price: 'Preço alterado de 100.00 para 90.00', proposal_select: 'Proposta de Outro Comprador selecionada', bank_save: 'Conta 260 1234/56789-0 selecionada' };
    for (const [action, note] of Object.entries(notes))
      await t.query(sql`insert into share_history (share_id, action, note, files, at) values (${share.id}, ${action}, ${note}, '[]'::jsonb, now() + interval '1 minute')`);
    const fund = await history(share.id, USERS.fund);
    expect(fund.length).toBeGreaterThan(0);
    expect(fund.map((e) => e.action)).not.toEqual(expect.arrayContaining(['proposal_edit_price']));
    expect(fund.filter((e) => e.action in notes)).toEqual([]);
    // Staff read them all, and the moves stay in the fund's history.
    const staff = await history(share.id, USERS.acme);
    expect(staff.filter((e) => e.action in notes).map((e) => e.action).sort()).toEqual(['bank_save', 'proposal_edit_price', 'proposal_select']);
    expect(fund.map((e) => e.id)).toEqual(staff.filter((e) => !(e.action in notes)).map((e) => e.id));
  });
});
