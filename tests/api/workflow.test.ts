/**
 * The server's promises about the workflow (issue 3): a share walks available → payment_done with
 * real uploaded files, every move in one transaction with its history; a repeated request writes
 * no second history entry; two concurrent moves on one share — exactly one wins.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult, FileRef, GeneratedLink } from '../../src/domain/workspace';
import { moveShare, moveShares } from '../../server/services/shareWorkflow';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { VALID_BOLETO, authUser, sharePicker, snapshot } from './support/shares';
import { localStorageConfig, pdfBytes, post, uploadFile } from './support/storage';

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

describe('the full path', () => {
  it('available → sent_to_autoservice → accepted_by_client → received_from_client → approved_by_adm → payment_done, with real files', async () => {
    const [id] = await pick('available', ACME);
    const start = await snapshot(t, id);
    const operator = await authUser(t, USERS.operator);
    const flags = t.config.featureFlags;

    let share = expectOk<ActionResult>(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id })).share;
    expect(share.state).toBe('sent_to_autoservice');

    // The client's side of the platform has no API call: the service makes those moves.
    await moveShare(t.handle.db, operator, { shareId: id }, { move: 'client_accept', flags });
    await moveShare(t.handle.db, operator, { contractNumber: share.contractNumber }, { move: 'contract_received', flags, note: 'Contrato assinado recebido' });
    expect((await snapshot(t, id)).state).toBe('received_from_client');

    const proofBytes = pdfBytes(12_000, 7);
    const proof = await uploadFile(t, USERS.acme, { bytes: proofBytes, parts: 2, fileName: 'comprovante-taxa.pdf' });
    const billet = await uploadFile(t, USERS.acme, { fileName: 'boleto.pdf' });
    share = expectOk<ActionResult>(
      await post(t, USERS.acme, '/actions/set_transfer', { shareId: id, proofFile: proof.fileId, billetFile: billet.fileId, billetLine: VALID_BOLETO }),
    ).share;
    expect(share).toMatchObject({ state: 'approved_by_adm', processStep: 3 });

    const paid = await uploadFile(t, USERS.operator, { admSlug: 'acme', fileName: 'pagamento.pdf' });
    share = expectOk<ActionResult>(await post(t, USERS.operator, '/actions/set_paid', { shareId: id, proofFile: paid.fileId, paidDate: '2026-11-20' })).share;
    expect(share).toMatchObject({ state: 'payment_done', processStep: 6, version: start.version + 5 });
    expect(share.stateFlags).toMatchObject({ payment_done: true, approved_by_adm: false });

    const history = await t.query<{ action: string; from_state: string; to_state: string; files: string[] }>(
      sql`select action, from_state, to_state, files from share_history where share_id = ${id} order by id desc limit 5`,
    );
    expect(history.reverse()).toEqual([
      { action: 'share_send_autoservice', from_state: 'available', to_state: 'sent_to_autoservice', files: [] },
      { action: 'client_accept', from_state: 'sent_to_autoservice', to_state: 'accepted_by_client', files: [] },
      { action: 'contract_received', from_state: 'accepted_by_client', to_state: 'received_from_client', files: [] },
      { action: 'set_transfer', from_state: 'received_from_client', to_state: 'approved_by_adm', files: [proof.fileId, billet.fileId] },
      { action: 'set_paid', from_state: 'approved_by_adm', to_state: 'payment_done', files: [paid.fileId] },
    ]);
    expect(share.history.slice(-5).map((h) => h.step)).toEqual([0, 1, 2, 3, 6]);

    // The attached proof downloads back byte for byte.
    const link = expectOk<GeneratedLink>(await post(t, USERS.acme, '/storage/generate_link', { filePath: proof.filePath }));
    const dl = await t.inject({ method: 'GET', url: link.url });
    expect(Buffer.compare(dl.rawPayload, proofBytes)).toBe(0);

    // payment_done is final.
    for (const move of ['cancel_sale', 'raise_pendency', 'set_paid'] as const) {
      await expect(moveShare(t.handle.db, operator, { shareId: id }, { move, flags })).rejects.toMatchObject({ kind: 'conflict', message: `Invalid move: ${move} from payment_done` });
    }
  });

  it('a pendency returns to the state before it', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const operator = await authUser(t, USERS.operator);
    const flags = t.config.featureFlags;
    await moveShare(t.handle.db, operator, { shareId: id }, { move: 'raise_pendency', flags });
    expect(await t.query(sql`select state, previous_state, process_step from shares where id = ${id}`)).toEqual([{ state: 'with_pendency', previous_state: 'approved_by_adm', process_step: 7 }]);
    await moveShare(t.handle.db, operator, { shareId: id }, { move: 'clear_pendency', flags });
    expect(await t.query(sql`select state, previous_state, process_step from shares where id = ${id}`)).toEqual([{ state: 'approved_by_adm', previous_state: null, process_step: 3 }]);
  });
});

describe('idempotency', () => {
  it('a repeat with the same Idempotency-Key answers the same share and writes no second history entry', async () => {
    const [id] = await pick('available', ACME);
    const headers = { 'idempotency-key': `send-${id}` };
    const first = expectOk<ActionResult>(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }, headers));
    const after = await snapshot(t, id);
    const again = expectOk<ActionResult>(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }, headers));
    expect(again).toEqual(first);
    expect(await snapshot(t, id)).toEqual(after);
    // Without the key the same move is simply refused by the workflow.
    expectError(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }), 409, 'Invalid move: share_send_autoservice from sent_to_autoservice');
    // The same key for another action is a client error.
    expectError(await post(t, USERS.operator, '/actions/cancel_sale', { shareId: id, reason: 'outro', detail: 'x' }, headers), 422, 'Invalid Idempotency-Key: already used for another request');
    expectError(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }, { 'idempotency-key': 'x'.repeat(200) }), 400, /^Invalid Idempotency-Key/);
  });

  it('the same key with other data is refused with 422 and changes nothing; the same data in another order is a repeat', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const proof = await uploadFile(t, USERS.operator, { admSlug: 'acme' });
    const headers = { 'idempotency-key': `paid-${id}` };
    const first = expectOk<ActionResult>(await post(t, USERS.operator, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-11-20' }, headers));
    const after = await snapshot(t, id);
    const selected = async () => t.query(sql`select data->>'paidDate' as "paidDate" from proposals where share_id = ${id} and selected`);
    const paid = await selected();
    // Another paid date under the same key: not silently answered with the first result.
    expectError(await post(t, USERS.operator, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-11-19' }, headers), 422, 'Invalid Idempotency-Key: already used for another request');
    expect(await snapshot(t, id)).toEqual(after);
    expect(await selected()).toEqual(paid);
    // The same body with its keys in another order is the same request.
    expect(expectOk<ActionResult>(await post(t, USERS.operator, '/actions/set_paid', { paidDate: '2026-11-20', proofFile: proof.fileId, shareId: id }, headers))).toEqual(first);
  });

  it('concurrent repeats of one keyed request write one history entry', async () => {
    const [id] = await pick('available', ACME);
    const before = await snapshot(t, id);
    const headers = { 'idempotency-key': `dup-${id}` };
    const answers = await Promise.all([1, 2, 3].map(() => post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await snapshot(t, id)).toMatchObject({ state: 'sent_to_autoservice', version: before.version + 1, history: before.history + 1 });
  });

  it('bulk: a repeat moves nothing twice', async () => {
    const ids = await pick('received_from_client', sql`true`, 3);
    const headers = { 'idempotency-key': `bulk-${ids[0]}` };
    const first = await post(t, USERS.operator, '/actions/transfer_in_bulk', { shareIds: ids }, headers);
    const counts = await Promise.all(ids.map((id) => snapshot(t, id)));
    const again = await post(t, USERS.operator, '/actions/transfer_in_bulk', { shareIds: ids }, headers);
    expect(again.json()).toEqual(first.json());
    expect(await Promise.all(ids.map((id) => snapshot(t, id)))).toEqual(counts);
    // The same key on another bulk action is refused per share, and moves nothing.
    const proof = await uploadFile(t, USERS.operator, { admSlug: 'repasse' });
    const other = await post(t, USERS.operator, '/actions/set_paid', { shareId: ids, proofFile: proof.fileId, paidDate: '2026-11-20' }, headers);
    expect(other.json().results).toEqual(ids.map((shareId) => ({ shareId, ok: false, message: 'Invalid Idempotency-Key: already used for another request' })));
    expect(await Promise.all(ids.map((id) => snapshot(t, id)))).toEqual(counts);
  });
});

describe('concurrency', () => {
  it('two concurrent moves on one share: exactly one wins, the other gets 409', async () => {
    const [id] = await pick('available', ACME);
    const before = await snapshot(t, id);
    const answers = await Promise.all([
      post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }),
      post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expectError(answers.find((a) => a.statusCode === 409)!, 409, 'Invalid move: share_send_autoservice from sent_to_autoservice');
    expect(await snapshot(t, id)).toMatchObject({ state: 'sent_to_autoservice', version: before.version + 1, history: before.history + 1 });
  });

  it('cancel and pay at once on an approved share: one wins, the other is refused', async () => {
    const [id] = await pick('approved_by_adm', ACME);
    const before = await snapshot(t, id);
    const proof = await uploadFile(t, USERS.acme);
    const answers = await Promise.all([
      post(t, USERS.acme, '/actions/cancel_sale', { shareId: id, reason: 'outro', detail: 'corrida' }),
      post(t, USERS.operator, '/actions/set_paid', { shareId: id, proofFile: proof.fileId, paidDate: '2026-11-20' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await snapshot(t, id);
    expect(after.version).toBe(before.version + 1);
    expect(after.history).toBe(before.history + 1);
    expect(['available', 'payment_done']).toContain(after.state);
  });

  it('overlapping bulk moves never move a share twice', async () => {
    const ids = await pick('received_from_client', sql`true`, 6);
    const operator = await authUser(t, USERS.operator);
    const flags = t.config.featureFlags;
    const [a, b] = await Promise.all([
      moveShares(t.handle.db, operator, ids, { move: 'set_transfer', action: 'transfer_in_bulk', flags }),
      moveShares(t.handle.db, operator, [...ids].reverse(), { move: 'set_transfer', action: 'transfer_in_bulk', flags }),
    ]);
    for (const id of ids) {
      const wins = [a, b].flat().filter((o) => o.shareId === id && o.ok).length;
      expect(wins).toBe(1);
    }
  });
});

describe('files attached to moves', () => {
  it('a file attaches to the first share it is used on and stays listed in every history', async () => {
    const ids = await pick('payment_done', ACME, 2);
    const doc: FileRef = await uploadFile(t, USERS.acme);
    const operator = await authUser(t, USERS.operator);
    await moveShares(t.handle.db, operator, ids, { move: null, action: 'proof_attach', files: [{ fileId: doc.fileId, documentType: 'PAYMENT_PROOF' }], flags: t.config.featureFlags });
    const [f] = await t.query<{ share_id: string }>(sql`select share_id from files where id = ${doc.fileId}`);
    expect(f.share_id).toBe(ids[0]);
    for (const id of ids) {
      const [h] = await t.query<{ files: string[] }>(sql`select files from share_history where share_id = ${id} order by id desc limit 1`);
      expect(h.files).toEqual([doc.fileId]);
    }
  });
});
