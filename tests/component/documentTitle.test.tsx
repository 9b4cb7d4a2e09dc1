import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DocumentTitle } from '../../src/components/DocumentTitle';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRManagement } from '../../src/i18n/pt-BR.management';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { signIn, type FakeReply } from './helpers';
import { BRANDS, FUNDS, list, managedUser } from './managementApi';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Route } from './workspaceApi';

const renderApp = (path: string) =>
  render(
    <>
      <DocumentTitle />
      <AppRoutes />
    </>,
    { wrapper: TestWrapper({ routerInitialEntries: [path] }) },
  );

/** A record page with the fake API at the network edge; `withTitle: false` renders the page alone. */
const renderRecord = (path: string, routes: Record<string, FakeReply | Route>, { withTitle = true } = {}) => {
  const api = fakeApi({ 'GET /administrator/list': list(BRANDS), 'GET /fund/list': list(FUNDS), 'GET /user/list': list([managedUser()]), ...routes });
  render(
    <>
      {withTitle && <DocumentTitle />}
      <AppRoutes />
    </>,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

const M = ptBRManagement.management;
const named = (text: string, name: string) => text.replace('{{name}}', name);

describe('document title', () => {
  it('names the tab after the list shown and follows navigation', async () => {
    signIn('operator');
    renderApp('/canceladas');
    await waitFor(() => expect(document.title).toBe(`${ptBR.shares.titles.canceledShares} · Repasse`));

    const link = await screen.findByRole('link', { name: ptBR.menu.pendencies });
    await userEvent.setup({ delay: null }).click(link);
    await waitFor(() => expect(document.title).toBe(`${ptBR.shares.titles.pendencies} · Repasse`));
  });

  it('names a share page after its contract number', async () => {
    signIn('operator');
    renderApp('/cotas/ACM-000123');
    await waitFor(() => expect(document.title).toBe('Cota ACM-000123 · Repasse'));
  });

  it('names the login page', async () => {
    renderApp('/');
    await waitFor(() => expect(document.title).toBe(`${ptBR.pageTitle.login} · Repasse`));
  });

  it('names a page that does not exist as such', async () => {
    signIn('operator');
    renderApp('/nada-aqui');
    await waitFor(() => expect(document.title).toBe(`${ptBR.notFoundPage.title} · Repasse`));
  });

  // First of the record pages: their messages arrive with its chunk, and the tab follows.
  it('a record the user may not open is not asked for: the tab names the page without a name', async () => {
    signIn('fund');
    const api = renderRecord('/usuarios/u-9', { 'GET /user/get': { status: 200, data: managedUser() } });
    expect(await screen.findByText(ptBR.forbiddenPage.title)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${named(M.users.showTitle, '').trim()} · Repasse`));
    expect(api.called('GET', '/user/get')).toEqual([]);
  });

  it('names a record page as its heading, with the record read once for both', async () => {
    signIn('operator');
    const api = renderRecord('/usuarios/u-9', { 'GET /user/get': { status: 200, data: managedUser() } });
    const title = named(M.users.showTitle, 'Carla Souza');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Repasse`));
    expect(api.called('GET', '/user/get')).toHaveLength(1);
  });

  it('names an edit page after the record it edits', async () => {
    signIn('operator');
    const api = renderRecord('/fundos/7/editar', { 'GET /fund/get': { status: 200, data: { ...FUNDS[0], createdAt: '2026-01-01T00:00:00.000Z' } } });
    const title = named(M.funds.editTitle, 'Fundo Alfa FIDC');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Repasse`));
    expect(api.called('GET', '/fund/get')).toHaveLength(1);
  });

  it.each([
    ['/usuarios/novo', ptBR.users.new],
    ['/administradoras/novo', ptBR.administrators.new],
    ['/fundos/novo', ptBR.funds.new],
    ['/players/novo', ptBR.players.new],
  ])('names %s "%s", not a record called "novo"', async (path, title) => {
    signIn('operator');
    const api = renderRecord(path, {});
    await waitFor(() => expect(document.title).toBe(`${title} · Repasse`));
    expect(api.calls.filter((c) => c.path.endsWith('/get'))).toEqual([]);
  });

  it('a list under a resource with record pages is still the list (/players/arquivos is no player)', async () => {
    signIn('operator');
    const api = renderRecord('/players/arquivos', { 'GET /player/list_files': list([]), 'GET /player/list': list([]) });
    await waitFor(() => expect(document.title).toBe(`${ptBR.playerFiles.title} · Repasse`));
    expect(api.called('GET', '/player/get')).toEqual([]);
  });

  it('the record pages leave the tab to DocumentTitle', async () => {
    signIn('operator');
    renderRecord('/usuarios/u-9', { 'GET /user/get': { status: 200, data: managedUser() } }, { withTitle: false });
    expect(await screen.findByRole('heading', { name: named(M.users.showTitle, 'Carla Souza') })).toBeInTheDocument();
    expect(document.title).not.toContain('Carla Souza');
  });
});
