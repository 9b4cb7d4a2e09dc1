/**
 * SPEC §7 Actions and the share administration calls: for each, the allowed case, the profile the
 * matrix forbids (403), another tenant's share (404), a state the workflow forbids (409, nothing
 * changed) and bad input (400), all with catalogue-matched messages.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult, BulkActionResult, CancellationEntry, PaymentInformation } from '../../src/domain/workspace';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { VALID_BOLETO, sharePicker, snapshot } from './support/shares';
import { localStorageConfig, post, uploadFile } from './support/storage';

let t: TestApp;
let pick: ReturnType<typeof sharePicker>;
const ACME = sql`adm_id = 1`;
const ORBITA = sql`adm_id = 2`;

beforeAll(async () => {
  t = await createTestApp({ config: { storage: await localStorageConfig() } });
  pick = sharePicker(t);
});
afterAll(async () => {
  await t?.close();
});

/** A refused call leaves state, version and history exactly as they were. */
async function expectUnchanged(shareId: string, run: () => Promise<unknown>) {
  const before = await snapshot(t, shareId);
  await run();
  expect(await snapshot(t, shareId)).toEqual(before);
}

describe('POST /actions/share_send_autoservice', () => {
  it('moves an available share to sent_to_autoservice (operator), step 0, version +1, history written', async () => {
    const [id] = await pick('available', ACME);
    const before = await snapshot(t, id);
    const { share } = expectOk<ActionResult>(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }));
    expect(share).toMatchObject({ shareId: id, state: 'sent_to_autoservice', processStep: 0, version: before.version + 1 });
    expect(share.stateFlags.sent_to_autoservice).toBe(true);
    expect(await snapshot(t, id)).toEqual({ ...before, state: 'sent_to_autoservice', process_step: 0, version: before.version + 1, history: before.history + 1, steps: before.steps + 1 });
    const [h] = await t.query<{ action: string; from_state: string; to_state: string; email: string }>(
      sql`select h.action, h.from_state, h.to_state, u.email from share_history h join users u on u.id = h.user_id where h.share_id = ${id} order by h.id desc limit 1`,
    );
    expect(h).toEqual({ action: 'share_send_autoservice', from_state: 'available', to_state: 'sent_to_autoservice', email: USERS.operator });
  });

  it('is forbidden to administrators and funds (403)', async () => {
    const [id] = await pick('available', ACME);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.acme, '/actions/share_send_autoservice', { shareId: id }), 403, 'Permission denied');
      expectError(await post(t, USERS.fund, '/actions/share_send_autoservice', { shareId: id }), 403, 'Permission denied');
      expectError(await post(t, null, '/actions/share_send_autoservice', { shareId: id }), 401, 'Unauthorized');
    });
  });

  it('answers 409 from a state the workflow forbids and changes nothing', async () => {
    const [id] = await pick('payment_done', ACME);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }), 409, 'Invalid move: share_send_autoservice from payment_done');
    });
  });

  it('answers 400 on bad input and 404 on an unknown share', async () => {
    expectError(await post(t, USERS.operator, '/actions/share_send_autoservice', {}), 400, 'shareId is required');
    expectError(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: 'ACM-1' }), 400, /^Invalid body: shareId/);
    expectError(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: '00000000-0000-4000-8000-000000000000' }), 404, 'Share not found');
  });

  it('refuses a stale expectedVersion with 409', async () => {
    const [id] = await pick('available', ACME);
    const { version } = await snapshot(t, id);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id, expectedVersion: version + 5 }), 409, /^Invalid version/);
    });
    expectOk(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id, expectedVersion: version }));
  });
});

