/**
 * A fake API for the workspace tests: answers by "METHOD /path" at the network edge (fakeHttp), so
 * the app's axios instance, interceptors, hooks and notification provider all run for real.
 */
import type { InternalAxiosRequestConfig } from 'axios';
import { stateFlags, type PersonRecord, type ShareDetail, type ShareHistoryEntry } from '../../src/domain';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRWorkspace } from '../../src/i18n/pt-BR.workspace';
import { fakeHttp, type FakeReply } from './helpers';
import { share } from './fixtures';

export const shareDetail = (over: Partial<ShareDetail> = {}): ShareDetail => {
  const base = share({ shareId: '0f0e0d0c-0000-4000-8000-000000000001', contractNumber: 'ACM-0000001', ...over });
  return {
    ...base,
    stateFlags: stateFlags(base.state),
    previousState: null,
    groupCode: '0123',
    quotaCode: '045',
    creditValue: 85000,
    version: 3,
    transferResponsible: null,
    history: [],
    ...over,
  };
};

export const person = (over: Partial<PersonRecord> = {}): PersonRecord => ({
  personId: 'p-1',
  signer: 1,
  ownerRole: 'owner',
  name: 'Maria da Silva',
  cpf: '52998224725',
  phone: '(11) 98765-4321',
  email: 'maria@example.com',
  rg: '123456',
  documentDispatcher: 'SSP',
  occupation: 'Professora',
  maritalStatus: 'married',
  nationality: 'Brasileira',
  address: { zip: '01310-100', address: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  ...over,
});

export const historyEntry = (over: Partial<ShareHistoryEntry> = {}): ShareHistoryEntry => ({
  id: 1,
  action: 'share_send_autoservice',
  fromState: 'available',
  toState: 'sent_to_autoservice',
  user: { userId: 'u-1', name: 'Olga Operadora' },
  at: '2026-11-20T10:00:00.000Z',
  files: [],
  note: null,
  ...over,
});

export interface Call {
  method: string;
  path: string;
  params: Record<string, unknown> | undefined;
  body: unknown;
  headers: Record<string, unknown>;
}

export type Route = (call: Call) => FakeReply | Promise<FakeReply>;

/** Routes by "METHOD /path"; every call is recorded. Unknown calls answer 404 as the server does. */
export const fakeApi = (routes: Record<string, FakeReply | Route>) => {
  const calls: Call[] = [];
  const handler = async (config: InternalAxiosRequestConfig): Promise<FakeReply> => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: (config.url ?? '').replace(/\?.*$/, ''),
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: (config.headers?.toJSON?.() ?? {}) as Record<string, unknown>,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return { status: 404, data: { message: 'Route not found: invalid URL' } };
    return typeof route === 'function' ? route(call) : route;
  };
  const client = fakeHttp(handler);
  const called = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { client, calls, called };
};

/** The answers a share's workspace needs to open, for a share in `over.state`. */
export const workspaceRoutes = (detail: ShareDetail, extra: Record<string, FakeReply | Route> = {}): Record<string, FakeReply | Route> => ({
  'GET /share/get': { status: 200, data: detail },
  'GET /share/status_get': { status: 200, data: { contractNumber: detail.contractNumber, step: detail.processStep, history: [] } },
  'GET /share/signers_status': { status: 200, data: { data: [] } },
  'POST /share/get_history': { status: 200, data: { data: [] } },
  'GET /person/list': { status: 200, data: { data: [person()] } },
  ...extra,
});

/** The app's messages with the workspace's lazily registered ones, as the user reads them. */
export const messages = { ...ptBR, ...ptBRWorkspace, bulk: { ...ptBR.bulk, ...ptBRWorkspace.bulk } };
