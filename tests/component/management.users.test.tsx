/**
 * The user screens generated from the users resource: the create form (brand only for an `adm`, fund
 * only for a `fund`, an administrator's fixed profile and brand, permissions chosen from the matrix),
 * a server field error on its field with nothing typed lost, the one-time password shown once, the
 * record page's actions behind a confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pickOption } from './auctionsApi';
import { M, PERMISSION_LABELS, location, managedUser, openManagement, ptBR } from './managementApi';

vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => Promise.all([import('../../src/pages/management/CrudFormPage'), import('../../src/pages/management/ShowPage'), import('../../src/resources/forms/users')]), 60_000);

const U = M.users;
const user = () => userEvent.setup({ delay: null });
/** A field of the user form by its key ("Fundo" is also an option of Perfil, so labels are ambiguous). */
const control = (key: string) => document.getElementById(`users-create_${key}`);
const field = async (key: string) => waitFor(() => control(key) ?? Promise.reject(new Error(`${key} not shown`)));

const fillBasics = async () => {
  const u = user();
  await u.type(await screen.findByLabelText(U.name), 'Carla Souza');
  await u.type(screen.getByLabelText(U.email), 'carla@acme.com.br');
  return u;
};

describe('the user form', () => {
  it('asks for the brand only for an administrator and for the fund only for a fund user', async () => {
    openManagement('/usuarios/novo');
    expect(await screen.findByRole('heading', { name: ptBR.users.new })).toBeInTheDocument();
    expect(control('admId')).toBeNull();
    expect(control('fundId')).toBeNull();
    await user().click(screen.getByLabelText(U.profile));
    await pickOption(ptBR.profile.adm);
    expect(await screen.findByLabelText(U.administrator)).toBe(await field('admId'));
    expect(control('fundId')).toBeNull();
    await user().click(screen.getByLabelText(U.profile));
    await pickOption(ptBR.profile.fund);
    expect(await field('fundId')).toBeInTheDocument();
    expect(control('admId')).toBeNull();
  });

  it('sends the brand picked from the administrators list, and only the fields that apply', async () => {
    const api = openManagement('/usuarios/novo', {
      'POST /user/create': { status: 200, data: { user: managedUser(), temporaryPassword: 'Tmp#4821xy' } },
    });
    const u = await fillBasics();
    await u.click(screen.getByLabelText(U.profile));
    await pickOption(ptBR.profile.fund);
    await u.click(await field('fundId'));
    await pickOption('Fundo Alfa FIDC');
    // Changing the profile afterwards drops the fund: only the brand goes.
    await u.click(screen.getByLabelText(U.profile));
    await pickOption(ptBR.profile.adm);
    await u.click(await field('admId'));
    await pickOption('Órbita Consórcios');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/user/create')).toHaveLength(1));
    expect(api.called('POST', '/user/create')[0].body).toEqual({ name: 'Carla Souza', email: 'carla@acme.com.br', profile: 'adm', admId: 2, deniedPermissions: [] });
  });

  it('chooses denied permissions from their Portuguese names; nothing typed becomes one', async () => {
    const api = openManagement('/usuarios/novo', {
      'POST /user/create': { status: 200, data: { user: managedUser({ profile: 'operator', admId: null }), temporaryPassword: 'Tmp#4821xy' } },
    });
    const u = await fillBasics();
    await u.click(screen.getByLabelText(U.profile));
    await pickOption(ptBR.profile.operator);
    const permissions = screen.getByLabelText(U.deniedPermissions);
    await u.click(permissions);
    await u.type(permissions, 'apagar tudo{Enter}');
    expect(document.querySelectorAll('.ant-select-selection-item')).toHaveLength(1); // the profile only
    await u.clear(permissions);
    await u.type(permissions, 'Cancelar');
    await pickOption(PERMISSION_LABELS.share.cancel_sale);
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/user/create')).toHaveLength(1));
    expect(api.called('POST', '/user/create')[0].body).toMatchObject({ profile: 'operator', deniedPermissions: ['share.cancel_sale'] });
  });

  it('fixes an administrator’s profile and brand to its own', async () => {
    const api = openManagement(
      '/usuarios/novo',
      {
        'GET /user/get': { status: 200, data: managedUser({ userId: 'user-adm', name: 'Ana Administradora', admId: 3 }) },
        'POST /user/create': { status: 200, data: { user: managedUser({ admId: 3 }), temporaryPassword: 'Tmp#4821xy' } },
      },
      'adm',
    );
    expect(await screen.findByTestId('fixed-profile')).toHaveTextContent(ptBR.profile.adm);
    expect(screen.getByTestId('fixed-admId')).toHaveTextContent(U.ownAdministrator);
    expect(screen.queryByLabelText(U.profile)).toBeNull();
    await waitFor(() => expect(api.called('GET', '/user/get')[0]?.params).toEqual({ userId: 'user-adm' }));
    const u = await fillBasics();
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/user/create')).toHaveLength(1));
    expect(api.called('POST', '/user/create')[0].body).toEqual({ name: 'Carla Souza', email: 'carla@acme.com.br', profile: 'adm', admId: 3, deniedPermissions: [] });
    // The administrators' list is an operator's: never asked for.
    expect(api.called('GET', '/administrator/list')).toHaveLength(0);
  });

  it('checks in Portuguese before sending', async () => {
    const api = openManagement('/usuarios/novo');
    const u = user();
    await u.type(await screen.findByLabelText(U.email), 'carla @acme');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ptBR.validation.email)).toBeInTheDocument();
    expect(screen.getAllByText(ptBR.validation.required).length).toBeGreaterThanOrEqual(2);
    expect(api.called('POST', '/user/create')).toHaveLength(0);
  });

  it('puts a server field error on its field and keeps everything typed', async () => {
    const api = openManagement('/usuarios/novo', {
      'POST /user/create': { status: 409, data: { message: 'Email already in use', errors: { email: 'Email already in use' } } },
    });
    const u = await fillBasics();
    await u.click(screen.getByLabelText(U.profile));
    await pickOption(ptBR.profile.adm);
    await u.click(await field('admId'));
    await pickOption('Acme Consórcios');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/user/create')).toHaveLength(1));
    const emailItem = screen.getByLabelText(U.email).closest('.ant-form-item')!;
    expect(await within(emailItem as HTMLElement).findByText(M.validation.taken)).toBeInTheDocument();
    expect(screen.getByLabelText(U.name)).toHaveValue('Carla Souza');
    expect(screen.getByLabelText(U.email)).toHaveValue('carla@acme.com.br');
    expect(control('admId')!.closest('.ant-select')).toHaveTextContent('Acme Consórcios');
    expect(location()).toBe('/usuarios/novo');
    // The toast points at the fields rather than repeating a vaguer "Informações inválidas".
    expect(await screen.findByText(M.fixFields)).toBeInTheDocument();
    expect(screen.queryByText(ptBR.errors.invalidInfo)).not.toBeInTheDocument();
  });

  it('shows the one-time password once, with a copy button, then opens the new user', async () => {
    openManagement('/usuarios/novo', {
      'POST /user/create': { status: 200, data: { user: managedUser({ userId: 'u-42', name: 'Carla Souza' }), temporaryPassword: 'Tmp#4821xy' } },
      'GET /user/get': { status: 200, data: managedUser({ userId: 'u-42' }) },
    });
    const u = await fillBasics();
    await u.click(screen.getByLabelText(U.profile));
    await pickOption(ptBR.profile.adm);
    await u.click(await field('admId'));
    await pickOption('Acme Consórcios');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(U.oneTimePassword.title.replace('{{name}}', 'Carla Souza'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText(U.oneTimePassword.label)).toHaveValue('Tmp#4821xy');
    expect(within(dialog).getByText(U.oneTimePassword.once)).toBeInTheDocument();
    expect(within(dialog).getByText(U.oneTimePassword.firstAccess)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: new RegExp(U.oneTimePassword.copy) }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('Tmp#4821xy');
    expect(await within(dialog).findByText(U.oneTimePassword.copied)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: U.oneTimePassword.done }));
    await waitFor(() => expect(location()).toBe('/usuarios/u-42'));
    expect(screen.queryByDisplayValue('Tmp#4821xy')).toBeNull();
  });
});

