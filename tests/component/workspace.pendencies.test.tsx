/**
 * Issue 15, the share's "Pendências" tab and its dialogs: what each pendency is and owes, boletos
 * shown overdue, the moves offered by the pendency workflow, the matrix and deniedPermissions, and
 * forms that say what is wrong on the field, keep what was typed and give the focus back.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_LIMITS, type PendencyRecord, type TokenClaims } from '../../src/domain';
import { FEATURE_FLAGS } from '../../src/domain/featureFlags';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, historyEntry, messages as ptBR, shareDetail, workspaceRoutes, type Route } from './workspaceApi';

// antd forms, modals, date pickers and the lazy chunks of a first render are slow in jsdom.
vi.setConfig({ testTimeout: 120_000 });

const P = ptBR.workspace.pendencies;
const F = P.fields;
const SHARE_ID = '0f0e0d0c-0000-4000-8000-000000000001';
const PATH = '/cotas/ACM-0000001?aba=pendencias';
/** A valid bank boleto line (bank 001), 47 digits. */
const BOLETO_LINE = '00190000090114971860168524522114675860000102656';

const pendency = (over: Partial<PendencyRecord> = {}): PendencyRecord => ({
  pendencyId: 'pd-1',
  shareId: SHARE_ID,
  kind: 'retention',
  status: 'open',
  description: 'Administradora reteve a cota até o pagamento da primeira parcela.',
  documentType: null,
  amount: '1500.00',
  paymentType: 'payment_in_full',
  dueDate: '2099-12-10',
  returnState: 'received_from_client',
  openedBy: { userId: 'u-1', name: 'Olga Operadora' },
  openedAt: '2026-11-02T13:00:00.000Z',
  paidAmount: '0.00',
  clearedBy: null,
  clearedAt: null,
  clearNote: null,
  cancelledAt: null,
  tickets: [],
  payments: [],
  ...over,
});

const withPendency = (over: Parameters<typeof shareDetail>[0] = {}) =>
  shareDetail({ state: 'with_pendency', previousState: 'received_from_client', processStep: 7, ...over });

const storageRoutes: Record<string, FakeReply | Route> = {
  'POST /storage/upload_initialize': {
    status: 200,
    data: { fileId: '6b1f3c2a-0000-4000-8000-0000000000f1', fileKey: 'acme/f1/boleto.pdf', partSize: STORAGE_LIMITS.partBytes, expiresAt: '2030-01-01T00:00:00.000Z', parts: [{ partNumber: 1, url: '/storage/part/f1/1' }] },
  },
  'PUT /storage/part/f1/1': { status: 200, data: { etag: '"etag-1"' } },
  'POST /storage/upload_finalize': {
    status: 200,
    data: { fileId: '6b1f3c2a-0000-4000-8000-0000000000f1', fileName: 'boleto.pdf', filePath: 'acme/f1/boleto.pdf', size: 100, contentType: 'application/pdf', documentType: null, uploadedAt: '2026-11-20T10:00:00.000Z' },
  },
};

const open = (routes: Record<string, FakeReply | Route>, profile: 'operator' | 'adm' | 'fund' = 'operator', claims: Partial<TokenClaims> = {}, path = PATH) => {
  signIn(profile, claims);
  const api = fakeApi({ ...storageRoutes, ...routes });
  render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) });
  return api;
};

const list = (items: PendencyRecord[]): FakeReply => ({ status: 200, data: { data: items, total: items.length, page: 1, limit: 100 } });
const cardOf = async (kind: string) => (await screen.findByRole('heading', { name: kind, level: 3 })).closest('[data-testid="pendency"]') as HTMLElement;
const pdf = (name = 'boleto.pdf') => new File([new Uint8Array(100).fill(7)], name, { type: 'application/pdf' });

afterEach(() => {
  (FEATURE_FLAGS as Record<string, boolean>).displayOldPendencyHistory = false;
});

