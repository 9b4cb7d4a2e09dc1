import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELDS,
  PERSON_FIELDS,
  addressComplete,
  bankFilled,
  basicDataFilled,
  companyComplete,
  missingPersonFields,
  personComplete,
  showCoPersonInitially,
  type Address,
  type Bank,
  type Company,
  type Person,
} from '../../src/domain/completeness';

const address: Address = {
  zip: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

const person: Person = {
  name: 'Ana Souza',
  cpf: '529.982.247-25',
  phone: '(11) 91234-5678',
  email: 'ana@repasse.dev',
  rg: '12.345.678-9',
  documentDispatcher: 'SSP/SP',
  occupation: 'Engenheira',
  maritalStatus: 'casada',
  nationality: 'brasileira',
  address,
};

const company: Company = {
  name: 'Acme Ltda',
  cnpj: '11.222.333/0001-81',
  primaryPhone: '(11) 3456-7890',
  email: 'contato@acme.com.br',
  address,
};

const bank: Bank = { name: 'Banco do Brasil', code: '001', agency: '1234', account: '56789-0', selected: true };

/** The SPEC §5 lists, spelled out here so that a field dropped from the code is noticed. */
const SPEC_PERSON_FIELDS = ['name', 'cpf', 'phone', 'email', 'rg', 'documentDispatcher', 'occupation', 'maritalStatus', 'nationality'];
const SPEC_ADDRESS_FIELDS = ['zip', 'address', 'number', 'district', 'city', 'state'];

describe('field lists', () => {
  it('person and address fields are those of SPEC §5', () => {
    expect([...PERSON_FIELDS].sort()).toEqual([...SPEC_PERSON_FIELDS].sort());
    expect([...ADDRESS_FIELDS].sort()).toEqual([...SPEC_ADDRESS_FIELDS].sort());
  });
});

describe('addressComplete', () => {
  it('is true for a full address', () => {
    expect(addressComplete(address)).toBe(true);
  });
  it.each([[null], [undefined], [{}]])('is false for %j', (a) => {
    expect(addressComplete(a as Address | null | undefined)).toBe(false);
  });
  it.each(SPEC_ADDRESS_FIELDS)('is false without %s (missing, null, empty or blank)', (field) => {
    for (const value of [undefined, null, '', '   ']) {
      expect(addressComplete({ ...address, [field]: value })).toBe(false);
    }
  });
});

describe('personComplete / missingPersonFields (SPEC §5)', () => {
  it('a person with every field and a full address is complete, PF or PJ', () => {
    expect(personComplete(person, false)).toBe(true);
    expect(personComplete(person, true)).toBe(true);
    expect(missingPersonFields(person, false)).toEqual([]);
  });

  it('without an address, a PF person is incomplete but a PJ person is complete', () => {
    const noAddress = { ...person, address: null };
    expect(personComplete(noAddress, false)).toBe(false);
    expect(personComplete(noAddress, true)).toBe(true);
    expect(missingPersonFields(noAddress, true)).toEqual([]);
    expect(missingPersonFields(noAddress, false)).toEqual(SPEC_ADDRESS_FIELDS.map((f) => `address.${f}`));
  });

  it.each(SPEC_ADDRESS_FIELDS)('a PF person missing address.%s is incomplete and the field is named', (field) => {
    const p = { ...person, address: { ...address, [field]: '' } };
    expect(personComplete(p, false)).toBe(false);
    expect(missingPersonFields(p, false)).toEqual([`address.${field}`]);
    expect(personComplete(p, true)).toBe(true);
  });

  it.each(SPEC_PERSON_FIELDS)('a person missing %s is incomplete for PF and PJ alike', (field) => {
    for (const value of [undefined, null, '', '  ']) {
      const p = { ...person, [field]: value };
      expect(personComplete(p, false)).toBe(false);
      expect(personComplete(p, true)).toBe(false);
      expect(missingPersonFields(p, false)).toEqual([field]);
      expect(missingPersonFields(p, true)).toEqual([field]);
    }
  });

  it('names every missing field of an empty person', () => {
    expect(missingPersonFields({}, false)).toEqual([...SPEC_PERSON_FIELDS, ...SPEC_ADDRESS_FIELDS.map((f) => `address.${f}`)]);
    expect(missingPersonFields(null, true)).toEqual(SPEC_PERSON_FIELDS);
    expect(personComplete(null, true)).toBe(false);
    expect(personComplete(undefined, false)).toBe(false);
  });
});

describe('basicDataFilled (SPEC §4)', () => {
  it('is true with name, cpf, phone and email', () => {
    expect(basicDataFilled({ name: 'Ana', cpf: '52998224725', phone: '(11) 91234-5678', email: 'ana@repasse.dev' })).toBe(true);
  });
  it('ignores the other person fields', () => {
    expect(basicDataFilled({ ...person, rg: null, occupation: '', address: null } as Person)).toBe(true);
  });
  it.each(['name', 'cpf', 'phone', 'email'])('is false without %s', (field) => {
    for (const value of [undefined, null, '', ' ']) {
      expect(basicDataFilled({ ...person, [field]: value })).toBe(false);
    }
  });
  it.each([[null], [undefined], [{}]])('is false for %j', (p) => {
    expect(basicDataFilled(p)).toBe(false);
  });
});

describe('companyComplete (SPEC §5: only for isPj)', () => {
  it('a full company is complete on a PJ share', () => {
    expect(companyComplete(company, true)).toBe(true);
  });
  it.each(['name', 'cnpj', 'primaryPhone', 'email'])('a PJ company without %s is incomplete', (field) => {
    expect(companyComplete({ ...company, [field]: '' }, true)).toBe(false);
    expect(companyComplete({ ...company, [field]: null }, true)).toBe(false);
  });
  it.each(SPEC_ADDRESS_FIELDS)('a PJ company without address.%s is incomplete', (field) => {
    expect(companyComplete({ ...company, address: { ...address, [field]: '' } }, true)).toBe(false);
  });
  it('a PJ company without an address, or no company at all, is incomplete', () => {
    expect(companyComplete({ ...company, address: null }, true)).toBe(false);
    expect(companyComplete(null, true)).toBe(false);
    expect(companyComplete(undefined, true)).toBe(false);
  });
  it('on a non-PJ share the company always counts as complete', () => {
    expect(companyComplete(null, false)).toBe(true);
    expect(companyComplete(undefined, false)).toBe(true);
    expect(companyComplete({}, false)).toBe(true);
    expect(companyComplete({ ...company, cnpj: '' }, false)).toBe(true);
  });
});

describe('bankFilled (SPEC §5)', () => {
  it('is true with name, code, agency and account', () => {
    expect(bankFilled(bank)).toBe(true);
  });
  it('does not need the selected flag', () => {
    expect(bankFilled({ name: 'Itaú', code: '341', agency: '0001', account: '12345-6' })).toBe(true);
    expect(bankFilled({ ...bank, selected: false })).toBe(true);
  });
  it.each(['name', 'code', 'agency', 'account'])('is false without %s', (field) => {
    for (const value of [undefined, null, '', '  ']) {
      expect(bankFilled({ ...bank, [field]: value })).toBe(false);
    }
  });
  it.each([[null], [undefined], [{}]])('is false for %j', (b) => {
    expect(bankFilled(b)).toBe(false);
  });
});

describe('showCoPersonInitially (SPEC §5)', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [{}, 'an empty object'],
    [{ name: '', cpf: '', phone: '', email: '' }, 'only empty strings'],
    [{ name: '  ', email: '' }, 'only blank strings'],
    [{ name: null, cpf: null, phone: undefined }, 'only null/undefined values'],
  ])('hides the second signer for %s (%s)', (co, _why) => {
    expect(showCoPersonInitially(co)).toBe(false);
  });

  it.each([
    [{ name: 'Bruno' }, 'a name'],
    [{ cpf: '111.444.777-35' }, 'a CPF'],
    [{ phone: '(11) 3456-7890' }, 'a phone'],
    [{ name: '', cpf: '', phone: '', email: 'bruno@repasse.dev' }, 'only an e-mail among empty fields'],
  ])('shows the second signer for %j (%s)', (co, _why) => {
    expect(showCoPersonInitially(co)).toBe(true);
  });
});
