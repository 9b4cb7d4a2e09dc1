/**
 * Player files: GET /player/list_file_types, GET /player/list_files and POST /player/send_player_file,
 * which completes a chunked upload (the storage flow's finalize) and records who received the file.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_FILE_TYPES, type PlayerFileItem, type PlayerFileTypeItem, type SendPlayerFileResponse } from '../../src/domain/playerFiles';
import type { ListResponse } from '../../src/domain/shareList';
import type { GeneratedLink, UploadInitializeResponse } from '../../src/domain/workspace';
import { type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { initialize, localStorageConfig, pdfBytes, post, putPart } from './support/storage';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ shares: 20, config: { storage: await localStorageConfig() } });
});
afterAll(async () => {
  await t?.close();
});

interface Staged {
  fileId: string;
  fileKey: string;
  parts: string[];
  bytes: Buffer;
}

/** Initializes an upload and PUTs its parts, leaving the completion to send_player_file. */
async function stage(as: string = USERS.operator, { fileName = 'carteira.pdf', parts = 1, seed = 1 } = {}): Promise<Staged> {
  const bytes = pdfBytes(parts > 1 ? 6 * 1024 * 1024 : 4096, seed);
  const init = expectOk<UploadInitializeResponse>(await initialize(t, as, { fileName, totalParts: parts, admSlug: 'repasse', size: bytes.length }));
  const size = init.partSize;
  const etags: string[] = [];
  for (const p of init.parts) {
    const res = await putPart(t, p.url, bytes.subarray((p.partNumber - 1) * size, p.partNumber * size));
    expect(res.statusCode, res.body).toBe(200);
    etags.push(res.json().etag);
  }
  return { fileId: init.fileId, fileKey: init.fileKey, parts: etags, bytes };
}

