import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FileRef, Proposal } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { pickOption } from './auctionsApi';
import { fakeApi, historyEntry, messages as ptBR, person, shareDetail, workspaceRoutes, type Route } from './workspaceApi';

// antd forms, tables and the lazy chunks of a first render are slow in jsdom.
vi.setConfig({ testTimeout: 90_000 });

const openTab = async (tab: string, extra: Record<string, FakeReply | Route>, profile: 'operator' | 'adm' | 'fund' = 'operator') => {
  signIn(profile);
  const api = fakeApi(workspaceRoutes(shareDetail({ state: 'received_from_client' }), extra));
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: ['/cotas/ACM-0000001'], dataProvider: createDataProvider(api.client) }) },
  );
  await userEvent.setup({ delay: null }).click(await screen.findByRole('tab', { name: tab }));
  return api;
};

const file = (over: Partial<FileRef>): FileRef => ({
  fileId: 'f-1',
  fileName: 'comprovante.pdf',
  filePath: 'adm-2/f-1/comprovante.pdf',
  size: 10,
  contentType: 'application/pdf',
  documentType: 'PAYMENT_PROOF',
  uploadedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const proposal = (over: Partial<Proposal> = {}): Proposal => ({
  proposalId: '7d2c5a0e-0000-4000-8000-000000000001',
  shareId: '0f0e0d0c-0000-4000-8000-000000000001',
  playerId: 1,
  playerName: 'Player Um',
  fundId: null,
  fundName: null,
  price: '12500.00',
  prices: [],
  paymentType: 'payment_in_full',
  status: 'selected',
  selected: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const W = ptBR.workspace;

describe('share workspace: documents', () => {
  it('groups the files by document type with Portuguese labels and offers the upload to staff', async () => {
    await openTab(W.tabs.documents, {
      'POST /share/get_history': {
        status: 200,
        data: {
          data: [
            historyEntry({ files: [file({}), file({ fileId: 'f-2', fileName: 'boleto.pdf', documentType: 'TRANSFER_INVOICE' })] }),
            historyEntry({ id: 2, files: [file({ fileId: 'f-3', fileName: 'outro.pdf', documentType: null })] }),
          ],
        },
      },
    });
    expect(await screen.findByText(`${ptBR.documentType.PAYMENT_PROOF} (1)`)).toBeInTheDocument();
    expect(screen.getByText(`${ptBR.documentType.TRANSFER_INVOICE} (1)`)).toBeInTheDocument();
    expect(screen.getByText(`${ptBR.documentType.other} (1)`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar boleto.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ptBR.workspace.documents.upload })).toBeInTheDocument();
    // Person documents only for the fund or a brand that shows them (SPEC §6).
    expect(screen.getByText(W.documents.hidden)).toBeInTheDocument();
  });

  it('shows a fund user the signers’ documents, asked for withDocuments, and no upload', async () => {
    const api = await openTab(
      W.tabs.documents,
      { 'GET /person/list': { status: 200, data: { data: [person({ documents: [file({ fileId: 'f-9', fileName: 'rg.pdf', documentType: 'RG_WITH_CPF' })] })] } } },
      'fund',
    );
    expect(await screen.findByText(`${ptBR.documentType.RG_WITH_CPF} (1)`)).toBeInTheDocument();
    expect(api.called('GET', '/person/list').some((c) => c.params?.withDocuments === true)).toBe(true);
    expect(screen.queryByRole('button', { name: W.documents.upload })).toBeNull();
  });
});

describe('share workspace: attaching a document (issue 13)', () => {
  it('toasts the document actually attached ("Cartão CNPJ"), not a generic proof', async () => {
    const fileId = '6b1f3c2a-0000-4000-8000-0000000000f1';
    const api = await openTab(W.tabs.documents, {
      'POST /storage/upload_initialize': { status: 200, data: { fileId, fileKey: 'adm-1/f1/cartao.pdf', partSize: 5_242_880, expiresAt: '2030-01-01T00:00:00.000Z', parts: [{ partNumber: 1, url: '/storage/part/f1/1' }] } },
      'PUT /storage/part/f1/1': { status: 200, data: { etag: '"etag-1"' } },
      'POST /storage/upload_finalize': { status: 200, data: file({ fileId, fileName: 'cartao.pdf', documentType: null }) },
      'POST /actions/proof_attach': { status: 200, data: { share: shareDetail({ state: 'received_from_client' }) } },
    });
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByRole('combobox', { name: W.actions.fields.documentType });
    await user.click(type);
    await user.type(type, 'Cartão');
    await pickOption(ptBR.documentType.CNPJ_CARD);
    await user.upload(screen.getByTestId('attach-file-input') as HTMLInputElement, new File([new Uint8Array(50).fill(1)], 'cartao.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('cartao.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: W.documents.upload }));
    await waitFor(() => expect(api.called('POST', '/actions/proof_attach')).toHaveLength(1));
    expect(api.called('POST', '/actions/proof_attach')[0].body).toMatchObject({ proofFile: fileId, documentType: 'CNPJ_CARD' });
    expect(await screen.findByText('Documento anexado: Cartão CNPJ.')).toBeInTheDocument();
    expect(screen.queryByText('Comprovante anexado.')).toBeNull();
  });
});

describe('share workspace: bank account (issue 13)', () => {
  it('refuses agency "abc" on the field, in Portuguese, before calling the server; the bank list shows commercial names', async () => {
    const api = await openTab(W.tabs.bank, {
      'GET /bank/list': { status: 200, data: { data: [] } },
      'GET /bank/list_brazilian_banks': { status: 200, data: { data: [{ code: '260', name: 'NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO', ispb: '18236120', commercialName: 'Nubank' }] } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(W.bank.add) }));
    const agency = await screen.findByLabelText(W.bank.agency);
    await user.type(agency, 'abc');
    await user.click(screen.getByRole('button', { name: W.bank.save }));
    const item = agency.closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText(ptBR.errors.invalidAgency)).toBeInTheDocument();
    expect(api.called('POST', '/bank/save')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: W.bank.bank }));
    await pickOption('260 — Nubank (NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO)');
  });
});