describe('POST /actions/start_sale', () => {
  const openProposal = async () =>
    (
      await t.query<{ id: string; share_id: string }>(
        sql`select p.id, p.share_id from proposals p join shares s on s.id = p.share_id where s.state = 'available' and p.status = 'open' order by s.contract_number limit 1`,
      )
    )[0];

  it('is off by default: 403 with a catalogue message, nothing changed', async () => {
    const p = await openProposal();
    await expectUnchanged(p.share_id, async () => {
      expectError(await post(t, USERS.operator, '/actions/start_sale', { proposalId: p.id }), 403, 'Permission denied: feature disabled');
    });
  });

  it('with the flag on, opens the sale on the proposal: accepted_by_client, step 1, the proposal accepted', async () => {
    t.config.featureFlags.startSale = true;
    try {
      const p = await openProposal();
      expectError(await post(t, USERS.acme, '/actions/start_sale', { proposalId: p.id }), 403, 'Permission denied');
      const { share } = expectOk<ActionResult>(await post(t, USERS.operator, '/actions/start_sale', { proposalId: p.id }));
      expect(share).toMatchObject({ shareId: p.share_id, state: 'accepted_by_client', processStep: 1 });
      const [prop] = await t.query<{ status: string; selected: boolean }>(sql`select status, selected from proposals where id = ${p.id}`);
      expect(prop).toEqual({ status: 'accepted', selected: true });
      // The proposal is no longer open; the share is no longer available.
      expectError(await post(t, USERS.operator, '/actions/start_sale', { proposalId: p.id }), 409, /^Invalid proposal/);
      expectError(await post(t, USERS.operator, '/actions/start_sale', { proposalId: '00000000-0000-4000-8000-000000000000' }), 404, 'Proposal not found');
      expectError(await post(t, USERS.operator, '/actions/start_sale', {}), 400, 'proposalId is required');
    } finally {
      t.config.featureFlags.startSale = false;
    }
  });
});

describe('POST /actions/set_transfer', () => {
  const body = async (id: string, as: string = USERS.acme, slug = 'acme') => ({
    shareId: id,
    proofFile: (await uploadFile(t, as, { admSlug: slug, fileName: 'comprovante.pdf' })).fileId,
    billetFile: (await uploadFile(t, as, { admSlug: slug, fileName: 'boleto.pdf' })).fileId,
    billetLine: VALID_BOLETO,
    reactivationFile: (await uploadFile(t, as, { admSlug: slug, fileName: 'reativacao.pdf' })).fileId,
  });

  it('lets the administrator approve its own share, attaching the files with their document types', async () => {
    const [id] = await pick('received_from_client', ACME);
    const b = await body(id);
    const { share } = expectOk<ActionResult>(await post(t, USERS.acme, '/actions/set_transfer', b));
    expect(share).toMatchObject({ state: 'approved_by_adm', processStep: 3 });
    const attached = await t.query<{ id: string; document_type: string }>(sql`select id, document_type from files where share_id = ${id} order by document_type`);
    expect(attached).toEqual(
      expect.arrayContaining([
        { id: b.proofFile, document_type: 'TRANSFER_RECEIPT' },
        { id: b.billetFile, document_type: 'TRANSFER_INVOICE' },
        { id: b.reactivationFile, document_type: 'LATE_INVOICE' },
      ]),
    );
    const [h] = await t.query<{ files: string[] }>(sql`select files from share_history where share_id = ${id} order by id desc limit 1`);
    expect([...h.files].sort()).toEqual([b.proofFile, b.billetFile, b.reactivationFile].sort());
  });

  it("404s another administrator's share and refuses funds", async () => {
    const [id] = await pick('received_from_client', ACME);
    const b = await body(id, USERS.operator);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.orbita, '/actions/set_transfer', b), 404, /not found/);
      expectError(await post(t, USERS.fund, '/actions/set_transfer', b), 403, 'Permission denied');
    });
  });

  it('409 from a forbidden state; 400 on an invalid billet line; files of another tenant or unfinished are refused', async () => {
    const [avail] = await pick('available', ACME);
    const b = await body(avail);
    await expectUnchanged(avail, async () => {
      expectError(await post(t, USERS.acme, '/actions/set_transfer', b), 409, 'Invalid move: set_transfer from available');
    });
    const [id] = await pick('received_from_client', ACME);
    const ok = await body(id);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.acme, '/actions/set_transfer', { ...ok, billetLine: '123' }), 400, 'Invalid billet line');
      expectError(await post(t, USERS.acme, '/actions/set_transfer', { ...ok, billetLine: VALID_BOLETO.replace(/6$/, '7') }), 400, 'Invalid billet line');
      const foreign = await uploadFile(t, USERS.orbita, { admSlug: 'orbita' });
      expectError(await post(t, USERS.acme, '/actions/set_transfer', { ...ok, proofFile: foreign.fileId }), 404, 'Document not found');
      // The operator may read the Órbita file, but it does not belong to an Acme share.
      expectError(await post(t, USERS.operator, '/actions/set_transfer', { ...ok, proofFile: foreign.fileId }), 404, 'Document not found');
      const pending = (await post(t, USERS.acme, '/storage/upload_initialize', { fileName: 'x.pdf', totalParts: 1, admSlug: 'acme' })).json().fileId as string;
      expectError(await post(t, USERS.acme, '/actions/set_transfer', { ...ok, billetFile: pending }), 400, /^Invalid file/);
      expectError(await post(t, USERS.acme, '/actions/set_transfer', { shareId: id, billetLine: VALID_BOLETO }), 400, /is required$/);
    });
  });
});

