/**
 * The inputs the fuzz tests (fuzz.test.ts, fuzzStorage.test.ts) found answering 500 or writing on
 * a refusal, each pinned as a plain example (docs/security.md): NUL characters, ±Infinity that Ajv
 * lets through, the same two spelled inside the `filters` JSON, unknown filter keys echoed into the
 * message (where "null" or "share not found" made the app show another error), and the stale-upload
 * sweep that ran before upload_initialize had accepted the request, and paths the router could not
 * decode, answered in Fastify's own words.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';
import { createFingerprinter, publicTables } from './support/fuzzDb';
import { checkUnchanged } from './support/fuzzRoutes';
import { localStorageConfig } from './support/storage';
import type { UploadInitializeResponse } from '../../src/domain/workspace';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';

let t: TestApp;
let fingerprint: ReturnType<typeof createFingerprinter>;
let contractNumber: string;

beforeAll(async () => {
  t = await createTestApp({ shares: 20, config: { storage: await localStorageConfig() } });
  fingerprint = createFingerprinter(t, await publicTables(t));
  for (const u of [USERS.operator, USERS.acme]) await t.token(u);
  [{ contractNumber }] = await t.query<{ contractNumber: string }>(sql`select contract_number as "contractNumber" from shares order by contract_number limit 1`);
});
afterAll(async () => t?.close());

const post = async (url: string, payload: object, as: string = USERS.operator) =>
  t.inject({ method: 'POST', url: `/api${url}`, payload, headers: { authorization: `Bearer ${await t.token(as)}` } });

/** The answer is the 400 expected, and not a row of any table moved. */
async function refusedUnchanged(request: () => Promise<LightMyRequestResponse>, message: string | RegExp): Promise<void> {
  const before = await fingerprint();
  const res = await request();
  expectError(res, 400, message);
  checkUnchanged(before, await fingerprint(), res);
}

describe('the NUL character, which PostgreSQL cannot store', () => {
  it.each(['/share/get', '/share/status_get', '/bank/list', '/person/list', '/company/get', '/proposal/list', '/proposal/selected_get'])(
    'in a query parameter of GET %s is a 400 naming the field (was a 500)',
    async (path) => {
      await refusedUnchanged(() => t.get(`/api${path}?contractNumber=${encodeURIComponent(`${contractNumber}\u0000`)}`), 'Invalid query: contractNumber must not contain the NUL character');
    },
  );

  it('in a body field is a 400 before the handler runs (was a 500 on upload_finalize and send_player_file)', async () => {
    const fileId = '00000000-0000-1000-8000-000000000000';
    await refusedUnchanged(() => post('/storage/upload_finalize', { fileId, fileKey: "' OR '1'='1\u0000", parts: ['x'] }), 'Invalid body: fileKey must not contain the NUL character');
    await refusedUnchanged(
      () => post('/player/send_player_file', { fileId, fileKey: '\u0000', fileType: 'SHARE_PORTFOLIO', players: [1], parts: ['x'] }),
      'Invalid body: fileKey must not contain the NUL character',
    );
  });

  it('deep in a free object, or in one of its keys, names only the top field', async () => {
    const auction = expectOk<{ auctionId: string }>(await post('/auction/create', { isAuction: true, admId: 1 }));
    await refusedUnchanged(() => post('/auction/save_config', { auctionId: auction.auctionId, config: { name: 'Leilão', notes: [{ x: 'a\u0000b' }] } }), 'Invalid body: config must not contain the NUL character');
    await refusedUnchanged(() => post('/auction/save_config', { auctionId: auction.auctionId, config: { 'share not found\u0000': 1 } }), 'Invalid body: config must not contain the NUL character');
  });

  it('spelled "\\u0000" inside the filters JSON is a 400 naming the filter (was a 500 on every list)', async () => {
    await refusedUnchanged(() => t.get(listUrl('/fund/list', { filters: { search: 'שלום\u0000' } })), 'Invalid filter: search');
    await refusedUnchanged(() => t.get(listUrl('/share/list', { filters: { q: 'a\u0000b' } })), 'Invalid filter: q');
    await refusedUnchanged(() => t.get(listUrl('/auction/list', { filters: { search: '\u0000' } })), 'Invalid filter: search');
    await refusedUnchanged(() => t.get(listUrl('/user/list', { filters: { search: '\u0000' } })), 'Invalid filter: search');
  });

  it('is still taken where the schema forbids nothing but the database could store the rest: lone surrogates and RTL marks', async () => {
    expectOk(await t.get(listUrl('/share/list', { filters: { q: '\ud800\u202e😀' } })));
  });
});

