import { generateCnpj, generateCpf, isValidCnpj } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhoneInput,
  isCnpj,
  isCpf,
  isEmail,
  isPhone,
  onlyDigits,
  signersAreDistinct,
  stripMask,
} from '../../src/domain/validation';

/** Replaces the digit at `index` by another digit (always a different one). */
const changeDigit = (value: string, index: number, delta: number): string => {
  const d = (Number(value[index]) + delta) % 10;
  return value.slice(0, index) + String(d) + value.slice(index + 1);
};

/** SPEC §5 check digits, written independently of the library: remainder mod 11, below 2 gives 0. */
const mod11 = (sum: number): number => (sum % 11 < 2 ? 0 : 11 - (sum % 11));

const cpfCheckDigits = (base9: string): string => {
  const d1 = mod11([...base9].reduce((s, c, i) => s + Number(c) * (10 - i), 0));
  const d2 = mod11([...(base9 + d1)].reduce((s, c, i) => s + Number(c) * (11 - i), 0));
  return `${d1}${d2}`;
};

const referenceCpfValid = (value: string): boolean => {
  const d = value.replace(/\D/g, '');
  return d.length === 11 && !/^(\d)\1{10}$/.test(d) && cpfCheckDigits(d.slice(0, 9)) === d.slice(9);
};

/** Alphanumeric CNPJ: a character is worth its ASCII code minus 48 (0-9 -> 0-9, A -> 17 …). */
const cnpjCheckDigits = (base12: string): string => {
  const weighted = (s: string) => [...s].reverse().reduce((sum, c, i) => sum + (c.charCodeAt(0) - 48) * ((i % 8) + 2), 0);
  const d1 = mod11(weighted(base12));
  const d2 = mod11(weighted(base12 + d1));
  return `${d1}${d2}`;
};

const referenceCnpjValid = (value: string): boolean => {
  const raw = value.replace(/[.\-/\s]/g, '').toUpperCase();
  return /^[0-9A-Z]{12}\d{2}$/.test(raw) && !/^(.)\1{13}$/.test(raw) && cnpjCheckDigits(raw.slice(0, 12)) === raw.slice(12);
};

const maskCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
const maskCnpj = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