describe('share workspace: proposals', () => {
  const routes = {
    'GET /proposal/list': { status: 200, data: { data: [proposal(), proposal({ proposalId: '7d2c5a0e-0000-4000-8000-000000000002', playerName: 'Player Dois', selected: false, status: 'open', price: '11000.00' })] } },
    'GET /proposal/transfer_information': { status: 200, data: { proposalId: 'x', transferFee: '350.00', dueDate: '2026-12-01', buyer: { name: 'Comprador SA', document: '11222333000181' }, billetLine: null } },
    'GET /proposal/payment_information': { status: 200, data: { proposalId: 'x', paymentType: 'payment_in_full', amount: '12500.00', installments: 1, paidDate: null, proof: null } },
    'GET /proposal/contract_files': { status: 200, data: { data: [] } },
  } satisfies Record<string, FakeReply>;

  it('opens the selected proposal’s details, hides "select" while the flag is off, and shows the no-changes message', async () => {
    const api = await openTab(W.tabs.proposals, {
      ...routes,
      'PUT /proposal/edit_price': { status: 400, data: { message: 'Proposal data have no changes' } },
    });
    expect(await screen.findByText('Player Dois')).toBeInTheDocument();
    expect(await screen.findByText('Comprador SA (11.222.333/0001-81)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: W.proposals.select })).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: W.proposals.editPrice }));
    await waitFor(() => expect(api.called('PUT', '/proposal/edit_price')).toHaveLength(1));
    expect(api.called('PUT', '/proposal/edit_price')[0].body).toMatchObject({ proposalId: proposal().proposalId, ownerDocument: '52998224725', price: '12500.00' });
    expect(await screen.findByText(ptBR.errors.proposalNoChanges)).toBeInTheDocument();
  });

  it('"Novo valor" takes "150.000,50" as R$ 150.000,50, and refuses "1000.5", "-5" and "abc" on the field without sending', async () => {
    const api = await openTab(W.tabs.proposals, {
      ...routes,
      'PUT /proposal/edit_price': { status: 200, data: proposal({ price: '150000.50' }) },
    });
    const user = userEvent.setup({ delay: null });
    const input = (await screen.findByLabelText(W.proposals.newPrice)) as HTMLInputElement;
    const field = () => input.closest('.ant-form-item') as HTMLElement;
    expect(input).toHaveValue('12.500,00');
    for (const [typed, message] of [
      ['1000.5', ptBR.validation.money.usFormat],
      ['-5', ptBR.validation.money.negative],
      ['abc', ptBR.validation.money.notNumber],
    ]) {
      await user.clear(input);
      await user.paste(typed);
      await user.tab();
      await waitFor(() => expect(field()).toHaveTextContent(message));
      expect(input).toHaveValue(typed);
      await user.click(screen.getByRole('button', { name: W.proposals.editPrice }));
      await waitFor(() => expect(field()).toHaveTextContent(message));
    }
    expect(api.called('PUT', '/proposal/edit_price')).toHaveLength(0);
    // Pasted rather than typed: the same value through the same handlers, without a re-render of the
    // whole workspace per keystroke (typing is covered in moneyInput.test.tsx).
    await user.clear(input);
    await user.paste('150.000,50');
    await user.tab();
    expect(input).toHaveValue('150.000,50');
    await user.click(screen.getByRole('button', { name: W.proposals.editPrice }));
    await waitFor(() => expect(api.called('PUT', '/proposal/edit_price')).toHaveLength(1));
    expect(api.called('PUT', '/proposal/edit_price')[0].body).toMatchObject({ proposalId: proposal().proposalId, price: '150000.50' });
    // Several validations over a whole workspace: slow in jsdom on a busy machine.
  }, 120_000);

  it('shows every amount as R$ with pt-BR grouping', async () => {
    await openTab(W.tabs.proposals, routes);
    expect(await screen.findByText('R$ 11.000,00')).toBeInTheDocument();
    // The price column and the selected proposal's payment amount (loaded with its details).
    await waitFor(() => expect(screen.getAllByText('R$ 12.500,00').length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText('R$ 350,00')).toBeInTheDocument();
  });

  it('does not offer to edit the price of a refused proposal', async () => {
    const refused = proposal({ proposalId: '7d2c5a0e-0000-4000-8000-000000000003', playerName: 'Player Três', selected: false, status: 'rejected', price: '9000.00' });
    await openTab(W.tabs.proposals, { ...routes, 'GET /proposal/list': { status: 200, data: { data: [proposal(), refused] } } });
    const row = (await screen.findByText('Player Três')).closest('tr') as HTMLElement;
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button'));
    // Both proposals' details are open; only the accepted one offers a new value.
    await waitFor(() => expect(screen.getAllByText(W.proposals.transfer)).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: W.proposals.editPrice })).toHaveLength(1);
    expect(screen.getAllByLabelText(W.proposals.newPrice)).toHaveLength(1);
  });
});

describe('share workspace: risk report', () => {
  it('shows the overall result and one panel per source', async () => {
    await openTab(W.tabs.risk, {
      'GET /idwall/get_report': {
        status: 200,
        data: {
          shareId: 's',
          result: 'review',
          generatedAt: '2026-11-20T10:00:00.000Z',
          sources: [
            { source: 'Receita Federal', result: 'approved', detail: 'CPF regular' },
            { source: 'Protestos', result: 'review', detail: '1 protesto' },
          ],
        },
      },
    });
    const panel = (await screen.findByText('Receita Federal')).closest('.ant-card') as HTMLElement;
    expect(within(panel).getByText(W.risk.results.approved)).toBeInTheDocument();
    expect(within(panel).getByText('CPF regular')).toBeInTheDocument();
    expect(screen.getByText('Protestos')).toBeInTheDocument();
    expect(screen.getAllByText(W.risk.results.review).length).toBe(2);
  });

  it('names the checks the server reports by their keys in Portuguese, never the raw key (issue 13)', async () => {
    const sources = ['cpf_status', 'sanctions_list', 'address_match', 'face_match'] as const;
    await openTab(W.tabs.risk, {
      'GET /idwall/get_report': {
        status: 200,
        data: { shareId: 's', result: 'approved', generatedAt: '2026-11-20T10:00:00.000Z', sources: sources.map((source) => ({ source, result: 'approved', detail: 'ok' })) },
      },
    });
    for (const source of sources) expect(await screen.findByText(W.risk.sources[source])).toBeInTheDocument();
    for (const source of sources) expect(screen.queryByText(source)).toBeNull();
  });
});
