import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { createAuthProvider } from '../../src/providers/authProvider';
import { claimsFor, fakeHttp, makeToken, signIn } from './helpers';

const auth = createAuthProvider(fakeHttp(() => ({ status: 500, data: { message: 'not used' } })));
const store = (token: string) => localStorage.setItem(STORAGE_KEYS.token, token);
const now = () => Math.floor(Date.now() / 1000);

describe('authProvider.check (SPEC §6)', () => {
  it('accepts an unexpired token with userId and profiles', async () => {
    signIn('fund');
    expect(await auth.check()).toEqual({ authenticated: true });
  });

  it.each([
    ['no token', null],
    ['an expired token', makeToken({ ...claimsFor('operator'), exp: now() - 1 })],
    ['a token expiring this very second', makeToken({ ...claimsFor('operator'), exp: now() })],
    ['a token without userId', makeToken({ ...claimsFor('operator'), userId: undefined })],
    ['a token with an empty userId', makeToken({ ...claimsFor('operator'), userId: '' })],
    ['a token without profiles', makeToken({ ...claimsFor('operator'), profiles: undefined })],
    ['a token with no profile in profiles', makeToken({ ...claimsFor('operator'), profiles: [] })],
    ['a token without exp', makeToken({ ...claimsFor('operator'), exp: undefined })],
    ['something that is not a JWT', 'not-a-jwt'],
  ])('rejects %s, drops it and sends the user to /', async (_, token) => {
    if (token) store(token);
    expect(await auth.check()).toMatchObject({ authenticated: false, redirectTo: '/' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('authProvider login and logout', () => {
  it('posts {username, password} and stores the token', async () => {
    const token = makeToken(claimsFor('adm'));
    let body: unknown;
    const provider = createAuthProvider(
      fakeHttp((config) => {
        body = JSON.parse(String(config.data));
        return config.url === '/user/login' ? { status: 200, data: { token } } : { status: 404, data: {} };
      }),
    );
    expect(await provider.login({ email: 'adm@acme.repasse.dev', password: 'repasse123' })).toEqual({ success: true, redirectTo: '/painel' });
    expect(body).toEqual({ username: 'adm@acme.repasse.dev', password: 'repasse123' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it("fails with the server's message on a wrong password, keeping no token", async () => {
    const provider = createAuthProvider(fakeHttp(() => ({ status: 401, data: { message: 'Invalid credentials' } })));
    const result = await provider.login({ email: 'adm@acme.repasse.dev', password: 'errada' });
    expect(result).toMatchObject({ success: false, error: { message: 'Invalid credentials' } });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('refuses a token that carries no profile', async () => {
    const provider = createAuthProvider(fakeHttp(() => ({ status: 200, data: { token: makeToken({ ...claimsFor('adm'), profiles: [] }) } })));
    const result = await provider.login({ email: 'x@y.co', password: 'p' });
    expect(result).toMatchObject({ success: false, error: { message: 'User not authorized for platform' } });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logout ends the session on the server with its token, removes the token and goes to /', async () => {
    signIn('operator');
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const calls: { url?: string; auth?: unknown }[] = [];
    const provider = createAuthProvider(
      fakeHttp((config) => {
        calls.push({ url: config.url, auth: config.headers?.Authorization ?? config.headers?.get?.('Authorization') });
        return { status: 200, data: {} };
      }),
    );
    expect(await provider.logout({})).toEqual({ success: true, redirectTo: '/' });
    expect(calls).toEqual([{ url: '/user/logout', auth: `Bearer ${token}` }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logout leaves even when the server refuses or cannot be reached', async () => {
    signIn('operator');
    const provider = createAuthProvider(fakeHttp(() => ({ status: 500, data: { message: 'Internal server error' } })));
    expect(await provider.logout({})).toEqual({ success: true, redirectTo: '/' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a 401 from any call logs out; other errors do not', async () => {
    expect(await auth.onError({ statusCode: 401, message: 'Unauthorized' })).toMatchObject({ logout: true, redirectTo: '/' });
    expect(await auth.onError({ statusCode: 403, message: 'Permission denied' })).toEqual({});
    expect(await auth.onError({ statusCode: 404, message: 'Share not found' })).toEqual({});
  });
});

describe('authProvider identity and permissions', () => {
  it('reads name, e-mail and profile from the claims', async () => {
    signIn('adm', { name: 'Ana', email: 'adm@acme.repasse.dev' });
    expect(await auth.getIdentity!()).toMatchObject({ id: 'user-adm', name: 'Ana', email: 'adm@acme.repasse.dev', profile: 'adm' });
  });

  it('takes the first of profiles as the profile; an unknown first entry means no profile', async () => {
    store(makeToken({ ...claimsFor('fund'), profiles: ['fund', 'adm'] }));
    expect(await auth.getPermissions!()).toEqual({ profile: 'fund', deniedPermissions: [] });
    store(makeToken({ ...claimsFor('fund'), profiles: ['auditor', 'adm'] }));
    expect(await auth.getPermissions!()).toEqual({ profile: null, deniedPermissions: [] });
  });

  it('passes deniedPermissions on', async () => {
    signIn('operator', { deniedPermissions: ['user.list'] });
    expect(await auth.getPermissions!()).toEqual({ profile: 'operator', deniedPermissions: ['user.list'] });
  });

  it('has no identity without a valid session', async () => {
    expect(await auth.getIdentity!()).toBeNull();
  });
});