describe('an unknown filter key, which is the caller\'s own text', () => {
  it.each([
    ['/share/list', 'share not found'],
    ['/fund/list', 'null'],
    ['/auction/list', 'storage'],
    ['/user/list', '../../etc/passwd'],
  ])('on %s, %j reads as invalid information, not as another error (was notFound, processing, storage…)', async (path, key) => {
    const body = expectError(await t.get(listUrl(path, { filters: { [key]: 1 } })), 400, 'Invalid filter: (unknown key)');
    expect(matchErrorMessage(body.message)).toEqual({ kind: 'catalogue', key: 'invalidInfo' });
  });

  it('is still named when it is a plain word', async () => {
    expectError(await t.get(listUrl('/share/list', { filters: { State: ['available'] } })), 400, 'Invalid filter: State');
  });
});

describe('±Infinity, which Ajv makes of "1e309" and then lets past minimum and maximum', () => {
  it.each([
    ['/white_label/get?admId=1e309', null, 'Invalid query: admId must be a finite number'],
    ['/adm_config/get?admId=1e309', USERS.operator, 'Invalid query: admId must be a finite number'],
    ['/share/list?page=1e309', USERS.operator, 'Invalid query: page must be a finite number'],
    ['/fund/list?limit=-1e309', USERS.operator, /^Invalid query: limit must be/],
  ] as const)('GET %s is a 400 (was a 500)', async (url, as, message) => {
    await refusedUnchanged(() => t.get(`/api${url}`, as), message);
  });

  it('in a body, as a string the schema coerces, is a 400 too (was a 500 on auction/create)', async () => {
    await refusedUnchanged(() => post('/auction/create', { isAuction: true, admId: '1e309' }), 'Invalid body: admId must be a finite number');
  });

  it('spelled 1e309 inside the filters JSON is a 400 naming the filter', async () => {
    await refusedUnchanged(() => t.get(`/api/share/list?filters=${encodeURIComponent('{"admId":1e309}')}`), 'Invalid filter: admId');
  });
});

describe('upload_initialize', () => {
  it('sweeps stale uploads only once it accepts the request: a refused one leaves them as they were', async () => {
    const stale = expectOk<UploadInitializeResponse>(await post('/storage/upload_initialize', { fileName: 'a.pdf', totalParts: 1, admSlug: 'acme' }));
    await t.query(sql`update files set created_at = now() - interval '1 day' where id = ${stale.fileId}`);
    await refusedUnchanged(() => post('/storage/upload_initialize', { fileName: 'virus.exe', totalParts: 1, admSlug: 'acme' }), 'Invalid file type');
    const before = await fingerprint();
    const res = await post('/storage/upload_initialize', { fileName: 'b.pdf', totalParts: 1, admSlug: 'orbita' }, USERS.acme);
    expectError(res, 404, 'Administrator not found');
    checkUnchanged(before, await fingerprint(), res);
    const [row] = await t.query<{ status: string }>(sql`select status from files where id = ${stale.fileId}`);
    expect(row.status).toBe('pending');
    // An accepted request still cleans up after the ones that never finished.
    expectOk(await post('/storage/upload_initialize', { fileName: 'c.pdf', totalParts: 1, admSlug: 'acme' }));
    const [after] = await t.query<{ status: string }>(sql`select status from files where id = ${stale.fileId}`);
    expect(after.status).toBe('aborted');
  });
});

describe('a path the router cannot decode', () => {
  it.each([
    ['/api/storage/part/%ED%A0%80/1', 400],
    ['/api/storage/part/%/1', 400],
    ['/api/storage/part/abc/%FF', 400],
    [`/api/storage/part/${'a'.repeat(101)}/1`, 414],
  ])('PUT %s answers %i in catalogue wording (was the router\'s own body, echoing the path)', async (url, status) => {
    const before = await fingerprint();
    const res = await t.inject({ method: 'PUT', url, payload: Buffer.from('x'), headers: { 'content-type': 'application/octet-stream' } });
    const body = expectError(res, status, 'Invalid URL');
    expect(matchErrorMessage(body.message)).toEqual({ kind: 'catalogue', key: 'urlInvalid' });
    checkUnchanged(before, await fingerprint(), res);
  });
});

describe('bodies nested deeper than a recursive serializer goes', () => {
  it('a 20,000-deep array in a free object is refused or stored, never a 500', async () => {
    const auction = expectOk<{ auctionId: string }>(await post('/auction/create', { isAuction: true, admId: 1 }));
    const payload = `{"auctionId":"${auction.auctionId}","config":{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    const res = await t.inject({
      method: 'POST',
      url: '/api/auction/save_config',
      payload,
      headers: { authorization: `Bearer ${await t.token(USERS.operator)}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('a nullable field of the wrong type', () => {
  it('reads as invalid information, not as a processing error', async () => {
    const [share] = await t.query<{ id: string }>(sql`select id from shares order by contract_number limit 1`);
    const res = await post('/person/save', { shareId: share.id, person: { signer: 2, name: {} } });
    const { message } = expectError(res, 400, 'Invalid body: person.name must be string or nothing');
    expect(matchErrorMessage(message)).toEqual({ kind: 'catalogue', key: 'invalidInfo' });
  });
});

