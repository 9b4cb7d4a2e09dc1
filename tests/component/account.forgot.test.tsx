import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACC, GOOD_PASSWORD, M, errorOf, fillNewPassword, location, renderApp, user } from './accountSupport';
import type { Route } from './workspaceApi';
import type { FakeReply } from './helpers';

vi.setConfig({ testTimeout: 45_000 });

const F = ACC.forgot;
const SENT = { maskedEmail: 'b***z@r***.dev', expiresInSeconds: 600 };

const flow = (extra: Record<string, FakeReply | Route> = {}) => ({
  'POST /user/verify_username': { status: 200, data: { publicId: 'flow-1' } },
  'POST /user/send_auth_code': { status: 200, data: SENT },
  'POST /user/verify_auth_code': ({ body }: { body: unknown }) =>
    (body as { code: string }).code === '123456' ? { status: 200, data: {} } : { status: 400, data: { message: 'Invalid or expired code' } },
  'POST /user/auth_change_password': { status: 200, data: {} },
  ...extra,
});

const toCodeStep = async (routes = flow()) => {
  const api = renderApp('/esqueci-senha', routes);
  await user().type(await screen.findByLabelText(F.email), 'beatriz@repasse.dev');
  await user().click(screen.getByRole('button', { name: F.sendCode }));
  await screen.findByText(`Enviamos um código para ${SENT.maskedEmail}.`);
  return api;
};

const codeInput = () => screen.getByLabelText(F.code);

afterEach(() => {
  vi.useRealTimers();
});