describe('the Pendências tab', () => {
  it('lists each open pendency: kind, description, amounts, payment type, who opened it, due date, return state, boletos and proofs; an overdue one says so', async () => {
    const api = open(
      workspaceRoutes(withPendency(), {
        'GET /share/pendency_list': list([
          pendency({
            dueDate: '2020-01-10',
            paidAmount: '500.00',
            status: 'paid',
            tickets: [
              { ticketId: 't-1', kind: 'RETENTION_FIRST_INSTALLMENT', fileId: 'f-1', fileName: 'boleto-1.pdf', filePath: 'acme/f-1', line: BOLETO_LINE, amount: '500.00', dueDate: '2020-01-05', paid: true, addedBy: { userId: 'u-1', name: 'Olga Operadora' }, addedAt: '2026-11-02T14:00:00.000Z' },
              { ticketId: 't-2', kind: 'RETENTION_FINES_AND_INTERESTS_TICKET', fileId: 'f-2', fileName: 'boleto-2.pdf', filePath: 'acme/f-2', line: BOLETO_LINE, amount: '1000.00', dueDate: '2020-01-06', paid: false, addedBy: null, addedAt: '2026-11-02T14:00:00.000Z' },
            ],
            payments: [{ paymentId: 'pay-1', ticketId: 't-1', fileId: 'f-3', fileName: 'comprovante.pdf', filePath: 'acme/f-3', amount: '500.00', paidDate: '2026-11-03', registeredBy: { userId: 'u-1', name: 'Olga Operadora' }, registeredAt: '2026-11-03T10:00:00.000Z' }],
          }),
          pendency({ pendencyId: 'pd-2', kind: 'document', documentType: 'PROOF_OF_ADDRESS', amount: null, paymentType: null, dueDate: '2099-01-10', description: 'Comprovante de endereço antigo.' }),
          pendency({ pendencyId: 'pd-3', kind: 'bank_data', status: 'cleared', clearedAt: '2026-11-04T10:00:00.000Z', description: 'Conta encerrada.' }),
        ]),
      }),
    );
    const retention = await cardOf(ptBR.pendencyKind.retention);
    expect(retention).toHaveTextContent('Administradora reteve a cota até o pagamento da primeira parcela.');
    expect(retention).toHaveTextContent('R$ 1.500,00');
    expect(retention).toHaveTextContent(ptBR.paymentType.payment_in_full);
    expect(retention).toHaveTextContent('Olga Operadora');
    expect(retention).toHaveTextContent(ptBR.shareState.received_from_client);
    expect(retention).toHaveTextContent(ptBR.pendencyStatus.paid);
    // Paid but not cleared: not overdue as a pendency (a payment is waiting to be checked).
    expect(within(within(retention).getByTestId('pendency-due')).queryByText(P.overdue)).toBeNull();
    const tickets = within(retention).getAllByTestId('pendency-ticket');
    expect(tickets).toHaveLength(2);
    // The paid boleto is not overdue; the unpaid one past its date is.
    expect(tickets[0]).toHaveTextContent(P.ticketPaid);
    expect(within(tickets[0]).queryByText(P.ticketOverdue)).toBeNull();
    expect(within(tickets[1]).getByText(P.ticketOverdue)).toBeInTheDocument();
    expect(tickets[1]).toHaveTextContent('00190.00009 01149.718601 68524.522114 6 75860000102656');
    expect(within(retention).getByRole('button', { name: 'Baixar boleto-2.pdf' })).toBeInTheDocument();
    const payments = within(retention).getAllByTestId('pendency-payment');
    expect(payments[0]).toHaveTextContent('R$ 500,00');
    expect(payments[0]).toHaveTextContent('pago em 03/11/2026');
    expect(within(retention).getByRole('button', { name: 'Baixar comprovante.pdf' })).toBeInTheDocument();

    const document = await cardOf(ptBR.pendencyKind.document);
    expect(document).toHaveTextContent(ptBR.documentType.PROOF_OF_ADDRESS);
    expect(within(document).queryByText(P.tickets)).toBeNull();
    // The cleared one is not listed while displayOldPendencyHistory is off, and not asked for.
    expect(screen.queryByRole('heading', { name: ptBR.pendencyKind.bank_data })).toBeNull();
    expect(screen.queryByRole('heading', { name: P.closedTitle })).toBeNull();
    expect(api.called('GET', '/share/pendency_list')[0].params).toEqual({ shareId: SHARE_ID });
  });

  it('shows an open pendency past its due date as overdue', async () => {
    open(workspaceRoutes(withPendency(), { 'GET /share/pendency_list': list([pendency({ dueDate: '2020-01-10' })]) }));
    const card = await cardOf(ptBR.pendencyKind.retention);
    expect(within(within(card).getByTestId('pendency-due')).getByText(P.overdue)).toBeInTheDocument();
    expect(card).toHaveTextContent('10/01/2020');
  });

  it('lists the cleared ones too when displayOldPendencyHistory is on', async () => {
    (FEATURE_FLAGS as Record<string, boolean>).displayOldPendencyHistory = true;
    const api = open(
      workspaceRoutes(shareDetail({ state: 'received_from_client' }), {
        'GET /share/pendency_list': list([pendency({ kind: 'bank_data', amount: null, paymentType: null, status: 'cleared', clearedAt: '2026-11-04T10:00:00.000Z', clearedBy: { userId: 'u-1', name: 'Olga Operadora' }, clearNote: 'Conta corrigida pelo titular.' })]),
      }),
    );
    expect(await screen.findByRole('heading', { name: P.closedTitle })).toBeInTheDocument();
    const card = await cardOf(ptBR.pendencyKind.bank_data);
    expect(screen.getByText(P.empty)).toBeInTheDocument();
    expect(card).toHaveTextContent(ptBR.pendencyStatus.cleared);
    expect(card).toHaveTextContent('Conta corrigida pelo titular.');
    expect(within(card).queryByRole('toolbar')).toBeNull();
    expect(api.called('GET', '/share/pendency_list')[0].params).toEqual({ shareId: SHARE_ID, includeClosed: true });
  });

  it('says when the share has no pendency', async () => {
    open(workspaceRoutes(shareDetail({ state: 'received_from_client' }), { 'GET /share/pendency_list': list([]) }));
    expect(await screen.findByText(P.empty)).toBeInTheDocument();
  });
});

