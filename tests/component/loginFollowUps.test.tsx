/**
 * A login that carries the first page's reads (issue 17): the web app's half. The server's half,
 * that each carried read is answered as the read itself, is tests/api/loginFollowUps.test.ts.
 */
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { LOGIN_FOLLOW_UP_MAX_LENGTH } from '../../src/domain/loginFollowUps';
import { createAuthProvider } from '../../src/providers/authProvider';
import { createDataProvider } from '../../src/providers/dataProvider';
import { claimsFor, fakeHttp, makeToken, signIn, type FakeReply } from './helpers';

const FILTERED = {
  resource: 'shares',
  pagination: { currentPage: 1, pageSize: 20 },
  filters: [{ field: 'state', operator: 'in' as const, value: ['available', 'with_pendency'] }],
  sorters: [{ field: 'updatedAt', order: 'desc' as const }],
};
const ROWS = { data: [{ contractNumber: '7' }], total: 1, page: 1, limit: 20 };
const COLUMNS = { data: [{ resource: 'shares', hidden: ['fundName'] }] };

/** A fake API whose login answers `then` with `answers`; every other call is recorded and answered `other`. */
const api = (answers: unknown[], other: FakeReply = { status: 200, data: { data: [], total: 0 } }) => {
  const calls: InternalAxiosRequestConfig[] = [];
  const sentThen: unknown[] = [];
  const token = makeToken(claimsFor('operator'));
  const client = fakeHttp((config) => {
    if (config.url === '/user/login') {
      const body = JSON.parse(String(config.data)) as { then?: unknown };
      sentThen.push(body.then);
      return { status: 200, data: { token, firstAccess: false, then: answers } };
    }
    calls.push(config);
    return other;
  });
  return { client, calls, sentThen, token, data: createDataProvider(client), auth: createAuthProvider(client) };
};

afterEach(() => localStorage.clear());

describe('a login that carries the first page (issue 17)', () => {
  it('carries each read as its page would request it, and the new session takes the answers without asking', async () => {
    // Another session was in the tab: the answers are the new session's, keyed after its token is stored.
    signIn('adm');
    const { client, calls, sentThen, token, data, auth } = api([
      { status: 200, body: ROWS },
      { status: 200, body: COLUMNS },
    ]);
    const follow = data.followLogin({ lists: [FILTERED], calls: [{ name: 'view.columnsList' }] });
    expect(await auth.login({ email: 'operador@repasse.dev', password: 'x', follow })).toMatchObject({ success: true });
    expect(sentThen).toEqual([follow.urls]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);

    expect(data.takeArrivedList(FILTERED)?.answer).toEqual({ data: ROWS.data, total: 1 });
    expect(data.takeArrivedCall('view.columnsList')?.answer).toEqual({ data: COLUMNS });
    expect(calls).toHaveLength(0);

    // The address carried is the one the page's own call requests, byte for byte (axios's serializer).
    await data.getList(FILTERED);
    await data.custom!({ url: '/view/columns_list', method: 'get', meta: { endpoint: 'view.columnsList' } });
    expect(calls.map((c) => client.getUri(c))).toEqual(follow.urls.map((url) => `/api${url}`));
  });

  it('leaves a read that was refused, or not answered, for its page to ask', async () => {
    const { calls, data, auth } = api([{ status: 403 }]);
    const follow = data.followLogin({ lists: [FILTERED], calls: [{ name: 'view.columnsList' }] });
    await auth.login({ email: 'fundo@repasse.dev', password: 'x', follow });
    expect(data.takeArrivedList(FILTERED)).toBeUndefined();
    expect(data.takeArrivedCall('view.columnsList')).toBeUndefined();
    await data.getList(FILTERED);
    expect(calls).toHaveLength(1);
  });

  it('carries nothing a login may not carry: a write, an unknown name, an address over the limit', async () => {
    const { data } = api([]);
    const long = { ...FILTERED, filters: [{ field: 'q', operator: 'contains' as const, value: 'x'.repeat(LOGIN_FOLLOW_UP_MAX_LENGTH) }] };
    const follow = data.followLogin({ lists: [long, FILTERED], calls: [{ name: 'user.logout' }, { name: 'nope.nothing' }, { name: 'view.columnsList' }] });
    expect(follow.urls.map((u) => u.replace(/\?.*/, ''))).toEqual(['/share/list', '/view/columns_list']);
  });

  it('sends no `then` when nothing is carried', async () => {
    const { sentThen, data, auth } = api([]);
    await auth.login({ email: 'operador@repasse.dev', password: 'x', follow: data.followLogin({}) });
    await auth.login({ email: 'operador@repasse.dev', password: 'x' });
    expect(sentThen).toEqual([undefined, undefined]);
  });
});
