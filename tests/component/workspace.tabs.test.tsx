/**
 * Issue 13: the workspace's tab is in the URL (`?aba=`), and a form with unsaved edits asks before
 * the page or the tab is left (Refine's UnsavedChangesNotifier, through window.confirm).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNavigate } from 'react-router';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, messages as ptBR, person, shareDetail, workspaceRoutes, type Route } from './workspaceApi';

vi.setConfig({ testTimeout: 90_000 });
const T = ptBR.workspace.tabs;
const P = ptBR.workspace.person;

/** Browser-style Back and Forward, through the router (MemoryRouter keeps its own history). */
const HistoryButtons = () => {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        history-back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        history-forward
      </button>
      <button type="button" onClick={() => navigate('/listagem')}>
        go-list
      </button>
    </>
  );
};

const open = (path: string, extra: Record<string, FakeReply | Route> = {}) => {
  signIn('operator');
  const api = fakeApi({
    ...workspaceRoutes(shareDetail({ state: 'accepted_by_client' }), extra),
    'GET /proposal/list': { status: 200, data: { data: [] } },
    'GET /share/list': { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } },
    'GET /fund/list': { status: 200, data: { data: [] } },
  });
  render(
    <>
      <AppRoutes />
      <HistoryButtons />
    </>,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

const location = () => screen.getByTestId('location').textContent ?? '';
const tab = (name: string) => screen.findByRole('tab', { name });
const selected = async (name: string) => waitFor(async () => expect(await tab(name)).toHaveAttribute('aria-selected', 'true'));

afterEach(() => vi.restoreAllMocks());

describe('the workspace tab lives in the URL', () => {
  it('a link with ?aba= opens that tab', async () => {
    open('/cotas/ACM-0000001?aba=signatarios');
    await selected(T.signers);
    expect(await screen.findByRole('form', { name: P.first })).toBeInTheDocument();
  });

  it('choosing a tab writes it to the URL, and Back/Forward move between tabs', async () => {
    open('/cotas/ACM-0000001');
    const user = userEvent.setup({ delay: null });
    await selected(T.summary);
    await user.click(await tab(T.proposals));
    await waitFor(() => expect(location()).toBe('/cotas/ACM-0000001?aba=propostas'));
    await selected(T.proposals);
    await user.click(await tab(T.documents));
    await waitFor(() => expect(location()).toBe('/cotas/ACM-0000001?aba=documentos'));
    await user.click(screen.getByRole('button', { name: 'history-back' }));
    await waitFor(() => expect(location()).toBe('/cotas/ACM-0000001?aba=propostas'));
    await selected(T.proposals);
    await user.click(screen.getByRole('button', { name: 'history-back' }));
    await selected(T.summary);
    expect(location()).toBe('/cotas/ACM-0000001');
    await user.click(screen.getByRole('button', { name: 'history-forward' }));
    await selected(T.proposals);
  });

  it('a tab the user does not have opens the summary', async () => {
    signIn('fund');
    const api = fakeApi(workspaceRoutes(shareDetail({ state: 'accepted_by_client' })));
    render(
      <AppRoutes />,
      { wrapper: TestWrapper({ routerInitialEntries: ['/cotas/ACM-0000001?aba=banco'], dataProvider: createDataProvider(api.client) }) },
    );
    await selected(T.summary);
    expect(screen.queryByRole('tab', { name: T.bank })).toBeNull();
  });
});

describe('unsaved edits in the workspace', () => {
  const editName = async (user: ReturnType<typeof userEvent.setup>) => {
    const form = await screen.findByRole('form', { name: P.first });
    const name = within(form).getByLabelText(P.name);
    await waitFor(() => expect(name).toHaveValue(person().name));
    await user.clear(name);
    await user.type(name, 'Maria Souza');
    return { form, name };
  };

  it('asks before another tab is opened, stays when the user says no, and keeps the edits when the user goes on', async () => {
    open('/cotas/ACM-0000001?aba=signatarios');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup({ delay: null });
    const { name } = await editName(user);
    await user.click(await tab(T.proposals));
    expect(confirm).toHaveBeenCalledWith(ptBR.workspace.unsavedChanges);
    expect(location()).toBe('/cotas/ACM-0000001?aba=signatarios');
    await selected(T.signers);

    confirm.mockReturnValue(true);
    await user.click(await tab(T.proposals));
    await selected(T.proposals);
    // The edits are still in the form, and leaving the share still asks.
    await user.click(await tab(T.signers));
    expect(name).toHaveValue('Maria Souza');
    confirm.mockClear();
    confirm.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'go-list' }));
    expect(confirm).toHaveBeenCalledWith(ptBR.workspace.unsavedChanges);
    expect(location()).toMatch(/^\/cotas\/ACM-0000001/);
  });

  it('asks before an in-app navigation leaves the share, and not once the form is saved', async () => {
    const api = open('/cotas/ACM-0000001?aba=signatarios', { 'POST /person/save': { status: 200, data: person({ name: 'Maria Souza' }) } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup({ delay: null });
    const { form } = await editName(user);
    await user.click(screen.getByRole('button', { name: 'go-list' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(location()).toMatch(/^\/cotas\/ACM-0000001/);

    await user.click(within(form).getByRole('button', { name: P.save }));
    await waitFor(() => expect(api.called('POST', '/person/save')).toHaveLength(1));
    await screen.findByText(P.saved);
    confirm.mockClear();
    await user.click(screen.getByRole('button', { name: 'go-list' }));
    await waitFor(() => expect(location()).toMatch(/^\/listagem/));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('does not ask when nothing was changed', async () => {
    open('/cotas/ACM-0000001?aba=signatarios');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('form', { name: P.first });
    await user.click(await tab(T.proposals));
    await selected(T.proposals);
    expect(confirm).not.toHaveBeenCalled();
  });
});
