import type { AuthProvider } from '@refinedev/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { ptBR } from '../../src/i18n/pt-BR';
import { createAuthProvider } from '../../src/providers/authProvider';
import { AppRoutes } from '../../src/routes';
import { DEFAULT_BRAND, type Brand } from '../../src/providers/whiteLabel';
import { claimsFor, fakeHttp, makeToken, signIn } from './helpers';
import { TestWrapper } from './TestWrapper';

const renderAt = (path: string, authProvider?: AuthProvider, brand?: Brand) =>
  render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: [path], authProvider, brand }) });

const fillAndSubmit = async (email: string, password: string) => {
  const user = userEvent.setup({ delay: null });
  if (email) await user.type(await screen.findByLabelText(ptBR.auth.email), email);
  if (password) await user.type(screen.getByLabelText(ptBR.auth.password), password);
  await user.click(await screen.findByRole('button', { name: ptBR.auth.signIn }));
};

describe('login page', () => {
  it('shows the Portuguese form when logged out', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: ptBR.auth.title })).toBeInTheDocument();
    expect(screen.getByLabelText(ptBR.auth.email)).toBeInTheDocument();
    expect(screen.getByLabelText(ptBR.auth.password)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ptBR.auth.signIn })).toBeInTheDocument();
    expect(screen.getByTestId('brand-name')).toHaveTextContent('Repasse');
  });

  it('checks the fields before calling login', async () => {
    const login = vi.fn();
    renderAt('/', { ...createAuthProvider(), login });
    await fillAndSubmit('', '');
    expect(await screen.findByText(ptBR.auth.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(ptBR.auth.passwordRequired)).toBeInTheDocument();
    await fillAndSubmit('nao-e-email', 'x');
    expect(await screen.findByText(ptBR.auth.emailInvalid)).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('calls login with the e-mail and password', async () => {
    const login = vi.fn(async () => ({ success: false }));
    renderAt('/', { ...createAuthProvider(), login });
    await fillAndSubmit('operador@repasse.dev', 'repasse123');
    // With the home page's first read for the login to carry (issue 17): the dashboard's summary.
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({
        email: 'operador@repasse.dev',
        password: 'repasse123',
        follow: expect.objectContaining({ urls: [expect.stringMatching(/^\/dashboard\/summary\?tz=/)] }),
      }),
    );
  });

  it('shows a wrong password as the Portuguese catalogue message in a red toast', async () => {
    const network = fakeHttp(() => ({ status: 401, data: { message: 'Invalid credentials' } }));
    renderAt('/', createAuthProvider(network));
    await fillAndSubmit('operador@repasse.dev', 'errada');
    const toast = await screen.findByText(ptBR.errors.invalidCredentials);
    expect(toast.closest('.ant-notification-notice')).toHaveClass('repasse-toast--error');
    expect(screen.getByLabelText(ptBR.auth.email)).toBeInTheDocument();
  });

  it('goes to the dashboard /painel after a successful login (issue 18)', async () => {
    const token = makeToken(claimsFor('operator'));
    const network = fakeHttp((config) => (config.url === '/user/login' ? { status: 200, data: { token } } : { status: 200, data: { data: [], total: 0 } }));
    renderAt('/', createAuthProvider(network));
    await fillAndSubmit('operador@repasse.dev', 'repasse123');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/painel/));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it('sends a signed-in user from / to the dashboard /painel', async () => {
    signIn('adm');
    renderAt('/');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/painel/));
  });

  it('sends a visitor with an expired token from a list back to /', async () => {
    localStorage.setItem(STORAGE_KEYS.token, makeToken({ ...claimsFor('operator'), exp: 1 }));
    renderAt('/pendencias');
    expect(await screen.findByRole('heading', { name: ptBR.auth.title })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?to=%2Fpendencias/);
    // It says why the login page is back (issue 13), once: the notice is gone on the next visit.
    expect(screen.getByRole('status')).toHaveTextContent(ptBR.auth.sessionEnded);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['a token without a profile', makeToken({ ...claimsFor('operator'), profiles: [] })],
  ])('says the session ended when the stored token is %s', async (_what, stored) => {
    localStorage.setItem(STORAGE_KEYS.token, stored);
    const first = renderAt('/listagem');
    expect(await screen.findByRole('heading', { name: ptBR.auth.title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ptBR.auth.sessionEnded);
    first.unmount();
    renderAt('/');
    expect(await screen.findByRole('heading', { name: ptBR.auth.title })).toBeInTheDocument();
    expect(screen.queryByText(ptBR.auth.sessionEnded)).toBeNull();
  });

  it('shows no session notice to a visitor who never signed in', async () => {
    renderAt('/listagem');
    expect(await screen.findByRole('heading', { name: ptBR.auth.title })).toBeInTheDocument();
    expect(screen.queryByText(ptBR.auth.sessionEnded)).toBeNull();
  });

  it('shows a Portuguese 404 page for unknown routes', async () => {
    renderAt('/nao-existe');
    expect(await screen.findByText(ptBR.notFoundPage.title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ptBR.notFoundPage.back })).toBeInTheDocument();
  });

  it("paints the 404 page in the brand's colour, not antd's blue (issue 13)", async () => {
    renderAt('/nao-existe', undefined, { ...DEFAULT_BRAND, name: 'Acme Consórcios', primaryColor: '#C2410C' });
    expect(await screen.findByTestId('not-found-icon')).toHaveStyle({ color: 'rgb(194, 65, 12)' });
    expect(screen.getByText('404')).toHaveStyle({ color: 'rgb(194, 65, 12)' });
    // antd's own 404 drawing carries fixed blues whatever the theme.
    expect(document.querySelector('.ant-result-404, .ant-result-image')).toBeNull();
  });
});
