import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../src/i18n/loadAccountMessages';
import { PasswordFields } from '../../src/components/password/PasswordFields';
import { usePasswordPair } from '../../src/components/password/usePasswordPair';
import { PASSWORD_RULES } from '../../src/domain/account';
import { ACC, GOOD_PASSWORD, M, errorOf, fillNewPassword, renderApp, user } from './accountSupport';
import { TestWrapper } from './TestWrapper';

vi.setConfig({ testTimeout: 45_000 });

const Harness = () => {
  const password = usePasswordPair();
  return (
    <form onSubmit={(e) => (e.preventDefault(), password.check())}>
      <PasswordFields idPrefix="t" {...password.fieldProps} />
      <button type="submit">enviar</button>
    </form>
  );
};

const rules = () => within(screen.getByRole('list', { name: ACC.policy.title })).getAllByRole('listitem');
const metRules = () => rules().filter((li) => li.getAttribute('data-met') === 'true').map((li) => li.getAttribute('data-rule'));

describe('password block: the policy while typing', () => {
  it('lists every rule and ticks each one as the password meets it, in words for screen readers too', async () => {
    render(<Harness />, { wrapper: TestWrapper() });
    expect(rules().map((li) => li.getAttribute('data-rule'))).toEqual(PASSWORD_RULES.map((r) => r.key));
    expect(rules()[0]).toHaveTextContent(ACC.policy.length);
    expect(metRules()).toEqual([]);

    const input = screen.getByLabelText(ACC.password.new);
    await user().type(input, 'abc');
    expect(metRules()).toEqual(['lower']);
    expect(screen.getByText(ACC.policy.lower).parentElement).toHaveTextContent(`(${ACC.policy.met})`);
    expect(screen.getByText(ACC.policy.upper).parentElement).toHaveTextContent(`(${ACC.policy.unmet})`);

    await user().type(input, 'DEF12');
    expect(metRules()).toEqual(['length', 'lower', 'upper', 'digit']);
    await user().type(input, '!');
    expect(metRules()).toEqual(['length', 'lower', 'upper', 'digit', 'symbol']);
    expect(screen.getByText('5 de 5 requisitos atendidos')).toBeInTheDocument();

    await user().clear(input);
    expect(metRules()).toEqual([]);
  });

  it('says the confirmation differs once the user leaves it, and clears it when it matches', async () => {
    render(<Harness />, { wrapper: TestWrapper() });
    await fillNewPassword(GOOD_PASSWORD, `${GOOD_PASSWORD}x`);
    const confirmation = screen.getByLabelText(ACC.password.confirm);
    expect(errorOf(confirmation)).toBe('');
    await user().tab();
    expect(errorOf(confirmation)).toBe(ACC.password.mismatch);
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    await user().type(confirmation, '{Backspace}');
    expect(errorOf(confirmation)).toBe('');
  });

  it('on submit names what is missing: a new password under the policy and its confirmation', async () => {
    render(<Harness />, { wrapper: TestWrapper() });
    await user().click(screen.getByRole('button', { name: 'enviar' }));
    expect(errorOf(screen.getByLabelText(ACC.password.new))).toBe(ACC.password.newRequired);
    expect(errorOf(screen.getByLabelText(ACC.password.confirm))).toBe(ACC.password.confirmRequired);
    await user().type(screen.getByLabelText(ACC.password.new), 'fraca');
    expect(errorOf(screen.getByLabelText(ACC.password.new))).toBe(ACC.password.policyUnmet);
  });
});

describe('password block on a screen: nothing weak or mismatched is sent, server errors land on the field', () => {
  const openExpired = (reply: Parameters<typeof renderApp>[1]) => {
    sessionStorage.setItem('expiredPasswordHandle', 'pid-1');
    return renderApp('/senha-expirada', reply);
  };

  it('sends nothing while the password breaks the policy or the confirmation differs', async () => {
    const api = openExpired({ 'POST /user/auth_change_password': { status: 200, data: {} } });
    await fillNewPassword('semregras', 'semregras');
    await user().click(screen.getByRole('button', { name: ACC.expired.submit }));
    expect(errorOf(screen.getByLabelText(ACC.password.new))).toBe(ACC.password.policyUnmet);
    await user().clear(screen.getByLabelText(ACC.password.new));
    await user().clear(screen.getByLabelText(ACC.password.confirm));
    await fillNewPassword(GOOD_PASSWORD, 'Outra#Senha2026');
    await user().click(screen.getByRole('button', { name: ACC.expired.submit }));
    expect(errorOf(screen.getByLabelText(ACC.password.confirm))).toBe(ACC.password.mismatch);
    expect(api.called('POST', '/user/auth_change_password')).toHaveLength(0);
  });

  it("shows SPEC §8 'A nova senha deve ser diferente da atual.' on the new password", async () => {
    openExpired({ 'POST /user/auth_change_password': { status: 400, data: { message: 'New password must differ from current' } } });
    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: ACC.expired.submit }));
    const input = screen.getByLabelText(ACC.password.new);
    await waitFor(() => expect(errorOf(input)).toBe('A nova senha deve ser diferente da atual.'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // The error belongs to the value that caused it: editing the field clears it.
    await user().type(input, '9');
    expect(errorOf(input)).toBe('');
  });

  it("shows the server's policy failure (errors.newPassword) on the new password", async () => {
    const message = 'Invalid new password: it does not meet the password policy';
    openExpired({ 'POST /user/auth_change_password': { status: 400, data: { message, errors: { newPassword: 'account.policy.symbol' } } } });
    await fillNewPassword(GOOD_PASSWORD);
    await user().click(screen.getByRole('button', { name: ACC.expired.submit }));
    await waitFor(() => expect(errorOf(screen.getByLabelText(ACC.password.new))).toBe('A nova senha precisa ter: um símbolo (por exemplo ! @ # $ %).'));
    expect(screen.queryByText(M.errors.passwordPolicy)).not.toBeInTheDocument();
  });
});
