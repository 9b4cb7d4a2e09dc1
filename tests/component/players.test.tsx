/**
 * /players, /fundos, /usuarios and /players/arquivos: search, sort and profile in the URL and in the
 * calls; the player files list; the 'Enviar arquivo' modal (validation, chunked upload with progress
 * completed by POST /player/send_player_file, the toast and the list refresh, errors in place).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosProgressEvent } from 'axios';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_LIMITS, type PlayerItem } from '../../src/domain';
import type { PlayerFileItem } from '../../src/domain/playerFiles';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRPlayers } from '../../src/i18n/pt-BR.players';
import { ptBRWorkspace } from '../../src/i18n/pt-BR.workspace';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { pickOption } from './auctionsApi';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Call, type Route } from './workspaceApi';

// The modal's tests drive antd selects and an upload; slow under a loaded CI, never timed.
vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => Promise.all([import('../../src/pages/players/SendPlayerFileButton'), import('../../src/pages/players/SendPlayerFileModal')]), 60_000);

const M = ptBRPlayers.playerFiles.sendModal;
const P = ptBR.playerFiles;

const PLAYERS: PlayerItem[] = [
  { playerId: 1, name: 'Alfa Crédito Consignado I', document: '11222333000181', enabled: true },
  { playerId: 3, name: 'Beta Multicotas', document: '45723174000110', enabled: true },
  { playerId: 6, name: 'Horizonte Investimentos', document: '19131243000197', enabled: false },
];

const sent = (over: Partial<PlayerFileItem> = {}): PlayerFileItem => ({
  playerFileId: 'pf-1',
  fileId: 'f-1',
  fileName: 'carteira.pdf',
  filePath: 'repasse/2026/11/f-1/carteira.pdf',
  fileType: 'SHARE_PORTFOLIO',
  players: [
    { playerId: 1, name: 'Alfa Crédito Consignado I' },
    { playerId: 3, name: 'Beta Multicotas' },
  ],
  sentBy: 'Olga Operadora',
  sentAt: '2026-11-20T13:00:00.000Z',
  ...over,
});

const list = <T,>(data: T[]): FakeReply => ({ status: 200, data: { data, total: data.length, page: 1, limit: 20 } });

const playerList: Route = (call) => {
  const search = call.params?.filters ? (JSON.parse(String(call.params.filters)) as { search?: string }).search : undefined;
  return list(search ? PLAYERS.filter((p) => p.name.toLowerCase().includes(search.toLowerCase())) : PLAYERS);
};

const open = (path: string, routes: Record<string, FakeReply | Route> = {}, profile: 'operator' | 'adm' = 'operator') => {
  signIn(profile);
  const api = fakeApi({
    'GET /player/list': playerList,
    'GET /user/list': list([{ userId: 'u-1', name: 'Olívia Operadora', email: 'operador@repasse.dev', profile: 'operator', admId: null, fundId: null, lastAccess: null }]),
    'GET /fund/list': list([{ fundId: 1, name: 'Fundo Alfa FIDC', cnpj: '11222333000181' }]),
    'GET /player/list_files': list([sent()]),
    'GET /player/list_file_types': list([
      { fileType: 'SHARE_PORTFOLIO', description: 'Portfolio of shares on offer' },
      { fileType: 'REPORT', description: 'Report' },
    ]),
    ...routes,
  });
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [path], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');
const last = (api: ReturnType<typeof fakeApi>, path: string) => api.called('GET', path).at(-1)!;
const filtersOf = (c: Call) => (c.params?.filters ? JSON.parse(String(c.params.filters)) : {});

describe('players, funds and users lists', () => {
  it('writes the player search into the URL and sends it as `filters`, ordered by name', async () => {
    const api = open('/players');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Beta Multicotas');
    expect(last(api, '/player/list').params).toMatchObject({ sort: 'name', order: 'asc' });
    expect(screen.getByRole('searchbox', { name: ptBR.shares.search })).toHaveAttribute('placeholder', ptBR.players.searchPlaceholder);
    await user.type(screen.getByRole('searchbox', { name: ptBR.shares.search }), 'crédito{Enter}');
    await waitFor(() => expect(filtersOf(last(api, '/player/list'))).toEqual({ search: 'crédito' }));
    expect(location()).toMatch(/^\/players\?.*filters\[0\]\[field\]=q.*crédito/);
    expect(await screen.findByText('Alfa Crédito Consignado I')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Beta Multicotas')).toBeNull());

    // The name header turns the order around, and the URL keeps it.
    await user.click(screen.getByRole('columnheader', { name: new RegExp(ptBR.players.name) }));
    await waitFor(() => expect(last(api, '/player/list').params).toMatchObject({ sort: 'name', order: 'desc' }));
    expect(location()).toContain('sorters[0][order]=desc');
  });

  it('reads the search and a sort back from the URL on a reload', async () => {
    const api = open('/fundos?currentPage=1&pageSize=20&sorters[0][field]=cnpj&sorters[0][order]=desc&filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=alfa');
    await screen.findByText('Fundo Alfa FIDC');
    expect(last(api, '/fund/list').params).toMatchObject({ sort: 'cnpj', order: 'desc', filters: JSON.stringify({ search: 'alfa' }) });
    expect(screen.getByRole('searchbox', { name: ptBR.shares.search })).toHaveValue('alfa');
    expect(screen.getByRole('columnheader', { name: new RegExp(ptBR.funds.cnpj) })).toHaveAttribute('aria-sort', 'descending');
  });

  it('filters users by profile through the SPEC ?profile, kept in the URL', async () => {
    const api = open('/usuarios');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Olívia Operadora');
    await user.click(screen.getByRole('combobox', { name: ptBR.users.profile }));
    await pickOption(ptBR.profile.fund);
    await waitFor(() => expect(last(api, '/user/list').params).toMatchObject({ profile: 'fund' }));
    expect(last(api, '/user/list').params?.filters).toBeUndefined();
    expect(location()).toMatch(/filters\[0\]\[field\]=profile.*filters\[0\]\[value\]=fund/);
    await user.type(screen.getByRole('searchbox', { name: ptBR.shares.search }), 'fabiana{Enter}');
    await waitFor(() => expect(last(api, '/user/list').params).toMatchObject({ profile: 'fund', filters: JSON.stringify({ search: 'fabiana' }) }));
  });

  it('links the players page to the files sent to players', async () => {
    open('/players');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(ptBR.players.files) }));
    // The list then writes its page and sort into the address (Refine's syncWithLocation).
    await waitFor(() => expect(location().split('?')[0]).toBe('/players/arquivos'));
    expect(await screen.findByRole('heading', { name: P.title })).toBeInTheDocument();
  });

  it('keeps the administrator out of /players', async () => {
    const api = open('/players', {}, 'adm');
    expect(await screen.findByText(ptBR.forbiddenPage.title)).toBeInTheDocument();
    expect(api.called('GET', '/player/list')).toHaveLength(0);
  });
});

describe('player files (/players/arquivos)', () => {
  it('lists what was sent: file, type in Portuguese, players, who and when, paged from the URL', async () => {
    // Page 2 of 10 exists: 11 files were sent (a page past the end would be brought back to the last).
    const api = open('/players/arquivos?currentPage=2&pageSize=10', { 'GET /player/list_files': { status: 200, data: { data: [sent()], total: 11, page: 2, limit: 10 } } });
    const row = (await screen.findByText('carteira.pdf')).closest('tr')!;
    expect(within(row).getByText(P.types.SHARE_PORTFOLIO)).toHaveClass('ant-tag');
    expect(within(row).getByText('Alfa Crédito Consignado I, Beta Multicotas')).toBeInTheDocument();
    expect(within(row).getByText('Olga Operadora')).toBeInTheDocument();
    expect(last(api, '/player/list_files').params).toEqual({ page: 2, limit: 10 });
    expect(screen.getByText('11 arquivos')).toBeInTheDocument();
  });

  it('downloads a sent file through a signed link', async () => {
    const api = open('/players/arquivos', { 'POST /storage/generate_link': { status: 200, data: { url: 'https://files.test/carteira?sig=1', expiresAt: '2026-11-20T13:05:00.000Z' } } });
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Baixar carteira.pdf' }));
    await waitFor(() => expect(opened).toEqual(['https://files.test/carteira?sig=1']));
    expect(api.called('POST', '/storage/generate_link')[0].body).toEqual({ filePath: 'repasse/2026/11/f-1/carteira.pdf' });
  });

  it('says when nothing was sent', async () => {
    open('/players/arquivos', { 'GET /player/list_files': list([]) });
    expect(await screen.findByText(P.empty)).toBeInTheDocument();
  });

  it('shows a failed load as an error with a retry', async () => {
    let fail = true;
    open('/players/arquivos', { 'GET /player/list_files': () => (fail ? { status: 500, data: { message: 'Internal server error' } } : list([sent()])) });
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: ptBR.app.retry }));
    expect(await screen.findByText('carteira.pdf')).toBeInTheDocument();
  });
});

describe("'Enviar arquivo'", () => {
  const pdf = (size = 1000, name = 'carteira.pdf') => new File([new Uint8Array(size).fill(7)], name, { type: 'application/pdf' });

  /** Storage and sending: the PUT waits for `release`, so the test sees the progress on the way. */
  const sendingRoutes = (reply: FakeReply = { status: 200, data: {} }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const routes: Record<string, FakeReply | Route> = {
      'POST /storage/upload_initialize': (call) => ({
        status: 200,
        data: {
          fileId: '6b1f3c2a-0000-4000-8000-0000000000f1',
          fileKey: 'repasse/2026/11/f1/carteira.pdf',
          partSize: STORAGE_LIMITS.partBytes,
          expiresAt: '2026-11-20T10:05:00.000Z',
          parts: Array.from({ length: (call.body as { totalParts: number }).totalParts }, (_, i) => ({ partNumber: i + 1, url: `/storage/part/f1/${i + 1}` })),
        },
      }),
      'POST /player/send_player_file': (call) =>
        reply.status === 200
          ? { status: 200, data: { ...sent({ fileName: 'carteira.pdf' }), file: { fileId: 'f1', fileName: 'carteira.pdf', filePath: 'k', size: 1000, contentType: 'application/pdf', documentType: null, uploadedAt: '2026-11-20T13:00:00.000Z' }, echo: call.body } }
          : reply,
    };
    return { routes, release, gate };
  };

  const openModal = async (routes: Record<string, FakeReply | Route>, gate?: Promise<void>) => {
    const api = open('/players/arquivos', {
      ...routes,
      'PUT /storage/part/f1/1': { status: 200, data: { etag: '"etag-1"' } },
    });
    // The part PUT goes around the API client (a bare axios call on its adapter): report half of its
    // bytes, then wait for the test before answering.
    const adapter = api.client.defaults.adapter as AxiosAdapter;
    api.client.defaults.adapter = async (config) => {
      if (config.method?.toUpperCase() === 'PUT') {
        const size = (config.data as ArrayBuffer).byteLength;
        config.onUploadProgress?.({ loaded: size / 2, total: size, bytes: size / 2, lengthComputable: true } as AxiosProgressEvent);
        await gate;
      }
      return adapter(config);
    };
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(P.send) }));
    const dialog = await screen.findByRole('dialog', { name: M.title });
    return { api, user, dialog };
  };

  const fill = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, file = pdf()) => {
    await user.click(within(dialog).getByRole('combobox', { name: M.fileType }));
    await pickOption(P.types.SHARE_PORTFOLIO);
    await user.click(within(dialog).getByRole('combobox', { name: M.players }));
    await pickOption('Alfa Crédito Consignado I · 11.222.333/0001-81');
    await user.type(within(dialog).getByRole('combobox', { name: M.players }), 'beta');
    await pickOption('Beta Multicotas · 45.723.174/0001-10');
    await user.upload(within(dialog).getByTestId('player-file-input') as HTMLInputElement, file);
  };

  it('asks for type, players and file before anything is sent', async () => {
    const { routes } = sendingRoutes();
    const { api, user, dialog } = await openModal(routes);
    await user.click(within(dialog).getByRole('button', { name: M.submit }));
    expect(await within(dialog).findByText(M.fileTypeRequired)).toBeInTheDocument();
    expect(await within(dialog).findByText(M.playersRequired)).toBeInTheDocument();
    expect(await within(dialog).findByText(M.fileRequired)).toBeInTheDocument();
    // A file the server would refuse is refused here, with the reason.
    await userEvent.setup({ delay: null, applyAccept: false }).upload(within(dialog).getByTestId('player-file-input') as HTMLInputElement, new File(['x'], 'virus.exe', { type: 'application/x-msdownload' }));
    expect(await within(dialog).findByText(ptBRWorkspace.upload.errors.type)).toBeInTheDocument();
    expect(api.called('POST', '/storage/upload_initialize')).toHaveLength(0);
    // A disabled player is shown but cannot be picked.
    await user.click(within(dialog).getByRole('combobox', { name: M.players }));
    const disabled = await screen.findByText(M.playerDisabled.replace('{{name}}', 'Horizonte Investimentos'));
    expect(disabled.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
  });

  it('uploads the file in parts with its progress; send_player_file completes it for the chosen players, then a toast and a fresh list', async () => {
    const { routes, release, gate } = sendingRoutes();
    const { api, user, dialog } = await openModal(routes, gate);
    await fill(user, dialog);
    expect(within(dialog).getByLabelText(M.picked.replace('{{name}}', 'carteira.pdf'))).toBeInTheDocument();
    const before = api.called('GET', '/player/list_files').length;
    await user.click(within(dialog).getByRole('button', { name: M.submit }));

    const bar = await within(dialog).findByRole('progressbar', { name: M.progress.replace('{{name}}', 'carteira.pdf') });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    release();

    await waitFor(() => expect(api.called('POST', '/player/send_player_file')).toHaveLength(1));
    expect(api.called('POST', '/storage/upload_initialize')[0].body).toMatchObject({ fileName: 'carteira.pdf', totalParts: 1, admSlug: 'repasse', size: 1000 });
    expect(api.called('POST', '/player/send_player_file')[0].body).toEqual({
      fileId: '6b1f3c2a-0000-4000-8000-0000000000f1',
      fileKey: 'repasse/2026/11/f1/carteira.pdf',
      parts: ['"etag-1"'],
      fileType: 'SHARE_PORTFOLIO',
      players: ['1', '3'],
    });
    // send_player_file completes the upload: no upload_finalize of its own.
    expect(api.called('POST', '/storage/upload_finalize')).toHaveLength(0);
    expect(await screen.findByText('Arquivo carteira.pdf enviado a 2 players.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.title })).toBeNull());
    await waitFor(() => expect(api.called('GET', '/player/list_files').length).toBeGreaterThan(before));
  });

  it('keeps the modal open with the reason when the server refuses (a player not enabled)', async () => {
    const { routes, release } = sendingRoutes({ status: 403, data: { message: 'Player not enabled', errors: { players: 'Player not enabled: Beta Multicotas' } } });
    release();
    const { user, dialog } = await openModal(routes);
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: M.submit }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ptBRWorkspace.upload.errors.finalize);
    expect(alert).toHaveTextContent(ptBR.errors.accessDenied);
    expect(screen.getByRole('dialog', { name: M.title })).toBeInTheDocument();
  });
});
