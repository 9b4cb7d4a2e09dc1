/**
 * The account screens' tests: the whole app's routes over a fake API (fakeApi), with the real auth
 * provider, http interceptors and notification provider.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRAccount } from '../../src/i18n/pt-BR.account';
import { createAuthProvider } from '../../src/providers/authProvider';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import type { FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Route } from './workspaceApi';

/** What the user reads: the app's messages with the account chunk's. */
export const M = { ...ptBR, ...ptBRAccount };
export const ACC = ptBRAccount.account;

/** A password that meets every rule of the policy. */
export const GOOD_PASSWORD = 'Nova#Senha2026';

export const LIST_ROUTES: Record<string, FakeReply> = {
  'GET /share/list': { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } },
};

export const renderApp = (path: string, routes: Record<string, FakeReply | Route> = {}) => {
  const api = fakeApi({ ...LIST_ROUTES, ...routes });
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [path], authProvider: createAuthProvider(api.client), dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

export const location = () => screen.getByTestId('location').textContent ?? '';

export const user = () => userEvent.setup({ delay: null });

/** The text under a field (its error), through the input's aria-describedby. */
export const errorOf = (input: HTMLElement): string => {
  const id = (input.getAttribute('aria-describedby') ?? '').split(' ').find((x) => x.endsWith('-error'));
  return (id && document.getElementById(id)?.textContent) || '';
};

export const logIn = async (email: string, password: string) => {
  const u = user();
  await u.type(await screen.findByLabelText(ptBR.auth.email), email);
  await u.type(screen.getByLabelText(ptBR.auth.password), password);
  await u.click(screen.getByRole('button', { name: ptBR.auth.signIn }));
};

/** Types the new password and its confirmation (labels of the shared block). */
export const fillNewPassword = async (password: string, confirmation = password) => {
  const u = user();
  await u.type(await screen.findByLabelText(ACC.password.new), password);
  await u.type(screen.getByLabelText(ACC.password.confirm), confirmation);
};

afterEach(() => sessionStorage.clear());
