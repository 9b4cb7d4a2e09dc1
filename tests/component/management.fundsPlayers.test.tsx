/** Funds and players: generated create, edit and enable/disable, from their resource definitions. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { M, location, openManagement, ptBR } from './managementApi';
import { pickOption } from './auctionsApi';

vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => Promise.all([import('../../src/pages/management/CrudFormPage'), import('../../src/pages/management/ShowPage')]), 60_000);

const user = () => userEvent.setup({ delay: null });

describe('funds and players', () => {
  it('creates a player with its document unmasked and its fund picked from the list', async () => {
    const api = openManagement('/players/novo', {
      'POST /player/create': { status: 200, data: { playerId: 12, name: 'Gama Cotas', document: '52998224725', fundId: 7, enabled: true, createdAt: '2026-11-20T13:00:00.000Z' } },
      'GET /player/get': { status: 200, data: { playerId: 12, name: 'Gama Cotas', document: '52998224725', fundId: 7, enabled: true, createdAt: '2026-11-20T13:00:00.000Z' } },
      'GET /fund/get': { status: 200, data: { fundId: 7, name: 'Fundo Alfa FIDC', cnpj: '11222333000181', enabled: true } },
    });
    const u = user();
    await u.type(await screen.findByLabelText(M.players.name), 'Gama Cotas');
    const document = screen.getByLabelText(M.players.document);
    await u.type(document, '52998224724');
    expect(document).toHaveValue('529.982.247-24');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.validation.document)).toBeInTheDocument();
    await u.clear(document);
    await u.type(document, '52998224725');
    await u.click(screen.getByLabelText(M.players.fund));
    await pickOption('Fundo Alfa FIDC');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/player/create')).toHaveLength(1));
    expect(api.called('POST', '/player/create')[0].body).toEqual({ name: 'Gama Cotas', document: '52998224725', fundId: 7 });
    await waitFor(() => expect(location()).toBe('/players/12'));
    expect(await screen.findByText('Fundo Alfa FIDC')).toBeInTheDocument();
    expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
  });

  it('enables a disabled fund without asking, and disables only after confirming', async () => {
    let fund = { fundId: 7, name: 'Fundo Alfa FIDC', cnpj: '11222333000181', enabled: false, createdAt: '2026-11-20T13:00:00.000Z' };
    const api = openManagement('/fundos/7', {
      'GET /fund/get': () => ({ status: 200, data: fund }),
      'POST /fund/enable': () => ({ status: 200, data: (fund = { ...fund, enabled: true }) }),
      'POST /fund/disable': () => ({ status: 200, data: (fund = { ...fund, enabled: false }) }),
    });
    const u = user();
    await u.click(await screen.findByRole('button', { name: M.actions.enable }));
    await waitFor(() => expect(api.called('POST', '/fund/enable')).toHaveLength(1));
    expect(api.called('POST', '/fund/enable')[0].body).toEqual({ fundId: 7 });
    await u.click(await screen.findByRole('button', { name: M.actions.disable }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: M.actions.cancel }));
    expect(api.called('POST', '/fund/disable')).toHaveLength(0);
    expect(screen.getByText('11.222.333/0001-81')).toBeInTheDocument();
    void ptBR;
  });

  it('edits a fund’s name and CNPJ', async () => {
    const api = openManagement('/fundos/7/editar', {
      'GET /fund/get': { status: 200, data: { fundId: 7, name: 'Fundo Alfa FIDC', cnpj: '11.222.333/0001-81', enabled: true, createdAt: '2026-11-20T13:00:00.000Z' } },
      'POST /fund/update': { status: 200, data: { fundId: 7, name: 'Fundo Alfa II', cnpj: '11.222.333/0001-81', enabled: true, createdAt: '2026-11-20T13:00:00.000Z' } },
    });
    const name = await screen.findByLabelText(M.funds.name);
    const u = user();
    await u.clear(name);
    await u.type(name, 'Fundo Alfa II');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/fund/update')).toHaveLength(1));
    expect(api.called('POST', '/fund/update')[0].body).toEqual({ fundId: 7, name: 'Fundo Alfa II' });
  });
});
