/**
 * Issue 13, "say why" and "do not lose work" in the bulk dialog: a refusal reads its reason in
 * Portuguese on the share's row, a refused field is marked on that field with what was typed kept,
 * the dialog cannot be left while the moves run, and Enter in the date never runs the bulk move.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_LIMITS } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { SHARES } from './fixtures';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, messages as ptBR, type Route } from './workspaceApi';
import { todayInSaoPaulo } from '../../src/domain/pendencies';

// Each test fills an antd form with an upload and a date picker: slow in jsdom, slower on a loaded box.
vi.setConfig({ testTimeout: 120_000 });
const B = ptBR.bulk;
const F = ptBR.workspace.actions.fields;
const listAnswer: FakeReply = { status: 200, data: { data: SHARES, total: SHARES.length, page: 1, limit: 20 } };

/** The storage flow of one small PDF, answered at the network edge. */
const storageRoutes: Record<string, FakeReply | Route> = {
  'POST /storage/upload_initialize': {
    status: 200,
    data: { fileId: '6b1f3c2a-0000-4000-8000-0000000000f1', fileKey: 'acme/f1/comprovante.pdf', partSize: STORAGE_LIMITS.partBytes, expiresAt: '2030-01-01T00:00:00.000Z', parts: [{ partNumber: 1, url: '/storage/part/f1/1' }] },
  },
  'PUT /storage/part/f1/1': { status: 200, data: { etag: '"etag-1"' } },
  'POST /storage/upload_finalize': {
    status: 200,
    data: { fileId: '6b1f3c2a-0000-4000-8000-0000000000f1', fileName: 'comprovante.pdf', filePath: 'acme/f1/comprovante.pdf', size: 100, contentType: 'application/pdf', documentType: null, uploadedAt: '2026-11-20T10:00:00.000Z' },
  },
};

const openList = (routes: Record<string, FakeReply | Route>, profile: 'operator' | 'adm' = 'adm', path = '/transferencia') => {
  signIn(profile);
  const api = fakeApi({
    'GET /share/list': listAnswer,
    'GET /share/transfer_list': listAnswer,
    'GET /fund/list': { status: 200, data: { data: [] } },
    'GET /administrator/list': { status: 200, data: { data: [], total: 0, page: 1, limit: 100 } },
    ...storageRoutes,
    ...routes,
  });
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

const pdf = () => new File([new Uint8Array(100).fill(7)], 'comprovante.pdf', { type: 'application/pdf' });

/** Opens "Marcar como pagas" on share 100202 and fills the proof and a past date. */
const fillSetPaid = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100202') }));
  await user.click(await screen.findByRole('button', { name: B.setPaid }));
  const dialog = await screen.findByRole('dialog');
  await user.upload(within(dialog).getByTestId('bulk-proof-input') as HTMLInputElement, pdf());
  expect(await within(dialog).findByText('comprovante.pdf')).toBeInTheDocument();
  const date = await within(dialog).findByRole('textbox', { name: F.paidDate });
  await user.click(date);
  await user.type(date, '10/11/2026');
  // Leaving the field keeps the typed date (Tab, not Enter: Enter is tested on its own).
  await user.tab();
  await waitFor(() => expect(date).toHaveValue('10/11/2026'));
  return { dialog, date };
};

describe('a bulk refusal says why, on the share’s row', () => {
  it('reads the server’s invalid move as the move, the share’s state and the state it needs, in Portuguese', async () => {
    openList(
      {
        'POST /actions/transfer_in_bulk': {
          status: 200,
          data: { results: [{ shareId: 's-1', ok: false, message: 'Invalid move: set_transfer from payment_done' }] },
        },
      },
      'operator',
      '/listagem',
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100200') }));
    await user.click(await screen.findByRole('button', { name: B.transfer }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: B.run }));
    const row = (await screen.findByText('100200', { selector: '.ant-modal td' })).closest('tr')!;
    expect(within(row).getByText(B.failed)).toBeInTheDocument();
    expect(row).toHaveTextContent(
      'Não foi possível aprovar a transferência: a cota está em “Pagamento realizado”. Isso só é possível com a cota em “Recebida do cliente”.',
    );
    expect(row).not.toHaveTextContent(ptBR.errors.invalidInfo);
    expect(row).not.toHaveTextContent(/Invalid move|payment_done/);
  });
});

