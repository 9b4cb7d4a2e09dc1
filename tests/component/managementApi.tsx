/**
 * Renders the management screens (users, brands, funds, players) as the app does, with a fake API at
 * the network edge (fakeApi): the real data provider, access control, forms and notifications run.
 */
import { render, screen } from '@testing-library/react';
import type { ManagedUser } from '../../src/domain/management';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRManagement } from '../../src/i18n/pt-BR.management';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Route } from './workspaceApi';

export const M = ptBRManagement.management;
export const PERMISSION_LABELS = ptBRManagement.permissions;
export { ptBR };

export const list = <T,>(data: T[]): FakeReply => ({ status: 200, data: { data, total: data.length, page: 1, limit: 20 } });

export const managedUser = (over: Partial<ManagedUser> = {}): ManagedUser => ({
  userId: 'u-9',
  name: 'Carla Souza',
  email: 'carla@acme.com.br',
  profile: 'adm',
  admId: 1,
  fundId: null,
  deniedPermissions: [],
  enabled: true,
  mustChangePassword: true,
  lastAccess: null,
  createdAt: '2026-11-20T13:00:00.000Z',
  ...over,
});

export const BRANDS = [
  { admId: 1, name: 'Acme Consórcios', cnpj: '11.222.333/0001-81', labelId: 'acme', colors: { primary: '#2863D0', secondary: '#1B3F8F' }, createdAt: '2026-01-01T00:00:00.000Z' },
  { admId: 2, name: 'Órbita Consórcios', cnpj: '45.723.174/0001-10', labelId: 'orbita', colors: { primary: '#6B2FB3', secondary: '#3A1766' }, createdAt: '2026-01-01T00:00:00.000Z' },
];

export const FUNDS = [{ fundId: 7, name: 'Fundo Alfa FIDC', cnpj: '11222333000181', enabled: true }];

export const openManagement = (path: string, routes: Record<string, FakeReply | Route> = {}, profile: 'operator' | 'adm' = 'operator') => {
  signIn(profile);
  const api = fakeApi({
    'GET /administrator/list': list(BRANDS),
    'GET /fund/list': list(FUNDS),
    'GET /user/list': list([managedUser()]),
    ...routes,
  });
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

export const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');
