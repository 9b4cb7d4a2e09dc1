import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain';
import { ptBR } from '../../src/i18n/pt-BR';
import { AppRoutes } from '../../src/routes';
import { signIn } from './helpers';
import { TestWrapper } from './TestWrapper';

const ALL = [ptBR.menu.dashboard, ptBR.menu.shares, ptBR.menu.pendencies, ptBR.menu.transfers, ptBR.menu.canceledShares, ptBR.menu.auctions, ptBR.menu.funds, ptBR.menu.players, ptBR.menu.playerFiles, ptBR.menu.users, ptBR.menu.administrators, ptBR.menu.cancelReasons, ptBR.menu.audit];

const renderShell = (path = '/listagem') => render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: [path] }) });

const menuEntries = async () => {
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThan(0));
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
};

describe('layout', () => {
  it('shows the operator every list', async () => {
    signIn('operator');
    renderShell();
    expect(await menuEntries()).toEqual(ALL);
  });

  it('hides from the administrator what it may not list', async () => {
    signIn('adm');
    renderShell();
    expect(await menuEntries()).toEqual([ptBR.menu.dashboard, ptBR.menu.shares, ptBR.menu.pendencies, ptBR.menu.transfers, ptBR.menu.canceledShares, ptBR.menu.auctions, ptBR.menu.funds, ptBR.menu.users, ptBR.menu.audit]);
  });

  it('shows the fund its shares, pendencies and transfers only', async () => {
    signIn('fund');
    renderShell();
    expect(await menuEntries()).toEqual([ptBR.menu.dashboard, ptBR.menu.shares, ptBR.menu.pendencies, ptBR.menu.transfers, ptBR.menu.auctions]);
  });

  it("drops what the token's deniedPermissions deny", async () => {
    signIn('operator', { deniedPermissions: ['player.list', 'share.canceled_list'] });
    renderShell();
    expect(await menuEntries()).toEqual([ptBR.menu.dashboard, ptBR.menu.shares, ptBR.menu.pendencies, ptBR.menu.transfers, ptBR.menu.auctions, ptBR.menu.funds, ptBR.menu.playerFiles, ptBR.menu.users, ptBR.menu.administrators, ptBR.menu.cancelReasons, ptBR.menu.audit]);
  });

  it("shows the user's name and profile and logs out with Sair", async () => {
    signIn('adm', { name: 'Ana Administradora' });
    renderShell('/transferencia');
    await waitFor(() => expect(screen.getByTestId('user-name')).toHaveTextContent('Ana Administradora'));
    expect(screen.getByTestId('user-profile')).toHaveTextContent(ptBR.profile.adm);
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText(ptBR.menu.transfers).closest('li')).toHaveClass('ant-menu-item-selected'));

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: new RegExp(ptBR.auth.logout) }));
    expect(await screen.findByRole('heading', { name: ptBR.auth.title })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('navigates by keyboard: the menu entries are links', async () => {
    signIn('operator');
    renderShell();
    const menu = await screen.findByRole('menu');
    const link = await within(menu).findByRole('link', { name: ptBR.menu.pendencies });
    expect(link).toHaveAttribute('href', '/pendencias');
    link.focus();
    await userEvent.setup({ delay: null }).keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pendencias/));
    expect(await screen.findByRole('heading', { name: ptBR.shares.titles.pendencies })).toBeInTheDocument();
    // Focus lands on the new page's heading, not on <body> (issue 14).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: ptBR.shares.titles.pendencies })));
  });

  it('offers a skip link to the content as the first tab stop (issue 14)', async () => {
    signIn('operator');
    renderShell();
    await screen.findByRole('heading', { name: ptBR.shares.titles.shares });
    await userEvent.setup({ delay: null }).tab();
    const skip = screen.getByRole('link', { name: ptBR.menu.skipToContent });
    expect(document.activeElement).toBe(skip);
    expect(skip).toHaveAttribute('href', '#conteudo');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
  });

  it('collapses and expands the menu with a named, keyboard-reachable button', async () => {
    signIn('operator');
    renderShell();
    const collapse = await screen.findByRole('button', { name: ptBR.menu.collapse });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    collapse.focus();
    await userEvent.setup({ delay: null }).keyboard('{Enter}');
    const expand = await screen.findByRole('button', { name: ptBR.menu.expand });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
  });

  it('has exactly one main landmark', async () => {
    signIn('operator');
    renderShell();
    await screen.findByRole('heading', { name: ptBR.shares.titles.shares });
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
