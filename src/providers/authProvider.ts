import type { AuthProvider } from '@refinedev/core';
import axios, { type AxiosInstance } from 'axios';
import { API, matchErrorMessage, type LoginResponse, type Profile } from '../domain';
import { ACCOUNT_ROUTES } from '../domain/account';
import { forgetExpiredPasswordHandle, rememberExpiredPasswordHandle } from './expiredPasswordHandle';
import { HOME_ROUTE, LOGIN_ROUTE, SHARE_LIST_ROUTE } from './authRoutes';
import { toHttpError } from './httpError';
import { http as defaultHttp } from './http';
import { t } from './i18nProvider';
import type { LoginFollowUps } from './dataProvider';
import { clearToken, dropStaleToken, readSession, setFirstAccessPending, storeToken } from './session';

export { HOME_ROUTE, LOGIN_ROUTE, SHARE_LIST_ROUTE };

export interface Identity {
  id: string;
  name: string;
  email: string;
  profile: Profile | null;
  playerIsRepasse: boolean;
}

export interface Permissions {
  profile: Profile | null;
  deniedPermissions: string[];
}

export interface LoginParams {
  email: string;
  password: string;
  /**
   * The first page's reads for the login to carry (dataProvider.followLogin, issue 17): their
   * answers come with the token, a round trip before the page could have asked for them.
   */
  follow?: LoginFollowUps;
}

/** A right but expired password: the 401 carries the handle the change screen uses (see ExpiredPasswordToastMessage). */
const rememberExpiredHandle = (e: unknown): void => {
  const publicId = axios.isAxiosError(e) ? (e.response?.data as { publicId?: unknown } | undefined)?.publicId : undefined;
  if (typeof publicId === 'string' && publicId) rememberExpiredPasswordHandle(publicId);
  else forgetExpiredPasswordHandle();
};

/** How long Sair waits for the server to end the session before leaving anyway. */
const LOGOUT_TIMEOUT_MS = 5_000;

const failure = (message: string) => ({ success: false, error: { name: t('errors.title'), message } });

/** SPEC §6: the session is the token in local storage, read through its claims. */
export const createAuthProvider = (client: AxiosInstance = defaultHttp): AuthProvider => ({
  login: async ({ email, password, follow }: LoginParams) => {
    try {
      const then = follow?.urls.length ? { then: follow.urls } : {};
      const { data } = await client.post<LoginResponse>(API.user.login.path, { username: email, password, ...then });
      // A token the app would reject at once (no profiles, already expired) is no login at all.
      if (!readSession(data?.token ?? null)) return failure('User not authorized for platform');
      storeToken(data.token);
      follow?.arrive(data.then);
      forgetExpiredPasswordHandle();
      // Until the password is changed the server refuses everything else; the app goes straight there.
      setFirstAccessPending(data.firstAccess === true);
      return { success: true, redirectTo: data.firstAccess === true ? ACCOUNT_ROUTES.firstAccess : HOME_ROUTE };
    } catch (e) {
      rememberExpiredHandle(e);
      return failure(toHttpError(e).message);
    }
  },

  logout: async () => {
    // The server ends the session (issue 11), so a copied token dies with the logout. A server that
    // does not answer must not keep the user in: the token goes whatever happens.
    if (readSession()) await client.post(API.user.logout.path, {}, { timeout: LOGOUT_TIMEOUT_MS }).catch(() => undefined);
    clearToken();
    return { success: true, redirectTo: LOGIN_ROUTE };
  },

  check: async () => {
    if (readSession()) return { authenticated: true };
    // An expired or malformed token is worthless; dropping it keeps later checks cheap and honest,
    // and the login page says the session ended instead of appearing unbidden.
    if (!dropStaleToken()) clearToken();
    return { authenticated: false, logout: true, redirectTo: LOGIN_ROUTE };
  },

  onError: async (error: { statusCode?: number; status?: number; message?: string } | undefined) => {
    const status = error?.statusCode ?? error?.status;
    if (status === 401) return { logout: true, redirectTo: LOGIN_ROUTE, error: error as Error };
    // The server still demands the first-access change (this browser lost the mark): go and make it.
    const match = matchErrorMessage(error?.message);
    if (status === 403 && match.kind === 'catalogue' && match.key === 'passwordChangeRequired') {
      setFirstAccessPending(true);
      return { redirectTo: ACCOUNT_ROUTES.firstAccess };
    }
    return {};
  },

  getIdentity: async (): Promise<Identity | null> => {
    const s = readSession();
    if (!s) return null;
    return {
      id: String(s.claims.userId),
      name: s.claims.name ?? '',
      email: s.claims.email ?? '',
      profile: s.profile,
      playerIsRepasse: s.claims.playerIsRepasse === true,
    };
  },

  getPermissions: async (): Promise<Permissions | null> => {
    const s = readSession();
    return s ? { profile: s.profile, deniedPermissions: s.deniedPermissions } : null;
  },
});

export const authProvider = createAuthProvider();
