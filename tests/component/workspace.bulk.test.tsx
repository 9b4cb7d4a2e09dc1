import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages as ptBR } from './workspaceApi';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { SHARES } from './fixtures';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Route } from './workspaceApi';


// antd forms, modals and the lazy chunks of a first render are slow in jsdom; a loaded CI box is slower still.
vi.setConfig({ testTimeout: 45_000 });
const B = ptBR.bulk;
const listAnswer: FakeReply = { status: 200, data: { data: SHARES, total: SHARES.length, page: 1, limit: 20 } };

const openList = (routes: Record<string, FakeReply | Route>, profile: 'operator' | 'adm' | 'fund' = 'operator', path = '/listagem') => {
  signIn(profile);
  const api = fakeApi({ 'GET /share/list': listAnswer, 'GET /share/transfer_list': listAnswer, 'GET /fund/list': { status: 200, data: { data: [] } }, 'GET /share/administrator_options': { status: 200, data: { data: [], total: 0, page: 1, limit: 100 } }, ...routes });
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

const location = () => screen.getByTestId('location').textContent ?? '';

describe('bulk moves from a list selection', () => {
  it('transfers the selected shares after a confirmation and lists each share’s result', async () => {
    const api = openList({
      'POST /actions/transfer_in_bulk': {
        status: 200,
        data: {
          results: [
            { shareId: 's-1', ok: false, message: 'Invalid move: set_transfer from available' },
            { shareId: 's-3', ok: true, state: 'approved_by_adm' },
          ],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100200') }));
    await user.click(screen.getByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100202') }));
    // Selecting is not opening.
    expect(location()).toMatch(/^\/listagem/);
    expect(await screen.findByText(B.selected_other.replace('{{count, number}}', '2'))).toBeInTheDocument();
    const lists = api.called('GET', '/share/list').length;

    await user.click(screen.getByRole('button', { name: B.transfer }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(B.confirmTransfer.replace('{{count}}', '2'));
    expect(api.called('POST', '/actions/transfer_in_bulk')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: B.run }));

    await waitFor(() => expect(api.called('POST', '/actions/transfer_in_bulk')).toHaveLength(1));
    expect(api.called('POST', '/actions/transfer_in_bulk')[0].body).toEqual({ shareIds: ['s-1', 's-3'] });
    const summary = await screen.findByText(B.summary.replace('{{ok}}', '1').replace('{{failed}}', '1'));
    const table = summary.closest('.ant-modal-content') as HTMLElement;
    const failed = within(table).getByText('100200').closest('tr')!;
    expect(within(failed).getByText(B.failed)).toBeInTheDocument();
    // Why, in the words of the screens: what was tried, the state it is in and the one it needs.
    expect(failed).toHaveTextContent('Não foi possível aprovar a transferência: a cota está em “Disponível”. Isso só é possível com a cota em “Recebida do cliente”.');
    const done = within(table).getByText('100202').closest('tr')!;
    expect(within(done).getByText(B.ok)).toBeInTheDocument();
    expect(within(done).getByText(ptBR.shareState.approved_by_adm)).toBeInTheDocument();
    // The list reflects the move without a reload.
    await waitFor(() => expect(api.called('GET', '/share/list').length).toBeGreaterThan(lists));
  });

  it('offers no selection to a profile that may not move shares in bulk', async () => {
    openList({}, 'fund');
    await screen.findByText('Maria da Silva');
    expect(screen.queryByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100200') })).toBeNull();
  });

  it('attaches one document to every selected share, asking for its type and the file', async () => {
    openList({}, 'adm', '/transferencia');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100202') }));
    await user.click(await screen.findByRole('button', { name: B.attach }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ptBR.workspace.actions.fields.documentType)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: B.run }));
    await waitFor(() => expect(within(dialog).getAllByText(ptBR.validation.required)).toHaveLength(2));
  });

  it('offers no bulk attach to the fund', async () => {
    openList({}, 'fund', '/transferencia');
    await screen.findAllByRole('row');
    expect(screen.queryByRole('button', { name: B.attach })).toBeNull();
  });

  it('gives the administrator "mark as paid" (not bulk transfer) on the transfer list', async () => {
    openList({}, 'adm', '/transferencia');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100202') }));
    expect(await screen.findByRole('button', { name: B.setPaid })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: B.transfer })).toBeNull();
    await user.click(screen.getByRole('button', { name: B.setPaid }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: B.run }));
    await waitFor(() => expect(within(dialog).getAllByText(ptBR.validation.required)).toHaveLength(2));
  });
});