describe('POST /actions/set_paid', () => {
  it('marks one share paid (administrator) with the proof and the date', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const proof = await uploadFile(t, USERS.acme);
    const { share } = expectOk<ActionResult>(await post(t, USERS.acme, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-11-20' }));
    expect(share).toMatchObject({ state: 'payment_done', processStep: 6 });
    const [f] = await t.query<{ document_type: string; share_id: string }>(sql`select document_type, share_id from files where id = ${proof.fileId}`);
    expect(f).toEqual({ document_type: 'PAYMENT_PROOF', share_id: id });
    const sel = await t.query<{ paid: string }>(sql`select data->>'paidDate' as paid from proposals where share_id = ${id} and selected`);
    for (const r of sel) expect(r.paid).toBe('2026-11-20');
  });

  it('the payment information then shows the declared paid date and that proof', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const proof = await uploadFile(t, USERS.acme);
    expectOk<ActionResult>(await post(t, USERS.acme, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-11-03' }));
    const [selected] = await t.query<{ id: string }>(sql`select id from proposals where share_id = ${id} and selected`);
    expect(selected, 'an approved share has a selected proposal').toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: `/api/proposal/payment_information?proposalId=${selected.id}`, headers: { authorization: `Bearer ${await t.token(USERS.acme)}` } });
    const info = expectOk<PaymentInformation>(res);
    expect(info.paidDate).toBe('2026-11-03');
    expect(info.proof?.fileId).toBe(proof.fileId);
  });

  it('in bulk answers one result per share: moved, refused by state, not found; the refused ones do not undo the others', async () => {
    const ok = await pick('approved_by_adm', sql`true`, 4);
    const [avail] = await pick('available');
    const missing = '00000000-0000-4000-8000-000000000001';
    const proof = await uploadFile(t, USERS.operator, { admSlug: 'repasse' });
    const before = await snapshot(t, avail);
    const res = expectOk<BulkActionResult>(
      await post(t, USERS.operator, '/actions/set_paid', { shareId: [ok[0], avail, ok[1], missing, ok[2], ok[3]], proofFile: proof.fileId, paidDate: '2026-11-19T10:00:00Z' }),
    );
    expect(res.results).toEqual([
      { shareId: ok[0], ok: true, state: 'payment_done' },
      { shareId: avail, ok: false, message: 'Invalid move: set_paid from available' },
      { shareId: ok[1], ok: true, state: 'payment_done' },
      { shareId: missing, ok: false, message: 'Share not found' },
      { shareId: ok[2], ok: true, state: 'payment_done' },
      { shareId: ok[3], ok: true, state: 'payment_done' },
    ]);
    for (const id of ok) expect((await snapshot(t, id)).state).toBe('payment_done');
    expect(await snapshot(t, avail)).toEqual(before);
  });

  it("an administrator's bulk reports another tenant's shares as not found", async () => {
    const [own] = await pick('approved_by_adm', ACME);
    const [foreign] = await pick('approved_by_adm', ORBITA);
    const proof = await uploadFile(t, USERS.acme);
    const res = expectOk<BulkActionResult>(await post(t, USERS.acme, '/actions/set_paid', { shareId: [own, foreign], proofFile: proof.fileId, paidDate: '2026-11-18' }));
    expect(res.results).toEqual([
      { shareId: own, ok: true, state: 'payment_done' },
      { shareId: foreign, ok: false, message: 'Share not found' },
    ]);
    expect((await snapshot(t, foreign)).state).toBe('approved_by_adm');
  });

  it('refuses funds, bad dates and a missing proof', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const proof = await uploadFile(t, USERS.acme);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.fund, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-11-20' }), 403, 'Permission denied');
      expectError(await post(t, USERS.orbita, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-11-20' }), 404, /not found/);
      expectError(await post(t, USERS.acme, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-02-30' }), 400, /^Invalid paidDate/);
      // The reason is on the date field too (issue 13): the app shows it there, in Portuguese.
      const future = expectError(await post(t, USERS.acme, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2999-01-01' }), 400, 'Invalid paidDate: in the future');
      expect(future.errors).toEqual({ paidDate: 'Invalid paidDate: in the future' });
      expectError(await post(t, USERS.acme, '/actions/set_paid', { shareId: id, paidDate: '2026-11-20' }), 400, 'proofFile is required');
      expectError(await post(t, USERS.acme, '/actions/set_paid', { shareId: [], proofFile: proof.fileId, paidDate: '2026-11-20' }), 400, /^Invalid body: shareId/);
    });
    const [avail] = await pick('available', ACME);
    await expectUnchanged(avail, async () => {
      expectError(await post(t, USERS.acme, '/actions/set_paid', { shareId: avail, proofFile: proof.fileId, paidDate: '2026-11-20' }), 409, 'Invalid move: set_paid from available');
    });
  });
});

describe('POST /actions/cancel_sale and GET /share/cancellation_history', () => {
  it('cancels an open sale: available, step 5, reason recorded, cancellation history newest first', async () => {
    const [id] = await pick('accepted_by_client', ACME);
    const { share } = expectOk<ActionResult>(
      await post(t, USERS.acme, '/actions/cancel_sale', { shareId: id, reason: 'preco_nao_aceito', detail: 'Cliente pediu mais.' }),
    );
    expect(share).toMatchObject({ state: 'available', processStep: 5, cancelReason: 'Preço não aceito' });
    expect(share.canceledAt).not.toBeNull();
    const hist = expectOk<{ data: CancellationEntry[] }>(await t.get(`/api/share/cancellation_history?shareId=${id}`, USERS.acme));
    expect(hist.data[0]).toMatchObject({ reasonId: 'preco_nao_aceito', reason: 'Preço não aceito', detail: 'Cliente pediu mais.', fromState: 'accepted_by_client', user: { name: 'Augusto Almeida' } });
    const ats = hist.data.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    // The share appears in the cancelled list.
    const list = expectOk<{ data: { shareId: string }[] }>(await t.get(`/api/share/canceled_list?limit=100&filters=${encodeURIComponent(JSON.stringify({ q: share.contractNumber }))}`));
    expect(list.data.map((r) => r.shareId)).toContain(id);
  });

  it('cancels from with_pendency and closes the open pendency', async () => {
    const [id] = await pick('with_pendency', ACME);
    expectOk(await post(t, USERS.operator, '/actions/cancel_sale', { shareId: id, reason: 'outro', detail: '' }));
    const [p] = await t.query<{ open: number }>(sql`select count(*)::int as open from pendencies where share_id = ${id} and resolved_at is null`);
    expect(p.open).toBe(0);
  });

  it('refuses funds, a denied permission, another tenant, a forbidden state and a bad reason', async () => {
    const [id] = await pick('sent_to_autoservice', ACME);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.fund, '/actions/cancel_sale', { shareId: id, reason: 'outro', detail: 'x' }), 403, 'Permission denied');
      expectError(await post(t, USERS.restricted, '/actions/cancel_sale', { shareId: id, reason: 'outro', detail: 'x' }), 403, 'Permission denied');
      expectError(await post(t, USERS.orbita, '/actions/cancel_sale', { shareId: id, reason: 'outro', detail: 'x' }), 404, 'Share not found');
      expectError(await post(t, USERS.acme, '/actions/cancel_sale', { shareId: id, reason: 'nao_existe', detail: 'x' }), 400, 'Invalid reason');
      expectError(await post(t, USERS.acme, '/actions/cancel_sale', { shareId: id, reason: 'outro' }), 400, 'detail is required');
    });
    const [done] = await pick('payment_done', ACME);
    await expectUnchanged(done, async () => {
      expectError(await post(t, USERS.acme, '/actions/cancel_sale', { shareId: done, reason: 'outro', detail: 'x' }), 409, 'Invalid move: cancel_sale from payment_done');
    });
    expectError(await t.get(`/api/share/cancellation_history?shareId=${id}`, USERS.orbita), 404, 'Share not found');
    expectError(await t.get(`/api/share/cancellation_history`, USERS.acme), 400, 'shareId is required');
  });
});