describe('the moves offered', () => {
  const routes = () =>
    workspaceRoutes(withPendency(), {
      'GET /share/pendency_list': list([pendency(), pendency({ pendencyId: 'pd-2', kind: 'signer_data', amount: null, paymentType: null })]),
    });
  const toolbarOf = async (kind: string) => within(await cardOf(kind)).queryByRole('toolbar', { name: P.actionsLabel.replace('{{kind}}', kind) });
  const names = (bar: HTMLElement | null) => (bar ? within(bar).getAllByRole('button').map((b) => b.textContent) : []);

  it('offers an operator the money moves only on a pendency with money involved', async () => {
    open(routes());
    expect(names(await toolbarOf(ptBR.pendencyKind.retention))).toEqual([P.moves.add_ticket, P.moves.register_payment, P.moves.clear]);
    expect(names(await toolbarOf(ptBR.pendencyKind.signer_data))).toEqual([P.moves.clear]);
    // Another pendency may be opened on a share that has one.
    expect(within(screen.getByRole('toolbar', { name: ptBR.workspace.actionsLabel })).getByRole('button', { name: P.moves.open })).toBeInTheDocument();
  });

  it('drops a move the token denies, and offers a fund none', async () => {
    open(routes(), 'adm', { deniedPermissions: ['pendency.clear', 'pendency.open'] });
    expect(names(await toolbarOf(ptBR.pendencyKind.retention))).toEqual([P.moves.add_ticket, P.moves.register_payment]);
    expect(await toolbarOf(ptBR.pendencyKind.signer_data)).toBeNull();
    expect(within(screen.getByRole('toolbar', { name: ptBR.workspace.actionsLabel })).queryByRole('button', { name: P.moves.open })).toBeNull();
  });

  it('offers a fund user nothing at all', async () => {
    open(routes(), 'fund');
    await cardOf(ptBR.pendencyKind.retention);
    expect(screen.queryAllByRole('toolbar')).toHaveLength(0);
  });

  it('does not offer opening a pendency on a share with no sale under way', async () => {
    open(workspaceRoutes(shareDetail({ state: 'available' }), { 'GET /share/pendency_list': list([]) }));
    const bar = await screen.findByRole('toolbar', { name: ptBR.workspace.actionsLabel });
    expect(within(bar).queryByRole('button', { name: P.moves.open })).toBeNull();
  });
});

