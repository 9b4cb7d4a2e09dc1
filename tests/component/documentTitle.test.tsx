import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DocumentTitle } from '../../src/components/DocumentTitle';
import { ptBR } from '../../src/i18n/pt-BR';
import { AppRoutes } from '../../src/routes';
import { signIn } from './helpers';
import { TestWrapper } from './TestWrapper';

const renderApp = (path: string) =>
  render(
    <>
      <DocumentTitle />
      <AppRoutes />
    </>,
    { wrapper: TestWrapper({ routerInitialEntries: [path] }) },
  );

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
});
