import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TokenClaims } from '../../src/domain';
import { messages as ptBR } from './workspaceApi';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { signIn } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, historyEntry, shareDetail, workspaceRoutes, type Route } from './workspaceApi';
import type { FakeReply } from './helpers';

type Profile = 'operator' | 'adm' | 'fund';


// antd forms, modals and the lazy chunks of a first render are slow in jsdom; a loaded CI box is slower still.
vi.setConfig({ testTimeout: 90_000 });
const openWorkspace = (routes: Record<string, FakeReply | Route>, profile: Profile = 'operator', claims: Partial<TokenClaims> = {}, path = '/cotas/ACM-0000001') => {
  signIn(profile, claims);
  const api = fakeApi(routes);
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

const toolbar = () => screen.queryByRole('toolbar', { name: ptBR.workspace.actionsLabel });
const location = () => screen.getByTestId('location').textContent ?? '';
const A = ptBR.workspace.actions;

describe('share workspace: header and actions', () => {
  it('shows the contract, its state, step, partner badge, PF/PJ, administrator and fund', async () => {
    const detail = shareDetail({ state: 'received_from_client', processStep: 1, sentToPartner: true, isPj: true, fundName: 'Fundo Alfa' });
    openWorkspace(workspaceRoutes(detail));
    expect(await screen.findByRole('heading', { name: 'Cota ACM-0000001' })).toBeInTheDocument();
    expect(screen.getByTestId('share-state')).toHaveTextContent(ptBR.shareState.received_from_client);
    expect(screen.getByTestId('process-step')).toHaveTextContent(ptBR.processStep.buyer_signature);
    expect(screen.getByText(ptBR.workspace.sentToPartner)).toBeInTheDocument();
    expect(screen.getByText(ptBR.shares.pj)).toBeInTheDocument();
    expect(screen.getAllByText('Acme Consórcios').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Fundo Alfa').length).toBeGreaterThan(0);
  });

  it('offers only the moves actionAvailable allows: workflow, profile, flags and denied permissions', async () => {
    // available + operator: send to autoservice, release proposals, attach a proof; start sale stays hidden (flag off).
    openWorkspace(workspaceRoutes(shareDetail({ state: 'available' })));
    const bar = await screen.findByRole('toolbar', { name: ptBR.workspace.actionsLabel });
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual([A.share_send_autoservice, A.release_proposals, A.proof_attach]);
    expect(within(bar).queryByText(A.start_sale)).toBeNull();
  });

  it('shows the administrator the transfer and cancel moves, and drops a denied one', async () => {
    openWorkspace(workspaceRoutes(shareDetail({ state: 'received_from_client' })), 'adm', { deniedPermissions: ['share.cancel_sale'] });
    const bar = await screen.findByRole('toolbar', { name: ptBR.workspace.actionsLabel });
    // A sale under way also takes a pendency (issue 15), from the pendency workflow's own rule.
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual([A.set_transfer, A.proof_attach, ptBR.workspace.pendencies.moves.open]);
  });

  it('shows a fund user no action at all', async () => {
    openWorkspace(workspaceRoutes(shareDetail({ state: 'received_from_client' })), 'fund');
    await screen.findByRole('heading', { name: 'Cota ACM-0000001' });
    expect(toolbar()).toBeNull();
    expect(screen.queryByRole('button', { name: A.cancel_sale })).toBeNull();
  });

  it('asks to confirm a destructive move, runs it once confirmed, toasts and refetches the share', async () => {
    const api = openWorkspace(
      workspaceRoutes(shareDetail({ state: 'available' }), {
        'POST /actions/release_proposals': { status: 200, data: { share: shareDetail({ version: 4 }) } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: A.release_proposals }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ptBR.workspace.actions.confirmText.release_proposals);
    expect(api.called('POST', '/actions/release_proposals')).toHaveLength(0);
    const gets = api.called('GET', '/share/get').length;
    await user.click(within(dialog).getByRole('button', { name: A.confirm }));
    await waitFor(() => expect(api.called('POST', '/actions/release_proposals')).toHaveLength(1));
    const call = api.called('POST', '/actions/release_proposals')[0];
    expect(call.body).toEqual({ shareId: '0f0e0d0c-0000-4000-8000-000000000001', expectedVersion: 3 });
    expect(call.headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(await screen.findByText(A.done.release_proposals)).toBeInTheDocument();
    await waitFor(() => expect(api.called('GET', '/share/get').length).toBeGreaterThan(gets));
  });

  it('requires a reason and a detail before a sale is cancelled', async () => {
    const api = openWorkspace(workspaceRoutes(shareDetail({ state: 'received_from_client' })), 'adm');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: A.cancel_sale }));
    // The cancel form first: reason and detail are required.
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: A.cancel_sale }));
    await waitFor(() => expect(within(form).getAllByText(ptBR.validation.required)).toHaveLength(2));
    expect(api.called('POST', '/actions/cancel_sale')).toHaveLength(0);
  });

  it('cancels a sale only after a second confirmation, with the reason and detail typed', async () => {
    const api = openWorkspace(
      workspaceRoutes(shareDetail({ state: 'received_from_client' }), {
        'GET /share/canceled_reason_list': { status: 200, data: { data: [{ id: 'client_gave_up', label: 'Cliente desistiu' }], total: 1, page: 1, limit: 20 } },
        'POST /actions/cancel_sale': { status: 200, data: { share: shareDetail({ state: 'available' }) } },
      }),
      'adm',
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: A.cancel_sale }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByLabelText(A.fields.reason));
    await user.click(await screen.findByTitle('Cliente desistiu'));
    await user.type(within(form).getByLabelText(A.fields.detail), 'Desistiu');
    await user.click(within(form).getByRole('button', { name: A.cancel_sale }));
    // The confirmation: declining sends nothing.
    const ask = () => {
      const dialog = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(A.confirmText.cancel_sale));
      if (!dialog) throw new Error('no confirmation yet');
      return dialog;
    };
    await user.click(within(await waitFor(ask)).getByRole('button', { name: A.cancel }));
    expect(api.called('POST', '/actions/cancel_sale')).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: A.cancel_sale }));
    await user.click(within(await waitFor(ask)).getByRole('button', { name: A.confirm }));
    await waitFor(() => expect(api.called('POST', '/actions/cancel_sale')).toHaveLength(1));
    expect(api.called('POST', '/actions/cancel_sale')[0].body).toEqual({ shareId: expect.any(String), reason: 'client_gave_up', detail: 'Desistiu', expectedVersion: 3 });
    expect(await screen.findByText(A.done.cancel_sale)).toBeInTheDocument();
  });

  it('turns a server 409 into the catalogue toast, in Portuguese, saying why', async () => {
    openWorkspace(
      workspaceRoutes(shareDetail({ state: 'available' }), {
        'POST /actions/share_send_autoservice': { status: 409, data: { message: 'Invalid move: share_send_autoservice from sent_to_autoservice' } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: A.share_send_autoservice }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: A.confirm }));
    expect(
      await screen.findByText('Não foi possível enviar a cota ao autoatendimento: a cota está em “Enviada ao autoatendimento”. Isso só é possível com a cota em “Disponível”.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(ptBR.errors.invalidInfo)).toBeNull();
    expect(screen.queryByText(/Invalid move/)).toBeNull();
  });

  it('validates the boleto line as the user types in the transfer form', async () => {
    openWorkspace(workspaceRoutes(shareDetail({ state: 'received_from_client' })), 'adm');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: A.set_transfer }));
    const line = await screen.findByLabelText(A.fields.billetLine);
    await user.type(line, '1234');
    expect(await screen.findByText(A.fields.billetLineInvalid)).toBeInTheDocument();
    await user.clear(line);
    await user.type(line, '00190000090114971860168524522114675860000102656');
    await waitFor(() => expect(screen.queryByText(A.fields.billetLineInvalid)).toBeNull());
  });
});

