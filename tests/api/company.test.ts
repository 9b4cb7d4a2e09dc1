/** The company of a PJ share: GET /company/get (documents per SPEC §6) and POST /company/save. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../src/domain/workspace';
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

const companyGet = (contract: string, as: string, withDocuments = false) => get(t, `/company/get?contractNumber=${contract}&withDocuments=${withDocuments}`, as);
const COMPANY = {
  name: 'Teste & Filhos Comércio Ltda',
  cnpj: '11.222.333/0001-81',
  primaryPhone: '(11) 3456-7890',
  email: 'Contato@TesteFilhos.com.br',
  address: { zip: '01310100', address: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'sp' },
};

describe('GET /company/get', () => {
  it("answers a PJ share's company", async () => {
    const share = await pickShare(t, sql`is_pj and adm_id = 1`);
    const company = expectOk<CompanyRecord>(await companyGet(share.contract_number, USERS.acme));
    expect(company).toMatchObject({ shareId: share.id, name: share.owner_name, cnpj: share.owner_document });
    expect(company).not.toHaveProperty('documents');
  });

  it('answers 404 Company not found for a PF share', async () => {
    const share = await pickShare(t, sql`not is_pj`);
    expectError(await companyGet(share.contract_number, USERS.operator), 404, 'Company not found');
  });

  it('is scoped by tenant; a fund may read its own', async () => {
    const orbita = await pickShare(t, sql`is_pj and adm_id = 2`);
    expectError(await companyGet(orbita.contract_number, USERS.acme), 404, 'Share not found');
    const fundShare = await pickShare(t, sql`is_pj and fund_id = 1`);
    expectOk(await companyGet(fundShare.contract_number, USERS.fund));
    const otherFund = await pickShare(t, sql`is_pj and fund_id = 2`);
    expectError(await companyGet(otherFund.contract_number, USERS.fund), 404, 'Share not found');
  });

  it('carries the company documents only for a fund or a brand that displays them', async () => {
    const fundShare = await pickShare(t, sql`is_pj and fund_id = 1 and adm_id = 1`);
    const orbita = await pickShare(t, sql`is_pj and adm_id = 2`);
    for (const s of [fundShare, orbita]) {
      await insertFile(t, s.id, 'CNPJ_CARD');
      await insertFile(t, s.id, 'CNH');
    }
    const docsOf = async (contract: string, as: string) => expectOk<CompanyRecord>(await companyGet(contract, as, true)).documents;
    expect((await docsOf(fundShare.contract_number, USERS.fund))?.map((d) => d.documentType)).toEqual(['CNPJ_CARD']);
    expect(await docsOf(fundShare.contract_number, USERS.acme)).toBeUndefined();
    expect((await docsOf(orbita.contract_number, USERS.orbita))?.map((d) => d.documentType)).toEqual(['CNPJ_CARD']);
  });
});

describe('POST /company/save', () => {
  it('saves the company, normalised, and the share owner follows it', async () => {
    const share = await pickShare(t, sql`is_pj and adm_id = 1`);
    const saved = expectOk<CompanyRecord>(await post(t, '/company/save', { shareId: share.id, company: COMPANY }, USERS.acme));
    expect(saved).toMatchObject({ name: COMPANY.name, cnpj: '11222333000181', email: 'contato@testefilhos.com.br', address: { zip: '01310-100', state: 'SP' } });
    const [row] = await t.query<{ owner_name: string; owner_document: string }>(sql`select owner_name, owner_document from shares where id = ${share.id}`);
    expect(row).toEqual({ owner_name: COMPANY.name, owner_document: '11222333000181' });
    const [h] = await t.query<{ action: string }>(sql`select action from share_history where share_id = ${share.id} order by at desc, id desc limit 1`);
    expect(h.action).toBe('company_save');
  });

  it('accepts the alphanumeric CNPJ', async () => {
    const share = await pickShare(t, sql`is_pj and adm_id = 1`, 1);
    const saved = expectOk<CompanyRecord>(await post(t, '/company/save', { shareId: share.id, company: { cnpj: '12.ABC.345/01DE-35' } }, USERS.operator));
    expect(saved.cnpj).toBe('12ABC34501DE35');
  });

  it('refuses an invalid CNPJ, phone and e-mail with field errors', async () => {
    const share = await pickShare(t, sql`is_pj`);
    const body = expectError(
      await post(t, '/company/save', { shareId: share.id, company: { cnpj: '11.222.333/0001-80', primaryPhone: '3456-7890', email: 'x@' } }, USERS.operator),
      400,
      'Invalid cnpj',
    );
    expect(body.errors).toEqual({ cnpj: 'Invalid cnpj', primaryPhone: 'Invalid primaryPhone', email: 'Invalid email' });
    expectError(await post(t, '/company/save', { shareId: share.id }, USERS.operator), 400, 'company is required');
  });

  it('refuses a PF share', async () => {
    const share = await pickShare(t, sql`not is_pj`);
    expectError(await post(t, '/company/save', { shareId: share.id, company: COMPANY }, USERS.operator), 400, 'Invalid share: not a legal entity');
  });

  it('is for staff of the tenant', async () => {
    const fundShare = await pickShare(t, sql`is_pj and fund_id = 1`);
    expectError(await post(t, '/company/save', { shareId: fundShare.id, company: COMPANY }, USERS.fund), 403, 'Permission denied');
    const orbita = await pickShare(t, sql`is_pj and adm_id = 2`);
    expectError(await post(t, '/company/save', { shareId: orbita.id, company: COMPANY }, USERS.acme), 404, 'Share not found');
  });
});
