import { jwtDecode } from 'jwt-decode';
import { STORAGE_KEYS, isSessionAuthorized, profileOf, type Profile, type TokenClaims } from '../domain';

export interface Session {
  token: string;
  claims: Partial<TokenClaims>;
  profile: Profile | null;
  deniedPermissions: string[];
}

export const readToken = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
};

const tokenListeners = new Set<() => void>();

/**
 * Calls `listener` after this tab stores or clears the token (a login, a logout, a session that
 * ended); another tab's change arrives as the window's `storage` event instead. Answers the unsubscribe.
 */
export const onTokenChange = (listener: () => void): (() => void) => {
  tokenListeners.add(listener);
  return () => void tokenListeners.delete(listener);
};

const tokenChanged = () => tokenListeners.forEach((listener) => listener());

export const storeToken = (token: string): void => {
  localStorage.setItem(STORAGE_KEYS.token, token);
  forgetSessionEnded();
  tokenChanged();
};

/**
 * The login said the password must be changed first (SPEC §7 firstAccess). The token's claims do not
 * carry it, so it is kept beside the token and goes with it: a reload keeps the user on the change screen.
 */
const FIRST_ACCESS_KEY = 'firstAccessPending';

export const setFirstAccessPending = (pending: boolean): void =>
  pending ? localStorage.setItem(FIRST_ACCESS_KEY, '1') : localStorage.removeItem(FIRST_ACCESS_KEY);

export const isFirstAccessPending = (): boolean => {
  try {
    return localStorage.getItem(FIRST_ACCESS_KEY) === '1';
  } catch {
    return false;
  }
};

export const clearToken = (): void => {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(FIRST_ACCESS_KEY);
  tokenChanged();
};

/** Decodes without verifying: the server verifies; the app only reads claims to shape the UI. */
const decode = (token: string): Partial<TokenClaims> | null => {
  try {
    const claims = jwtDecode<Partial<TokenClaims>>(token);
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
};

/**
 * The last token decoded and its claims: every access check reads the session (a list's render makes
 * dozens), and decoding the same token each time cost ~15 ms of a login's render (issue 17).
 */
let decoded: { token: string; claims: Partial<TokenClaims> | null } | undefined;

export const decodeClaims = (token: string | null | undefined): Partial<TokenClaims> | null => {
  if (!token) return null;
  if (decoded?.token !== token) decoded = { token, claims: decode(token) };
  return decoded.claims;
};

/** The current session when SPEC §6 authorizes it, else null. */
export const readSession = (token: string | null = readToken()): Session | null => {
  const claims = decodeClaims(token);
  if (!token || !claims || !isSessionAuthorized(claims)) return null;
  return {
    token,
    claims,
    profile: profileOf({ profiles: claims.profiles ?? [] }),
    deniedPermissions: Array.isArray(claims.deniedPermissions) ? claims.deniedPermissions : [],
  };
};

/**
 * "Your session ended" for the login page, kept in this tab's session storage: the page that finds a
 * stale token and the login page that says so are not always the same render (a redirect, a reload).
 * Read without side effects while rendering; forgotten once shown or on the next sign-in.
 */
const SESSION_ENDED_KEY = 'sessionEndedNotice';

export const rememberSessionEnded = (): void => {
  try {
    sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // No storage: the login page simply shows no notice.
  }
};

export const hasSessionEndedNotice = (): boolean => {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
};

export const forgetSessionEnded = (): void => {
  try {
    sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // nothing to forget
  }
};

/**
 * A token is stored but no longer makes a session (expired, malformed, without a profile): it is
 * dropped, and the login page says the session ended (issue 13) rather than appearing unbidden.
 * Answers whether there was such a token.
 */
export const dropStaleToken = (): boolean => {
  if (readToken() === null || readSession()) return false;
  clearToken();
  rememberSessionEnded();
  return true;
};
