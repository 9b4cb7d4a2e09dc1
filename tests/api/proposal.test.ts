/**
 * Proposals: list (fund sees its own; multiprices rule of SPEC §6), selected_get, select (flag
 * selectProposalEnabled, available shares only, one selected), transfer and payment information,
 * contract files and edit_price (owner document guard, the SPEC §8 "no changes" message).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../src/domain/featureFlags';
import { formatMoney } from '../../src/domain/money';
import type { FileRef, PaymentInformation, Proposal, ShareHistoryEntry, TransferInformation } from '../../src/domain/workspace';
import { buildApp } from '../../server/app';
import { type TestApp, USERS, createTestApp, testConfig } from './support/app';
import { expectError, expectOk } from './support/expect';
import { get, insertFile, pickShare, post, put } from './support/workspace';

let t: TestApp;
/** The same database with selectProposalEnabled on, injected through buildApp's config. */
let flagged: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  flagged = await buildApp({ db: t.handle, config: testConfig({ featureFlags: { ...FEATURE_FLAGS, selectProposalEnabled: true } }) });
});
afterAll(async () => {
  await flagged?.close();
  await t?.close();
});

const proposalsOf = async (contract: string, as: string = USERS.operator) => expectOk<{ data: Proposal[] }>(await get(t, `/proposal/list?contractNumber=${contract}`, as)).data;
const selectOn = async (proposalId: string, as: string) =>
  flagged.inject({ method: 'POST', url: '/api/proposal/select', headers: { authorization: `Bearer ${await t.token(as)}` }, payload: { proposalId } });
const hasProposals = (n = 1) => sql`(select count(*) from proposals p where p.share_id = s.id) >= ${n}`;
const hasSelected = sql`exists (select 1 from proposals p where p.share_id = s.id and p.selected)`;

describe('GET /proposal/list', () => {
  it("answers the share's proposals with buyer names and API statuses", async () => {
    const share = await pickShare(t, sql`${hasProposals(2)} and ${hasSelected} and adm_id = 1`);
    const data = await proposalsOf(share.contract_number, USERS.acme);
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(data.filter((p) => p.selected)).toHaveLength(1);
    for (const p of data) {
      expect(p.shareId).toBe(share.id);
      expect(['open', 'selected', 'released', 'accepted', 'rejected']).toContain(p.status);
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(p.playerName).toBeTruthy();
      expect(p.prices).toEqual([]);
    }
  });

  it("shows a fund only its own fund's proposals", async () => {
    const share = await pickShare(t, sql`fund_id = 1 and exists (select 1 from proposals p where p.share_id = s.id and (p.fund_id is distinct from 1))`);
    const all = await proposalsOf(share.contract_number);
    const mine = await proposalsOf(share.contract_number, USERS.fund);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.every((p) => p.fundId === 1)).toBe(true);
  });

  it('404s another tenant', async () => {
    const orbita = await pickShare(t, sql`adm_id = 2 and ${hasProposals()}`);
    expectError(await get(t, `/proposal/list?contractNumber=${orbita.contract_number}`, USERS.acme), 404, 'Share not found');
    const otherFund = await pickShare(t, sql`fund_id = 2`);
    expectError(await get(t, `/proposal/list?contractNumber=${otherFund.contract_number}`, USERS.fund), 404, 'Share not found');
  });

  it('fills prices only when the brand and the administrator both allow multiple prices', async () => {
    const prices = [{ label: 'À vista', price: '100.00' }];
    for (const admId of [1, 2, 3]) {
      const share = await pickShare(t, sql`adm_id = ${admId} and ${hasProposals()}`);
      await t.query(sql`update proposals set data = data || ${JSON.stringify({ prices })}::jsonb where share_id = ${share.id}`);
      const data = await proposalsOf(share.contract_number);
      // Órbita's brand and settings allow it; Acme's do not; Vértice has no white label.
      expect(data.every((p) => JSON.stringify(p.prices) === JSON.stringify(admId === 2 ? prices : []))).toBe(true);
    }
  });
});

describe('GET /proposal/selected_get', () => {
  it('answers the selected proposal, or 404 Proposal not found', async () => {
    const share = await pickShare(t, sql`${hasSelected} and adm_id = 1`);
    expect(expectOk<Proposal>(await get(t, `/proposal/selected_get?contractNumber=${share.contract_number}`, USERS.acme)).selected).toBe(true);
    const none = await pickShare(t, sql`not exists (select 1 from proposals p where p.share_id = s.id and p.selected)`);
    expectError(await get(t, `/proposal/selected_get?contractNumber=${none.contract_number}`, USERS.operator), 404, 'Proposal not found');
    const orbita = await pickShare(t, sql`${hasSelected} and adm_id = 2`);
    expectError(await get(t, `/proposal/selected_get?contractNumber=${orbita.contract_number}`, USERS.acme), 404, 'Share not found');
  });
});