describe('the user record page', () => {
  it('shows the user, edits only what changed, and disables after confirming', async () => {
    let record = managedUser({ deniedPermissions: ['share.cancel_sale'] });
    const api = openManagement('/usuarios/u-9', {
      'GET /user/get': () => ({ status: 200, data: record }),
      'GET /administrator/get': { status: 200, data: { admId: 1, name: 'Acme Consórcios' } },
      'POST /user/update': (call) => ({ status: 200, data: (record = { ...record, ...(call.body as object) }) }),
      'POST /user/disable': () => ({ status: 200, data: (record = { ...record, enabled: false }) }),
      'POST /user/send_reset': { status: 200, data: { maskedEmail: 'c***a@a***.com.br' } },
    });
    expect(await screen.findByRole('heading', { name: U.showTitle.replace('{{name}}', 'Carla Souza') })).toBeInTheDocument();
    expect(screen.getByText(PERMISSION_LABELS.share.cancel_sale)).toBeInTheDocument();
    expect(await screen.findByText('Acme Consórcios')).toBeInTheDocument();
    const u = user();

    await u.click(screen.getByRole('button', { name: M.actions.disable }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(M.actions.disableConfirm.replace('{{name}}', 'Carla Souza').slice(0, 30));
    expect(api.called('POST', '/user/disable')).toHaveLength(0);
    await u.click(within(confirm).getByRole('button', { name: M.actions.confirm }));
    await waitFor(() => expect(api.called('POST', '/user/disable')).toHaveLength(1));
    expect(api.called('POST', '/user/disable')[0].body).toEqual({ userId: 'u-9' });
    expect(await screen.findByRole('button', { name: M.actions.enable })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: M.actions.sendReset }));
    const reset = await screen.findByRole('dialog');
    await u.click(within(reset).getByRole('button', { name: M.actions.confirm }));
    expect(await screen.findByText(M.actions.sendResetDone.replace('{{maskedEmail}}', 'c***a@a***.com.br'))).toBeInTheDocument();
    expect(api.called('POST', '/user/send_reset')[0].body).toEqual({ userId: 'u-9' });

    await u.click(screen.getByRole('button', { name: /Editar/ }));
    await waitFor(() => expect(location()).toBe('/usuarios/u-9/editar'));
    const name = await screen.findByLabelText(U.name);
    expect(screen.queryByLabelText(U.profile)).toBeNull();
    await u.clear(name);
    await u.type(name, 'Carla S. Lima');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/user/update')).toHaveLength(1));
    expect(api.called('POST', '/user/update')[0].body).toEqual({ userId: 'u-9', name: 'Carla S. Lima' });
    await waitFor(() => expect(location()).toBe('/usuarios/u-9'));
  });
});

describe('the users list', () => {
  it('offers Novo usuário to whoever may create', async () => {
    openManagement('/usuarios');
    await screen.findByText('Carla Souza');
    await user().click(await screen.findByRole('button', { name: new RegExp(ptBR.users.new) }));
    await waitFor(() => expect(location()).toBe('/usuarios/novo'));
  });

  it('opens a user from its row', async () => {
    openManagement('/usuarios', { 'GET /user/get': { status: 200, data: managedUser() } });
    await user().click(await screen.findByText('Carla Souza'));
    await waitFor(() => expect(location()).toBe('/usuarios/u-9'));
  });

  it('hides Novo fundo from an administrator, who only lists funds', async () => {
    openManagement('/fundos', {}, 'adm');
    await screen.findByText('Fundo Alfa FIDC');
    expect(screen.queryByRole('button', { name: new RegExp(ptBR.funds.new) })).toBeNull();
  });
});