const send = (body: object, as: string | null = USERS.operator) => post(t, as, '/player/send_player_file', body);
const bodyOf = (s: Staged, extra: object = {}) => ({ fileId: s.fileId, fileKey: s.fileKey, parts: s.parts, fileType: 'SHARE_PORTFOLIO', players: [1, 3], ...extra });
const fileStatus = async (id: string) => (await t.query<{ status: string }>(sql`select status from files where id = ${id}`))[0]?.status;
const sentCount = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from player_files`))[0].n;
const listFiles = async (qs = '') => expectOk<ListResponse<PlayerFileItem>>(await t.get(`/api/player/list_files${qs}`));

describe('GET /player/list_file_types', () => {
  it('answers the fixed table of types to operators only', async () => {
    const res = expectOk<ListResponse<PlayerFileTypeItem>>(await t.get('/api/player/list_file_types'));
    expect(res.data.map((x) => x.fileType)).toEqual([...PLAYER_FILE_TYPES]);
    expect(res.data.every((x) => x.description.length > 0)).toBe(true);
    expect(res.total).toBe(PLAYER_FILE_TYPES.length);
    expectError(await t.get('/api/player/list_file_types', USERS.acme), 403, 'Permission denied');
    expectError(await t.get('/api/player/list_file_types', USERS.fund), 403, 'Permission denied');
    expectError(await t.get('/api/player/list_file_types', null), 401);
  });
});

describe('POST /player/send_player_file', () => {
  it('completes a multi-part upload, records the players and lists it first; the bytes come back unchanged', async () => {
    const staged = await stage(USERS.operator, { fileName: 'carteira de cotas.pdf', parts: 2 });
    expect(staged.parts).toHaveLength(2);
    expect(await fileStatus(staged.fileId)).toBe('pending');
    const res = expectOk<SendPlayerFileResponse>(await send(bodyOf(staged)));
    expect(res).toMatchObject({
      fileId: staged.fileId,
      fileName: 'carteira de cotas.pdf',
      filePath: staged.fileKey,
      fileType: 'SHARE_PORTFOLIO',
      players: [
        { playerId: 1, name: 'Alfa Crédito Consignado I' },
        { playerId: 3, name: 'Beta Multicotas' },
      ],
      sentBy: 'Olívia Operadora',
      file: { fileId: staged.fileId, size: staged.bytes.length },
    });
    expect(await fileStatus(staged.fileId)).toBe('complete');

    const list = await listFiles();
    expect(list.data[0]).toEqual({ ...res, file: undefined, sentAt: res.sentAt });

    const link = expectOk<GeneratedLink>(await post(t, USERS.operator, '/storage/generate_link', { filePath: res.filePath }));
    const download = await t.inject({ method: 'GET', url: link.url });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, staged.bytes)).toBe(0);
  });

  it('takes player ids as strings (SPEC §5) and answers a repeated call with the first sending', async () => {
    const staged = await stage();
    const first = expectOk<SendPlayerFileResponse>(await send(bodyOf(staged, { players: ['2', '5', '2'] })));
    expect(first.players.map((p) => p.playerId)).toEqual([2, 5]);
    const before = await sentCount();
    const again = expectOk<SendPlayerFileResponse>(await send(bodyOf(staged, { players: ['2', '5'] })));
    expect(again.playerFileId).toBe(first.playerFileId);
    expect(await sentCount()).toBe(before);
  });

  it('is for operators only', async () => {
    const staged = await stage();
    expectError(await send(bodyOf(staged), USERS.acme), 403, 'Permission denied');
    expectError(await send(bodyOf(staged), USERS.fund), 403, 'Permission denied');
    expectError(await send(bodyOf(staged), null), 401);
    expectError(await t.get('/api/player/list_files', USERS.acme), 403, 'Permission denied');
    expectError(await t.get('/api/player/list_files', USERS.fund), 403, 'Permission denied');
    expect(await fileStatus(staged.fileId)).toBe('pending');
  });

  it('refuses bad input with 400 and leaves the upload pending', async () => {
    const staged = await stage();
    const before = await sentCount();
    expectError(await send(bodyOf(staged, { players: [] })), 400, /^Invalid body: players/);
    expectError(await send(bodyOf(staged, { parts: [] })), 400, /^Invalid body: parts/);
    expectError(await send(bodyOf(staged, { players: ['abc'] })), 400, /^Invalid body: players/);
    expectError(await send(bodyOf(staged, { fileType: 'MEME' })), 400, /^Invalid body: fileType must be one of/);
    expectError(await send({ ...bodyOf(staged), fileKey: undefined }), 400, 'fileKey is required');
    expectError(await send(bodyOf(staged, { fileId: 'not-a-uuid' })), 400, /^Invalid body: fileId/);
    const unknown = expectError(await send(bodyOf(staged, { players: [1, 999] })), 400, 'Invalid players');
    expect(unknown.errors).toEqual({ players: 'Player not found: 999' });
    expectError(await send(bodyOf(staged, { parts: [...staged.parts, 'extra'] })), 400, /^Invalid upload: expected 1 parts/);
    expect(await sentCount()).toBe(before);
  });

  it('refuses a disabled player as access denied (SPEC §8), then sends the same upload to enabled ones', async () => {
    const staged = await stage();
    const res = expectError(await send(bodyOf(staged, { players: [1, 6] })), 403, 'Player not enabled');
    expect(res.errors?.players).toMatch(/Horizonte Investimentos/);
    expect(await fileStatus(staged.fileId)).toBe('pending');
    expectOk(await send(bodyOf(staged, { players: [1] })));
  });

  it('answers 404 for an unknown file, a key that is not the file\'s, or another user\'s upload', async () => {
    const staged = await stage();
    const other = await stage(USERS.operator, { seed: 2 });
    expectError(await send(bodyOf(staged, { fileId: '00000000-0000-4000-8000-000000000000' })), 404, 'Document not found');
    expectError(await send(bodyOf(staged, { fileKey: other.fileKey })), 404, 'Document not found');
    // An upload is completed only by whoever began it.
    const fund = await stage(USERS.fund, { seed: 3 });
    expectError(await send(bodyOf(fund)), 404, 'Document not found');
    expect(await fileStatus(fund.fileId)).toBe('pending');
  });
});

describe('GET /player/list_files', () => {
  it('pages the sendings newest first', async () => {
    for (const seed of [11, 12, 13]) expectOk(await send(bodyOf(await stage(USERS.operator, { fileName: `arquivo-${seed}.pdf`, seed }), { fileType: 'REPORT' })));
    const all = await listFiles('?limit=100');
    expect(all.total).toBe(await sentCount());
    const times = all.data.map((x) => Date.parse(x.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.data.slice(0, 3).map((x) => x.fileName)).toEqual(['arquivo-13.pdf', 'arquivo-12.pdf', 'arquivo-11.pdf']);
    const page1 = await listFiles('?page=1&limit=2');
    const page2 = await listFiles('?page=2&limit=2');
    expect(page1).toMatchObject({ page: 1, limit: 2, total: all.total });
    expect([...page1.data, ...page2.data].map((x) => x.playerFileId)).toEqual(all.data.slice(0, 4).map((x) => x.playerFileId));
    expectError(await t.get('/api/player/list_files?limit=1000'), 400, /^Invalid query: limit/);
    expectError(await t.get('/api/player/list_files?page=0'), 400, /^Invalid query: page/);
  });
});
