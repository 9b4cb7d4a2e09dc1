import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages as ptBR } from './workspaceApi';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, person, shareDetail, workspaceRoutes, type Route } from './workspaceApi';


// antd forms, modals and the lazy chunks of a first render are slow in jsdom; a loaded CI box is slower still.
vi.setConfig({ testTimeout: 45_000 });
const P = ptBR.workspace.person;

const openSigners = async (extra: Record<string, FakeReply | Route>, profile: 'operator' | 'adm' | 'fund' = 'operator') => {
  signIn(profile);
  const api = fakeApi(workspaceRoutes(shareDetail({ state: 'accepted_by_client' }), extra));
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: ['/cotas/ACM-0000001'], dataProvider: createDataProvider(api.client) }) },
  );
  await userEvent.setup({ delay: null }).click(await screen.findByRole('tab', { name: ptBR.workspace.tabs.signers }));
  await screen.findByRole('form', { name: P.first });
  return api;
};

const firstForm = () => screen.getByRole('form', { name: P.first });
const secondForm = () => screen.queryByRole('form', { name: P.second });
const emptyCoPerson = person({ personId: 'p-2', signer: 2, name: null, cpf: null, phone: null, email: null, rg: null, address: null });

describe('share workspace: signers', () => {
  it('shows an invalid CPF on its field, with the mask applied as typed', async () => {
    await openSigners({});
    const user = userEvent.setup({ delay: null });
    const cpf = within(firstForm()).getByLabelText(P.cpf);
    await user.clear(cpf);
    await user.paste('12345678900');
    expect(cpf).toHaveValue('123.456.789-00');
    expect(await within(firstForm()).findByText(ptBR.validation.cpf)).toBeInTheDocument();
    await user.clear(cpf);
    await user.paste('52998224725');
    await waitFor(() => expect(within(firstForm()).queryByText(ptBR.validation.cpf)).toBeNull());
    const phone = within(firstForm()).getByLabelText(P.phone);
    await user.clear(phone);
    await user.paste('11912345678');
    expect(phone).toHaveValue('(11) 91234-5678');
  });

  it('hides an empty co-person and offers to add one', async () => {
    await openSigners({ 'GET /person/list': { status: 200, data: { data: [person(), emptyCoPerson] } } });
    expect(secondForm()).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: new RegExp(P.addSecond) }));
    expect(secondForm()).not.toBeNull();
  });

  it('shows a filled co-person at once, with its badges', async () => {
    const co = person({ personId: 'p-2', signer: 2, name: 'João Souza', cpf: '11144477735', email: 'joao@example.com', rg: null, address: null });
    await openSigners({ 'GET /person/list': { status: 200, data: { data: [person(), co] } } });
    const second = await waitFor(() => secondForm()!);
    expect(within(second).getByLabelText(P.name)).toHaveValue('João Souza');
    expect(within(screen.getByTestId('signer2-badges')).getByText(P.basicFilled)).toBeInTheDocument();
    expect(within(screen.getByTestId('signer1-badges')).getByText(P.complete)).toBeInTheDocument();
  });

  it('refuses two signers with the same CPF before calling the server', async () => {
    const co = person({ personId: 'p-2', signer: 2, name: 'João Souza', email: 'joao@example.com', rg: null, address: null });
    const api = await openSigners({ 'GET /person/list': { status: 200, data: { data: [person(), co] } } });
    const second = await waitFor(() => secondForm()!);
    await userEvent.setup({ delay: null }).click(within(second).getByRole('button', { name: P.save }));
    expect(await within(second).findByRole('alert')).toHaveTextContent(ptBR.workspace.signersDistinct);
    // …and on the CPF field, the one they share, and not on the e-mail, which differs.
    const cpfItem = within(second).getByLabelText(P.cpf).closest('.ant-form-item') as HTMLElement;
    expect(await within(cpfItem).findByText(ptBR.workspace.signersSameCpf)).toBeInTheDocument();
    const emailItem = within(second).getByLabelText(P.email).closest('.ant-form-item') as HTMLElement;
    expect(emailItem).not.toHaveClass('ant-form-item-has-error');
    expect(api.called('POST', '/person/save')).toHaveLength(0);
  });

  it('marks only the e-mail when the signers share the e-mail but not the CPF (issue 13)', async () => {
    const co = person({ personId: 'p-2', signer: 2, name: 'João Souza', cpf: '11144477735', email: 'maria@example.com', rg: null, address: null });
    const api = await openSigners({ 'GET /person/list': { status: 200, data: { data: [person(), co] } } });
    const second = await waitFor(() => secondForm()!);
    await userEvent.setup({ delay: null }).click(within(second).getByRole('button', { name: P.save }));
    expect(await within(second).findByRole('alert')).toHaveTextContent(ptBR.workspace.signersDistinct);
    const emailItem = within(second).getByLabelText(P.email).closest('.ant-form-item') as HTMLElement;
    expect(await within(emailItem).findByText(ptBR.workspace.signersSameEmail)).toBeInTheDocument();
    const cpfItem = within(second).getByLabelText(P.cpf).closest('.ant-form-item') as HTMLElement;
    expect(cpfItem).not.toHaveClass('ant-form-item-has-error');
    expect(within(cpfItem).queryByText(ptBR.workspace.signersSameCpf)).toBeNull();
    expect(api.called('POST', '/person/save')).toHaveLength(0);
  });

  it('marks only the field the server names when it refuses the pair', async () => {
    const api = await openSigners({
      'POST /person/save': { status: 400, data: { message: 'First and second signer are equal', errors: { email: 'First and second signer are equal' } } },
    });
    await userEvent.setup({ delay: null }).click(within(firstForm()).getByRole('button', { name: P.save }));
    await waitFor(() => expect(api.called('POST', '/person/save')).toHaveLength(1));
    const emailItem = within(firstForm()).getByLabelText(P.email).closest('.ant-form-item') as HTMLElement;
    expect(await within(emailItem).findByText(ptBR.workspace.signersSameEmail)).toBeInTheDocument();
    const cpfItem = within(firstForm()).getByLabelText(P.cpf).closest('.ant-form-item') as HTMLElement;
    expect(cpfItem).not.toHaveClass('ant-form-item-has-error');
  });

  it('lets the form, not the browser, check the e-mail: the forms are noValidate (issue 13)', async () => {
    await openSigners({});
    const form = firstForm().closest('form') ?? firstForm();
    expect(form).toHaveAttribute('novalidate');
  });

  it('refuses a CEP without its 8 digits on the field, before calling the server (issue 13)', async () => {
    const api = await openSigners({});
    const user = userEvent.setup({ delay: null });
    const zip = within(firstForm()).getByLabelText(P.zip);
    await user.clear(zip);
    await user.type(zip, '123');
    await user.click(within(firstForm()).getByRole('button', { name: P.save }));
    const item = zip.closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText(ptBR.errors.invalidZip)).toBeInTheDocument();
    expect(api.called('POST', '/person/save')).toHaveLength(0);
  });

  it("shows the server's 'First and second signer are equal' as the SPEC §8 message and puts field errors on the fields", async () => {
    const api = await openSigners({
      'POST /person/save': { status: 400, data: { message: 'First and second signer are equal', errors: { email: 'Invalid e-mail' } } },
    });
    await userEvent.setup({ delay: null }).click(within(firstForm()).getByRole('button', { name: P.save }));
    await waitFor(() => expect(api.called('POST', '/person/save')).toHaveLength(1));
    expect(api.called('POST', '/person/save')[0].body).toMatchObject({ shareId: expect.any(String), person: { signer: 1, personId: 'p-1', cpf: '52998224725' } });
    // The toast and the form both say it.
    await waitFor(() => expect(screen.getAllByText(ptBR.errors.signersEqual).length).toBeGreaterThan(1));
    // The answer's `errors` map lands on its field, in Portuguese.
    expect(await within(firstForm()).findByText(ptBR.validation.email)).toBeInTheDocument();
  });

  it('asks before removing the second signer, then deletes it', async () => {
    const co = person({ personId: 'p-2', signer: 2, name: 'João Souza', cpf: '11144477735', email: 'joao@example.com', rg: null, address: null });
    const api = await openSigners({
      'GET /person/list': { status: 200, data: { data: [person(), co] } },
      'POST /person/delete': { status: 200, data: { personId: 'p-2', signer: 2 } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(`${P.removeSecond}$`) }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(P.removeConfirm);
    expect(api.called('POST', '/person/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: P.removeSecond }));
    await waitFor(() => expect(api.called('POST', '/person/delete')).toHaveLength(1));
    expect(api.called('POST', '/person/delete')[0].body).toEqual({ shareId: expect.any(String), person: { personId: 'p-2', signer: 2 } });
  });

  it('lets a fund user read the signers but not change them', async () => {
    await openSigners({}, 'fund');
    expect(within(firstForm()).queryByRole('button', { name: P.save })).toBeNull();
    expect(within(firstForm()).getByLabelText(P.name)).toBeDisabled();
  });
});
