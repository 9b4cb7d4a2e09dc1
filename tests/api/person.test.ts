/**
 * Signers: GET /person/list (documents per SPEC §6), POST /person/save (SPEC §5 rules, the SPEC §8
 * signer message, owner sync), POST /person/delete (second signer only). Profile and tenant checks.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRecord, ShareHistoryEntry } from '../../src/domain/workspace';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { cpfFrom, get, insertFile, pickShare, post } from './support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = (contract: string, as: string, withDocuments?: boolean) =>
  get(t, `/person/list?contractNumber=${contract}${withDocuments === undefined ? '' : `&withDocuments=${withDocuments}`}`, as);
const persons = async (shareId: string) =>
  t.query<{ signer_order: number; name: string; cpf: string; email: string }>(sql`select signer_order, name, cpf, email from persons where share_id = ${shareId} order by signer_order`);

const FIRST = {
  signer: 1 as const,
  name: 'Joana Teste da Silva',
  cpf: '',
  phone: '(11) 98765-4321',
  email: 'joana.teste@example.com',
  rg: '12.345.678-9',
  documentDispatcher: 'SSP/SP',
  occupation: 'Engenheira',
  maritalStatus: 'Casada',
  nationality: 'Brasileira',
  address: { zip: '01310-100', address: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};

describe('GET /person/list', () => {
  it('answers the signers ordered by signer, with every SPEC §3 field', async () => {
    const share = await pickShare(t, sql`(select count(*) from persons p where p.share_id = s.id) = 2`);
    const { data } = expectOk<{ data: PersonRecord[] }>(await list(share.contract_number, USERS.operator));
    expect(data.map((p) => p.signer)).toEqual([1, 2]);
    for (const key of ['personId', 'ownerRole', 'name', 'cpf', 'phone', 'email', 'rg', 'documentDispatcher', 'occupation', 'maritalStatus', 'nationality', 'address']) {
      expect(data[0]).toHaveProperty(key);
    }
    expect(data[0]).not.toHaveProperty('documents');
  });

  it('lets an administrator and a fund read their own shares, and 404s another tenant', async () => {
    const acme = await pickShare(t, sql`adm_id = 1`);
    const orbita = await pickShare(t, sql`adm_id = 2`);
    expectOk(await list(acme.contract_number, USERS.acme));
    expectError(await list(orbita.contract_number, USERS.acme), 404, 'Share not found');
    const fundShare = await pickShare(t, sql`fund_id = 1`);
    const otherFund = await pickShare(t, sql`fund_id = 2`);
    expectOk(await list(fundShare.contract_number, USERS.fund));
    expectError(await list(otherFund.contract_number, USERS.fund), 404, 'Share not found');
    expectError(await list('ACM-9999999', USERS.operator), 404, 'Share not found');
  });

  it('needs a contract number', async () => {
    const body = expectError(await get(t, '/person/list', USERS.operator), 400, 'contractNumber is required');
    expect(body.errors).toHaveProperty('contractNumber');
  });

  describe('documents (SPEC §6)', () => {
    let acme: Awaited<ReturnType<typeof pickShare>>;
    let orbita: Awaited<ReturnType<typeof pickShare>>;
    let acmeFund: Awaited<ReturnType<typeof pickShare>>;
    beforeAll(async () => {
      acme = await pickShare(t, sql`adm_id = 1 and fund_id is null`);
      orbita = await pickShare(t, sql`adm_id = 2`);
      acmeFund = await pickShare(t, sql`adm_id = 1 and fund_id = 1`);
      for (const s of [acme, orbita, acmeFund]) {
        await insertFile(t, s.id, 'CNH');
        await insertFile(t, s.id, 'PROOF_OF_ADDRESS');
        await insertFile(t, s.id, 'SIGNED_CONTRACT');
        await insertFile(t, s.id, 'RG_WITH_CPF', 'pending.pdf', 'pending');
      }
    });

    const documentsOf = async (contract: string, as: string, withDocuments = true) => {
      const { data } = expectOk<{ data: PersonRecord[] }>(await list(contract, as, withDocuments));
      return data.find((p) => p.signer === 1)!.documents;
    };

    it('a fund gets the complete identity documents, on the first signer', async () => {
      const docs = await documentsOf(acmeFund.contract_number, USERS.fund);
      expect(docs?.map((d) => d.documentType).sort()).toEqual(['CNH', 'PROOF_OF_ADDRESS']);
      const cnh = docs!.find((d) => d.documentType === 'CNH')!;
      expect(cnh).toMatchObject({ fileName: 'cnh.pdf', size: 1234, contentType: 'application/pdf' });
      expect(typeof cnh.filePath).toBe('string');
    });

    it('a brand with displayDocumentsInBackoffice (Órbita) gets them', async () => {
      expect(await documentsOf(orbita.contract_number, USERS.orbita)).toHaveLength(2);
      expect(await documentsOf(orbita.contract_number, USERS.operator)).toHaveLength(2);
    });

    it('the Acme administrator does not, even when asking', async () => {
      expect(await documentsOf(acme.contract_number, USERS.acme)).toBeUndefined();
      expect(await documentsOf(acmeFund.contract_number, USERS.acme)).toBeUndefined();
      expect(await documentsOf(acme.contract_number, USERS.operator)).toBeUndefined();
    });

    it('nobody gets them without withDocuments=true', async () => {
      expect(await documentsOf(acmeFund.contract_number, USERS.fund, false)).toBeUndefined();
      expect(await documentsOf(orbita.contract_number, USERS.orbita, false)).toBeUndefined();
    });
  });
});

describe('POST /person/save', () => {
  it('updates the first signer of a PF share, keeps the owner in sync and writes history', async () => {
    const share = await pickShare(t, sql`not is_pj and adm_id = 1 and exists (select 1 from persons p where p.share_id = s.id and p.signer_order = 1)`);
    const cpf = cpfFrom('529982247');
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const saved = expectOk<PersonRecord>(await post(t, '/person/save', { shareId: share.id, person: { ...FIRST, cpf: masked } }, USERS.acme));
    expect(saved).toMatchObject({ signer: 1, name: FIRST.name, cpf, email: FIRST.email, ownerRole: 'owner' });
    const [row] = await t.query<{ owner_name: string; owner_document: string }>(sql`select owner_name, owner_document from shares where id = ${share.id}`);
    expect(row).toEqual({ owner_name: FIRST.name, owner_document: cpf });
    const history = expectOk<{ data: ShareHistoryEntry[] }>(await post(t, '/share/get_history', { shareId: share.id }, USERS.acme)).data;
    const last = history[history.length - 1];
    expect(last).toMatchObject({ action: 'person_save', fromState: null, toState: null, user: { name: 'Augusto Almeida' } });
  });

  it('keeps the company as the owner of a PJ share', async () => {
    const share = await pickShare(t, sql`is_pj`);
    expectOk(await post(t, '/person/save', { shareId: share.id, person: { ...FIRST, cpf: cpfFrom('111444777'), email: 'pj.signer@example.com' } }, USERS.operator));
    const [row] = await t.query<{ owner_name: string; owner_document: string }>(sql`select owner_name, owner_document from shares where id = ${share.id}`);
    expect(row).toEqual({ owner_name: share.owner_name, owner_document: share.owner_document });
  });

  it('adds a second signer, and a field left out keeps its value', async () => {
    const share = await pickShare(t, sql`(select count(*) from persons p where p.share_id = s.id) = 1`);
    const added = expectOk<PersonRecord>(
      await post(t, '/person/save', { shareId: share.id, person: { signer: 2, name: 'Carlos Segundo', cpf: cpfFrom('123456789'), phone: '(21) 3456-7890', email: 'carlos.segundo@example.com' } }, USERS.operator),
    );
    expect(added).toMatchObject({ signer: 2, ownerRole: 'partner' });
    const updated = expectOk<PersonRecord>(await post(t, '/person/save', { shareId: share.id, person: { signer: 2, personId: added.personId, phone: '(21) 99876-5432' } }, USERS.operator));
    expect(updated).toMatchObject({ personId: added.personId, name: 'Carlos Segundo', phone: '(21) 99876-5432' });
    expect((await persons(share.id)).map((p) => p.signer_order)).toEqual([1, 2]);
  });

  it('refuses invalid CPF, phone, e-mail and zip with field errors', async () => {
    const share = await pickShare(t, sql`adm_id = 1`);
    let body = expectError(await post(t, '/person/save', { shareId: share.id, person: { ...FIRST, cpf: '123.456.789-00' } }, USERS.operator), 400, 'Invalid cpf');
    expect(body.errors).toEqual({ cpf: 'Invalid cpf' });
    body = expectError(await post(t, '/person/save', { shareId: share.id, person: { ...FIRST, cpf: '111.111.111-11', phone: '11 98765-4321', email: 'a b@example.com' } }, USERS.operator), 400, 'Invalid cpf');
    expect(body.errors).toEqual({ cpf: 'Invalid cpf', phone: 'Invalid phone', email: 'Invalid email' });
    body = expectError(await post(t, '/person/save', { shareId: share.id, person: { signer: 1, address: { zip: '123' } } }, USERS.operator), 400, 'Invalid zip');
    expect(body.errors).toEqual({ 'address.zip': 'Invalid zip' });
    body = expectError(await post(t, '/person/save', { shareId: share.id, person: { signer: 1, name: '  ' } }, USERS.operator), 400, 'name is required');
    expect(body.errors).toEqual({ name: 'name is required' });
  });

  it('refuses a bad body: no signer, a signer out of range, a share id that is not a uuid', async () => {
    const share = await pickShare(t, sql`adm_id = 1`);
    expect(expectError(await post(t, '/person/save', { shareId: share.id, person: { name: 'X' } }, USERS.operator), 400, 'person.signer is required').errors).toHaveProperty(['person.signer']);
    expectError(await post(t, '/person/save', { shareId: share.id, person: { signer: 3, name: 'X' } }, USERS.operator), 400, /^Invalid body/);
    expectError(await post(t, '/person/save', { shareId: 'nope', person: { signer: 1, name: 'X' } }, USERS.operator), 400, /^Invalid body: shareId/);
  });

  it('answers the SPEC §8 message when the two signers share the CPF or the e-mail', async () => {
    const share = await pickShare(t, sql`(select count(*) from persons p where p.share_id = s.id) = 2 and adm_id = 2`);
    const [first, second] = await persons(share.id);
    let body = expectError(await post(t, '/person/save', { shareId: share.id, person: { signer: 2, cpf: first.cpf } }, USERS.orbita), 400, 'First and second signer are equal');
    expect(body.errors).toHaveProperty('cpf');
    body = expectError(await post(t, '/person/save', { shareId: share.id, person: { signer: 1, email: second.email.toUpperCase() } }, USERS.orbita), 400, 'First and second signer are equal');
    expect(body.errors).toHaveProperty('email');
    expect((await persons(share.id)).map((p) => p.cpf)).toEqual([first.cpf, second.cpf]);
  });

  it('is for staff: a fund may not write, and another tenant gets 404', async () => {
    const fundShare = await pickShare(t, sql`fund_id = 1`);
    expectError(await post(t, '/person/save', { shareId: fundShare.id, person: { signer: 1, name: 'Fundo' } }, USERS.fund), 403, 'Permission denied');
    const orbita = await pickShare(t, sql`adm_id = 2`);
    expectError(await post(t, '/person/save', { shareId: orbita.id, person: { signer: 1, name: 'Intruso' } }, USERS.acme), 404, 'Share not found');
    expectError(await post(t, '/person/save', { shareId: orbita.id, person: { signer: 1, name: 'Sem token' } }, null), 401, 'Unauthorized');
  });

  it('404s an unknown personId', async () => {
    const share = await pickShare(t, sql`adm_id = 1`);
    expectError(await post(t, '/person/save', { shareId: share.id, person: { signer: 1, personId: '00000000-0000-4000-8000-000000000000', name: 'X' } }, USERS.operator), 404, 'Person not found');
  });
});

describe('POST /person/delete', () => {
  it('removes the second signer, by signer or by id, and then answers 404 Person not found', async () => {
    const [a, b] = [
      await pickShare(t, sql`(select count(*) from persons p where p.share_id = s.id) = 2 and adm_id = 1`, 0),
      await pickShare(t, sql`(select count(*) from persons p where p.share_id = s.id) = 2 and adm_id = 1`, 1),
    ];
    expect(expectOk(await post(t, '/person/delete', { shareId: a.id, person: { signer: 2 } }, USERS.acme))).toMatchObject({ signer: 2 });
    expect((await persons(a.id)).map((p) => p.signer_order)).toEqual([1]);
    expectError(await post(t, '/person/delete', { shareId: a.id, person: { signer: 2 } }, USERS.acme), 404, 'Person not found');
    const { data } = expectOk<{ data: PersonRecord[] }>(await list(b.contract_number, USERS.acme));
    expectOk(await post(t, '/person/delete', { shareId: b.id, person: { personId: data[1].personId } }, USERS.acme));
    expect((await persons(b.id)).map((p) => p.signer_order)).toEqual([1]);
  });

  it('never removes the first signer', async () => {
    const share = await pickShare(t, sql`adm_id = 1`);
    const { data } = expectOk<{ data: PersonRecord[] }>(await list(share.contract_number, USERS.operator));
    expectError(await post(t, '/person/delete', { shareId: share.id, person: { signer: 1 } }, USERS.operator), 400, 'Invalid signer: the first signer cannot be removed');
    expectError(await post(t, '/person/delete', { shareId: share.id, person: { personId: data[0].personId } }, USERS.operator), 400, 'Invalid signer: the first signer cannot be removed');
    expectError(await post(t, '/person/delete', { shareId: share.id, person: {} }, USERS.operator), 400, /is required/);
  });

  it('is for staff of the tenant', async () => {
    const fundShare = await pickShare(t, sql`fund_id = 1 and (select count(*) from persons p where p.share_id = s.id) = 2`);
    expectError(await post(t, '/person/delete', { shareId: fundShare.id, person: { signer: 2 } }, USERS.fund), 403, 'Permission denied');
    const orbita = await pickShare(t, sql`adm_id = 2 and (select count(*) from persons p where p.share_id = s.id) = 2`);
    expectError(await post(t, '/person/delete', { shareId: orbita.id, person: { signer: 2 } }, USERS.acme), 404, 'Share not found');
  });
});