describe('share workspace: summary', () => {
  it('draws the history with who, when and the Portuguese states, and files to download', async () => {
    const detail = shareDetail({ state: 'sent_to_autoservice' });
    const file = { fileId: 'f-9', fileName: 'comprovante.pdf', filePath: 'acme/f-9/comprovante.pdf', size: 10, contentType: 'application/pdf', documentType: 'PAYMENT_PROOF' as const, uploadedAt: '2026-11-20T10:00:00.000Z' };
    const api = openWorkspace(
      workspaceRoutes(detail, {
        'POST /share/get_history': { status: 200, data: { data: [historyEntry({ files: [file] })] } },
        'POST /storage/generate_link': { status: 200, data: { url: 'https://files.test/x?sig=1', expiresAt: '2026-11-20T10:05:00.000Z' } },
      }),
    );
    const entry = await screen.findByTestId('history-entry');
    expect(entry).toHaveTextContent(A.share_send_autoservice);
    expect(entry).toHaveTextContent(`${ptBR.shareState.available} → ${ptBR.shareState.sent_to_autoservice}`);
    expect(entry).toHaveTextContent('por Olga Operadora');
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    await userEvent.setup({ delay: null }).click(within(entry).getByRole('button', { name: 'Baixar comprovante.pdf' }));
    await waitFor(() => expect(opened).toEqual(['https://files.test/x?sig=1']));
    expect(api.called('POST', '/storage/generate_link')[0].body).toEqual({ filePath: 'acme/f-9/comprovante.pdf' });
  });
});

describe('share workspace: history labels', () => {
  it('names in Portuguese the moves that have no button (the client accepting, the contract arriving)', async () => {
    const detail = shareDetail({ state: 'received_from_client' });
    openWorkspace(
      workspaceRoutes(detail, {
        'POST /share/get_history': {
          status: 200,
          data: {
            data: [
              historyEntry({ id: 1, action: 'client_accept', fromState: 'sent_to_autoservice', toState: 'accepted_by_client' }),
              historyEntry({ id: 2, action: 'contract_received', fromState: 'accepted_by_client', toState: 'received_from_client' }),
            ],
          },
        },
      }),
    );
    const entries = await screen.findAllByTestId('history-entry');
    const text = entries.map((e) => e.textContent).join(' | ');
    expect(text).toContain(ptBR.workspace.historyActions.client_accept);
    expect(text).toContain(ptBR.workspace.historyActions.contract_received);
    expect(text).not.toMatch(/client_accept|contract_received/);
  });
});

describe('share workspace: not found', () => {
  it('shows "Cota não encontrada" for a share the user may not see, with a way back', async () => {
    openWorkspace({ 'GET /share/get': { status: 404, data: { message: 'Share not found' } }, 'GET /share/list': { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } } }, 'adm', {}, '/cotas/ORB-0000002');
    expect(await screen.findByText(ptBR.workspace.notFound)).toBeInTheDocument();
    expect(screen.getByText(ptBR.workspace.notFoundDetail.replace('{{contractNumber}}', 'ORB-0000002'))).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: ptBR.workspace.back }));
    await waitFor(() => expect(location()).toBe('/listagem'));
  });
});