describe('Abrir pendência', () => {
  it('asks for the kind and description, then amount and payment type when money is involved, and sends them', async () => {
    let opened = false;
    const api = open(
      workspaceRoutes(shareDetail({ state: 'received_from_client' }), {
        'GET /share/pendency_list': () => list(opened ? [pendency()] : []),
        'POST /share/pendency_open': () => {
          opened = true;
          return { status: 200, data: { share: withPendency(), pendency: pendency() } };
        },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const opener = within(await screen.findByRole('toolbar', { name: ptBR.workspace.actionsLabel })).getByRole('button', { name: P.moves.open });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: P.moves.open });
    await user.click(within(dialog).getByRole('button', { name: P.moves.open }));
    await waitFor(() => expect(within(dialog).getAllByText(ptBR.validation.required)).toHaveLength(2));
    expect(api.called('POST', '/share/pendency_open')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(F.kind));
    await user.click(await screen.findByTitle(ptBR.pendencyKind.retention));
    expect(within(dialog).getByText(P.kindHelp.retention)).toBeInTheDocument();
    expect(within(dialog).getByText(P.returnsTo.replace('{{state}}', ptBR.shareState.received_from_client))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(F.description), 'Retida pela administradora.');
    await user.click(within(dialog).getByRole('button', { name: P.moves.open }));
    // Money is involved now: its amount and payment type are asked for.
    await waitFor(() => expect(within(dialog).getAllByText(ptBR.validation.required)).toHaveLength(2));
    await user.type(within(dialog).getByLabelText(F.amount), '1.500,00');
    await user.click(within(dialog).getByLabelText(F.paymentType));
    await user.click(await screen.findByTitle(ptBR.paymentType.payment_in_full));
    await user.click(within(dialog).getByRole('button', { name: P.moves.open }));
    await waitFor(() => expect(api.called('POST', '/share/pendency_open')).toHaveLength(1));
    const call = api.called('POST', '/share/pendency_open')[0];
    expect(call.body).toEqual({ shareId: SHARE_ID, kind: 'retention', description: 'Retida pela administradora.', amount: 1500, paymentType: 'payment_in_full', expectedVersion: 3 });
    expect(call.headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(await screen.findByText(P.done.open)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The keyboard comes back to the button that opened the dialog.
    await waitFor(() => expect(opener).toHaveFocus());
    expect(await cardOf(ptBR.pendencyKind.retention)).toBeInTheDocument();
  });

  it('puts a server refusal of a field on that field, in Portuguese, with everything typed kept', async () => {
    const api = open(
      workspaceRoutes(shareDetail({ state: 'received_from_client' }), {
        'GET /share/pendency_list': list([]),
        'POST /share/pendency_open': {
          status: 400,
          data: { message: 'Invalid amount: more than zero, at most two decimals', errors: { amount: 'Invalid amount: more than zero, at most two decimals' } },
        },
      }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(within(await screen.findByRole('toolbar', { name: ptBR.workspace.actionsLabel })).getByRole('button', { name: P.moves.open }));
    const dialog = await screen.findByRole('dialog', { name: P.moves.open });
    await user.click(within(dialog).getByLabelText(F.kind));
    await user.click(await screen.findByTitle(ptBR.pendencyKind.overdue_installments));
    await user.type(within(dialog).getByLabelText(F.description), 'Três parcelas em atraso.');
    await user.type(within(dialog).getByLabelText(F.amount), '900');
    await user.click(within(dialog).getByLabelText(F.paymentType));
    await user.click(await screen.findByTitle(ptBR.paymentType.split_in_installments));
    await user.click(within(dialog).getByRole('button', { name: P.moves.open }));
    await waitFor(() => expect(api.called('POST', '/share/pendency_open')).toHaveLength(1));
    const amount = within(dialog).getByLabelText(F.amount);
    expect(await within(amount.closest('.ant-form-item') as HTMLElement).findByText(ptBR.errors.amountInvalid)).toBeInTheDocument();
    expect(amount).toHaveValue('900,00');
    expect(within(dialog).getByLabelText(F.description)).toHaveValue('Três parcelas em atraso.');
    expect(screen.getByRole('dialog', { name: P.moves.open })).toBeInTheDocument();
  });

  it('asks which document for a document pendency, and no amount', async () => {
    const api = open(
      workspaceRoutes(shareDetail({ state: 'accepted_by_client' }), {
        'GET /share/pendency_list': list([]),
        'POST /share/pendency_open': { status: 200, data: { share: withPendency(), pendency: pendency({ kind: 'document' }) } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(within(await screen.findByRole('toolbar', { name: ptBR.workspace.actionsLabel })).getByRole('button', { name: P.moves.open }));
    const dialog = await screen.findByRole('dialog', { name: P.moves.open });
    await user.click(within(dialog).getByLabelText(F.kind));
    await user.click(await screen.findByTitle(ptBR.pendencyKind.document));
    expect(within(dialog).queryByLabelText(F.amount)).toBeNull();
    await user.type(within(dialog).getByLabelText(F.description), 'RG ilegível.');
    await user.click(within(dialog).getByLabelText(F.documentType));
    await user.click(await screen.findByTitle(ptBR.documentType.RG_WITH_CPF));
    await user.click(within(dialog).getByRole('button', { name: P.moves.open }));
    await waitFor(() => expect(api.called('POST', '/share/pendency_open')).toHaveLength(1));
    expect(api.called('POST', '/share/pendency_open')[0].body).toEqual({ shareId: SHARE_ID, kind: 'document', description: 'RG ilegível.', documentType: 'RG_WITH_CPF', expectedVersion: 3 });
  });
});

describe('Anexar boleto', () => {
  it('checks the boleto line on the field with the domain rule, uploads the file and sends kind, line, amount and due date', async () => {
    const api = open(
      workspaceRoutes(withPendency(), {
        'GET /share/pendency_list': list([pendency({ kind: 'overdue_installments' }), pendency({ pendencyId: 'pd-2' })]),
        'POST /share/pendency_add_ticket': { status: 200, data: { share: withPendency(), pendency: pendency() } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const card = await cardOf(ptBR.pendencyKind.retention);
    await user.click(within(card).getByRole('button', { name: P.moves.add_ticket }));
    const dialog = await screen.findByRole('dialog', { name: `${P.moves.add_ticket}: ${ptBR.pendencyKind.retention}` });
    // Retention takes its own boleto kinds (and a ZIP), nothing of reactivation.
    await user.click(within(dialog).getByLabelText(F.ticketKind));
    expect(await screen.findByTitle(ptBR.ticketKind.RETENTION_FIRST_INSTALLMENT)).toBeInTheDocument();
    expect(screen.queryByTitle(ptBR.ticketKind.REACTIVATION_FIRST_INSTALLMENT)).toBeNull();
    await user.click(screen.getByTitle(ptBR.ticketKind.RETENTION_FIRST_INSTALLMENT));
    const line = within(dialog).getByLabelText(F.line);
    await user.type(line, '0019000009011497186016852452211467586000010265');
    expect(await within(line.closest('.ant-form-item') as HTMLElement).findByText(P.lineInvalid.length)).toBeInTheDocument();
    await user.clear(line);
    await user.type(line, '00190000090114971860168524522114675860000102657');
    expect(await within(line.closest('.ant-form-item') as HTMLElement).findByText(P.lineInvalid.checkDigits)).toBeInTheDocument();
    await user.clear(line);
    await user.type(line, '00190.00009 01149.718601 68524.522114 6 75860000102656');
    await waitFor(() => expect(within(line.closest('.ant-form-item') as HTMLElement).queryByText(P.lineInvalid.checkDigits)).toBeNull());
    await user.upload(within(dialog).getByTestId('pendency-ticket-file-input') as HTMLInputElement, pdf());
    expect(await within(dialog).findByText('boleto.pdf')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(F.ticketAmount), '750,5');
    const due = within(dialog).getByRole('textbox', { name: F.ticketDueDate });
    await user.click(due);
    await user.type(due, '15/12/2026');
    await user.tab();
    await waitFor(() => expect(due).toHaveValue('15/12/2026'));
    await user.click(within(dialog).getByRole('button', { name: P.moves.add_ticket }));
    await waitFor(() => expect(api.called('POST', '/share/pendency_add_ticket')).toHaveLength(1));
    expect(api.called('POST', '/share/pendency_add_ticket')[0].body).toEqual({
      pendencyId: 'pd-2',
      kind: 'RETENTION_FIRST_INSTALLMENT',
      file: '6b1f3c2a-0000-4000-8000-0000000000f1',
      line: BOLETO_LINE,
      amount: 750.5,
      dueDate: '2026-12-15',
    });
    expect(await screen.findByText(P.done.add_ticket)).toBeInTheDocument();
  });
});

describe('Registrar pagamento', () => {
  it('offers no day after today, starts with what is still owed, and sends the proof, the amount and the day', async () => {
    const api = open(
      workspaceRoutes(withPendency(), {
        'GET /share/pendency_list': list([pendency({ paidAmount: '500.00' })]),
        'POST /share/pendency_register_payment': { status: 200, data: { share: withPendency(), pendency: pendency({ status: 'paid' }) } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const card = await cardOf(ptBR.pendencyKind.retention);
    await user.click(within(card).getByRole('button', { name: P.moves.register_payment }));
    const dialog = await screen.findByRole('dialog', { name: `${P.moves.register_payment}: ${ptBR.pendencyKind.retention}` });
    expect(dialog).toHaveTextContent(P.paymentTypeIs.replace('{{type}}', ptBR.paymentType.payment_in_full));
    expect(within(dialog).getByLabelText(F.paidAmount)).toHaveValue('1.000,00');
    const date = await within(dialog).findByRole('textbox', { name: ptBR.workspace.actions.fields.paidDate });
    await user.click(date);
    const today = new Date();
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    const cell = (d: Date) => document.querySelector(`td[title="${iso(d)}"]`);
    await waitFor(() => expect(cell(today)).not.toBeNull());
    if (cell(tomorrow)) expect(cell(tomorrow)).toHaveClass('ant-picker-cell-disabled');
    await user.type(date, '10/11/2026');
    await user.tab();
    await waitFor(() => expect(date).toHaveValue('10/11/2026'));
    await user.click(within(dialog).getByRole('button', { name: P.moves.register_payment }));
    // No proof yet: said on the proof's field, nothing sent.
    expect(await within(dialog).findByText(ptBR.validation.required)).toBeInTheDocument();
    expect(api.called('POST', '/share/pendency_register_payment')).toHaveLength(0);
    await user.upload(within(dialog).getByTestId('pendency-payment-proof-input') as HTMLInputElement, pdf('comprovante.pdf'));
    expect(await within(dialog).findByText('boleto.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: P.moves.register_payment }));
    await waitFor(() => expect(api.called('POST', '/share/pendency_register_payment')).toHaveLength(1));
    expect(api.called('POST', '/share/pendency_register_payment')[0].body).toEqual({
      pendencyId: 'pd-1',
      proofFile: '6b1f3c2a-0000-4000-8000-0000000000f1',
      amount: 1000,
      paidDate: '2026-11-10',
    });
    expect(await screen.findByText(P.done.register_payment)).toBeInTheDocument();
  });
});

describe('Resolver pendência', () => {
  it('asks why when money is involved and nothing was paid, says the share goes back, and clears', async () => {
    const api = open(
      workspaceRoutes(withPendency(), {
        'GET /share/pendency_list': list([pendency()]),
        'POST /share/pendency_clear': { status: 200, data: { share: shareDetail({ state: 'received_from_client' }), pendency: pendency({ status: 'cleared' }) } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const card = await cardOf(ptBR.pendencyKind.retention);
    const opener = within(card).getByRole('button', { name: P.moves.clear });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: `${P.moves.clear}: ${ptBR.pendencyKind.retention}` });
    expect(dialog).toHaveTextContent(P.clearLast.replace('{{state}}', ptBR.shareState.received_from_client));
    await user.click(within(dialog).getByRole('button', { name: P.moves.clear }));
    expect(await within(dialog).findByText(ptBR.validation.required)).toBeInTheDocument();
    expect(api.called('POST', '/share/pendency_clear')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(F.note), 'Administradora dispensou o pagamento.');
    await user.click(within(dialog).getByRole('button', { name: P.moves.clear }));
    await waitFor(() => expect(api.called('POST', '/share/pendency_clear')).toHaveLength(1));
    expect(api.called('POST', '/share/pendency_clear')[0].body).toEqual({ pendencyId: 'pd-1', note: 'Administradora dispensou o pagamento.' });
    expect(await screen.findByText(P.done.clear)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('toasts a refusal that names no field, in Portuguese, and keeps the dialog with the note', async () => {
    const api = open(
      workspaceRoutes(withPendency(), {
        'GET /share/pendency_list': list([pendency({ kind: 'signer_data', amount: null, paymentType: null }), pendency({ pendencyId: 'pd-2', kind: 'bank_data', amount: null, paymentType: null })]),
        'POST /share/pendency_clear': { status: 409, data: { message: 'Invalid pendency move: clear from cleared' } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const card = await cardOf(ptBR.pendencyKind.signer_data);
    await user.click(within(card).getByRole('button', { name: P.moves.clear }));
    const dialog = await screen.findByRole('dialog', { name: `${P.moves.clear}: ${ptBR.pendencyKind.signer_data}` });
    expect(dialog).toHaveTextContent(P.clearOthers_one.replace('{{count}}', '1'));
    await user.type(within(dialog).getByLabelText(F.note), 'Dados conferidos.');
    await user.click(within(dialog).getByRole('button', { name: P.moves.clear }));
    await waitFor(() => expect(api.called('POST', '/share/pendency_clear')).toHaveLength(1));
    expect(await screen.findByText('Não foi possível resolver a pendência: a pendência está “Resolvida”. Isso só é possível com a pendência “Aberta” ou “Paga, aguardando baixa”.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(F.note)).toHaveValue('Dados conferidos.');
  });
});

describe('the history of a pendency', () => {
  it('says what was opened, billed, paid and cleared, with the server’s note and files, and no move where the state stayed', async () => {
    const H = ptBR.workspace.historyActions;
    const boleto = { fileId: 'f-1', fileName: 'boleto.pdf', filePath: 'acme/f-1', size: 100, contentType: 'application/pdf', documentType: 'LATE_INVOICE' as const, uploadedAt: '2026-11-02T14:00:00.000Z' };
    open(
      workspaceRoutes(shareDetail({ state: 'received_from_client' }), {
        'POST /share/get_history': {
          status: 200,
          data: {
            data: [
              historyEntry({ id: 1, action: 'pendency_open', fromState: 'received_from_client', toState: 'with_pendency', note: 'Retenção pela administradora: Retida. · Valor: R$ 1.500,00' }),
              historyEntry({ id: 2, action: 'pendency_add_ticket', fromState: 'with_pendency', toState: 'with_pendency', note: 'Retenção pela administradora · Boleto Retenção: primeira parcela', files: [boleto] }),
              historyEntry({ id: 3, action: 'pendency_register_payment', fromState: 'with_pendency', toState: 'with_pendency', note: 'Retenção pela administradora · Pagamento de R$ 1.500,00 em 03/11/2026' }),
              historyEntry({ id: 4, action: 'pendency_clear', fromState: 'with_pendency', toState: 'received_from_client', note: 'Retenção pela administradora resolvida' }),
            ],
          },
        },
      }),
      'operator',
      {},
      '/cotas/ACM-0000001',
    );
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(4));
    // Newest first.
    const [cleared, paid, billed, opened] = screen.getAllByTestId('history-entry');
    expect(opened).toHaveTextContent(H.pendency_open);
    expect(opened).toHaveTextContent(`${ptBR.shareState.received_from_client} → ${ptBR.shareState.with_pendency}`);
    expect(opened).toHaveTextContent('Valor: R$ 1.500,00');
    expect(billed).toHaveTextContent(H.pendency_add_ticket);
    expect(billed).not.toHaveTextContent('→');
    expect(within(billed).getByRole('button', { name: 'Baixar boleto.pdf' })).toBeInTheDocument();
    expect(paid).toHaveTextContent(H.pendency_register_payment);
    expect(paid).toHaveTextContent('Pagamento de R$ 1.500,00 em 03/11/2026');
    expect(cleared).toHaveTextContent(H.pendency_clear);
    expect(cleared).toHaveTextContent(`${ptBR.shareState.with_pendency} → ${ptBR.shareState.received_from_client}`);
  });
});