describe('POST /proposal/select', () => {
  it('is off by default (flag selectProposalEnabled): 403', async () => {
    const share = await pickShare(t, sql`state = 'available' and ${hasProposals()}`);
    const [p] = await proposalsOf(share.contract_number);
    expectError(await post(t, '/proposal/select', { proposalId: p.proposalId }, USERS.operator), 403, /^Permission denied/);
  });

  it('with the flag on, selects one proposal of an available share and unselects the rest', async () => {
    const share = await pickShare(t, sql`state = 'available' and adm_id = 1 and ${hasProposals(2)}`);
    const [a, b] = await proposalsOf(share.contract_number);
    const first = await selectOn(a.proposalId, USERS.acme);
    expect(expectOk<Proposal>(first)).toMatchObject({ proposalId: a.proposalId, selected: true, status: 'selected' });
    expectOk(await selectOn(b.proposalId, USERS.acme));
    const after = await proposalsOf(share.contract_number);
    expect(after.filter((p) => p.selected).map((p) => p.proposalId)).toEqual([b.proposalId]);
    expect(after.find((p) => p.proposalId === a.proposalId)!.status).toBe('open');
    // Selecting it again is a no-op, not a second history entry.
    expectOk(await selectOn(b.proposalId, USERS.acme));
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from share_history where share_id = ${share.id} and action = 'proposal_select'`);
    expect(n).toBe(2);
  });

  it('keeps one selected proposal when two selections race', async () => {
    const share = await pickShare(t, sql`state = 'available' and ${hasProposals(2)}`, 1);
    const [a, b] = await proposalsOf(share.contract_number);
    const results = await Promise.all([selectOn(a.proposalId, USERS.operator), selectOn(b.proposalId, USERS.operator)]);
    results.forEach((r) => expectOk(r));
    expect((await proposalsOf(share.contract_number)).filter((p) => p.selected)).toHaveLength(1);
  });

  it('answers 409 when the share is not available, 404 for another tenant or an unknown id', async () => {
    const inSale = await pickShare(t, sql`state = 'accepted_by_client' and fund_id = 1 and ${hasSelected}`);
    const [p] = await proposalsOf(inSale.contract_number, USERS.fund);
    expectError(await selectOn(p.proposalId, USERS.fund), 409, /^Invalid share state/);
    const otherFund = await pickShare(t, sql`fund_id = 2 and ${hasProposals()}`);
    const [q] = await proposalsOf(otherFund.contract_number);
    expectError(await selectOn(q.proposalId, USERS.fund), 404, 'Proposal not found');
    expectError(await selectOn(q.proposalId, otherFund.adm_id === 1 ? USERS.orbita : USERS.acme), 404, 'Proposal not found');
    expectError(await selectOn('00000000-0000-4000-8000-000000000000', USERS.operator), 404, 'Proposal not found');
    expectError(await selectOn('not-a-uuid', USERS.operator), 400, /^Invalid body/);
  });
});

describe('GET /proposal/transfer_information and /proposal/payment_information', () => {
  it('derives the transfer fee (1 %, at least R$ 100), the due date and the buyer, the same every time', async () => {
    const share = await pickShare(t, sql`fund_id is not null and ${hasSelected}`);
    const selected = (await proposalsOf(share.contract_number)).find((p) => p.selected)!;
    const url = `/proposal/transfer_information?proposalId=${selected.proposalId}`;
    const info = expectOk<TransferInformation>(await get(t, url, USERS.operator));
    expect(info.transferFee).toBe(Math.max(Number(selected.price) * 0.01, 100).toFixed(2));
    expect(info.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.dueDate! > selected.updatedAt.slice(0, 10)).toBe(true);
    expect(info.buyer?.name).toBe(selected.fundName);
    expect(expectOk(await get(t, url, USERS.operator))).toEqual(info);
    // A fund reads its own proposal's information.
    if (share.fund_id === 1 && selected.fundId === 1) expectOk(await get(t, url, USERS.fund));
  });

  it('answers how a proposal is paid and, once paid, when', async () => {
    const share = await pickShare(t, sql`state = 'payment_done' and ${hasSelected}`);
    const selected = (await proposalsOf(share.contract_number)).find((p) => p.selected)!;
    const info = expectOk<PaymentInformation>(await get(t, `/proposal/payment_information?proposalId=${selected.proposalId}`, USERS.operator));
    expect(info).toMatchObject({ proposalId: selected.proposalId, paymentType: selected.paymentType, amount: selected.price, proof: null });
    expect(info.installments).toBe(selected.paymentType === 'split_in_installments' ? 12 : 1);
    expect(info.paidDate).not.toBeNull();
    const proofId = await insertFile(t, share.id, 'PAYMENT_PROOF', 'comprovante.pdf');
    const withProof = expectOk<PaymentInformation>(await get(t, `/proposal/payment_information?proposalId=${selected.proposalId}`, USERS.operator));
    expect(withProof.proof).toMatchObject({ fileId: proofId, fileName: 'comprovante.pdf', documentType: 'PAYMENT_PROOF' });
    // Not paid yet: no date, no proof.
    const open = await pickShare(t, sql`state = 'accepted_by_client' and ${hasSelected}`);
    const p = (await proposalsOf(open.contract_number)).find((x) => x.selected)!;
    expect(expectOk<PaymentInformation>(await get(t, `/proposal/payment_information?proposalId=${p.proposalId}`, USERS.operator))).toMatchObject({ paidDate: null, proof: null });
  });

  it('404s a proposal outside the scope, 400s a bad id', async () => {
    const orbita = await pickShare(t, sql`adm_id = 2 and ${hasProposals()}`);
    const [p] = await proposalsOf(orbita.contract_number);
    for (const path of ['transfer_information', 'payment_information', 'contract_files']) {
      expectError(await get(t, `/proposal/${path}?proposalId=${p.proposalId}`, USERS.acme), 404, 'Proposal not found');
      expectError(await get(t, `/proposal/${path}?proposalId=x`, USERS.operator), 400, /^Invalid query/);
      expectError(await get(t, `/proposal/${path}`, USERS.operator), 400, 'proposalId is required');
    }
  });
});

describe('GET /proposal/contract_files', () => {
  it("lists the share's complete contract files only", async () => {
    const share = await pickShare(t, sql`fund_id = 1 and ${hasSelected}`);
    await insertFile(t, share.id, 'SIGNED_CONTRACT');
    await insertFile(t, share.id, 'TERM_OF_ASSIGNMENT_ADM');
    await insertFile(t, share.id, 'CNH');
    await insertFile(t, share.id, 'CONTRACT_SUMMARY', 'draft.pdf', 'pending');
    const mine = (await proposalsOf(share.contract_number, USERS.fund))[0];
    const { data } = expectOk<{ data: FileRef[] }>(await get(t, `/proposal/contract_files?proposalId=${mine.proposalId}`, USERS.fund));
    expect(data.map((f) => f.documentType).sort()).toEqual(['SIGNED_CONTRACT', 'TERM_OF_ASSIGNMENT_ADM']);
  });
});

describe('PUT /proposal/edit_price', () => {
  const editable = sql`state = 'accepted_by_client' and ${hasSelected} and owner_document is not null`;
  /** The selected proposal: the share's others were declined, and a declined price cannot change. */
  const selectedOf = async (contract: string, as: string = USERS.operator) => (await proposalsOf(contract, as)).find((x) => x.selected)!;

  it('changes the price when the owner document matches, and writes history', async () => {
    const share = await pickShare(t, sql`${editable} and adm_id = 1`);
    const p = await selectedOf(share.contract_number);
    const price = (Number(p.price) + 1000).toFixed(2);
    const saved = expectOk<Proposal>(await put(t, '/proposal/edit_price', { shareId: share.id, ownerDocument: share.owner_document!, proposalId: p.proposalId, price: Number(price) }, USERS.acme));
    expect(saved.price).toBe(price);
    const history = expectOk<{ data: ShareHistoryEntry[] }>(await post(t, '/share/get_history', { shareId: share.id }, USERS.acme)).data;
    // Stored with the API's amounts, read in reais (formatMoney, with its non-breaking space).
    expect(history[history.length - 1]).toMatchObject({ action: 'proposal_edit_price', note: `Preço alterado de ${formatMoney(p.price)} para ${formatMoney(price)}` });
    expect(history[history.length - 1].note).toMatch(/^Preço alterado de R\$\u00a0[\d.]+,\d{2} para R\$\u00a0[\d.]+,\d{2}$/);
    const [stored] = await t.query<{ note: string }>(sql`select note from share_history where share_id = ${share.id} and action = 'proposal_edit_price' order by id desc limit 1`);
    expect(stored.note).toBe(`Preço alterado de ${p.price} para ${price}`);
  });

  it('answers the SPEC §8 "no changes" message for the same values', async () => {
    const share = await pickShare(t, sql`${editable} and adm_id = 1`, 1);
    const p = await selectedOf(share.contract_number);
    expectError(await put(t, '/proposal/edit_price', { shareId: share.id, ownerDocument: share.owner_document!, proposalId: p.proposalId, price: p.price }, USERS.operator), 400, 'Proposal data have no changes');
  });

  it('refuses a wrong owner document, a bad price and a proposal of another share', async () => {
    const share = await pickShare(t, sql`${editable} and adm_id = 1`, 2);
    const other = await pickShare(t, sql`${editable} and adm_id = 1`, 3);
    const p = await selectedOf(share.contract_number);
    const [q] = await proposalsOf(other.contract_number);
    const base = { shareId: share.id, ownerDocument: share.owner_document!, proposalId: p.proposalId, price: '1.00' };
    expect(expectError(await put(t, '/proposal/edit_price', { ...base, ownerDocument: '00000000000' }, USERS.operator), 400, 'Invalid owner document').errors).toHaveProperty('ownerDocument');
    expect(expectError(await put(t, '/proposal/edit_price', { ...base, price: '-5' }, USERS.operator), 400, 'Invalid price').errors).toHaveProperty('price');
    expect(expectError(await put(t, '/proposal/edit_price', { ...base, price: '12,50' }, USERS.operator), 400, 'Invalid price').errors).toHaveProperty('price');
    // Past the app's MONEY_MAX (R$ 999.999.999,99), although the column would hold it.
    expect(expectError(await put(t, '/proposal/edit_price', { ...base, price: '1000000000.00' }, USERS.operator), 400, 'Invalid price').errors).toHaveProperty('price');
    expectError(await put(t, '/proposal/edit_price', { ...base, proposalId: q.proposalId }, USERS.operator), 404, 'Proposal not found');
    expectError(await put(t, '/proposal/edit_price', { shareId: share.id, proposalId: p.proposalId, price: '1.00' }, USERS.operator), 400, 'ownerDocument is required');
  });

  it('takes extra prices only where multiple prices are allowed', async () => {
    const orbita = await pickShare(t, sql`${editable} and adm_id = 2`);
    const p = await selectedOf(orbita.contract_number);
    const prices = [{ label: 'À vista', price: '1000' }, { label: '12x', price: 1100.5 }];
    const saved = expectOk<Proposal>(await put(t, '/proposal/edit_price', { shareId: orbita.id, ownerDocument: orbita.owner_document!, proposalId: p.proposalId, price: p.price, prices }, USERS.orbita));
    expect(saved.prices).toEqual([{ label: 'À vista', price: '1000.00' }, { label: '12x', price: '1100.50' }]);
    expectError(await put(t, '/proposal/edit_price', { shareId: orbita.id, ownerDocument: orbita.owner_document!, proposalId: p.proposalId, price: p.price, prices }, USERS.orbita), 400, 'Proposal data have no changes');
    const acme = await pickShare(t, sql`${editable} and adm_id = 1`, 4);
    const q = await selectedOf(acme.contract_number);
    expectError(await put(t, '/proposal/edit_price', { shareId: acme.id, ownerDocument: acme.owner_document!, proposalId: q.proposalId, price: q.price, prices }, USERS.acme), 400, /^Invalid prices/);
  });

  it('refuses to change the price of a declined proposal (409), and leaves it as it was', async () => {
    const share = await pickShare(t, sql`${editable} and adm_id = 1 and exists (select 1 from proposals p where p.share_id = s.id and p.status = 'declined')`);
    const declined = (await proposalsOf(share.contract_number)).find((x) => x.status === 'rejected')!;
    const price = (Number(declined.price) + 1000).toFixed(2);
    expectError(await put(t, '/proposal/edit_price', { shareId: share.id, ownerDocument: share.owner_document!, proposalId: declined.proposalId, price }, USERS.operator), 409, /price of a rejected proposal/);
    expect((await proposalsOf(share.contract_number)).find((x) => x.proposalId === declined.proposalId)!.price).toBe(declined.price);
  });

  it('is for staff of the tenant, and not on a paid share', async () => {
    const fundShare = await pickShare(t, sql`${editable} and fund_id = 1`);
    const [p] = await proposalsOf(fundShare.contract_number, USERS.fund);
    expectError(await put(t, '/proposal/edit_price', { shareId: fundShare.id, ownerDocument: fundShare.owner_document!, proposalId: p.proposalId, price: '1.00' }, USERS.fund), 403, 'Permission denied');
    const orbita = await pickShare(t, sql`${editable} and adm_id = 2`, 1);
    const [q] = await proposalsOf(orbita.contract_number);
    expectError(await put(t, '/proposal/edit_price', { shareId: orbita.id, ownerDocument: orbita.owner_document!, proposalId: q.proposalId, price: '1.00' }, USERS.acme), 404, 'Share not found');
    const paid = await pickShare(t, sql`state = 'payment_done' and ${hasSelected}`);
    const [r] = await proposalsOf(paid.contract_number);
    expectError(await put(t, '/proposal/edit_price', { shareId: paid.id, ownerDocument: paid.owner_document!, proposalId: r.proposalId, price: '1.00' }, USERS.operator), 409, /^Invalid share state/);
  });
});