describe('isCpf (SPEC §5)', () => {
  it.each([
    ['52998224725', 'unmasked'],
    ['529.982.247-25', 'masked'],
    ['111.444.777-35', 'masked, another number'],
    ['11144477735', 'unmasked, another number'],
    [' 529.982.247-25 ', 'surrounded by spaces'],
  ])('accepts a valid CPF: %s (%s)', (cpf) => {
    expect(isCpf(cpf)).toBe(true);
  });

  it.each([
    ['52998224724', 'second check digit wrong'],
    ['52998224715', 'first check digit wrong'],
    ['529.982.247-52', 'check digits swapped'],
    ['12345678900', 'both check digits wrong'],
  ])('rejects wrong check digits: %s (%s)', (cpf) => {
    expect(isCpf(cpf)).toBe(false);
  });

  it.each(Array.from({ length: 10 }, (_, d) => [String(d).repeat(11)]))('rejects all-same digits %s', (cpf) => {
    expect(isCpf(cpf)).toBe(false);
  });

  it('rejects all-same digits even when masked', () => {
    expect(isCpf('111.111.111-11')).toBe(false);
    expect(isCpf('000.000.000-00')).toBe(false);
  });

  it.each([
    ['5299822472', '10 digits'],
    ['529982247250', '12 digits'],
    ['', 'empty'],
    ['529.982.247', 'truncated mask'],
    ['0052998224725', 'leading zeros added'],
  ])('rejects a wrong length: "%s" (%s)', (cpf) => {
    expect(isCpf(cpf)).toBe(false);
  });

  it.each([
    ['5299822472a', 'a letter in place of a digit'],
    ['52998224725a', 'a trailing letter'],
    ['abc.def.ghi-jk', 'letters only'],
    ['529.982.247-2X', 'a letter check digit'],
    ['529_982_247_25', 'unknown separators'],
  ])('rejects letters or odd characters: %s (%s)', (cpf) => {
    expect(isCpf(cpf)).toBe(false);
  });

  it.each([[null], [undefined], [52998224725], [{}], [['52998224725']]])('rejects a non-string %j', (v) => {
    expect(isCpf(v)).toBe(false);
  });

  it('property: every generated CPF passes, masked and unmasked', () => {
    fc.assert(
      fc.property(fc.integer(), () => {
        const cpf = generateCpf();
        expect(isCpf(cpf)).toBe(true);
        expect(isCpf(maskCpf(cpf))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('property: changing either check digit of a valid CPF always makes it fail', () => {
    fc.assert(
      fc.property(fc.constantFrom(9, 10), fc.integer({ min: 1, max: 9 }), (index, delta) => {
        const cpf = generateCpf();
        const changed = changeDigit(cpf, index, delta);
        expect(isCpf(changed)).toBe(false);
        expect(isCpf(maskCpf(changed))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  /*
   * Changing one of the first nine digits fails unless the mod-11 rule happens to give the same check
   * digits again (remainders 0 and 1 both give 0), about 0.2% of such changes, e.g. 377.191.171-07 and
   * 277.191.171-07 are both valid. So the verdict is compared with an independent implementation of
   * the SPEC §5 rule instead of assuming every change fails.
   */
  it('property: changing any one digit of a valid CPF fails exactly when the check digits no longer match', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (index, delta) => {
        const cpf = generateCpf();
        const changed = changeDigit(cpf, index, delta);
        expect(changed).not.toBe(cpf);
        expect(isCpf(changed)).toBe(referenceCpfValid(changed));
        expect(isCpf(maskCpf(changed))).toBe(referenceCpfValid(changed));
      }),
      { numRuns: 2000 },
    );
  });

  it('the mod-11 collapse: two CPFs one digit apart can both be valid', () => {
    expect(isCpf('37719117107')).toBe(true);
    expect(isCpf('27719117107')).toBe(true);
  });

  it('most single-digit changes of a valid CPF fail', () => {
    let failed = 0;
    let total = 0;
    for (let i = 0; i < 200; i++) {
      const cpf = generateCpf();
      for (let index = 0; index < 11; index++) {
        for (let delta = 1; delta <= 9; delta++) {
          total++;
          if (!isCpf(changeDigit(cpf, index, delta))) failed++;
        }
      }
    }
    expect(failed / total).toBeGreaterThan(0.99);
  });
});

describe('isCnpj (SPEC §5, alphanumeric CNPJ accepted)', () => {
  it.each([
    ['11222333000181', 'numeric unmasked'],
    ['11.222.333/0001-81', 'numeric masked'],
    ['Q0SLFMBD7VX439', 'alphanumeric unmasked'],
    ['Q0.SLF.MBD/7VX4-39', 'alphanumeric masked'],
    ['12ABC34501DE35', 'alphanumeric, SERPRO example'],
    ['12.ABC.345/01DE-35', 'alphanumeric masked, SERPRO example'],
    ['q0slfmbd7vx439', 'alphanumeric lower case'],
    ['12.abc.345/01de-35', 'alphanumeric masked lower case'],
  ])('accepts %s (%s)', (cnpj) => {
    expect(isCnpj(cnpj)).toBe(true);
  });

  it('the alphanumeric examples are valid for the library itself', () => {
    expect(isValidCnpj('Q0SLFMBD7VX439', { version: 2 })).toBe(true);
    expect(isValidCnpj('12ABC34501DE35', { version: 2 })).toBe(true);
  });

  it.each([
    ['11222333000182', 'second check digit wrong'],
    ['11222333000191', 'first check digit wrong'],
    ['11.222.333/0001-18', 'check digits swapped'],
    ['Q0SLFMBD7VX438', 'alphanumeric with a wrong check digit'],
    ['12ABC34501DE53', 'alphanumeric with swapped check digits'],
    ['12ABC34501DF35', 'alphanumeric with a changed letter'],
  ])('rejects wrong check digits: %s (%s)', (cnpj) => {
    expect(isCnpj(cnpj)).toBe(false);
  });

  it.each([
    ...Array.from({ length: 10 }, (_, d) => [String(d).repeat(14)]),
    ['00.000.000/0000-00'],
    ['11.111.111/1111-11'],
  ])('rejects all-same characters %s', (cnpj) => {
    expect(isCnpj(cnpj)).toBe(false);
  });

  it.each([
    ['1122233300018', '13 characters'],
    ['112223330001810', '15 characters'],
    ['', 'empty'],
    ['52998224725', 'a CPF'],
  ])('rejects a wrong length: "%s" (%s)', (cnpj) => {
    expect(isCnpj(cnpj)).toBe(false);
  });

  it.each([
    ['Q0SLFMBD7VX4A9', 'a letter among the check digits'],
    ['Q0SLFMBD7VX43Z', 'a letter as last check digit'],
    ['12ABC34501DE3!', 'a symbol'],
    ['12ÁBC34501DE35', 'an accented letter'],
  ])('rejects letters where digits are required: %s (%s)', (cnpj) => {
    expect(isCnpj(cnpj)).toBe(false);
  });

  it.each([[null], [undefined], [11222333000181], [{}]])('rejects a non-string %j', (v) => {
    expect(isCnpj(v)).toBe(false);
  });

  it('property: generated numeric and alphanumeric CNPJs pass, masked and lower-cased', () => {
    fc.assert(
      fc.property(fc.constantFrom(1 as const, 2 as const), (version) => {
        const cnpj = generateCnpj(version);
        expect(isCnpj(cnpj)).toBe(true);
        expect(isCnpj(maskCnpj(cnpj))).toBe(true);
        expect(isCnpj(cnpj.toLowerCase())).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('property: changing either check digit of a valid CNPJ always makes it fail', () => {
    fc.assert(
      fc.property(fc.constantFrom(1 as const, 2 as const), fc.constantFrom(12, 13), fc.integer({ min: 1, max: 9 }), (version, index, delta) => {
        const cnpj = generateCnpj(version);
        expect(isCnpj(changeDigit(cnpj, index, delta))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('property: changing any one digit of a valid numeric CNPJ fails exactly when the check digits no longer match', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 9 }), (index, delta) => {
        const cnpj = generateCnpj(1);
        const changed = changeDigit(cnpj, index, delta);
        expect(changed).not.toBe(cnpj);
        expect(isCnpj(changed)).toBe(referenceCnpjValid(changed));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the verdict on any 14-character alphanumeric string agrees with the SPEC rule', () => {
    const char = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    const digit = fc.constantFrom(...'0123456789'.split(''));
    const candidate = fc
      .tuple(fc.array(char, { minLength: 12, maxLength: 12 }), fc.array(digit, { minLength: 2, maxLength: 2 }))
      .map(([a, b]) => a.join('') + b.join(''));
    const valid = candidate.map((c) => c.slice(0, 12) + cnpjCheckDigits(c.slice(0, 12)));
    fc.assert(
      fc.property(fc.oneof(candidate, valid), (cnpj) => {
        expect(isCnpj(cnpj)).toBe(referenceCnpjValid(cnpj));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isPhone (SPEC §5)', () => {
  it.each([
    ['(11) 91234-5678', 'mobile (DD) 9NNNN-NNNN'],
    ['(21) 3456-7890', 'landline (DD) NNNN-NNNN'],
    ['(99) 99999-9999', 'mobile, all nines'],
    ['(48) 9123-4567', 'landline starting with 9'],
  ])('accepts %s (%s)', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });

  it.each([
    ['11 91234-5678', 'no parentheses'],
    ['(11)91234-5678', 'no space after the area code'],
    ['(11) 912345678', 'no hyphen'],
    ['(11) 91234 5678', 'space instead of hyphen'],
    ['(11) 81234-5678', 'five-digit number not starting with 9'],
    ['(1) 91234-5678', 'one-digit area code'],
    ['(011) 91234-5678', 'three-digit area code'],
    ['(11) 123-4567', 'three-digit prefix'],
    ['(11) 912345-678', 'hyphen in the wrong place'],
    ['(11) 91234-567', 'three-digit suffix'],
    ['(11) 91234-56789', 'five-digit suffix'],
    ['(AB) 91234-5678', 'letters in the area code'],
    ['(11) 9123a-5678', 'a letter in the number'],
    ['11912345678', 'digits only'],
    [' (11) 91234-5678', 'leading space'],
    ['(11) 91234-5678 ', 'trailing space'],
    ['+55 (11) 91234-5678', 'country code'],
    ['', 'empty'],
  ])('rejects %j (%s)', (phone) => {
    expect(isPhone(phone)).toBe(false);
  });

  it.each([[null], [undefined], [11912345678]])('rejects a non-string %j', (v) => {
    expect(isPhone(v)).toBe(false);
  });
});

describe('isEmail (SPEC §5)', () => {
  it.each(['ana@repasse.dev', 'ana.souza+teste@acme.com.br', 'Ana.Souza@Example.COM'])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    ['ana souza@repasse.dev', 'a space in the local part'],
    ['ana@repasse .dev', 'a space in the domain'],
    [' ana@repasse.dev', 'a leading space'],
    ['ana@repasse.dev ', 'a trailing space'],
    ['ana@repasse.dev\t', 'a tab'],
    ['ana.repasse.dev', 'missing @'],
    ['ana@', 'no domain'],
    ['@repasse.dev', 'no local part'],
    ['ana@@repasse.dev', 'two @'],
    ['', 'empty'],
  ])('rejects %j (%s)', (email) => {
    expect(isEmail(email)).toBe(false);
  });

  it.each([[null], [undefined], [42]])('rejects a non-string %j', (v) => {
    expect(isEmail(v)).toBe(false);
  });
});

describe('signersAreDistinct (SPEC §5)', () => {
  const first = { cpf: '529.982.247-25', email: 'ana@repasse.dev' };

  it('refuses the same CPF, masked against unmasked', () => {
    expect(signersAreDistinct(first, { cpf: '52998224725', email: 'bruno@repasse.dev' })).toBe(false);
  });

  it('refuses the same e-mail in another case', () => {
    expect(signersAreDistinct(first, { cpf: '111.444.777-35', email: 'ANA@Repasse.DEV' })).toBe(false);
  });

  it('refuses the same e-mail with surrounding spaces', () => {
    expect(signersAreDistinct(first, { cpf: '111.444.777-35', email: '  ana@repasse.dev ' })).toBe(false);
  });

  it('refuses a pair with the same CPF and the same e-mail', () => {
    expect(signersAreDistinct(first, { ...first })).toBe(false);
  });

  it('accepts different CPF and e-mail', () => {
    expect(signersAreDistinct(first, { cpf: '111.444.777-35', email: 'bruno@repasse.dev' })).toBe(true);
  });

  it.each([[null], [undefined]])('accepts a missing second signer (%j)', (second) => {
    expect(signersAreDistinct(first, second)).toBe(true);
  });

  it('accepts a second signer whose CPF and e-mail are still empty', () => {
    expect(signersAreDistinct(first, { cpf: '', email: '' })).toBe(true);
    expect(signersAreDistinct(first, { cpf: null, email: null })).toBe(true);
    expect(signersAreDistinct({ cpf: '', email: '' }, { cpf: '', email: '' })).toBe(true);
  });
});

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1191234', '(11) 9123-4'],
    ['1134567890', '(11) 3456-7890'],
    ['11912345678', '(11) 91234-5678'],
    ['119123456789999', '(11) 91234-5678'],
    ['(11) 91234-5678', '(11) 91234-5678'],
    ['11 9 1234 5678', '(11) 91234-5678'],
    ['abc', ''],
  ])('%j -> %j', (input, expected) => {
    expect(formatPhoneInput(input)).toBe(expected);
  });

  it('property: ten digits, or eleven with a 9 after the area code, format to a valid phone', () => {
    const digit = fc.integer({ min: 0, max: 9 }).map(String);
    const landline = fc.array(digit, { minLength: 10, maxLength: 10 }).map((a) => a.join(''));
    const mobile = fc
      .tuple(fc.array(digit, { minLength: 2, maxLength: 2 }), fc.array(digit, { minLength: 8, maxLength: 8 }))
      .map(([ddd, rest]) => `${ddd.join('')}9${rest.join('')}`);
    fc.assert(
      fc.property(fc.oneof(landline, mobile), (digits) => {
        const formatted = formatPhoneInput(digits);
        expect(isPhone(formatted)).toBe(true);
        expect(onlyDigits(formatted)).toBe(digits);
      }),
    );
  });

  it('property: formatting is idempotent and never keeps more than 11 digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = formatPhoneInput(s);
        expect(formatPhoneInput(once)).toBe(once);
        expect(onlyDigits(once).length).toBeLessThanOrEqual(11);
      }),
    );
  });
});

describe('stripMask / onlyDigits', () => {
  it('stripMask removes mask characters but keeps letters', () => {
    expect(stripMask('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    expect(stripMask('(11) 91234-5678')).toBe('11912345678');
  });
  it('onlyDigits keeps digits only', () => {
    expect(onlyDigits('12.ABC.345/01DE-35')).toBe('1234501' + '35');
  });
});