describe('forgotten password', () => {
  it("opens at the code step from an administrator's reset link, verifies the mailed code, and drops the handle from the address", async () => {
    const expira = Math.floor(Date.now() / 1000) + 600;
    const api = renderApp(`/esqueci-senha#fluxo=3f1c2a4e-9b7d-4c1e-8f00-123456789abc&para=${encodeURIComponent(SENT.maskedEmail)}&expira=${expira}`, flow());
    await screen.findByText(`Enviamos um código para ${SENT.maskedEmail}.`);
    expect(screen.getByText('Etapa 2 de 3')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/esqueci-senha'));
    await user().type(codeInput(), '123456');
    await user().click(screen.getByRole('button', { name: F.verify }));
    await screen.findByText('Código confirmado. Crie sua nova senha.');
    expect(api.called('POST', '/user/verify_auth_code').map((c) => c.body)).toEqual([{ publicId: '3f1c2a4e-9b7d-4c1e-8f00-123456789abc', code: '123456' }]);
    expect(api.called('POST', '/user/verify_username')).toEqual([]);
  });

  it('a malformed reset link starts at the e-mail step', async () => {
    renderApp('/esqueci-senha#fluxo=nao-e-um-id&para=x&expira=1', flow());
    expect(await screen.findByLabelText(F.email)).toBeInTheDocument();
    expect(screen.getByText('Etapa 1 de 3')).toBeInTheDocument();
  });

  it("is linked from the login page as 'Esqueci minha senha'", async () => {
    renderApp('/');
    await user().click(await screen.findByRole('link', { name: 'Esqueci minha senha' }));
    expect(await screen.findByRole('heading', { name: F.title })).toBeInTheDocument();
    expect(location()).toBe('/esqueci-senha');
    expect(screen.getByTestId('brand-name')).toHaveTextContent('Repasse');
  });

  it('step 1 checks the e-mail before asking the server', async () => {
    const api = renderApp('/esqueci-senha', flow());
    await user().click(await screen.findByRole('button', { name: F.sendCode }));
    expect(errorOf(screen.getByLabelText(F.email))).toBe(F.emailRequired);
    await user().type(screen.getByLabelText(F.email), 'nao-e-email');
    await user().click(screen.getByRole('button', { name: F.sendCode }));
    expect(errorOf(screen.getByLabelText(F.email))).toBe(F.emailInvalid);
    expect(api.calls).toEqual([]);
  });

  it('step 1 verifies the e-mail, sends the code and says where it went (masked) and for how long', async () => {
    const api = await toCodeStep();
    expect(api.called('POST', '/user/verify_username').map((c) => c.body)).toEqual([{ username: 'beatriz@repasse.dev' }]);
    expect(api.called('POST', '/user/send_auth_code').map((c) => c.body)).toEqual([{ publicId: 'flow-1' }]);
    expect(screen.getByText('O código vale por 10 minutos.')).toBeInTheDocument();
    expect(screen.getByText('Etapa 2 de 3')).toBeInTheDocument();
    expect(screen.queryByText(/beatriz@repasse\.dev/)).not.toBeInTheDocument();
  });

  it('step 2 takes digits only, typed or pasted, and asks for all six', async () => {
    const api = await toCodeStep();
    await user().type(codeInput(), '12a3');
    expect(codeInput()).toHaveValue('123');
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
    await user().click(screen.getByRole('button', { name: F.verify }));
    expect(errorOf(codeInput())).toBe('O código tem 6 números.');
    expect(api.called('POST', '/user/verify_auth_code')).toHaveLength(0);
    await user().clear(codeInput());
    codeInput().focus();
    await user().paste('123 456');
    expect(codeInput()).toHaveValue('123456');
  });

  it('step 2 says a wrong code on the field, and a right one leads to the new password', async () => {
    const api = await toCodeStep();
    await user().type(codeInput(), '654321');
    await user().click(screen.getByRole('button', { name: F.verify }));
    await waitFor(() => expect(errorOf(codeInput())).toBe(F.codeWrong));
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    await user().clear(codeInput());
    await user().type(codeInput(), '123456');
    await user().click(screen.getByRole('button', { name: F.verify }));
    expect(await screen.findByText(F.passwordIntro)).toBeInTheDocument();
    expect(api.called('POST', '/user/verify_auth_code').map((c) => c.body)).toEqual([
      { publicId: 'flow-1', code: '654321' },
      { publicId: 'flow-1', code: '123456' },
    ]);
  });

  it.each([
    ['a wrong code', { status: 400, data: { message: 'Invalid or expired code', errors: { code: 'Invalid or expired code' } } }, M.errors.authCodeInvalid],
    ['too many wrong codes', { status: 400, data: { message: 'Too many wrong codes, request a new code', errors: { code: 'Too many wrong codes, request a new code' } } }, M.errors.authCodeAttempts],
    ['too many requests', { status: 429, data: { message: 'Too many requests' } }, M.errors.tooManyRequests],
  ])("step 2 shows the server's refusal (%s) on the code field in Portuguese", async (_, reply, text) => {
    await toCodeStep(flow({ 'POST /user/verify_auth_code': reply }));
    await user().type(codeInput(), '000000');
    await user().click(screen.getByRole('button', { name: F.verify }));
    await waitFor(() => expect(errorOf(codeInput())).toBe(text));
  });

  it('resend waits 30 seconds, counting down, then sends again and waits again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = await toCodeStep();
    const resend = () => screen.getByRole('button', { name: /^Reenviar código/ });
    expect(resend()).toBeDisabled();
    expect(resend()).toHaveTextContent('Reenviar código em 30 segundos');
    act(() => vi.advanceTimersByTime(10_000));
    expect(resend()).toHaveTextContent('Reenviar código em 20 segundos');
    expect(resend()).toBeDisabled();
    act(() => vi.advanceTimersByTime(20_000));
    expect(resend()).toHaveTextContent(/^Reenviar código$/);
    expect(resend()).toBeEnabled();

    fireEvent.click(resend());
    expect(await screen.findByText(F.resent)).toBeInTheDocument();
    expect(api.called('POST', '/user/send_auth_code')).toHaveLength(2);
    expect(resend()).toBeDisabled();
    expect(resend()).toHaveTextContent('Reenviar código em 30 segundos');
  });

  it('a resend the server refuses (429) shows the catalogue message and waits again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let sends = 0;
    await toCodeStep(flow({ 'POST /user/send_auth_code': () => (++sends === 1 ? { status: 200, data: SENT } : { status: 429, data: { message: 'Too many requests' } }) }));
    act(() => vi.advanceTimersByTime(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText(M.errors.tooManyRequests)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Reenviar código em 30 segundos/ })).toBeDisabled());
  });

  it('step 3 sets the new password under the policy and goes to the login with a message and the e-mail filled in', async () => {
    const api = await toCodeStep();
    await user().type(codeInput(), '123456');
    await user().click(screen.getByRole('button', { name: F.verify }));
    await fillNewPassword('fraca', 'fraca');
    await user().click(screen.getByRole('button', { name: F.submit }));
    expect(errorOf(screen.getByLabelText(ACC.password.new))).toBe(ACC.password.policyUnmet);
    expect(api.called('POST', '/user/auth_change_password')).toHaveLength(0);

    await user().clear(screen.getByLabelText(ACC.password.new));
    await user().clear(screen.getByLabelText(ACC.password.confirm));
    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: F.submit }));
    expect(await screen.findByText(M.auth.passwordChanged)).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.getByLabelText(M.auth.email)).toHaveValue('beatriz@repasse.dev');
    expect(api.called('POST', '/user/auth_change_password').map((c) => c.body)).toEqual([{ publicId: 'flow-1', newPassword: GOOD_PASSWORD }]);
  });

  it('a flow that ran out of time at step 3 says so and starts again at step 1', async () => {
    await toCodeStep(flow({ 'POST /user/auth_change_password': { status: 400, data: { message: 'Password recovery expired, start again' } } }));
    await user().type(codeInput(), '123456');
    await user().click(screen.getByRole('button', { name: F.verify }));
    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: F.submit }));
    expect(await screen.findByText(M.errors.passwordRecoveryExpired)).toBeInTheDocument();
    expect(await screen.findByLabelText(F.email)).toHaveValue('beatriz@repasse.dev');
    expect(screen.getByText('Etapa 1 de 3')).toBeInTheDocument();
  });

  it("'Usar outro e-mail' goes back to step 1 with the e-mail typed before", async () => {
    await toCodeStep();
    await user().click(screen.getByRole('button', { name: F.otherEmail }));
    expect(await screen.findByLabelText(F.email)).toHaveValue('beatriz@repasse.dev');
    expect(screen.getByText('Etapa 1 de 3')).toBeInTheDocument();
  });
});
