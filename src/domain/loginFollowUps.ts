/**
 * Reads a login may carry (issue 17). A login that lands on a list needs two round trips before its
 * rows show: the login, then the list, which needs the login's token. On a slow line that second
 * round trip is half the wait. So the login's body may name the first page's reads (`then`): after
 * a right password, the server makes each of them as the new session, through the whole API (auth,
 * permissions, validation), and answers them beside the token. The client takes those answers as
 * if it had asked for them itself; one that failed is simply asked for again.
 *
 * Shared by the web app (what it may ask) and the server (what it accepts).
 */
import { API, type Endpoint, isPublicEndpoint } from './apiPaths';

/** At most this many reads per login: the first list's rows and the columns its user hides, and room for one more. */
export const LOGIN_FOLLOW_UPS_MAX = 3;

/**
 * A read's address below the API's base path, as the client would request it:
 * `/share/list?page=1&limit=20`. The query in printable ASCII other than `#`, as a browser sends it
 * (axios percent-encodes the rest): a space or a control character that a real request could not
 * carry is refused rather than quietly mended.
 */
export const LOGIN_FOLLOW_UP_PATTERN = '^/[a-z_/]+(\\?[!-"$-~]*)?$';

/** How long a login waits for all its reads together; one not answered by then is left to the client. */
export const LOGIN_FOLLOW_UPS_BUDGET_MS = 1_000;
export const LOGIN_FOLLOW_UP_MAX_LENGTH = 2_000;

/** The answer of one read: its HTTP status, and its body when the status is 200. */
export interface LoginFollowUpAnswer {
  status: number;
  body?: unknown;
}

const ENDPOINTS: Endpoint[] = Object.values(API).flatMap((v) => ('method' in v ? [v as Endpoint] : (Object.values(v) as Endpoint[])));

/**
 * The endpoint a follow-up's address names, when a login may carry it: a GET of the API table that
 * needs a session (a public one needs no login to be asked), other than the live event stream
 * (it never ends). Undefined for anything else, which the server answers 400 without making it.
 */
export const loginFollowUpEndpoint = (url: string): Endpoint | undefined => {
  if (url.length > LOGIN_FOLLOW_UP_MAX_LENGTH || !new RegExp(LOGIN_FOLLOW_UP_PATTERN).test(url)) return undefined;
  const path = url.replace(/\?.*$/, '');
  const endpoint = ENDPOINTS.find((e) => e.method === 'GET' && e.path === path);
  return endpoint && !isPublicEndpoint(endpoint) && endpoint !== API.live.events ? endpoint : undefined;
};
