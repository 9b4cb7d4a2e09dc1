import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILES, isProfile, isSessionAuthorized, isTokenUnexpired, profileOf, type TokenClaims } from '../../src/domain/profiles';
import { ptBR } from '../../src/i18n/pt-BR';

describe('profileOf (SPEC §6: the first entry of profiles)', () => {
  it.each([
    [['adm'], 'adm'],
    [['fund'], 'fund'],
    [['operator'], 'operator'],
    [['fund', 'adm'], 'fund'],
    [['operator', 'adm', 'fund'], 'operator'],
  ])('%j -> %s', (profiles, expected) => {
    expect(profileOf({ profiles })).toBe(expected);
  });

  it.each([
    [['admin', 'adm'], 'an unknown first entry, even with a valid later one'],
    [['', 'operator'], 'an empty first entry'],
    [['Adm'], 'a different case'],
    [['ADMINISTRADOR'], 'the Portuguese label instead of the code'],
    [[], 'no profiles'],
  ])('%j -> null (%s)', (profiles) => {
    expect(profileOf({ profiles })).toBeNull();
  });

  it('null without claims or without profiles', () => {
    expect(profileOf(null)).toBeNull();
    expect(profileOf(undefined)).toBeNull();
    expect(profileOf({} as Pick<TokenClaims, 'profiles'>)).toBeNull();
  });

  it('the profiles are adm, fund and operator, labelled in Portuguese as SPEC §6', () => {
    expect([...PROFILES].sort()).toEqual(['adm', 'fund', 'operator']);
    expect(ptBR.profile.adm).toBe('Administrador');
    expect(ptBR.profile.fund).toBe('Fundo');
    expect(ptBR.profile.operator).toBe('Operador');
    expect(isProfile('adm')).toBe(true);
    expect(isProfile('admin')).toBe(false);
    expect(isProfile(undefined)).toBe(false);
  });
});

describe('isSessionAuthorized (SPEC §6, §9)', () => {
  const now = 1_750_000_000;
  const valid: Partial<TokenClaims> = {
    exp: now + 3600,
    userId: 'u-1',
    profiles: ['adm'],
    name: 'Ana',
    email: 'adm@acme.repasse.dev',
    lastAccess: null,
    playerIsRepasse: false,
    deniedPermissions: [],
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token with a future exp, a userId and profiles is authorized', () => {
    expect(isSessionAuthorized(valid, now)).toBe(true);
    expect(isSessionAuthorized({ ...valid, exp: now + 1 }, now)).toBe(true);
  });

  it.each([
    ['no token (null)', null],
    ['no token (undefined)', undefined],
    ['exp in the past', { ...valid, exp: now - 1 }],
    ['exp equal to now', { ...valid, exp: now }],
    ['exp missing', { ...valid, exp: undefined }],
    ['exp as a string', { ...valid, exp: String(now + 3600) as unknown as number }],
    ['exp NaN', { ...valid, exp: NaN }],
    ['userId missing', { ...valid, userId: undefined }],
    ['userId empty', { ...valid, userId: '' }],
    ['profiles missing', { ...valid, profiles: undefined }],
    ['profiles empty', { ...valid, profiles: [] }],
    ['profiles not a list', { ...valid, profiles: 'adm' as unknown as string[] }],
  ])('is refused with %s', (_, claims) => {
    expect(isSessionAuthorized(claims as Partial<TokenClaims> | null | undefined, now)).toBe(false);
  });

  it('uses the clock in seconds when no time is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(now * 1000 + 500));
    expect(isSessionAuthorized({ ...valid, exp: now + 1 })).toBe(true);
    expect(isSessionAuthorized({ ...valid, exp: now })).toBe(false);
    expect(isTokenUnexpired(now + 1)).toBe(true);
    expect(isTokenUnexpired(now)).toBe(false);
  });

  it('a token becomes unauthorized once its exp passes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date((now + 3599) * 1000));
    expect(isSessionAuthorized(valid)).toBe(true);
    vi.setSystemTime(new Date((now + 3600) * 1000));
    expect(isSessionAuthorized(valid)).toBe(false);
  });
});