describe('POST /actions/transfer_in_bulk', () => {
  it('approves many shares with one result each (operator only)', async () => {
    const ids = await pick('received_from_client', sql`true`, 3);
    const [done] = await pick('payment_done');
    const res = expectOk<BulkActionResult>(await post(t, USERS.operator, '/actions/transfer_in_bulk', { shareIds: [...ids, done] }));
    expect(res.results).toEqual([
      ...ids.map((shareId) => ({ shareId, ok: true, state: 'approved_by_adm' })),
      { shareId: done, ok: false, message: 'Invalid move: set_transfer from payment_done' },
    ]);
    const [h] = await t.query<{ action: string }>(sql`select action from share_history where share_id = ${ids[0]} order by id desc limit 1`);
    expect(h.action).toBe('transfer_in_bulk');
    expectError(await post(t, USERS.acme, '/actions/transfer_in_bulk', { shareIds: ids }), 403, 'Permission denied');
    expectError(await post(t, USERS.operator, '/actions/transfer_in_bulk', { shareIds: [] }), 400, /^Invalid body: shareIds/);
  });

  it('takes 10,000 ids in one call (chunked) and answers each', async () => {
    const real = await pick('received_from_client', sql`true`, 5);
    const fake = Array.from({ length: 10_000 - real.length }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const started = Date.now();
    const res = expectOk<BulkActionResult>(await post(t, USERS.operator, '/actions/transfer_in_bulk', { shareIds: [...fake.slice(0, 5000), ...real, ...fake.slice(5000)] }));
    expect(res.results).toHaveLength(10_000);
    expect(res.results.filter((r) => r.ok).map((r) => r.shareId).sort()).toEqual([...real].sort());
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('POST /actions/release_proposals', () => {
  it('reopens the proposals of an available share', async () => {
    const [row] = await t.query<{ share_id: string }>(
      sql`select p.share_id from proposals p join shares s on s.id = p.share_id where s.state = 'available' and s.adm_id = 1 and p.status <> 'open' order by s.contract_number limit 1`,
    );
    const before = await snapshot(t, row.share_id);
    const { share } = expectOk<ActionResult>(await post(t, USERS.acme, '/actions/release_proposals', { shareId: row.share_id }));
    expect(share.state).toBe('available');
    const props = await t.query<{ status: string; selected: boolean }>(sql`select status, selected from proposals where share_id = ${row.share_id}`);
    expect(props.every((p) => p.status === 'open' && !p.selected)).toBe(true);
    expect((await snapshot(t, row.share_id)).history).toBe(before.history + 1);
  });

  it('refuses funds, another tenant, a sale in progress and a disabled flag', async () => {
    const [id] = await pick('available', ACME);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.fund, '/actions/release_proposals', { shareId: id }), 403, 'Permission denied');
      expectError(await post(t, USERS.orbita, '/actions/release_proposals', { shareId: id }), 404, 'Share not found');
      t.config.featureFlags.releaseProposals = false;
      try {
        expectError(await post(t, USERS.acme, '/actions/release_proposals', { shareId: id }), 403, 'Permission denied: feature disabled');
      } finally {
        t.config.featureFlags.releaseProposals = true;
      }
    });
    const [sale] = await pick('approved_by_adm', ACME);
    await expectUnchanged(sale, async () => {
      expectError(await post(t, USERS.acme, '/actions/release_proposals', { shareId: sale }), 409, 'Invalid move: release_proposals from approved_by_adm');
    });
  });
});

describe('POST /actions/proof_attach', () => {
  it('attaches a document to one share or many without moving them', async () => {
    const [one] = await pick('received_from_client', ACME);
    const doc = await uploadFile(t, USERS.acme, { fileName: 'cnh.png', bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('fake image bytes')]) });
    const before = await snapshot(t, one);
    const { share } = expectOk<ActionResult>(await post(t, USERS.acme, '/actions/proof_attach', { shareId: one, proofFile: doc.fileId, documentType: 'CNH' }));
    expect(share.state).toBe('received_from_client');
    expect(await snapshot(t, one)).toEqual({ ...before, history: before.history + 1 });
    const [f] = await t.query<{ document_type: string }>(sql`select document_type from files where id = ${doc.fileId}`);
    expect(f.document_type).toBe('CNH');

    const many = await pick('payment_done', ACME, 2);
    const proof = await uploadFile(t, USERS.acme);
    const res = expectOk<BulkActionResult>(await post(t, USERS.acme, '/actions/proof_attach', { shareId: many, proofFile: proof.fileId, documentType: 'PAYMENT_PROOF' }));
    expect(res.results).toEqual(many.map((shareId) => ({ shareId, ok: true, state: 'payment_done' })));
  });

  it('refuses funds, another tenant, unknown types and unknown files', async () => {
    const [id] = await pick('available', ACME);
    const doc = await uploadFile(t, USERS.acme);
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.fund, '/actions/proof_attach', { shareId: id, proofFile: doc.fileId, documentType: 'CNH' }), 403, 'Permission denied');
      expectError(await post(t, USERS.orbita, '/actions/proof_attach', { shareId: id, proofFile: doc.fileId, documentType: 'CNH' }), 404, /not found/);
      expectError(await post(t, USERS.acme, '/actions/proof_attach', { shareId: id, proofFile: doc.fileId, documentType: 'PASSPORT' }), 400, /^Invalid body: documentType must be one of/);
      expectError(await post(t, USERS.acme, '/actions/proof_attach', { shareId: id, proofFile: '00000000-0000-4000-8000-000000000000', documentType: 'CNH' }), 404, 'Document not found');
    });
  });
});

