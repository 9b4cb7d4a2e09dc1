/**
 * GET /live/events (issue 18): authenticated, scoped to the shares the user may see, one event per
 * changed share naming who changed it, one "many" event for a bulk move, ended by logout.
 * Over a real socket (inject cannot read a stream that never ends).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveShareEvent } from '../../src/domain/audit';
import { MANY_AT } from '../../server/services/live';
import { PASSWORD, USERS, createTestApp, type TestApp } from './support/app';
import { expectOk } from './support/expect';
import { type LiveFrame, openLiveStream } from './support/liveStream';
import { pickShare, post } from './support/workspace';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** An open stream as `token`, with its share events read as the domain's type. */
async function open(token: string) {
  const stream = await openLiveStream(base, token, 15_000);
  return { ...stream, shareEvents: () => stream.frames.filter((f) => f.event === 'share').map((f) => f.data as unknown as LiveShareEvent) };
}

const forContract = (contract: string) => (f: LiveFrame) => f.event === 'share' && f.data.contractNumber === contract;

describe('GET /live/events', () => {
  it('refuses a request without a session (401), and one that does not accept a stream (400)', async () => {
    expect((await fetch(`${base}/api/live/events`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    expect((await fetch(`${base}/api/live/events`, { headers: { authorization: `Bearer ${await t.token(USERS.acme)}` } })).status).toBe(400);
  });

  it('tells the operator and the brand who moved which share; another brand hears nothing of it', async () => {
    const operator = await open(await t.token(USERS.operator));
    const acme = await open(await t.token(USERS.acme));
    const orbita = await open(await t.token(USERS.orbita));
    await Promise.all([operator, acme, orbita].map((s) => s.waitFor((f) => f.event === 'ready', 'ready')));

    const acmeShare = await pickShare(t, sql`state = 'available' and adm_id = 1`);
    const orbitaShare = await pickShare(t, sql`state = 'available' and adm_id = 2`);
    expectOk(await post(t, '/actions/share_send_autoservice', { shareId: acmeShare.id }, USERS.operator));
    expectOk(await post(t, '/actions/share_send_autoservice', { shareId: orbitaShare.id }, USERS.operator));

    await operator.waitFor(forContract(orbitaShare.contract_number), 'the Órbita share at the operator');
    await acme.waitFor(forContract(acmeShare.contract_number), 'the Acme share at Acme');
    await orbita.waitFor(forContract(orbitaShare.contract_number), 'the Órbita share at Órbita');
    expect(operator.shareEvents().find((e) => e.contractNumber === acmeShare.contract_number)).toMatchObject({
      action: 'share_send_autoservice',
      state: 'sent_to_autoservice',
      by: { name: expect.any(String), userId: expect.any(String) },
    });
    // Notifications arrive in commit order: Órbita's came after Acme's, which it never got.
    expect(orbita.shareEvents().map((e) => e.contractNumber)).not.toContain(acmeShare.contract_number);
    expect(acme.shareEvents().map((e) => e.contractNumber)).not.toContain(orbitaShare.contract_number);
    [operator, acme, orbita].forEach((s) => s.close());
  });

  it("a fund hears of its own fund's shares only; a workspace edit is announced too", async () => {
    const fund = await open(await t.token(USERS.fund));
    await fund.waitFor((f) => f.event === 'ready', 'ready');
    const [{ fund_id }] = await t.query<{ fund_id: number }>(sql`select fund_id from users where email = ${USERS.fund}`);
    const other = await pickShare(t, sql`not is_pj and adm_id = 1 and (fund_id is null or fund_id <> ${fund_id}) and exists (select 1 from persons p where p.share_id = s.id and p.signer_order = 1)`);
    const own = await pickShare(t, sql`not is_pj and fund_id = ${fund_id} and exists (select 1 from persons p where p.share_id = s.id and p.signer_order = 1)`);
    expectOk(await post(t, '/person/save', { shareId: other.id, person: { signer: 1, occupation: 'Arquiteta' } }, USERS.operator));
    expectOk(await post(t, '/person/save', { shareId: own.id, person: { signer: 1, occupation: 'Arquiteta' } }, USERS.operator));
    await fund.waitFor(forContract(own.contract_number), "the fund's own share");
    expect(fund.shareEvents().map((e) => e.contractNumber)).not.toContain(other.contract_number);
    expect(fund.shareEvents().find((e) => e.contractNumber === own.contract_number)).toMatchObject({ action: 'person_save' });
    fund.close();
  });

  it('a bulk move is one "many shares" event, not one per share', async () => {
    const operator = await open(await t.token(USERS.operator));
    await operator.waitFor((f) => f.event === 'ready', 'ready');
    const rows = await t.query<{ id: string }>(sql`select id from shares where state = 'received_from_client' order by contract_number limit ${MANY_AT + 5}`);
    expect(rows.length).toBeGreaterThan(MANY_AT);
    const res = await post(t, '/actions/transfer_in_bulk', { shareIds: rows.map((r) => r.id) }, USERS.operator);
    expect(res.statusCode, res.body).toBe(200);
    await operator.waitFor((f) => f.event === 'shares', 'the many-shares event');
    expect(operator.shareEvents()).toHaveLength(0);
    operator.close();
  });

  it('logout ends the stream of that session at once', async () => {
    const login = await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.acme, password: PASSWORD } });
    const token = login.json().token as string;
    const stream = await open(token);
    await stream.waitFor((f) => f.event === 'ready', 'ready');
    expect((await t.inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    await stream.waitEnded();
    expect(stream.frames.at(-1)).toEqual({ event: 'end', data: { reason: 'logout' } });
  });
});
