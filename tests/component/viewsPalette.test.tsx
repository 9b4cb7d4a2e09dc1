/**
 * Saved views, the column chooser and the command palette (issue 18) through the app's routes with
 * a data provider whose view calls keep their state in memory: the chooser hides a column and keeps
 * one visible, a view's name is refused on its field, the palette is driven by keyboard alone.
 */
import type { CustomParams, DataProvider, GetListParams } from '@refinedev/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VIEW_MESSAGES, type ListView } from '../../src/domain';
import { AppRoutes } from '../../src/routes';
import { SHARES } from './fixtures';
import { signIn } from './helpers';
import { TestWrapper, mockDataProvider } from './TestWrapper';

/** The view calls answered from memory, as the server would for one user. */
const fakeViews = () => {
  let hidden: Record<string, string[]> = {};
  const views: ListView[] = [];
  const calls: { endpoint: string; body: Record<string, unknown> }[] = [];
  const custom = vi.fn(async ({ meta, payload, query }: CustomParams) => {
    const endpoint = String((meta as { endpoint?: string }).endpoint);
    const body = ((payload ?? query) ?? {}) as Record<string, unknown>;
    calls.push({ endpoint, body });
    switch (endpoint) {
      case 'view.columnsList':
        return { data: { data: Object.entries(hidden).map(([list, hiddenColumns]) => ({ list, hiddenColumns })), total: 0, page: 1, limit: 10 } };
      case 'view.columnsSave':
        hidden = { ...hidden, [String(body.list)]: body.hiddenColumns as string[] };
        return { data: body };
      case 'view.list':
        return { data: { data: views.filter((v) => !body.list || v.list === body.list), total: views.length, page: 1, limit: 100 } };
      case 'view.create': {
        if (views.some((v) => v.name.toLowerCase() === String(body.name).trim().toLowerCase())) {
          throw { statusCode: 400, message: VIEW_MESSAGES.nameTaken, errors: { name: VIEW_MESSAGES.nameTaken } };
        }
        const view = { viewId: `v${views.length + 1}`, list: body.list, name: String(body.name).trim(), state: body.state, hiddenColumns: body.hiddenColumns, createdAt: '', updatedAt: '' } as ListView;
        views.push(view);
        return { data: view };
      }
      default:
        throw { statusCode: 404, message: 'Route not found: invalid URL' };
    }
  }) as unknown as DataProvider['custom'];
  const getList = vi.fn(async (params: GetListParams) => {
    if (params.resource !== 'shares') return { data: [], total: 0 };
    const q = (params.filters ?? []).find((f) => 'field' in f && f.field === 'q')?.value as string | undefined;
    const rows = q ? SHARES.filter((s) => s.contractNumber.includes(q)) : SHARES;
    return { data: rows, total: rows.length };
  }) as unknown as DataProvider['getList'];
  return { dataProvider: mockDataProvider({ getList, custom }), calls };
};

const renderAt = (path: string, dataProvider: DataProvider) => render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider }) });
const location = () => screen.getByTestId('location').textContent ?? '';
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');

describe('the column chooser', () => {
  it('hides a column at once, saves it for the list, and keeps at least one column', async () => {
    signIn('fund');
    const { dataProvider, calls } = fakeViews();
    renderAt('/listagem', dataProvider);
    await screen.findByText('Maria da Silva');
    expect(headers()).toContain('CPF/CNPJ');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Colunas' }));
    const dialog = await screen.findByRole('dialog', { name: /Colunas de/ });
    await user.click(within(dialog).getByRole('checkbox', { name: 'CPF/CNPJ' }));
    await waitFor(() => expect(headers()).not.toContain('CPF/CNPJ'));
    await waitFor(() => expect(calls).toContainEqual({ endpoint: 'view.columnsSave', body: { list: 'shares', hiddenColumns: ['ownerDocument'] } }));
    expect(screen.getByRole('button', { name: 'Colunas (1 oculta)' })).toBeInTheDocument();

    const boxes = within(dialog).getAllByRole('checkbox');
    for (const box of boxes) if ((box as HTMLInputElement).checked && boxes.filter((b) => (b as HTMLInputElement).checked).length > 1) await user.click(box);
    const left = boxes.filter((b) => (b as HTMLInputElement).checked);
    expect(left).toHaveLength(1);
    expect(left[0]).toBeDisabled();
    expect(within(dialog).getByText('Pelo menos uma coluna fica visível.')).toBeInTheDocument();
    expect(headers().filter(Boolean)).toHaveLength(1);
  });
});

describe('saved views', () => {
  it('saves the list as a view and refuses a second of the same name on the field, in Portuguese', async () => {
    signIn('adm');
    const { dataProvider, calls } = fakeViews();
    renderAt('/listagem?pageSize=50&currentPage=2', dataProvider);
    await screen.findByText('Maria da Silva');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Visões' }));
    const dialog = await screen.findByRole('dialog', { name: /Visões de/ });
    await within(dialog).findByText('Nenhuma visão salva nesta lista ainda.');
    // An empty name never reaches the server.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar visão' }));
    expect(await within(dialog).findByText('Informe um nome para a visão.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nome da visão'), 'Grandes páginas');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar visão' }));
    await within(dialog).findByRole('button', { name: 'Aplicar a visão Grandes páginas' });
    const created = calls.find((c) => c.endpoint === 'view.create')!;
    expect(created.body).toMatchObject({ list: 'shares', name: 'Grandes páginas', hiddenColumns: [] });
    expect(new URLSearchParams(String(created.body.state)).get('pageSize')).toBe('50');
    expect(new URLSearchParams(String(created.body.state)).get('currentPage')).toBeNull();

    await user.type(within(dialog).getByLabelText('Nome da visão'), 'grandes páginas');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar visão' }));
    expect(await within(dialog).findByText('Já existe uma visão com este nome nesta lista.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome da visão')).toHaveValue('grandes páginas');
  });
});

describe('the command palette', () => {
  it('opens on Ctrl-K, moves with the arrows, opens with Enter, and closes', async () => {
    signIn('operator');
    const { dataProvider } = fakeViews();
    renderAt('/listagem', dataProvider);
    await screen.findByText('Maria da Silva');
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', { name: 'Buscar contrato, lista ou ação' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'pend');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('Pendências');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[Math.min(1, options.length - 1)].id);
    await user.keyboard('{ArrowUp}{Enter}');
    // The list then writes its page and sort into the address (Refine's syncWithLocation).
    await waitFor(() => expect(location().split('?')[0]).toBe('/pendencias'));

    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Buscar contrato, lista ou ação' })).toHaveFocus());
    // Esc is pressed in the real browser (tests/e2e/viewsPalette.test.ts); here the dialog's Fechar.
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Buscar contrato, lista ou ação' })).toBeNull());
  });

  it('finds a contract by its digits through the share list and opens its workspace', async () => {
    signIn('fund');
    const { dataProvider } = fakeViews();
    renderAt('/listagem', dataProvider);
    await screen.findByText('Maria da Silva');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Buscar contrato, lista ou ação' }));
    const box = await screen.findByRole('combobox', { name: 'Buscar contrato, lista ou ação' });
    await user.type(box, SHARES[1].contractNumber);
    await screen.findByRole('option', { name: new RegExp(`Contrato ${SHARES[1].contractNumber}`) });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`/cotas/${SHARES[1].contractNumber}`));
  });
});
