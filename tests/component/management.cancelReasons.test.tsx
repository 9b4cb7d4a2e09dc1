/** Cancellation reasons (issue 16): the list, create with the server's refusal on its field, and disable, from the resource definition. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { M, list, location, openManagement, ptBR } from './managementApi';

vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => Promise.all([import('../../src/pages/management/CrudFormPage'), import('../../src/pages/management/ShowPage')]), 60_000);

const user = () => userEvent.setup({ delay: null });
const W = ptBR.cancelReasons;
const reason = (over: Partial<{ reasonId: string; label: string; enabled: boolean }> = {}) => ({
  reasonId: 'preco_nao_aceito',
  label: 'Preço não aceito',
  enabled: true,
  createdAt: '2026-11-20T13:00:00.000Z',
  ...over,
});

describe('Motivos de cancelamento', () => {
  it('lists the reasons with whether each is active, ordered by label, under its menu entry', async () => {
    const api = openManagement('/motivos-cancelamento', {
      'GET /cancel_reason/list': list([reason(), reason({ reasonId: 'prazo_expirado', label: 'Prazo de venda expirado', enabled: false })]),
    });
    expect(await screen.findByRole('heading', { name: W.title, level: 1 })).toBeInTheDocument();
    expect((await screen.findByText('Prazo de venda expirado')).closest('tr')).not.toBeNull();
    expect(screen.getByRole('columnheader', { name: W.enabled })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ptBR.menu.cancelReasons })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: W.new })).toBeInTheDocument();
    await waitFor(() => expect(api.called('GET', '/cancel_reason/list').length).toBeGreaterThan(0));
    expect(api.called('GET', '/cancel_reason/list')[0].params).toMatchObject({ sort: 'label', order: 'asc' });
  });

  it('creates a reason, showing a label already in use on its field, then opens the new record', async () => {
    let taken = true;
    const api = openManagement('/motivos-cancelamento/novo', {
      'POST /cancel_reason/create': () =>
        taken
          ? { status: 400, data: { message: 'Invalid label: already in use by another reason', errors: { label: 'Invalid label: already in use by another reason' } } }
          : { status: 200, data: reason({ reasonId: 'c0ffee00-0000-4000-8000-000000000001', label: 'Cliente faleceu' }) },
      'GET /cancel_reason/get': { status: 200, data: reason({ reasonId: 'c0ffee00-0000-4000-8000-000000000001', label: 'Cliente faleceu' }) },
    });
    const u = user();
    const label = await screen.findByLabelText(M.cancelReasons.label);
    await u.type(label, 'Preço não aceito');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.validation.taken)).toBeInTheDocument();
    expect(api.called('POST', '/cancel_reason/create')[0].body).toEqual({ label: 'Preço não aceito' });
    taken = false;
    await u.clear(label);
    await u.type(label, 'Cliente faleceu');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/cancel_reason/create')).toHaveLength(2));
    expect(api.called('POST', '/cancel_reason/create')[1].body).toEqual({ label: 'Cliente faleceu' });
    await waitFor(() => expect(location()).toBe('/motivos-cancelamento/c0ffee00-0000-4000-8000-000000000001'));
    expect(await screen.findByRole('heading', { name: 'Motivo Cliente faleceu' })).toBeInTheDocument();
  });

  it('disables a reason only after confirming, sending its text id', async () => {
    let current = reason();
    const api = openManagement('/motivos-cancelamento/preco_nao_aceito', {
      'GET /cancel_reason/get': () => ({ status: 200, data: current }),
      'POST /cancel_reason/disable': () => ({ status: 200, data: (current = { ...current, enabled: false }) }),
    });
    const u = user();
    await u.click(await screen.findByRole('button', { name: M.actions.disable }));
    const dialog = await screen.findByRole('dialog');
    expect(api.called('POST', '/cancel_reason/disable')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: M.actions.confirm }));
    await waitFor(() => expect(api.called('POST', '/cancel_reason/disable')).toHaveLength(1));
    expect(api.called('POST', '/cancel_reason/disable')[0].body).toEqual({ reasonId: 'preco_nao_aceito' });
    expect(await screen.findByRole('button', { name: M.actions.enable })).toBeInTheDocument();
  });
});
