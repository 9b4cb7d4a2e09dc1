import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { createHttp, setUnauthorizedHandler } from '../../src/providers/http';
import { fakeHttp, signIn } from './helpers';

afterEach(() => setUnauthorizedHandler(null));

describe('http (the one axios instance)', () => {
  it('sends the stored token as a bearer', async () => {
    const token = signIn('operator');
    let auth: unknown;
    const client = fakeHttp((config) => {
      auth = config.headers.get('Authorization');
      return { status: 200, data: {} };
    });
    await client.get('/share/list');
    expect(auth).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header without a token', async () => {
    let auth: unknown = 'unset';
    const client = fakeHttp((config) => {
      auth = config.headers.get('Authorization');
      return { status: 200, data: {} };
    });
    await client.get('/white_label/get');
    expect(auth ?? undefined).toBeUndefined();
  });

  it('on a 401 removes the token and sends the user to the root page', async () => {
    signIn('operator');
    const toRoot = vi.fn();
    setUnauthorizedHandler(toRoot);
    const client = fakeHttp(() => ({ status: 401, data: { message: 'Unauthorized' } }));
    await expect(client.get('/share/list')).rejects.toMatchObject({ response: { status: 401 } });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(toRoot).toHaveBeenCalledTimes(1);
  });

  it("leaves the login call's 401 to the login form (a wrong password is not a lost session)", async () => {
    const token = signIn('operator');
    const toRoot = vi.fn();
    setUnauthorizedHandler(toRoot);
    const client = fakeHttp(() => ({ status: 401, data: { message: 'Invalid credentials' } }));
    await expect(client.post('/user/login', { username: 'a@b.co', password: 'x' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(toRoot).not.toHaveBeenCalled();
  });

  it('keeps the token on other errors', async () => {
    const token = signIn('adm');
    const client = fakeHttp(() => ({ status: 403, data: { message: 'Permission denied' } }));
    await expect(client.get('/user/list')).rejects.toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it("sends a call within the caller's task, even where the browser reads cookies asynchronously", () => {
    // Chromium has the async Cookie Store; axios waits on it for an XSRF cookie before a same-origin
    // call leaves, which put every call after the render its caller started (issue 17). The API
    // takes no cookie, so nothing may be read and the request must be on the wire when get() returns.
    const store = { get: vi.fn(() => Promise.resolve(null)) };
    vi.stubGlobal('cookieStore', store);
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    try {
      void createHttp('/api').get('/share/list').catch(() => undefined);
      expect(send).toHaveBeenCalledTimes(1);
      expect(store.get).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
