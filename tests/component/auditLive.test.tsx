/**
 * Issue 18 in the browser's components: the share list's live notice (rows others changed are marked,
 * "Atualizar" reloads, the user's own changes are not announced) through Refine's liveProvider, and
 * the audit viewer's filters and before/after.
 */
import type { DataProvider, GetListParams, LiveEvent, LiveProvider } from '@refinedev/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../src/routes';
import { SHARES_CHANNEL } from '../../src/providers/liveProvider';
import { readSession } from '../../src/providers/session';
import { SHARES } from './fixtures';
import { signIn } from './helpers';
import { TestWrapper, mockDataProvider } from './TestWrapper';

afterEach(cleanup);

/** A liveProvider the test speaks through: what the server's stream would deliver. */
const fakeLive = () => {
  const callbacks = new Set<(e: LiveEvent) => void>();
  const provider: LiveProvider = {
    subscribe: ({ channel, callback }) => {
      if (channel === SHARES_CHANNEL) callbacks.add(callback);
      return callback;
    },
    unsubscribe: (cb) => void callbacks.delete(cb),
  };
  const emit = (payload: Record<string, unknown>) => callbacks.forEach((cb) => cb({ channel: SHARES_CHANNEL, type: 'updated', payload, date: new Date() }));
  return { provider, emit, listening: () => callbacks.size };
};

const lastCall = (getList: DataProvider['getList'], resource: string) =>
  (getList as ReturnType<typeof vi.fn>).mock.calls.map((c) => c[0] as GetListParams).filter((p) => p.resource === resource).at(-1)!;

describe('share list: live notice', () => {
  it("marks the row another user changed and offers Atualizar; the user's own change is not announced", async () => {
    signIn('operator');
    const getList = vi.fn(async () => ({ data: SHARES, total: SHARES.length })) as unknown as DataProvider['getList'];
    const live = fakeLive();
    render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: ['/listagem'], dataProvider: mockDataProvider({ getList }), liveProvider: live.provider }) });
    const row = (await screen.findByText('Maria da Silva')).closest('tr')!;
    await waitFor(() => expect(live.listening()).toBeGreaterThan(0));

    live.emit({ ids: ['100200'], contractNumber: '100200', action: 'start_sale', by: { userId: readSession()!.claims.userId, name: 'Eu' } });
    expect(screen.queryByRole('status')).toBeNull();

    live.emit({ ids: ['100200'], contractNumber: '100200', action: 'start_sale', by: { userId: 'outro', name: 'Beatriz' } });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('1 cota foi alterada por outro usuário desde que a lista foi carregada.');
    expect(row).toHaveClass('row-live-changed');
    const calls = (getList as ReturnType<typeof vi.fn>).mock.calls.length;

    await userEvent.click(within(notice).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect((getList as ReturnType<typeof vi.fn>).mock.calls.length).toBeGreaterThan(calls));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    live.emit({ ids: [], many: true, count: 300 });
    expect(await screen.findByRole('status')).toHaveTextContent('Várias cotas foram alteradas');
  });
});

describe('Auditoria', () => {
  const ENTRY = {
    auditId: 9,
    at: '2026-11-27T15:00:00.000Z',
    userId: 'u-1',
    userName: 'Augusto Almeida',
    userEmail: 'adm@acme.repasse.dev',
    action: 'person.save',
    objectType: 'person',
    objectId: 'p-1',
    contractNumber: '100200',
    admId: 1,
    before: { occupation: 'Engenheira', name: 'Joana' },
    after: { occupation: 'Auditora', name: 'Joana' },
  };

  it('lists entries in Portuguese, sends the object and action filters, and shows what changed', async () => {
    signIn('operator');
    const getList = vi.fn(async (p: GetListParams) => ({ data: p.resource === 'audit' ? [ENTRY] : [], total: p.resource === 'audit' ? 1 : 0 })) as unknown as DataProvider['getList'];
    render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: ['/auditoria'], dataProvider: mockDataProvider({ getList }) }) });
    expect(await screen.findByRole('heading', { name: 'Auditoria' })).toBeInTheDocument();
    const row = (await screen.findByText('Signatário salvo')).closest('tr')!;
    expect(within(row).getByText('Augusto Almeida')).toBeInTheDocument();
    expect(within(row).getByText('Signatário')).toBeInTheDocument();

    const object = await screen.findByLabelText('Objeto', { selector: 'input' });
    await userEvent.type(object, '100200{Enter}');
    await waitFor(() => expect(lastCall(getList, 'audit').filters).toContainEqual({ field: 'object', operator: 'eq', value: '100200' }));

    await userEvent.click(within(row).getByRole('button', { name: 'Mostrar detalhes' }));
    const changes = await screen.findByRole('table', { name: 'Alterações' });
    const occupation = within(changes).getByText('Profissão').closest('tr')!;
    expect(occupation).toHaveTextContent('Engenheira');
    expect(occupation).toHaveTextContent('Auditora');
    expect(within(changes).queryByText('Nome')).toBeNull();
  });
});
