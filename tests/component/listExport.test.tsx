/**
 * Issue 18: the list's Exportar button, its dialog's progress while the file streams, cancelling it,
 * and the refusal the server explains. The real data provider runs; the network is fake.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ptBR } from '../../src/i18n/pt-BR';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { SHARES } from './fixtures';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Route } from './workspaceApi';

const E = ptBR.listExport;
const encoder = new TextEncoder();

/** A response body the test feeds piece by piece; it fails as fetch does when the request is aborted. */
const controlledBody = (signal: AbortSignal | undefined) => {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
      signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
    },
  });
  return { body, push: (text: string) => push(text), end: () => end() };
};

/** The signal of the export request being answered. */
let requestSignal: AbortSignal | undefined;

const HEADER = '\uFEFFContrato;Titular\r\n';

const open = (exportRoute: Route | FakeReply, headers: Record<string, string> = {}, hidden: Record<string, string[]> = {}) => {
  signIn('operator');
  let stored = hidden;
  const api = fakeApi({
    'GET /share/list': { status: 200, data: { data: SHARES, total: 3, page: 1, limit: 20 } },
    // The columns the user hides, per list, as the server keeps them (issue 18's column chooser).
    'GET /view/columns_list': () => ({ status: 200, data: { data: Object.entries(stored).map(([list, hiddenColumns]) => ({ list, hiddenColumns })), total: 0, page: 1, limit: 20 } }),
    'POST /view/columns_save': ({ body }) => {
      const { list, hiddenColumns } = body as { list: string; hiddenColumns: string[] };
      stored = { ...stored, [list]: hiddenColumns };
      return { status: 200, data: { list, hiddenColumns } };
    },
    'GET /share/administrator_options': { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } },
    'GET /fund/list': { status: 200, data: { data: [], total: 0, page: 1, limit: 20 } },
    'POST /share/list_export': exportRoute,
  });
  // The fake network answers no headers; the export's come from the server's answer.
  const base = api.client.defaults.adapter as AxiosAdapter;
  api.client.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    if (config.url === '/share/list_export') requestSignal = config.signal as AbortSignal | undefined;
    const res = await base(config);
    if (config.url === '/share/list_export') res.headers = headers;
    return res;
  };
  render(<AppRoutes />, { wrapper: TestWrapper({ routerInitialEntries: ['/listagem?sorters[0][field]=ownerName&sorters[0][order]=asc'], dataProvider: createDataProvider(api.client) }) });
  return api;
};

let saved: { name: string; href: string }[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => vi.restoreAllMocks());

type ExportBody = { format: string; query: Record<string, string>; columns: { field: string; title: string }[]; title: string; timeZone: string };

/** The headers the table shows, in order (the selection column has none). */
const tableHeaders = () =>
  screen
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '')
    .filter(Boolean);

/** Opens Exportar, starts a CSV and answers the body the server was sent. */
const exportBody = async (api: ReturnType<typeof open>, user: ReturnType<typeof userEvent.setup>): Promise<ExportBody> => {
  const before = api.called('POST', '/share/list_export').length;
  await user.click(screen.getByRole('button', { name: E.button }));
  const dialog = await screen.findByRole('dialog', { name: `Exportar ${ptBR.shares.titles.shares}` });
  await user.click(within(dialog).getByRole('button', { name: E.start }));
  await waitFor(() => expect(api.called('POST', '/share/list_export')).toHaveLength(before + 1));
  return api.called('POST', '/share/list_export')[before].body as ExportBody;
};

const emptyFile = () => ({ status: 200, data: new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(encoder.encode(HEADER)), c.close()) }) });

