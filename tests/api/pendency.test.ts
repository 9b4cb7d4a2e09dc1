/**
 * Pendencies as records (issue 15): every move of PENDENCY_WORKFLOW allowed and refused by status,
 * share state, profile, tenant, permission and deniedPermissions; bad input with its field; the
 * history entry of each move; idempotency; concurrent clears; the /pendencias list's summary,
 * filters and sorts.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { type PendencyMoveResult, type PendencyRecord, type PendencyShareListItem, todayInSaoPaulo } from '../../src/domain/pendencies';
import type { ListResponse } from '../../src/domain/shareList';
import { type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';
import { VALID_BOLETO, sharePicker, snapshot } from './support/shares';
import { localStorageConfig, post, uploadFile } from './support/storage';

const COLLECTION_BOLETO = '846100000005246100291102005460339004695895061080';
const DENIED = 'beatriz@repasse.dev';

let t: TestApp;
let pick: ReturnType<typeof sharePicker>;
const ACME = sql`adm_id = 1`;

beforeAll(async () => {
  t = await createTestApp({ config: { storage: await localStorageConfig() } });
  pick = sharePicker(t);
});
afterAll(async () => {
  await t?.close();
});

const retention = (shareId: string, extra: object = {}) => ({
  shareId,
  kind: 'retention',
  description: 'Cota retida até o pagamento da primeira parcela.',
  amount: 1520.35,
  paymentType: 'payment_fines_and_interest',
  dueDate: '2026-12-10',
  ...extra,
});
const documentPendency = (shareId: string) => ({ shareId, kind: 'document', description: 'RG ilegível.', documentType: 'RG_WITH_CPF' });

const open = async (as: string, body: object, headers: Record<string, string> = {}) => post(t, as, '/share/pendency_open', body, headers);
const opened = async (as: string, body: object) => expectOk<PendencyMoveResult>(await open(as, body));
const upload = async (as: string, slug = 'acme', fileName = 'boleto.pdf') => (await uploadFile(t, as, { admSlug: slug, fileName })).fileId;
const lastHistory = async (shareId: string) =>
  (
    await t.query<{ action: string; from_state: string; to_state: string; note: string; pendency_id: string | null; files: string[] }>(
      sql`select action, from_state, to_state, note, pendency_id, files from share_history where share_id = ${shareId} order by id desc limit 1`,
    )
  )[0];

/** A refused call leaves the share (state, version, history, steps) and its pendencies as they were. */
async function expectUnchanged(shareId: string, run: () => Promise<unknown>) {
  const pendencies = () => t.query(sql`select id, status, resolved_at, (select count(*)::int from pendency_tickets k where k.pendency_id = p.id) as tickets, (select count(*)::int from pendency_payments k where k.pendency_id = p.id) as payments from pendencies p where share_id = ${shareId} order by id`);
  const before = [await snapshot(t, shareId), await pendencies()];
  await run();
  expect([await snapshot(t, shareId), await pendencies()]).toEqual(before);
}

