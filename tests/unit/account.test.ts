import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTH_CODE, PASSWORD_MAX_LENGTH, PASSWORD_RULES, isAuthCodeShape, meetsPasswordPolicy, passwordPolicyFailures } from '../../src/domain/account';
import { codeMatches, generateCode, hashCode, maskEmail } from '../../server/services/accountCodes';

describe('password policy', () => {
  it.each([
    ['Nova#Senha2026', []],
    ['Ação#2026', []],
    ['Ab1#', ['length']],
    ['SEM#MINUSC4', ['lower']],
    ['sem#maiusc4', ['upper']],
    ['Sem#Digitos', ['digit']],
    ['SemSimbolo4', ['symbol']],
    ['Com Espaco1', []],
    ['', ['length', 'lower', 'upper', 'digit', 'symbol']],
    ['repasse123', ['upper', 'symbol']],
  ])('%j breaks %j', (password, rules) => {
    expect(passwordPolicyFailures(password)).toEqual(rules);
    expect(meetsPasswordPolicy(password)).toBe(rules.length === 0);
  });

  it('length is 8 to 128 characters', () => {
    const base = 'Aa1#';
    expect(passwordPolicyFailures(base + 'x'.repeat(3))).toEqual(['length']);
    expect(passwordPolicyFailures(base + 'x'.repeat(4))).toEqual([]);
    expect(passwordPolicyFailures(base + 'x'.repeat(PASSWORD_MAX_LENGTH - 4))).toEqual([]);
    expect(passwordPolicyFailures(base + 'x'.repeat(PASSWORD_MAX_LENGTH - 3))).toEqual(['length']);
  });

  it('failures follow the rules order, and a password is acceptable exactly when nothing fails', () => {
    const keys = PASSWORD_RULES.map((r) => r.key);
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), (p) => {
        const failures = passwordPolicyFailures(p);
        expect(failures).toEqual(keys.filter((k) => failures.includes(k)));
        expect(meetsPasswordPolicy(p)).toBe(failures.length === 0);
      }),
    );
  });
});

describe('auth codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(isAuthCodeShape(generateCode())).toBe(true);
    expect(isAuthCodeShape('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456', '']) expect(isAuthCodeShape(bad)).toBe(false);
    expect(AUTH_CODE.digits).toBe(6);
  });

  it('the stored hash verifies only the same code, for the same flow and secret', () => {
    const hash = hashCode('secret', 'flow-1', '012345');
    expect(hash).not.toContain('012345');
    expect(codeMatches('secret', 'flow-1', '012345', hash)).toBe(true);
    expect(codeMatches('secret', 'flow-1', '012346', hash)).toBe(false);
    expect(codeMatches('secret', 'flow-2', '012345', hash)).toBe(false);
    expect(codeMatches('other', 'flow-1', '012345', hash)).toBe(false);
    expect(codeMatches('secret', 'flow-1', '012345', 'garbage')).toBe(false);
  });
});

describe('maskEmail', () => {
  it.each([
    ['maria@empresa.com.br', 'm***a@e***.com.br'],
    ['beatriz@repasse.dev', 'b***z@r***.dev'],
    ['ab@x.io', 'a***@x***.io'],
    ['a@localhost', 'a***@l***'],
    ['no-at-sign', 'n***n'],
  ])('%s -> %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('account configuration', () => {
  it('reads SMTP_URL, MAIL_FROM and PASSWORD_MAX_AGE_DAYS, with the log outbox and 90 days by default', async () => {
    const { ConfigError, DEFAULT_MAIL_FROM, loadConfig } = await import('../../server/config');
    expect(loadConfig({}).mail).toEqual({ smtpUrl: null, from: DEFAULT_MAIL_FROM, disabled: false });
    expect(loadConfig({}).passwordMaxAgeDays).toBe(90);
    const set = loadConfig({ SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'Acme <no@acme.example>', PASSWORD_MAX_AGE_DAYS: '0' });
    expect(set.mail).toEqual({ smtpUrl: 'smtp://u:p@mail.example:587', from: 'Acme <no@acme.example>', disabled: false });
    expect(loadConfig({ MAIL_DISABLED: 'true' }).mail.disabled).toBe(true);
    expect(set.passwordMaxAgeDays).toBe(0);
    expect(() => loadConfig({ PASSWORD_MAX_AGE_DAYS: '-1' })).toThrow(ConfigError);
  });
});