describe('Exportar writes the columns shown', () => {
  it('leaves out the columns the user hid (kept on the server for the list), in the table\'s order', async () => {
    const api = open(emptyFile, {}, { shares: ['ownerDocument', 'processStep'], transfers: ['ownerName'] });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria da Silva');
    await waitFor(() => expect(tableHeaders()).not.toContain(ptBR.shares.document));
    const body = await exportBody(api, user);
    expect(body.columns.map((c) => c.title)).toEqual(tableHeaders());
    expect(body.columns.map((c) => c.field)).not.toContain('ownerDocument');
    expect(body.columns.map((c) => c.field)).not.toContain('processStep');
    // Another list's choice is that list's: the owner stays here.
    expect(body.columns.map((c) => c.field)).toContain('ownerName');
  });

  it('follows the column chooser at once: a column hidden, then shown again', async () => {
    const api = open(emptyFile);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria da Silva');
    const all = tableHeaders();
    expect(all).toContain(ptBR.shares.owner);

    await user.click(screen.getByRole('button', { name: 'Colunas' }));
    const chooser = await screen.findByRole('dialog', { name: /Colunas de/ });
    await user.click(within(chooser).getByRole('checkbox', { name: ptBR.shares.owner }));
    await waitFor(() => expect(tableHeaders()).not.toContain(ptBR.shares.owner));
    await user.click(within(chooser).getAllByRole('button', { name: ptBR.app.close }).at(-1)!);
    const hidden = await exportBody(api, user);
    expect(hidden.columns.map((c) => c.title)).toEqual(all.filter((h) => h !== ptBR.shares.owner));
    // The file saved, the export dialog closes.
    await waitFor(() => expect(saved).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Colunas (1 oculta)' }));
    const again = await screen.findByRole('dialog', { name: /Colunas de/ });
    await user.click(within(again).getByRole('checkbox', { name: ptBR.shares.owner }));
    await waitFor(() => expect(tableHeaders()).toContain(ptBR.shares.owner));
    await user.click(within(again).getAllByRole('button', { name: ptBR.app.close }).at(-1)!);
    const shown = await exportBody(api, user);
    expect(shown.columns.map((c) => c.title)).toEqual(all);
  });
});

describe('Exportar', () => {
  it('streams the list as the user sees it, shows rows against the total, then saves the file under its Portuguese name', async () => {
    let feed!: ReturnType<typeof controlledBody>;
    const api = open(
      () => {
        feed = controlledBody(undefined);
        return { status: 200, data: feed.body };
      },
      { 'x-export-total': '3', 'x-export-total-exact': 'true', 'content-disposition': "attachment; filename=\"x.csv\"; filename*=UTF-8''Listagem%20de%20cotas%202026-11-27.csv" },
    );
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria da Silva');
    const button = screen.getByRole('button', { name: E.button });
    // Keyboard: a tab stop that Enter opens.
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Exportar ${ptBR.shares.titles.shares}` });
    expect(within(dialog).getByText(/3 linhas/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: E.csv }));
    await user.click(within(dialog).getByRole('button', { name: E.start }));

    await waitFor(() => expect(api.called('POST', '/share/list_export')).toHaveLength(1));
    const body = api.called('POST', '/share/list_export')[0].body as { format: string; query: Record<string, string>; columns: { field: string; title: string }[]; title: string; timeZone: string };
    expect(body.format).toBe('csv');
    // The list call's own parameters, less its paging.
    expect(body.query).toEqual({ sort: 'ownerName', order: 'asc' });
    expect(body.columns.map((c) => c.title)).toEqual(screen.getAllByRole('columnheader').map((h) => h.textContent).filter(Boolean).slice(0, body.columns.length));
    expect(body.title).toBe(ptBR.shares.titles.shares);

    feed.push(HEADER + '100200;Maria\r\n');
    expect(await within(dialog).findByText('1 de 3 linhas')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: E.progressLabel })).toHaveAttribute('aria-valuenow', '33');
    feed.push('100201;"Padaria ""Pão""\r\nQuente"\r\n100202;João\r\n');
    feed.end();
    await waitFor(() => expect(saved).toEqual([{ name: 'Listagem de cotas 2026-11-27.csv', href: 'blob:export' }]));
    expect(await screen.findByText(E.done.replace('{{fileName}}', 'Listagem de cotas 2026-11-27.csv'))).toBeInTheDocument();
  });

  it('cancels: the download stops and nothing is saved', async () => {
    let feed!: ReturnType<typeof controlledBody>;
    open(() => {
      feed = controlledBody(requestSignal);
      return { status: 200, data: feed.body };
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria da Silva');
    await user.click(screen.getByRole('button', { name: E.button }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: E.start }));
    await waitFor(() => expect(feed).toBeDefined());
    feed.push(HEADER + '100200;Maria\r\n');
    // No total from the server: the rows alone.
    expect(await within(dialog).findByText('1 linha')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: E.cancel }));
    expect(await within(dialog).findByText(E.canceled)).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(within(dialog).getByRole('button', { name: E.start })).toBeEnabled();
  });

  it('says why the server refused, in Portuguese', async () => {
    open({ status: 400, data: { message: 'Too many rows for XLSX', errors: { format: 'an XLSX sheet holds at most 1048575 rows' } } });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria da Silva');
    await user.click(screen.getByRole('button', { name: E.button }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: E.xlsx }));
    await user.click(within(dialog).getByRole('button', { name: E.start }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ptBR.errors.exportTooManyRows);
    expect(saved).toEqual([]);
  });
});
