/** What an API client does over HTTP: log in, call a route, and read the answer without throwing. */
export const OPERATOR = 'operador@repasse.dev';
export const PASSWORD = 'repasse123';

export interface Answer {
  status: number;
  body: unknown;
  /** True when the connection itself failed (refused, reset): no HTTP answer at all. */
  networkError?: string;
}

export async function call(url: string, path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${url}/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: null, networkError: cause?.code ?? cause?.message ?? String(err) };
  }
}

export async function login(url: string, username = OPERATOR): Promise<string> {
  const res = await call(url, '/user/login', { body: { username, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

export const messageOf = (a: Answer): string => (a.body && typeof a.body === 'object' ? String((a.body as { message?: unknown }).message ?? '') : String(a.body));

/** Latency percentile (nearest rank) of a list of milliseconds. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