describe('POST /share/transfer_responsible_save', () => {
  it('sets an operator as the responsible and answers the share', async () => {
    const [id] = await pick('received_from_client', ACME);
    const [caio] = await t.query<{ id: string }>(sql`select id from users where email = 'caio@repasse.dev'`);
    const { share } = expectOk<ActionResult>(await post(t, USERS.operator, '/share/transfer_responsible_save', { shareId: id, responsibleId: caio.id }));
    expect(share.transferResponsible).toEqual({ userId: caio.id, name: 'Caio Cardoso' });
    const got = expectOk<{ transferResponsible: unknown; version: number }>(await t.get(`/api/share/get?contractNumber=${share.contractNumber}`));
    expect(got.transferResponsible).toEqual({ userId: caio.id, name: 'Caio Cardoso' });
    expect(typeof got.version).toBe('number');
  });

  it('refuses a responsible who is not an operator, non-operators and unknown shares', async () => {
    const [id] = await pick('received_from_client', ACME);
    const [adm] = await t.query<{ id: string }>(sql`select id from users where email = ${USERS.acme}`);
    const [caio] = await t.query<{ id: string }>(sql`select id from users where email = 'caio@repasse.dev'`);
    expectError(await post(t, USERS.operator, '/share/transfer_responsible_save', { shareId: id, responsibleId: adm.id }), 400, 'Invalid responsible');
    expectError(await post(t, USERS.operator, '/share/transfer_responsible_save', { shareId: id, responsibleId: '00000000-0000-4000-8000-000000000000' }), 400, 'Invalid responsible');
    expectError(await post(t, USERS.acme, '/share/transfer_responsible_save', { shareId: id, responsibleId: caio.id }), 403, 'Permission denied');
    expectError(await post(t, USERS.fund, '/share/transfer_responsible_save', { shareId: id, responsibleId: caio.id }), 403, 'Permission denied');
    expectError(await post(t, USERS.operator, '/share/transfer_responsible_save', { shareId: '00000000-0000-4000-8000-000000000000', responsibleId: caio.id }), 404, 'Share not found');
    expectError(await post(t, USERS.operator, '/share/transfer_responsible_save', { shareId: id }), 400, 'responsibleId is required');
  });
});