describe('POST /share/pendency_open', () => {
  it('opens the first pendency: the share moves to with_pendency (step 7), the record and the history say what it is', async () => {
    const [id] = await pick('received_from_client', ACME);
    const before = await snapshot(t, id);
    const { share, pendency } = await opened(USERS.operator, retention(id));
    expect(share).toMatchObject({ shareId: id, state: 'with_pendency', processStep: 7, previousState: 'received_from_client', version: before.version + 1 });
    expect(pendency).toMatchObject({
      shareId: id,
      kind: 'retention',
      status: 'open',
      description: 'Cota retida até o pagamento da primeira parcela.',
      amount: '1520.35',
      paymentType: 'payment_fines_and_interest',
      dueDate: '2026-12-10',
      returnState: 'received_from_client',
      openedBy: { name: 'Olívia Operadora' },
      paidAmount: '0.00',
      clearedAt: null,
      tickets: [],
      payments: [],
    });
    expect(await snapshot(t, id)).toEqual({ ...before, state: 'with_pendency', process_step: 7, version: before.version + 1, history: before.history + 1, steps: before.steps + 1 });
    expect(await lastHistory(id)).toEqual({
      action: 'pendency_open',
      from_state: 'received_from_client',
      to_state: 'with_pendency',
      note: 'Retenção pela administradora: Cota retida até o pagamento da primeira parcela. · Valor: R$\u00a01.520,35 · Pagamento: Pagamento de multas e juros · Vencimento: 10/12/2026',
      pendency_id: pendency.pendencyId,
      files: [],
    });
  });

  it('opens a second one on a share that has one: the share stays, both return to the state before the first', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    await opened(USERS.operator, retention(id));
    const { share, pendency } = await opened(USERS.acme, documentPendency(id));
    expect(share).toMatchObject({ state: 'with_pendency', processStep: 7, previousState: 'approved_by_adm' });
    expect(pendency).toMatchObject({ kind: 'document', documentType: 'RG_WITH_CPF', amount: null, paymentType: null, returnState: 'approved_by_adm', openedBy: { name: 'Augusto Almeida' } });
    expect(await lastHistory(id)).toMatchObject({ action: 'pendency_open', from_state: 'with_pendency', to_state: 'with_pendency', note: 'Documento ausente ou recusado: RG ilegível. · Documento: RG com CPF' });
  });

  it.each(['available', 'payment_done'] as const)('refuses a share in %s with 409 and changes nothing', async (state) => {
    const [id] = await pick(state, ACME);
    await expectUnchanged(id, async () => {
      const e = expectError(await open(USERS.operator, retention(id)), 409, `Invalid move: raise_pendency from ${state}`);
      expect(matchErrorMessage(e.message)).toMatchObject({ key: 'invalidMove' });
    });
  });

  it('by profile, tenant and deniedPermissions: fund 403, another administrator 404, a denied operator 403', async () => {
    const [id] = await pick('accepted_by_client', ACME);
    await expectUnchanged(id, async () => {
      expectError(await open(USERS.fund, retention(id)), 403, 'Permission denied');
      expectError(await open(USERS.orbita, retention(id)), 404, 'Share not found');
      await t.query(sql`update users set denied_permissions = '{pendency.open}' where email = ${DENIED}`);
      expectError(await open(DENIED, retention(id)), 403, 'Permission denied');
      await t.query(sql`update users set denied_permissions = '{}' where email = ${DENIED}`);
      expectError(await post(t, null, '/share/pendency_open', retention(id)), 401, 'Unauthorized');
    });
    // The administrator of the share may.
    expectOk(await open(USERS.acme, retention(id)));
  });

  it('answers 400 with every field’s reason and changes nothing', async () => {
    const [id] = await pick('sent_to_autoservice', ACME);
    await expectUnchanged(id, async () => {
      const money = expectError(await open(USERS.operator, { shareId: id, kind: 'overdue_installments', description: '  ' }), 400);
      expect(money.errors).toEqual({
        description: 'Invalid pendency description: it is required',
        amount: 'Invalid pendency amount: required when money is involved',
        paymentType: 'Invalid pendency payment type: required when money is involved',
      });
      expect(expectError(await open(USERS.operator, retention(id, { amount: '1.520,35' })), 400).errors).toEqual({ amount: 'Invalid amount: more than zero, at most two decimals' });
      expect(expectError(await open(USERS.operator, retention(id, { amount: 0 })), 400).errors).toEqual({ amount: 'Invalid amount: more than zero, at most two decimals' });
      expect(expectError(await open(USERS.operator, retention(id, { dueDate: '2026-02-30' })), 400).errors).toEqual({ dueDate: 'Invalid dueDate: expected an ISO date (YYYY-MM-DD)' });
      expect(expectError(await open(USERS.operator, { ...documentPendency(id), documentType: null }), 400).errors).toEqual({ documentType: 'Invalid pendency document type: say which document' });
      expect(expectError(await open(USERS.operator, { ...documentPendency(id), amount: 10 }), 400).errors).toEqual({ amount: 'Invalid pendency amount: no money is involved in this kind' });
      expect(expectError(await open(USERS.operator, { ...retention(id), documentType: 'CNH' }), 400).errors).toEqual({ documentType: 'Invalid pendency document type: only a document pendency names one' });
      expectError(await open(USERS.operator, { ...retention(id), kind: 'other' }), 400, /^Invalid body: kind/);
      expectError(await open(USERS.operator, { ...retention(id), shareId: '00000000-0000-4000-8000-000000000000' }), 404, 'Share not found');
    });
  });

  it('is idempotent with an Idempotency-Key; the same key with other data is 422', async () => {
    const [id] = await pick('received_from_client', ACME);
    const headers = { 'idempotency-key': `open-${id}` };
    const first = expectOk<PendencyMoveResult>(await open(USERS.operator, retention(id), headers));
    const after = await snapshot(t, id);
    const again = expectOk<PendencyMoveResult>(await open(USERS.operator, retention(id), headers));
    expect(again.pendency.pendencyId).toBe(first.pendency.pendencyId);
    expect(await snapshot(t, id)).toEqual(after);
    expectError(await open(USERS.operator, retention(id, { amount: 99 }), headers), 422, 'Invalid Idempotency-Key: already used for another request');
    // (The seed may have left an old, cleared pendency on the share.)
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from pendencies where share_id = ${id} and resolved_at is null`);
    expect(n).toBe(1);
  });
});

describe('tickets, payments and clearing', () => {
  it('walks a retention through a boleto, its payment and its clearing; the share returns to where it was', async () => {
    const [id] = await pick('received_from_client', ACME);
    const { pendency } = await opened(USERS.operator, retention(id));
    const boleto = await upload(USERS.operator);
    const billed = expectOk<PendencyMoveResult>(
      await post(t, USERS.operator, '/share/pendency_add_ticket', {
        pendencyId: pendency.pendencyId,
        kind: 'RETENTION_FIRST_INSTALLMENT',
        file: boleto,
        line: '00190.00009 01149.718601 68524.522114 6 75860000102656',
        amount: '1520.35',
        dueDate: '2026-01-10',
      }),
    );
    const [ticket] = billed.pendency.tickets;
    expect(ticket).toMatchObject({ kind: 'RETENTION_FIRST_INSTALLMENT', fileId: boleto, fileName: 'boleto.pdf', line: VALID_BOLETO, amount: '1520.35', dueDate: '2026-01-10', paid: false });
    expect(billed.pendency.status).toBe('open');
    expect(await lastHistory(id)).toMatchObject({ action: 'pendency_add_ticket', files: [boleto], note: `Retenção pela administradora · Boleto Retenção: primeira parcela · Valor: R$\u00a01.520,35 · Vencimento: 10/01/2026 · Linha digitável: ${VALID_BOLETO}` });
    const [file] = await t.query<{ share_id: string; document_type: string }>(sql`select share_id, document_type from files where id = ${boleto}`);
    expect(file).toEqual({ share_id: id, document_type: 'LATE_INVOICE' });

    const proof = await upload(USERS.acme, 'acme', 'comprovante.pdf');
    const paid = expectOk<PendencyMoveResult>(
      await post(t, USERS.acme, '/share/pendency_register_payment', { pendencyId: pendency.pendencyId, proofFile: proof, amount: 1520.35, paidDate: todayInSaoPaulo(), ticketId: ticket.ticketId }),
    );
    expect(paid.pendency).toMatchObject({ status: 'paid', paidAmount: '1520.35', payments: [{ ticketId: ticket.ticketId, fileId: proof, amount: '1520.35', paidDate: todayInSaoPaulo() }] });
    expect(paid.pendency.tickets[0].paid).toBe(true);
    // The same ticket cannot be paid twice.
    const again = await upload(USERS.acme, 'acme', 'comprovante2.pdf');
    await expectUnchanged(id, async () => {
      expectError(await post(t, USERS.acme, '/share/pendency_register_payment', { pendencyId: pendency.pendencyId, proofFile: again, amount: 10, paidDate: todayInSaoPaulo(), ticketId: ticket.ticketId }), 409, 'Invalid ticket: already paid');
    });

    const cleared = expectOk<PendencyMoveResult>(await post(t, USERS.operator, '/share/pendency_clear', { pendencyId: pendency.pendencyId, note: 'Pagamento confirmado pela administradora.' }));
    expect(cleared.share).toMatchObject({ state: 'received_from_client', processStep: 2, previousState: null });
    expect(cleared.pendency).toMatchObject({ status: 'cleared', clearedBy: { name: 'Olívia Operadora' }, clearNote: 'Pagamento confirmado pela administradora.' });
    expect(await lastHistory(id)).toMatchObject({ action: 'pendency_clear', from_state: 'with_pendency', to_state: 'received_from_client', note: 'Retenção pela administradora resolvida: Pagamento confirmado pela administradora.' });
    // Closed: nothing more can be done on it.
    await expectUnchanged(id, async () => {
      const e = expectError(await post(t, USERS.operator, '/share/pendency_clear', { pendencyId: pendency.pendencyId }), 409, 'Invalid pendency move: clear from cleared');
      expect(matchErrorMessage(e.message)).toMatchObject({ key: 'invalidPendencyMove' });
      expectError(await post(t, USERS.operator, '/share/pendency_add_ticket', { pendencyId: pendency.pendencyId, kind: 'zip_payment_ticket', file: again, amount: 1, dueDate: '2026-12-01' }), 409, 'Invalid pendency move: add_ticket from cleared');
    });
  });

  it('the share leaves with_pendency only when its last open pendency is cleared', async () => {
    const [id] = await pick('accepted_by_client', ACME);
    const first = (await opened(USERS.operator, documentPendency(id))).pendency;
    const second = (await opened(USERS.operator, { shareId: id, kind: 'bank_data', description: 'Conta não confere.' })).pendency;
    const one = expectOk<PendencyMoveResult>(await post(t, USERS.operator, '/share/pendency_clear', { pendencyId: first.pendencyId }));
    expect(one.share).toMatchObject({ state: 'with_pendency', processStep: 7 });
    expect(await lastHistory(id)).toMatchObject({ from_state: 'with_pendency', to_state: 'with_pendency', note: 'Documento ausente ou recusado resolvida' });
    const two = expectOk<PendencyMoveResult>(await post(t, USERS.acme, '/share/pendency_clear', { pendencyId: second.pendencyId }));
    expect(two.share).toMatchObject({ state: 'accepted_by_client', processStep: 1 });
  });

  it('money moves are refused where no money is involved (409), a money pendency is not cleared unpaid without a note (400)', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const doc = (await opened(USERS.operator, documentPendency(id))).pendency;
    const money = (await opened(USERS.operator, retention(id))).pendency;
    const file = await upload(USERS.operator);
    await expectUnchanged(id, async () => {
      const e = expectError(await post(t, USERS.operator, '/share/pendency_register_payment', { pendencyId: doc.pendencyId, proofFile: file, amount: 10, paidDate: '2026-11-20' }), 409, 'Invalid pendency move: register_payment on a document pendency');
      expect(matchErrorMessage(e.message)).toMatchObject({ key: 'pendencyNoMoney' });
      expectError(await post(t, USERS.operator, '/share/pendency_add_ticket', { pendencyId: doc.pendencyId, kind: 'zip_payment_ticket', file, amount: 10, dueDate: '2026-12-01' }), 409, 'Invalid pendency move: add_ticket on a document pendency');
      const note = expectError(await post(t, USERS.operator, '/share/pendency_clear', { pendencyId: money.pendencyId, note: '  ' }), 400);
      expect(note.errors).toEqual({ note: PENDENCY_CLEAR_NOTE });
    });
    // With a note it is cleared: the administrator waived it.
    expectOk(await post(t, USERS.acme, '/share/pendency_clear', { pendencyId: money.pendencyId, note: 'Dispensada pela administradora.' }));
  });

  it('tickets and payments: bad input answers 400 on its field, another tenant’s file or pendency 404', async () => {
    const [id] = await pick('received_from_client', ACME);
    const p = (await opened(USERS.operator, { shareId: id, kind: 'reactivation', description: 'Cota excluída.', amount: 800, paymentType: 'payment_in_full' })).pendency;
    const file = await upload(USERS.operator);
    const orbitaFile = await upload(USERS.orbita, 'orbita');
    const ticket = (extra: object) => post(t, USERS.operator, '/share/pendency_add_ticket', { pendencyId: p.pendencyId, kind: 'REACTIVATION_FIRST_INSTALLMENT', file, line: VALID_BOLETO, amount: 800, dueDate: '2026-12-01', ...extra });
    const wrongDigit = `${VALID_BOLETO.slice(0, 9)}${(Number(VALID_BOLETO[9]) + 1) % 10}${VALID_BOLETO.slice(10)}`;
    await expectUnchanged(id, async () => {
      expect(expectError(await ticket({ line: wrongDigit }), 400, 'Invalid billet line').errors).toEqual({ line: 'Invalid billet line' });
      expect(expectError(await ticket({ line: VALID_BOLETO.slice(0, 44) }), 400, 'Invalid billet line').errors).toEqual({ line: 'Invalid billet line' });
      expect(expectError(await ticket({ line: null }), 400).errors).toEqual({ line: 'Invalid billet line: required for this ticket' });
      expect(expectError(await ticket({ amount: -5, dueDate: '10/12/2026' }), 400).errors).toEqual({ amount: 'Invalid amount: more than zero, at most two decimals', dueDate: 'Invalid dueDate: expected an ISO date (YYYY-MM-DD)' });
      expect(expectError(await ticket({ kind: 'RETENTION_FIRST_INSTALLMENT' }), 400, 'Invalid ticket kind for this pendency').errors).toEqual({ kind: 'Invalid ticket kind for this pendency' });
      expectError(await ticket({ file: orbitaFile }), 404, 'Document not found');
      expectError(await post(t, USERS.orbita, '/share/pendency_add_ticket', { pendencyId: p.pendencyId, kind: 'REACTIVATION_FIRST_INSTALLMENT', file: orbitaFile, line: VALID_BOLETO, amount: 800, dueDate: '2026-12-01' }), 404, 'Pendency not found');
      expectError(await post(t, USERS.fund, '/share/pendency_add_ticket', { pendencyId: p.pendencyId, kind: 'REACTIVATION_FIRST_INSTALLMENT', file, line: VALID_BOLETO, amount: 800, dueDate: '2026-12-01' }), 403, 'Permission denied');
      const pay = (extra: object) => post(t, USERS.operator, '/share/pendency_register_payment', { pendencyId: p.pendencyId, proofFile: file, amount: 800, paidDate: '2026-11-20', ...extra });
      expect(expectError(await pay({ paidDate: '2999-01-01' }), 400, 'Invalid paidDate: in the future').errors).toEqual({ paidDate: 'Invalid paidDate: in the future' });
      expect(expectError(await pay({ paidDate: '20/11/2026' }), 400).errors).toEqual({ paidDate: 'Invalid paidDate: expected an ISO date (YYYY-MM-DD)' });
      expectError(await pay({ ticketId: '00000000-0000-4000-8000-000000000000' }), 404, 'Ticket not found');
      expectError(await pay({ proofFile: orbitaFile }), 404, 'Document not found');
      expectError(await post(t, USERS.orbita, '/share/pendency_clear', { pendencyId: p.pendencyId, note: 'x' }), 404, 'Pendency not found');
      expectError(await post(t, USERS.operator, '/share/pendency_clear', { pendencyId: '00000000-0000-4000-8000-000000000000' }), 404, 'Pendency not found');
    });
    // A ZIP of boletos needs no line; a collection slip (48 digits) is a line too.
    expectOk(await ticket({ kind: 'zip_payment_ticket', line: null }));
    expectOk(await ticket({ kind: 'REACTIVATION_FINES_AND_INTERESTS_TICKET', file: await upload(USERS.operator), line: COLLECTION_BOLETO }));
  });

  it('deniedPermissions refuses each move it names, and only it', async () => {
    const [id] = await pick('received_from_client', ACME);
    const p = (await opened(USERS.operator, retention(id))).pendency;
    const file = await upload(DENIED);
    try {
      await t.query(sql`update users set denied_permissions = '{pendency.add_ticket,pendency.register_payment,pendency.clear}' where email = ${DENIED}`);
      await expectUnchanged(id, async () => {
        expectError(await post(t, DENIED, '/share/pendency_add_ticket', { pendencyId: p.pendencyId, kind: 'zip_payment_ticket', file, amount: 1, dueDate: '2026-12-01' }), 403, 'Permission denied');
        expectError(await post(t, DENIED, '/share/pendency_register_payment', { pendencyId: p.pendencyId, proofFile: file, amount: 1, paidDate: '2026-11-20' }), 403, 'Permission denied');
        expectError(await post(t, DENIED, '/share/pendency_clear', { pendencyId: p.pendencyId, note: 'x' }), 403, 'Permission denied');
      });
      expectOk(await t.get(`/api/share/pendency_list?shareId=${id}`, DENIED));
    } finally {
      await t.query(sql`update users set denied_permissions = '{}' where email = ${DENIED}`);
    }
  });

  it('is idempotent per move: a repeated payment writes one payment and one history entry', async () => {
    const [id] = await pick('received_from_client', ACME);
    const p = (await opened(USERS.operator, retention(id))).pendency;
    const proof = await upload(USERS.operator);
    const body = { pendencyId: p.pendencyId, proofFile: proof, amount: 100, paidDate: '2026-11-20' };
    const headers = { 'idempotency-key': `pay-${id}` };
    const first = expectOk<PendencyMoveResult>(await post(t, USERS.operator, '/share/pendency_register_payment', body, headers));
    const after = await snapshot(t, id);
    const again = expectOk<PendencyMoveResult>(await post(t, USERS.operator, '/share/pendency_register_payment', body, headers));
    expect(again.pendency.payments).toEqual(first.pendency.payments);
    expect(await snapshot(t, id)).toEqual(after);
    expectError(await post(t, USERS.operator, '/share/pendency_clear', { pendencyId: p.pendencyId }, headers), 422, 'Invalid Idempotency-Key: already used for another request');
  });
});

describe('concurrent clears', () => {
  it('two clears of the two last pendencies: both succeed, the share returns once', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const a = (await opened(USERS.operator, documentPendency(id))).pendency;
    const b = (await opened(USERS.operator, { shareId: id, kind: 'signer_data', description: 'Assinatura diverge.' })).pendency;
    const before = await snapshot(t, id);
    const results = await Promise.all([
      post(t, USERS.operator, '/share/pendency_clear', { pendencyId: a.pendencyId }),
      post(t, USERS.acme, '/share/pendency_clear', { pendencyId: b.pendencyId }),
    ]);
    for (const r of results) expectOk(r);
    expect(await snapshot(t, id)).toEqual({ ...before, state: 'approved_by_adm', process_step: 3, version: before.version + 2, history: before.history + 2, steps: before.steps + 1 });
  });

  it('two clears of the same pendency: one wins, the other is told why (409)', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const a = (await opened(USERS.operator, documentPendency(id))).pendency;
    const results: LightMyRequestResponse[] = await Promise.all([
      post(t, USERS.operator, '/share/pendency_clear', { pendencyId: a.pendencyId }),
      post(t, USERS.acme, '/share/pendency_clear', { pendencyId: a.pendencyId }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(results.find((r) => r.statusCode === 409)!, 409, 'Invalid pendency move: clear from cleared');
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from share_history where share_id = ${id} and action = 'pendency_clear'`);
    expect(n).toBe(1);
  });
});

