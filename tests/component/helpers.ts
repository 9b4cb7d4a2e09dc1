import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { TokenClaims } from '../../src/domain';
import { STORAGE_KEYS } from '../../src/domain';
import { createHttp } from '../../src/providers/http';

const base64url = (s: string) => Buffer.from(s).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

/** An unsigned JWT: the app only decodes claims, the server is the one that verifies. */
export const makeToken = (claims: Partial<TokenClaims> | Record<string, unknown>): string =>
  `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.signature`;

export const claimsFor = (profile: 'operator' | 'adm' | 'fund', extra: Partial<TokenClaims> = {}): TokenClaims => ({
  exp: inOneHour(),
  userId: `user-${profile}`,
  profiles: [profile],
  name: { operator: 'Olga Operadora', adm: 'Ana Administradora', fund: 'Fábio Fundo' }[profile],
  email: `${profile}@repasse.dev`,
  lastAccess: null,
  playerIsRepasse: profile === 'operator',
  deniedPermissions: [],
  ...extra,
});

export const signIn = (profile: 'operator' | 'adm' | 'fund', extra: Partial<TokenClaims> = {}): string => {
  const token = makeToken(claimsFor(profile, extra));
  localStorage.setItem(STORAGE_KEYS.token, token);
  return token;
};

export interface FakeReply {
  status: number;
  data?: unknown;
}

export type FakeHandler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

/** Answers requests at the network edge: everything above (interceptors, providers) runs for real. */
export const fakeAdapter = (handler: FakeHandler): AxiosAdapter => async (config) => {
  const { status, data } = await handler(config);
  const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config, request: {} };
  if (config.validateStatus ? config.validateStatus(status) : status < 400) return response;
  throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
};

/** A real app axios instance (interceptors included) whose network is `handler`. */
export const fakeHttp = (handler: FakeHandler) => {
  const client = createHttp('/api');
  client.defaults.adapter = fakeAdapter(handler);
  return client;
};
