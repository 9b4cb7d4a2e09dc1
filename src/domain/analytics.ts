/**
 * Analytics rules (SPEC §7 "Analytics", §9): what an event is called and what it may carry. Shared by
 * the web app's analytics provider and the tests; no React, HTTP or storage here.
 */
import { API, type Endpoint } from './apiPaths';
import { ANALYTICS_TEXT_MAX, API_BASE_PATH } from './constants';

/**
 * Cuts a text at `max` UTF-16 units, the unit the analytics client itself counts in, so its own cut
 * never bites again. A cut that would split a surrogate pair drops the whole character instead.
 */
export const truncateText = (text: string, max: number = ANALYTICS_TEXT_MAX): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Every text in a property bag cut at the SPEC §9 limit: values and keys, at any depth of plain
 * objects and arrays. Numbers, booleans, null and other objects (dates) pass as they are.
 */
export const truncateProperties = <T>(value: T, max: number = ANALYTICS_TEXT_MAX): T => {
  if (typeof value === 'string') return truncateText(value, max) as T;
  if (Array.isArray(value)) return value.map((v) => truncateProperties(v, max)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [truncateText(k, max), truncateProperties(v, max)])) as T;
  }
  return value;
};

/**
 * Batching (docs/analytics.md): events, people updates and group updates each wait in their own
 * queue and go out as one POST per queue every 5 s, at most 50 items a POST.
 */
export const ANALYTICS_BATCH = { flushIntervalMs: 5000, size: 50 } as const;

/** Event names that are not endpoint actions. */
export const ANALYTICS_EVENTS = {
  pageView: 'page_view',
  login: 'login',
  logout: 'logout',
} as const;

/**
 * Calls that use POST without changing anything (reads with a body, steps of a flow whose result is
 * another call), so a success is not an action. The login is its own event.
 */
const NOT_ACTIONS: readonly Endpoint[] = [
  API.user.login,
  // Sair already sends its own `logout` event; the call behind it is not a second one.
  API.user.logout,
  API.user.verifyUsername,
  API.user.verifyAuthCode,
  API.share.getHistory,
  API.storage.generateLink,
  API.storage.uploadInitialize,
];

const allEndpoints = (node: unknown): Endpoint[] =>
  isPlainObject(node) && typeof node.path === 'string' && typeof node.method === 'string'
    ? [node as unknown as Endpoint]
    : isPlainObject(node)
      ? Object.values(node).flatMap(allEndpoints)
      : [];

const sameEndpoint = (a: Endpoint, b: Endpoint) => a.method === b.method && a.path === b.path;

/** The calls whose success is an action, SPEC §7's mutations. A function, so a build without analytics drops it. */
export const actionEndpoints = (): Endpoint[] =>
  allEndpoints(API).filter((e) => e.method !== 'GET' && !NOT_ACTIONS.some((n) => sameEndpoint(n, e)));

/**
 * The event name of an endpoint: its path with `/` as `_`, e.g. `/person/save` → `person_save`. The
 * `/actions/` group holds nothing but actions, so its prefix says nothing: `/actions/share_send_autoservice`
 * → `share_send_autoservice`.
 */
export const eventNameOfEndpoint = (endpoint: Pick<Endpoint, 'path'>): string =>
  endpoint.path.replace(/^\/+|\/+$/g, '').replace(/^actions\//, '').replace(/\//g, '_');

/**
 * The API path of a request URL as axios sees it: relative (`/person/save?x=1`) or absolute with the
 * API base (`https://host/api/person/save`).
 */
export const apiPathOfUrl = (url: string, basePath: string = API_BASE_PATH): string => {
  let path = url.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  const base = basePath.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').replace(/\/+$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length);
  return `/${path.replace(/^\/+/, '')}`;
};

/**
 * The event a successful request stands for: an action name, `login`, or null for reads and for
 * anything that is not one of SPEC §7's calls.
 */
export const eventOfRequest = (method: string | undefined, url: string | undefined, basePath?: string): string | null => {
  if (!method || !url) return null;
  const call: Endpoint = { method: method.toUpperCase() as Endpoint['method'], path: apiPathOfUrl(url, basePath) };
  if (sameEndpoint(call, API.user.login)) return ANALYTICS_EVENTS.login;
  return actionEndpoints().some((e) => sameEndpoint(e, call)) ? eventNameOfEndpoint(call) : null;
};

export interface PageRoute {
  /** A route pattern with `:param` segments, e.g. `/cotas/:contractNumber`. */
  pattern: string;
  /** What the page is: a resource name or a page name. */
  page: string;
}

interface PageView {
  route: string;
  page: string;
}

const segments = (path: string) => path.split('/').filter(Boolean);

const matches = (pattern: string, pathname: string): boolean => {
  const want = segments(pattern);
  const got = segments(pathname);
  return want.length === got.length && want.every((s, i) => s.startsWith(':') || s === got[i]);
};

const staticSegments = (pattern: string): number => segments(pattern).filter((s) => !s.startsWith(':')).length;

/** A segment that carries a number is most likely an id (contract number, auction id, code). */
const looksLikeId = (segment: string) => /\d/.test(segment);

/**
 * What a page view says about where the user is: the route pattern and page name, never the raw
 * path's ids nor its query string (list filters there may hold a CPF). A path no known route matches
 * keeps its words and replaces each segment with a digit by `:id`.
 */
export const pageViewOf = (pathname: string, routes: readonly PageRoute[]): PageView => {
  const path = pathname.replace(/[?#].*$/, '') || '/';
  // As the router ranks them: a fixed segment beats a parameter, so `/usuarios/novo` is the create
  // page and not the record "novo", whatever the order of the table.
  const known = routes
    .filter((r) => matches(r.pattern, path))
    .reduce<PageRoute | undefined>((best, r) => (!best || staticSegments(r.pattern) > staticSegments(best.pattern) ? r : best), undefined);
  if (known) return { route: known.pattern, page: known.page };
  const parts = segments(path).map((s) => (looksLikeId(s) ? ':id' : s));
  return { route: `/${parts.join('/')}`, page: parts[0] && parts[0] !== ':id' ? parts[0] : 'unknown' };
};

/** Where mixpanel-browser sends when no API host is configured. */
export const DEFAULT_ANALYTICS_API_HOST = 'https://api-js.mixpanel.com';

/**
 * The origin the built app sends analytics to, for the server's Content-Security-Policy
 * (connect-src): the configured API host's, Mixpanel's without one, none when analytics are off.
 */
export const analyticsOrigin = (token: string | undefined, apiHost: string | undefined): string | null => {
  if (!token?.trim()) return null;
  try {
    return new URL(apiHost?.trim() || DEFAULT_ANALYTICS_API_HOST).origin;
  } catch {
    return null;
  }
};