describe('the bulk "Marcar como pagas" dialog', () => {
  it('does not offer days after today in the paid-date picker', async () => {
    openList({});
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: B.selectRow.replace('{{id}}', '100202') }));
    await user.click(await screen.findByRole('button', { name: B.setPaid }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('textbox', { name: F.paidDate }));
    // Days are São Paulo's (the one paid-date rule), whatever the zone the test runs in.
    const [y, m, d] = todayInSaoPaulo().split('-').map(Number);
    const today = new Date(y, m - 1, d);
    const iso = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    const cell = (d: Date) => document.querySelector(`td[title="${iso(d)}"]`);
    await waitFor(() => expect(cell(today)).not.toBeNull());
    expect(cell(today)).not.toHaveClass('ant-picker-cell-disabled');
    // Tomorrow may sit on the next month's page; when it is on this one it is disabled.
    if (cell(tomorrow)) expect(cell(tomorrow)).toHaveClass('ant-picker-cell-disabled');
  });

  it('puts the server’s refusal of the date on the date field, in Portuguese, with the form as typed', async () => {
    const api = openList({
      'POST /actions/set_paid': { status: 400, data: { message: 'Invalid paidDate: in the future', errors: { paidDate: 'Invalid paidDate: in the future' } } },
    });
    const user = userEvent.setup({ delay: null });
    const { dialog, date } = await fillSetPaid(user);
    await user.click(within(dialog).getByRole('button', { name: B.run }));
    await waitFor(() => expect(api.called('POST', '/actions/set_paid')).toHaveLength(1));
    const item = date.closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText(ptBR.errors.paidDateFuture)).toBeInTheDocument();
    expect(date).toHaveValue('10/11/2026');
    expect(within(dialog).getByText('comprovante.pdf')).toBeInTheDocument();
    expect(within(dialog).queryByText(ptBR.errors.invalidInfo)).toBeNull();
  });

  it('Enter in the paid date does not run the bulk move', async () => {
    const api = openList({ 'POST /actions/set_paid': { status: 200, data: { results: [{ shareId: 's-3', ok: true, state: 'payment_done' }] } } });
    const user = userEvent.setup({ delay: null });
    const { dialog, date } = await fillSetPaid(user);
    await user.click(date);
    // The default action of Enter in the form's only text field is to submit the form.
    expect(fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(false);
    await user.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 300));
    expect(api.called('POST', '/actions/set_paid')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: B.run })).toBeInTheDocument();
  });

  it('cannot be left while the moves run, and shows each share’s result when they end', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = openList({
      'POST /actions/set_paid': async () => {
        await gate;
        return { status: 200, data: { results: [{ shareId: 's-3', ok: false, message: 'Invalid move: set_paid from payment_done' }] } };
      },
    });
    const user = userEvent.setup({ delay: null });
    const { dialog } = await fillSetPaid(user);
    await user.click(within(dialog).getByRole('button', { name: B.run }));
    await waitFor(() => expect(api.called('POST', '/actions/set_paid')).toHaveLength(1));
    expect(await within(dialog).findByText(B.running.replace('{{count}}', '1'))).toBeInTheDocument();
    // No "Voltar" while it runs, and neither Escape nor the close button end the dialog.
    expect(within(dialog).queryByRole('button', { name: ptBR.workspace.actions.cancel })).toBeNull();
    expect(within(dialog).getByRole('button', { name: B.close })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(dialog);
    release();
    const row = (await within(dialog).findByText('100202', { selector: 'td' })).closest('tr')!;
    expect(row).toHaveTextContent('Não foi possível marcar a cota como paga: a cota está em “Pagamento realizado”.');
  });
});
