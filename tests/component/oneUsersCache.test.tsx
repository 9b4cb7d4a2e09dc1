/**
 * The query cache belongs to one session (a tenant-isolation defence): the signed-in app stays
 * mounted across a logout and the next login in the same tab, and its cache keys name no user, so
 * the next user's list would show the last one's rows while their own load.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { OneUsersCache } from '../../src/providers/OneUsersCache';
import { clearToken, storeToken } from '../../src/providers/session';
import { claimsFor, makeToken } from './helpers';

const LIST_KEY = ['data', 'default', 'shares', 'list', { filters: [] }];
const tokenOf = (profile: 'operator' | 'adm' | 'fund', sid: string) => makeToken({ ...claimsFor(profile), sid });

const mounted = (client: QueryClient) =>
  render(
    <QueryClientProvider client={client}>
      <OneUsersCache />
    </QueryClientProvider>,
  );

afterEach(() => localStorage.clear());

describe('one session per cache', () => {
  it("drops the last session's answers when another signs in, in this tab or in another", () => {
    storeToken(tokenOf('adm', 'session-a'));
    const client = new QueryClient();
    mounted(client);
    client.setQueryData(LIST_KEY, { data: [{ contractNumber: 'DA-ACME' }], total: 1 });

    // A logout alone keeps them (the pages on their way out would ask again without a token)...
    act(() => clearToken());
    expect(client.getQueryData(LIST_KEY)).toBeDefined();
    // ...the next login, another user's, finds none.
    act(() => storeToken(tokenOf('fund', 'session-b')));
    expect(client.getQueryData(LIST_KEY)).toBeUndefined();

    // A login in another tab arrives as a storage event.
    client.setQueryData(LIST_KEY, { data: [{ contractNumber: 'DO-FUNDO' }], total: 1 });
    localStorage.setItem(STORAGE_KEYS.token, tokenOf('operator', 'session-c'));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token })));
    expect(client.getQueryData(LIST_KEY)).toBeUndefined();
  });

  it('keeps them when the token changes within the same session', () => {
    storeToken(tokenOf('operator', 'session-a'));
    const client = new QueryClient();
    mounted(client);
    client.setQueryData(LIST_KEY, { data: [{ contractNumber: 'X' }], total: 1 });
    act(() => storeToken(tokenOf('operator', 'session-a')));
    expect(client.getQueryData(LIST_KEY)).toBeDefined();
  });
});
