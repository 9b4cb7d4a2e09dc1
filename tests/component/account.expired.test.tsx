import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { ACC, GOOD_PASSWORD, M, fillNewPassword, location, logIn, renderApp, user } from './accountSupport';

vi.setConfig({ testTimeout: 45_000 });

const EXPIRED = { 'POST /user/login': { status: 401, data: { message: 'Password has expired', publicId: 'pid-expired-1' } } };

const expiredToast = async () => {
  const text = await screen.findByText((_, el) => el?.tagName === 'SPAN' && (el.textContent ?? '').startsWith(M.errors.passwordExpired));
  return text.closest('.ant-notification-notice') as HTMLElement;
};

describe('expired password', () => {
  it("the login's toast reads 'Senha expirada, clique aqui para alterar:' followed by a link to the change screen", async () => {
    renderApp('/', EXPIRED);
    await logIn('senha.expirada@repasse.dev', 'repasse123');
    const toast = await expiredToast();
    expect(toast).toHaveClass('repasse-toast--error');
    const link = within(toast).getByRole('link', { name: M.auth.changeExpiredPassword });
    expect(link).toHaveAttribute('href', '/senha-expirada');
    expect(toast.textContent).toContain(`${M.errors.passwordExpired} ${M.auth.changeExpiredPassword}`);
    expect(M.errors.passwordExpired).toBe('Senha expirada, clique aqui para alterar:');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('the link works from the keyboard, keeps the handle out of the address and the change goes back to the login with a message', async () => {
    const api = renderApp('/', { ...EXPIRED, 'POST /user/auth_change_password': { status: 200, data: {} } });
    await logIn('senha.expirada@repasse.dev', 'repasse123');
    const link = within(await expiredToast()).getByRole('link', { name: M.auth.changeExpiredPassword });
    link.focus();
    await user().keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: ACC.expired.title })).toBeInTheDocument();
    expect(location()).toBe('/senha-expirada');
    // Following the link closes the toast.
    await waitFor(() => expect(screen.queryByRole('link', { name: M.auth.changeExpiredPassword })).not.toBeInTheDocument());

    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: ACC.expired.submit }));
    expect(await screen.findByText(M.auth.passwordChanged)).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(api.called('POST', '/user/auth_change_password').map((c) => c.body)).toEqual([{ publicId: 'pid-expired-1', newPassword: GOOD_PASSWORD }]);
    expect(screen.getByRole('heading', { name: M.auth.title })).toBeInTheDocument();
  });

  it('a reload of the change screen keeps the handle of this tab', async () => {
    sessionStorage.setItem('expiredPasswordHandle', 'pid-reloaded');
    const api = renderApp('/senha-expirada', { 'POST /user/auth_change_password': { status: 200, data: {} } });
    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: ACC.expired.submit }));
    await screen.findByText(M.auth.passwordChanged);
    expect(api.called('POST', '/user/auth_change_password')[0].body).toEqual({ publicId: 'pid-reloaded', newPassword: GOOD_PASSWORD });
    expect(sessionStorage.getItem('expiredPasswordHandle')).toBeNull();
  });

  it('a handle used up or too old: the screen says so and the form goes', async () => {
    sessionStorage.setItem('expiredPasswordHandle', 'pid-old');
    renderApp('/senha-expirada', { 'POST /user/auth_change_password': { status: 400, data: { message: 'Password recovery expired, start again' } } });
    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: ACC.expired.submit }));
    expect(await screen.findByText(ACC.expired.handleExpired)).toBeInTheDocument();
    expect(screen.queryByLabelText(ACC.password.new)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: ACC.backToLogin })).toHaveAttribute('href', '/');
    expect(sessionStorage.getItem('expiredPasswordHandle')).toBeNull();
  });

  it('without a handle the screen says so and offers the login and the forgotten-password flow', async () => {
    renderApp('/senha-expirada');
    expect(await screen.findByText(ACC.expired.noHandle)).toBeInTheDocument();
    expect(screen.queryByLabelText(ACC.password.new)).not.toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: ACC.expired.forgot }));
    expect(await screen.findByRole('heading', { name: ACC.forgot.title })).toBeInTheDocument();
  });

  it('other login errors keep their plain toast, with no link', async () => {
    renderApp('/', { 'POST /user/login': { status: 401, data: { message: 'Invalid credentials' } } });
    await logIn('operador@repasse.dev', 'errada');
    const text = await screen.findByText(M.errors.invalidCredentials);
    expect(within(text.closest('.ant-notification-notice') as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });
});
