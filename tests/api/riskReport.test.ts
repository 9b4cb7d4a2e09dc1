/** GET /idwall/get_report: deterministic from the share's people, behind riskReportEnabled, staff only. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../src/domain/featureFlags';
import type { RiskReport } from '../../src/domain/workspace';
import { buildApp } from '../../server/app';
import { RISK_SOURCES } from '../../server/services/riskReport';
import { type TestApp, USERS, createTestApp, testConfig } from './support/app';
import { expectError, expectOk } from './support/expect';
import { get, pickShare } from './support/workspace';

let t: TestApp;
let disabled: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  disabled = await buildApp({ db: t.handle, config: testConfig({ featureFlags: { ...FEATURE_FLAGS, riskReportEnabled: false } }) });
});
afterAll(async () => {
  await disabled?.close();
  await t?.close();
});

const report = async (shareId: string, as: string = USERS.operator) => expectOk<RiskReport>(await get(t, `/idwall/get_report?shareId=${shareId}`, as));
const RANK = { approved: 0, review: 1, rejected: 2 } as const;

describe('GET /idwall/get_report', () => {
  it('answers one panel per source and the worst result overall, the same every time', async () => {
    const share = await pickShare(t, sql`adm_id = 1 and (select count(*) from persons p where p.share_id = s.id) = 2`);
    const r = await report(share.id, USERS.acme);
    expect(r.shareId).toBe(share.id);
    expect(r.sources.map((s) => s.source)).toEqual([...RISK_SOURCES]);
    expect(RANK[r.result]).toBe(Math.max(...r.sources.map((s) => RANK[s.result])));
    expect(r.sources.every((s) => s.detail.includes('Signatário 1') && s.detail.includes('Signatário 2'))).toBe(true);
    expect(await report(share.id, USERS.acme)).toEqual(r);
  });

  it('sends a signer with an invalid or missing CPF to review', async () => {
    const share = await pickShare(t, sql`adm_id = 1`, 5);
    await t.query(sql`update persons set cpf = '12345678900' where share_id = ${share.id} and signer_order = 1`);
    const r = await report(share.id);
    expect(r.sources.find((s) => s.source === 'cpf_status')).toMatchObject({ result: 'review', detail: expect.stringContaining('CPF ausente ou inválido') });
    expect(r.result).not.toBe('approved');
    await t.query(sql`update persons set cpf = null where share_id = ${share.id} and signer_order = 1`);
    expect((await report(share.id)).sources.every((s) => s.result !== 'approved')).toBe(true);
  });

  it('approves most people and flags a few', async () => {
    const shares = await t.query<{ id: string }>(sql`select s.id from shares s where exists (select 1 from persons p where p.share_id = s.id and p.cpf is not null) order by contract_number limit 120`);
    const results = [];
    for (const s of shares) results.push((await report(s.id)).sources.find((x) => x.source === 'cpf_status')!.result);
    const approved = results.filter((r) => r === 'approved').length;
    expect(approved / results.length).toBeGreaterThan(0.8);
    expect(approved).toBeLessThan(results.length);
  });

  it('is off when the flag riskReportEnabled is off: 403', async () => {
    const share = await pickShare(t, sql`adm_id = 1`);
    const res = await disabled.inject({ method: 'GET', url: `/api/idwall/get_report?shareId=${share.id}`, headers: { authorization: `Bearer ${await t.token(USERS.operator)}` } });
    expectError(res, 403, /^Permission denied/);
  });

  it('is for staff of the tenant', async () => {
    const fundShare = await pickShare(t, sql`fund_id = 1`);
    expectError(await get(t, `/idwall/get_report?shareId=${fundShare.id}`, USERS.fund), 403, 'Permission denied');
    const orbita = await pickShare(t, sql`adm_id = 2`);
    expectError(await get(t, `/idwall/get_report?shareId=${orbita.id}`, USERS.acme), 404, 'Share not found');
    expectError(await get(t, '/idwall/get_report?shareId=x', USERS.operator), 400, /^Invalid query/);
  });
});
