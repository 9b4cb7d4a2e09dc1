import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { isFirstAccessPending, setFirstAccessPending } from '../../src/providers/session';
import { ACC, GOOD_PASSWORD, M, errorOf, fillNewPassword, location, logIn, renderApp, user } from './accountSupport';
import { claimsFor, makeToken, signIn } from './helpers';

vi.setConfig({ testTimeout: 45_000 });

const token = makeToken(claimsFor('operator'));
const loginAnswer = (firstAccess: boolean) => ({ 'POST /user/login': { status: 200, data: { token, firstAccess } } });
const pendingSession = () => {
  signIn('operator');
  setFirstAccessPending(true);
};

const changePassword = async (current: string) => {
  await user().type(await screen.findByLabelText(ACC.password.current), current);
  await fillNewPassword(GOOD_PASSWORD);
  await user().click(screen.getByRole('button', { name: ACC.firstAccess.submit }));
};

describe('first access', () => {
  it('a login answered with firstAccess goes to /primeiro-acesso, not to the list', async () => {
    const api = renderApp('/', loginAnswer(true));
    await logIn('primeiro.acesso@repasse.dev', 'provisoria');
    expect(await screen.findByRole('heading', { name: ACC.firstAccess.title })).toBeInTheDocument();
    expect(location()).toBe('/primeiro-acesso');
    expect(api.called('GET', '/share/list')).toHaveLength(0);
  });

  it('a login without firstAccess still goes to the home page, the dashboard (issue 18)', async () => {
    renderApp('/', loginAnswer(false));
    await logIn('operador@repasse.dev', 'repasse123');
    await waitFor(() => expect(location()).toMatch(/^\/painel/));
    expect(isFirstAccessPending()).toBe(false);
  });

  it.each(['/listagem', '/pendencias', '/cotas/ACM-0000001', '/'])('while the change is pending, %s leads to the change screen and loads nothing', async (path) => {
    pendingSession();
    const api = renderApp(path);
    expect(await screen.findByRole('heading', { name: ACC.firstAccess.title })).toBeInTheDocument();
    expect(location()).toBe('/primeiro-acesso');
    expect(api.calls).toEqual([]);
  });

  it('Sair on the change screen ends the session and the pending change with it', async () => {
    renderApp('/', loginAnswer(true));
    await logIn('primeiro.acesso@repasse.dev', 'provisoria');
    await screen.findByRole('heading', { name: ACC.firstAccess.title });
    expect(isFirstAccessPending()).toBe(true);
    await user().click(screen.getByRole('button', { name: ACC.logout }));
    expect(await screen.findByRole('heading', { name: M.auth.title })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(isFirstAccessPending()).toBe(false);
  });

  it('changes the password with firstAccess:true and goes on to the home page, the dashboard', async () => {
    pendingSession();
    const api = renderApp('/listagem', { 'POST /user/change_password': { status: 200, data: {} } });
    await changePassword('provisoria');
    await waitFor(() => expect(location()).toMatch(/^\/painel/));
    expect(api.called('POST', '/user/change_password').map((c) => c.body)).toEqual([
      { oldPassword: 'provisoria', newPassword: GOOD_PASSWORD, firstAccess: true },
    ]);
    expect(await screen.findByText(ACC.firstAccess.done)).toBeInTheDocument();
    expect(isFirstAccessPending()).toBe(false);
    // The home page loads its figures (issue 18).
    await waitFor(() => expect(api.called('GET', '/dashboard/summary').length).toBeGreaterThan(0));
  });

  it.each([
    ['with the field key', { message: 'Invalid credentials', errors: { oldPassword: 'account.password.currentWrong' } }],
    ['with the message only', { message: 'Invalid credentials' }],
  ])('asks for the current password, and says on that field when it is wrong (%s)', async (_, answer) => {
    pendingSession();
    renderApp('/primeiro-acesso', { 'POST /user/change_password': { status: 400, data: answer } });
    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: ACC.firstAccess.submit }));
    const current = screen.getByLabelText(ACC.password.current);
    expect(errorOf(current)).toBe(ACC.password.currentRequired);
    await user().type(current, 'errada');
    await user().click(screen.getByRole('button', { name: ACC.firstAccess.submit }));
    await waitFor(() => expect(errorOf(current)).toBe(ACC.password.currentWrong));
    expect(location()).toBe('/primeiro-acesso');
  });

  it('refuses the same password with the SPEC §8 message on the new password', async () => {
    pendingSession();
    renderApp('/primeiro-acesso', { 'POST /user/change_password': { status: 400, data: { message: 'New password must differ from current' } } });
    await changePassword('provisoria');
    await waitFor(() => expect(errorOf(screen.getByLabelText(ACC.password.new))).toBe('A nova senha deve ser diferente da atual.'));
    expect(isFirstAccessPending()).toBe(true);
  });

  it('a server that still demands the change (403) sends a list back to the change screen', async () => {
    signIn('operator');
    renderApp('/listagem', { 'GET /share/list': { status: 403, data: { message: 'Password change required before continuing' } } });
    // The list's chunk loads, its call fails, then the change screen's chunk loads: more than the default wait in jsdom.
    expect(await screen.findByRole('heading', { name: ACC.firstAccess.title }, { timeout: 20_000 })).toBeInTheDocument();
    expect(location()).toBe('/primeiro-acesso');
    expect(isFirstAccessPending()).toBe(true);
  });

  it('without a pending change it leads to the home page', async () => {
    signIn('operator');
    renderApp('/primeiro-acesso');
    await waitFor(() => expect(location()).toMatch(/^\/painel/));
  });

  it('without a session it leads to the login', async () => {
    renderApp('/primeiro-acesso');
    expect(await screen.findByRole('heading', { name: M.auth.title })).toBeInTheDocument();
    expect(location()).toMatch(/^\/(\?|$)/);
  });
});
