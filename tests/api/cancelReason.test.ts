/**
 * Cancellation reasons (issue 16): list, get, create, update, disable and enable — operators only,
 * every write audited; "Cancelar venda" offers and accepts enabled reasons only, checked again under
 * the share's lock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedCancelReason } from '../../src/domain/management';
import type { CanceledReason, ListResponse } from '../../src/domain/shareList';
import type { ActionResult } from '../../src/domain/workspace';
import { moveShare } from '../../server/services/shareWorkflow';
import { USERS, createTestApp, listUrl, type TestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { authUser, sharePicker, snapshot } from './support/shares';
import { post } from './support/storage';

let t: TestApp;
let pick: ReturnType<typeof sharePicker>;
beforeAll(async () => {
  t = await createTestApp();
  pick = sharePicker(t);
});
afterAll(async () => t?.close());

const ACME = sql`adm_id = 1`;
const auditOf = (objectId: string) =>
  t.query<{ user_id: string; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    sql`select user_id, action, before, after from audit_log where object_type = 'cancel_reason' and object_id = ${objectId} order by id`,
  );
const offered = async () => expectOk<ListResponse<CanceledReason>>(await t.get('/api/share/canceled_reason_list', USERS.acme)).data.map((r) => r.id);

describe('cancellation reasons', () => {
  it('create, get, update, disable and enable, each audited by the operator', async () => {
    const created = expectOk<ManagedCancelReason>(await post(t, USERS.operator, '/cancel_reason/create', { label: '  Cliente  faleceu ' }));
    expect(created).toMatchObject({ label: 'Cliente faleceu', enabled: true });
    expect(created.reasonId).toMatch(/^[0-9a-f-]{36}$/);
    expect(expectOk<ManagedCancelReason>(await t.get(`/api/cancel_reason/get?reasonId=${created.reasonId}`))).toEqual(created);
    const renamed = expectOk<ManagedCancelReason>(await post(t, USERS.operator, '/cancel_reason/update', { reasonId: created.reasonId, label: 'Falecimento do titular' }));
    expect(renamed).toMatchObject({ reasonId: created.reasonId, label: 'Falecimento do titular', enabled: true });
    expect(expectOk<ManagedCancelReason>(await post(t, USERS.operator, '/cancel_reason/disable', { reasonId: created.reasonId })).enabled).toBe(false);
    const list = expectOk<ListResponse<ManagedCancelReason>>(await t.get(listUrl('/cancel_reason/list', { filters: { search: 'falecimento' } })));
    expect(list.data).toEqual([{ ...renamed, enabled: false }]);
    expect(expectOk<ManagedCancelReason>(await post(t, USERS.operator, '/cancel_reason/enable', { reasonId: created.reasonId })).enabled).toBe(true);

    const audit = await auditOf(created.reasonId);
    expect(audit.map((a) => a.action)).toEqual(['cancel_reason.create', 'cancel_reason.update', 'cancel_reason.disable', 'cancel_reason.enable']);
    const [operator] = await t.query<{ id: string }>(sql`select id from users where email = ${USERS.operator}`);
    expect(audit.every((a) => a.user_id === operator.id)).toBe(true);
    expect(audit[1]).toMatchObject({ before: { label: 'Cliente faleceu' }, after: { label: 'Falecimento do titular' } });
    expect(audit[2]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });

  it('lists every reason, enabled or not, sorted and paged; the demo has one disabled', async () => {
    const all = expectOk<ListResponse<ManagedCancelReason>>(await t.get(listUrl('/cancel_reason/list', { limit: 100 })));
    expect(all.data.find((r) => r.reasonId === 'prazo_expirado')).toMatchObject({ label: 'Prazo de venda expirado', enabled: false });
    const labels = all.data.map((r) => r.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    const page = expectOk<ListResponse<ManagedCancelReason>>(await t.get(listUrl('/cancel_reason/list', { limit: 2, page: 2, sort: 'label', order: 'desc' })));
    expect(page).toMatchObject({ total: all.total, page: 2, limit: 2 });
    expect(page.data.map((r) => r.label)).toEqual([...labels].reverse().slice(2, 4));
  });

  it('refuses bad input on its field', async () => {
    expect(expectError(await post(t, USERS.operator, '/cancel_reason/create', { label: '   ' }), 400, 'label is required').errors?.label).toBe('label is required');
    expect(expectError(await post(t, USERS.operator, '/cancel_reason/create', { label: 'x'.repeat(81) }), 400).errors?.label).toMatch(/at most 80/);
    // The same label, case and accents aside, is one choice shown twice.
    expect(expectError(await post(t, USERS.operator, '/cancel_reason/create', { label: 'PRECO NAO ACEITO' }), 400).errors?.label).toMatch(/already in use/);
    expect(expectError(await post(t, USERS.operator, '/cancel_reason/update', { reasonId: 'outro', label: 'Preço não aceito' }), 400).errors?.label).toMatch(/already in use/);
    // Renaming a reason to its own label is no conflict.
    expectOk(await post(t, USERS.operator, '/cancel_reason/update', { reasonId: 'outro', label: 'Outro motivo' }));
    expectError(await post(t, USERS.operator, '/cancel_reason/create', {}), 400, 'label is required');
    expectError(await t.get('/api/cancel_reason/get?reasonId=nao_existe'), 404, 'Cancel reason not found');
    expectError(await post(t, USERS.operator, '/cancel_reason/disable', { reasonId: 'nao_existe' }), 404, 'Cancel reason not found');
    expectError(await t.get(listUrl('/cancel_reason/list', { filters: { enabled: true } })), 400);
  });

  it('is for operators only', async () => {
    for (const as of [USERS.acme, USERS.fund]) {
      expectError(await t.get('/api/cancel_reason/list', as), 403, 'Permission denied');
      expectError(await t.get('/api/cancel_reason/get?reasonId=outro', as), 403, 'Permission denied');
      expectError(await post(t, as, '/cancel_reason/create', { label: 'Novo' }), 403, 'Permission denied');
      expectError(await post(t, as, '/cancel_reason/update', { reasonId: 'outro', label: 'Novo' }), 403, 'Permission denied');
      expectError(await post(t, as, '/cancel_reason/disable', { reasonId: 'outro' }), 403, 'Permission denied');
      expectError(await post(t, as, '/cancel_reason/enable', { reasonId: 'outro' }), 403, 'Permission denied');
    }
    expect((await t.query<{ n: number }>(sql`select count(*)::int as n from cancel_reasons where label = 'Novo'`))[0].n).toBe(0);
  });
});

describe('"Cancelar venda" and the reasons', () => {
  it('offers the enabled reasons only, and refuses a disabled one, leaving the share as it was', async () => {
    expect(await offered()).not.toContain('prazo_expirado');
    expect(await offered()).toContain('duplicidade');
    expectOk(await post(t, USERS.operator, '/cancel_reason/disable', { reasonId: 'duplicidade' }));
    expect(await offered()).not.toContain('duplicidade');

    const [id] = await pick('accepted_by_client', ACME);
    const before = await snapshot(t, id);
    const refused = expectError(await post(t, USERS.acme, '/actions/cancel_sale', { shareId: id, reason: 'duplicidade', detail: 'x' }), 400, 'Invalid reason: disabled');
    expect(refused.errors?.reason).toBe('Invalid reason: disabled');
    expect(await snapshot(t, id)).toEqual(before);

    expectOk(await post(t, USERS.operator, '/cancel_reason/enable', { reasonId: 'duplicidade' }));
    const { share } = expectOk<ActionResult>(await post(t, USERS.acme, '/actions/cancel_sale', { shareId: id, reason: 'duplicidade', detail: 'x' }));
    expect(share).toMatchObject({ state: 'available', cancelReason: 'Cadastro em duplicidade' });
  });

  it('rechecks the reason under the share lock: a reason disabled after the request was checked is refused', async () => {
    // The move itself, as cancelSale calls it once its own check passed: the reason is disabled meanwhile.
    const [id] = await pick('accepted_by_client', ACME);
    const before = await snapshot(t, id);
    expectOk(await post(t, USERS.operator, '/cancel_reason/disable', { reasonId: 'outro' }));
    const user = await authUser(t, USERS.acme);
    await expect(
      moveShare(t.handle.db, user, { shareId: id }, { move: 'cancel_sale', action: 'cancel_sale', cancel: { reasonId: 'outro', detail: null }, flags: t.config.featureFlags }),
    ).rejects.toMatchObject({ kind: 'invalid', message: 'Invalid reason: disabled' });
    expect(await snapshot(t, id)).toEqual(before);
    expect((await t.query<{ n: number }>(sql`select count(*)::int as n from cancellations where share_id = ${id}`))[0].n).toBe(0);
    expectOk(await post(t, USERS.operator, '/cancel_reason/enable', { reasonId: 'outro' }));
  });

  it('keeps the label of a disabled reason on the sales cancelled with it', async () => {
    const [id] = await pick('accepted_by_client', ACME);
    expectOk(await post(t, USERS.acme, '/actions/cancel_sale', { shareId: id, reason: 'pendencia_financeira', detail: 'x' }));
    expectOk(await post(t, USERS.operator, '/cancel_reason/disable', { reasonId: 'pendencia_financeira' }));
    const history = expectOk<{ data: { reason: string }[] }>(await t.get(`/api/share/cancellation_history?shareId=${id}`, USERS.acme));
    expect(history.data[0].reason).toBe('Pendência financeira');
    expectOk(await post(t, USERS.operator, '/cancel_reason/enable', { reasonId: 'pendencia_financeira' }));
  });
});