describe('cancelling the sale', () => {
  it('closes every open pendency as cancelled', async () => {
    const [id] = await pick('received_from_client', ACME);
    const ids = [(await opened(USERS.operator, retention(id))).pendency.pendencyId, (await opened(USERS.operator, documentPendency(id))).pendency.pendencyId];
    const [reason] = await t.query<{ id: string }>(sql`select id from cancel_reasons order by id limit 1`);
    expectOk(await post(t, USERS.operator, '/actions/cancel_sale', { shareId: id, reason: reason.id, detail: 'Cliente desistiu.' }));
    const list = expectOk<ListResponse<PendencyRecord>>(await t.get(`/api/share/pendency_list?shareId=${id}&includeClosed=true`, USERS.operator));
    const ours = list.data.filter((p) => ids.includes(p.pendencyId));
    expect(ours.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
    expect(ours.every((p) => p.cancelledAt !== null && p.clearedAt === null)).toBe(true);
    expect(expectOk<ListResponse<PendencyRecord>>(await t.get(`/api/share/pendency_list?shareId=${id}`, USERS.operator)).data).toEqual([]);
  });
});

describe('GET /share/pendency_list', () => {
  it('lists open ones by default, closed ones on request; tenant scoped; read by funds on their shares', async () => {
    const [id] = await pick('received_from_client', ACME);
    const a = (await opened(USERS.operator, documentPendency(id))).pendency;
    const b = (await opened(USERS.operator, retention(id))).pendency;
    expectOk(await post(t, USERS.operator, '/share/pendency_clear', { pendencyId: a.pendencyId }));
    const open = expectOk<ListResponse<PendencyRecord>>(await t.get(`/api/share/pendency_list?shareId=${id}`, USERS.acme));
    expect(open.data.map((p) => p.pendencyId)).toEqual([b.pendencyId]);
    const all = expectOk<ListResponse<PendencyRecord>>(await t.get(`/api/share/pendency_list?shareId=${id}&includeClosed=true`, USERS.acme));
    // Oldest first; the seed may have left an older, cleared one on the share.
    expect(all.data.filter((p) => p.pendencyId === a.pendencyId || p.pendencyId === b.pendencyId).map((p) => [p.kind, p.status])).toEqual([['document', 'cleared'], ['retention', 'open']]);
    expect(all.data.every((p) => p.status === 'cleared' || p.status === 'cancelled' || p.pendencyId === b.pendencyId)).toBe(true);
    expectError(await t.get(`/api/share/pendency_list?shareId=${id}`, USERS.orbita), 404, 'Share not found');
    const [fundShare] = await t.query<{ id: string }>(sql`select s.id from shares s join pendencies p on p.share_id = s.id where s.fund_id = 1 and p.resolved_at is null limit 1`);
    expect(expectOk<ListResponse<PendencyRecord>>(await t.get(`/api/share/pendency_list?shareId=${fundShare.id}`, USERS.fund)).data.length).toBeGreaterThan(0);
    const [otherFund] = await t.query<{ id: string }>(sql`select id from shares where fund_id = 2 limit 1`);
    expectError(await t.get(`/api/share/pendency_list?shareId=${otherFund.id}`, USERS.fund), 404, 'Share not found');
  });
});

describe('GET /share/with_pendency_list', () => {
  const list = async (as: string, params: Parameters<typeof listUrl>[1] = {}) =>
    expectOk<ListResponse<PendencyShareListItem>>(await t.get(listUrl('/share/with_pendency_list', { limit: 100, ...params }), as));

  it('lists the shares with a pendency, each with its open pendencies summed up', async () => {
    const res = await list(USERS.operator);
    expect(res.total).toBeGreaterThan(0);
    expect(res.data.every((s) => s.state === 'with_pendency')).toBe(true);
    const today = todayInSaoPaulo();
    for (const s of res.data.filter((x) => x.pendency)) {
      const p = s.pendency!;
      expect(p.count).toBeGreaterThan(0);
      expect(p.kinds.length).toBeGreaterThan(0);
      expect(p.ageDays).toBeGreaterThanOrEqual(0);
      if (p.overdue) expect(p.dueDate! < today).toBe(true);
    }
    // The seed has overdue ones and shares with two.
    expect(res.data.some((s) => s.pendency?.overdue)).toBe(true);
    expect(res.data.some((s) => (s.pendency?.count ?? 0) > 1)).toBe(true);
    // Tenant scoping like the other lists.
    expect((await list(USERS.acme)).data.every((s) => s.admId === 1)).toBe(true);
  });

  it('filters on kind, age, due date and overdue, and sorts on age and due date', async () => {
    const byKind = await list(USERS.operator, { filters: { pendencyKind: ['retention', 'reactivation'] } });
    expect(byKind.data.length).toBeGreaterThan(0);
    expect(byKind.data.every((s) => s.pendency!.kinds.some((k) => k === 'retention' || k === 'reactivation'))).toBe(true);
    const old = await list(USERS.operator, { filters: { pendencyMinAgeDays: 30 } });
    expect(old.data.every((s) => s.pendency!.ageDays >= 30)).toBe(true);
    const overdue = await list(USERS.operator, { filters: { pendencyOverdue: true } });
    expect(overdue.data.length).toBeGreaterThan(0);
    expect(overdue.data.every((s) => s.pendency!.overdue)).toBe(true);
    expect((await list(USERS.operator, { filters: { pendencyOverdue: false } })).data.every((s) => !s.pendency?.overdue)).toBe(true);
    const due = await list(USERS.operator, { filters: { pendencyDueFrom: '2026-01-01', pendencyDueTo: '2026-12-31' } });
    expect(due.data.every((s) => s.pendency!.dueDate !== null)).toBe(true);
    const oldestFirst = await list(USERS.operator, { sort: 'pendencyOpenedAt', order: 'asc' });
    const opened = oldestFirst.data.filter((s) => s.pendency).map((s) => s.pendency!.openedAt);
    expect(opened).toEqual([...opened].sort());
    const soonest = await list(USERS.operator, { sort: 'pendencyDueDate', order: 'asc' });
    const dues = soonest.data.map((s) => s.pendency?.dueDate).filter((d): d is string => !!d);
    expect(dues).toEqual([...dues].sort());
  });

  it('answers 400 on a bad filter, naming it; the pendency filters belong to this list only', async () => {
    expectError(await t.get(listUrl('/share/with_pendency_list', { filters: { pendencyKind: ['late'] } }), USERS.operator), 400, 'Invalid filter: pendencyKind');
    expectError(await t.get(listUrl('/share/with_pendency_list', { filters: { pendencyMinAgeDays: -1 } }), USERS.operator), 400, 'Invalid filter: pendencyMinAgeDays');
    expectError(await t.get(listUrl('/share/with_pendency_list', { filters: { pendencyDueFrom: '2026-12-01', pendencyDueTo: '2026-11-01' } }), USERS.operator), 400, 'Invalid filter: pendencyDueTo');
    expectError(await t.get(listUrl('/share/list', { filters: { pendencyKind: ['retention'] } }), USERS.operator), 400, 'Invalid filter: pendencyKind');
    expectError(await t.get(listUrl('/share/list', { sort: 'pendencyDueDate' }), USERS.operator), 400);
  });
});

const PENDENCY_CLEAR_NOTE = 'Invalid clear note: say why a pendency with money involved is cleared without a payment';
