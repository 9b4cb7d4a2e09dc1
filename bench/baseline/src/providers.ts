/**
 * The baseline's providers, talking to the same API as the app (login and GET /share/list) with
 * fetch, as the smallest hand-written providers would.
 */
import type { AuthProvider, DataProvider } from '@refinedev/core';

const TOKEN = 'baseline-token';

export const authProvider: AuthProvider = {
  login: async ({ email, password }) => {
    const res = await fetch('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    if (!res.ok) return { success: false, error: { name: 'Login failed', message: String(res.status) } };
    const { token } = (await res.json()) as { token: string };
    localStorage.setItem(TOKEN, token);
    return { success: true, redirectTo: '/listagem' };
  },
  logout: async () => {
    localStorage.removeItem(TOKEN);
    return { success: true, redirectTo: '/' };
  },
  check: async () => (localStorage.getItem(TOKEN) ? { authenticated: true } : { authenticated: false, redirectTo: '/' }),
  onError: async () => ({}),
};

/** Only what a list needs; the filters go as the API's JSON `filters` parameter. */
export const dataProvider = {
  getApiUrl: () => '/api',
  getList: async ({ pagination, filters = [] }) => {
    const params = new URLSearchParams({ page: String(pagination?.currentPage ?? 1), limit: String(pagination?.pageSize ?? 10) });
    const json: Record<string, unknown> = {};
    for (const f of filters) if ('field' in f && f.value !== undefined && f.value !== '') json[f.field] = f.value;
    if (Object.keys(json).length) params.set('filters', JSON.stringify(json));
    const res = await fetch(`/api/share/list?${params}`, { headers: { authorization: `Bearer ${localStorage.getItem(TOKEN)}` } });
    if (!res.ok) throw { message: res.statusText, statusCode: res.status };
    const body = (await res.json()) as { data: never[]; total: number };
    return { data: body.data, total: body.total };
  },
  getOne: async () => {
    throw new Error('not used');
  },
  create: async () => {
    throw new Error('not used');
  },
  update: async () => {
    throw new Error('not used');
  },
  deleteOne: async () => {
    throw new Error('not used');
  },
} satisfies DataProvider;
