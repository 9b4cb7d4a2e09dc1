/**
 * The fuzzed surface, read from our own tables: every call of the API table, its schema as the
 * OpenAPI document publishes it, the users the permission matrix lets through, and the lists'
 * filter keys. A new call, field or filter is fuzzed without anyone writing a line here; a new
 * list without known filter keys fails the suite until it is added to FILTER_KEYS.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { API, type Endpoint, isPublicEndpoint } from '../../../src/domain/apiPaths';
import { matchErrorMessage } from '../../../src/domain/errorCatalogue';
import { ENDPOINT_PERMISSIONS, PERMISSIONS } from '../../../src/domain/permissions';
import type { Profile } from '../../../src/domain/profiles';
import { CANCEL_REASON_FILTER_KEYS, FUND_FILTER_KEYS, PLAYER_FILTER_KEYS, USER_FILTER_KEYS } from '../../../src/domain/referenceLists';
import { SHARE_FILTER_KEYS } from '../../../src/domain/shareList';
import { PENDENCY_FILTER_KEYS } from '../../../src/domain/pendencies';
import { AUCTION_FILTER_KEYS } from '../../../server/services/auctionList';
import { BRAND_FILTER_KEYS } from '../../../src/domain/management';
import { USERS, type TestApp } from './app';
import { type Exclusions, type Fingerprint, changedTables } from './fuzzDb';
import { type Expectation, type GenContext, type Mutation, type Schema, mutate, validValue } from './fuzzSchema';
import { HUGE, Huge, PATH_TRAVERSAL, hostileJson, hostileString, jsonText, materialize, shortHostileString } from './fuzzStrings';

export const ENDPOINTS: Endpoint[] = Object.values(API).flatMap((v) => ('method' in v ? [v as Endpoint] : (Object.values(v) as Endpoint[])));
export const label = (e: Endpoint) => `${e.method} ${e.path}`;

/** The `filters` keys of each list; the suite checks every list with a `filters` parameter is here. */
export const FILTER_KEYS: Record<string, readonly string[]> = {
  [label(API.share.list)]: SHARE_FILTER_KEYS,
  [label(API.share.transferList)]: SHARE_FILTER_KEYS,
  [label(API.share.canceledList)]: SHARE_FILTER_KEYS,
  [label(API.share.stateCounts)]: SHARE_FILTER_KEYS,
  [label(API.share.withPendencyList)]: [...SHARE_FILTER_KEYS, ...PENDENCY_FILTER_KEYS],
  [label(API.user.list)]: USER_FILTER_KEYS,
  [label(API.fund.list)]: FUND_FILTER_KEYS,
  [label(API.cancelReason.list)]: CANCEL_REASON_FILTER_KEYS,
  [label(API.player.list)]: PLAYER_FILTER_KEYS,
  [label(API.auction.list)]: AUCTION_FILTER_KEYS,
  [label(API.administrator.list)]: BRAND_FILTER_KEYS,
  [label(API.audit.list)]: ['userId', 'objectType', 'object', 'action', 'from', 'to'],
};

/**
 * What a rejected request may write, and why. Everything else must leave every table as it was.
 */
export const REJECTION_WRITES: Record<string, { exclusions: Exclusions; reason: string }> = {
  [label(API.user.login)]: {
    exclusions: { counters: { rowsWhere: 'true' }, audit_log: { rowsWhere: 'true' } },
    reason:
      'a request counts in the shared rate limit, a wrong password in the login throttles (docs/security.md), and a failed login is an audit trail entry (issue 18)',
  },
  [label(API.user.changePassword)]: {
    exclusions: { counters: { rowsWhere: 'true' } },
    reason: 'a wrong old password counts in the login throttles, like a failed login',
  },
  [label(API.user.verifyUsername)]: {
    exclusions: { counters: { rowsWhere: 'true' } },
    reason: 'a request counts in the shared rate limit',
  },
  [label(API.user.sendAuthCode)]: {
    exclusions: { counters: { rowsWhere: 'true' } },
    reason: 'a request counts in the shared rate limit',
  },
  [label(API.user.verifyAuthCode)]: {
    exclusions: { auth_codes: { columns: ['attempts'] }, decoy_flows: { columns: ['attempts'] }, counters: { rowsWhere: 'true' } },
    reason: "a wrong code spends one of the code's attempts (committed on purpose), and the request counts in the shared rate limit",
  },
  [label(API.user.authChangePassword)]: {
    exclusions: { counters: { rowsWhere: 'true' } },
    reason: 'a request counts in the shared rate limit',
  },
};

/** The signed-in user change_password is fuzzed as, so that no other test user's lockout moves. */
export const PASSWORD_USER = 'beatriz@repasse.dev';

const USER_OF: Record<Profile, string[]> = { operator: [USERS.operator], adm: [USERS.acme, USERS.orbita], fund: [USERS.fund] };

/** Who may call the endpoint: null (no session) for public calls, else every profile the matrix allows. */
export function callersOf(e: Endpoint): (string | null)[] {
  if (isPublicEndpoint(e)) return [null];
  const permission = ENDPOINT_PERMISSIONS.get(e);
  if (!permission) return [PASSWORD_USER];
  return (PERMISSIONS[permission] as readonly Profile[]).flatMap((p) => USER_OF[p]);
}

export interface RouteSchema {
  query?: Schema;
  body?: Schema;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

/** The request schemas of every endpoint, from the app's OpenAPI document (built from the route schemas). */
export function routeSchemas(doc: { paths: Record<string, Record<string, OpenApiOperation>> }, base: string): Map<Endpoint, RouteSchema> {
  const out = new Map<Endpoint, RouteSchema>();
  for (const e of ENDPOINTS) {
    const op = doc.paths[`${base}${e.path}`]?.[e.method.toLowerCase()];
    if (!op) throw new Error(`${label(e)} is not in the OpenAPI document`);
    const params = (op.parameters ?? []).filter((p) => p.in === 'query');
    const query: Schema | undefined = params.length
      ? { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema])), required: params.filter((p) => p.required).map((p) => p.name) }
      : undefined;
    const body = op.requestBody?.content?.['application/json']?.schema;
    out.set(e, { query: e.method === 'GET' ? (query ?? { type: 'object', properties: {} }) : query, body });
  }
  return out;
}

/** Real values by field name, so that part of the inputs reach past "not found". */
export async function loadPools(t: TestApp): Promise<Record<string, unknown[]>> {
  const shares = await t.query<{ id: string; contract_number: string; owner_document: string | null }>(
    sql`select distinct on (state) id, contract_number, owner_document from shares order by state, contract_number`,
  );
  const ids = async (statement: ReturnType<typeof sql>) => (await t.query<{ id: unknown }>(statement)).map((r) => r.id);
  const files = await t.query<{ id: string; key: string }>(sql`select id, key from files where status = 'complete' order by key limit 3`);
  const fileIds = files.map((f) => f.id);
  const keys = files.map((f) => f.key);
  const flow = await t.inject({ method: 'POST', url: '/api/user/verify_username', payload: { username: USERS.acme } });
  const publicIds = flow.statusCode === 200 ? [flow.json().publicId as string] : [];
  return {
    shareId: shares.map((s) => s.id),
    shareIds: shares.map((s) => s.id),
    contractNumber: shares.map((s) => s.contract_number),
    ownerDocument: shares.map((s) => s.owner_document).filter(Boolean),
    proposalId: await ids(sql`select id from proposals order by id limit 4`),
    auctionId: await ids(sql`select id::text as id from auctions order by id limit 3`),
    responsibleId: await ids(sql`select id from users where profiles[1] = 'operator' order by email limit 2`),
    reason: await ids(sql`select id from cancel_reasons order by id`),
    // Cancellation reasons (issue 16): a seeded one, the disabled one, an unknown one; a label taken, a new one, a blank one.
    reasonId: ['outro', 'prazo_expirado', 'nao_existe'],
    label: ['Preço não aceito', 'Cliente faleceu', '  '],
    personId: await ids(sql`select id::text as id from persons order by id limit 2`),
    bankId: await ids(sql`select id::text as id from banks order by id limit 2`),
    players: await ids(sql`select id from players order by id limit 3`),
    admId: [1, 2, 3],
    labelId: ['acme', 'orbita', 'nova-marca', 'demo-x'],
    admSlug: ['acme', 'orbita', 'repasse', 'adm-3'],
    username: [USERS.operator, USERS.acme, 'ninguem@example.com'],
    code: ['000000', '123456'],
    publicId: publicIds,
    fileId: fileIds,
    proofFile: fileIds,
    billetFile: fileIds,
    files: fileIds,
    fileKey: keys,
    // generate_link: real paths, and traversals out of and around them.
    filePath: [...keys, ...PATH_TRAVERSAL, ...keys.flatMap((k) => [`${k}/../../../../etc/passwd`, k.replace('/', '/../'), `${k}%00.pdf`, `${k}\u0000`, k.toUpperCase()])],
    // Management (issue 11): users no fuzzed call signs in as, so a disable or a reset ends no caller's session.
    userId: await ids(sql`select id from users where email in ('restrito@acme.repasse.dev', 'caio@repasse.dev', 'adm@vertice.repasse.dev', 'fundo.beta@repasse.dev') order by email`),
    fundId: [1, 2],
    playerId: await ids(sql`select id from players order by id limit 3`),
    faviconFile: fileIds,
    name: ['Nova Marca', 'Fundo Ômega FIDC', '  '],
    email: ['novo@example.com', USERS.acme.toUpperCase(), 'sem arroba'],
    cnpj: ['11.222.333/0001-81', '11222333000181', '12.ABC.345/01DE-35', '11.222.333/0001-82'],
    document: ['529.982.247-25', '11.222.333/0001-81', '123'],
    primary: ['#2863D0', '#FFFF00', 'red'],
    secondary: ['#FFFFFF', '#FFF'],
    deniedPermissions: ['share.read', 'fund.list', 'nope'],
    fileName: ['contrato.pdf', '../../etc/passwd.pdf', '..\\..\\boot.ini.pdf', 'a\u0000b.pdf', '😀.pdf', '\u202egpj.exe.pdf', '%2e%2e%2fx.pdf', 'CON.pdf', '.pdf', ' .pdf', '....pdf'],
  };
}

/** The `filters` JSON of a list: its own keys with hostile values, plus the odd unknown key. */
export function filtersArb(keys: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(shortHostileString, fc.array(shortHostileString, { maxLength: 3 }), fc.constantFrom(1, -1, 0, 2 ** 31, true, false, null, 1.5), fc.constant({ $ne: null }));
  return fc
    .dictionary(fc.constantFrom(...keys), value, { minKeys: 1, maxKeys: keys.length })
    .map((o) => JSON.stringify(o))
    .filter((s) => [...s].length <= 2000);
}

/** Percent-encodes like encodeURIComponent, but a lone surrogate becomes its (invalid) UTF-8 bytes instead of a throw. */
export function encodeComponent(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(s[i]);
  }
  return out;
}

export function queryString(input: unknown): string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return '';
  const parts: string[] = [];
  const one = (k: string, v: unknown) => {
    const text = typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    parts.push(`${encodeComponent(k)}=${encodeComponent(text)}`);
  };
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v)) for (const x of v) one(k, x);
    else one(k, v);
  }
  return parts.join('&');
}

export interface FuzzCase {
  as: string | null;
  kind: string;
  path?: Mutation['path'];
  /** A hostile Authorization header in place of the caller's token. */
  authorization?: string;
  /** The body, or the query as an object. */
  input?: unknown;
  /** A body sent as these bytes and content type instead of JSON. */
  raw?: { payload: string | Huge; contentType: string };
  /** Raw text appended to the query string. */
  rawQuery?: string;
  expect?: Expectation;
}

const HOSTILE_AUTH = [
  'Bearer ',
  'Bearer x',
  'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAifQ.',
  "Bearer ' OR '1'='1",
  'Basic YWRtaW46YWRtaW4=',
  'bearer bearer bearer',
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer ../../etc/passwd',
];

const RAW_QUERIES = ['%', '%ZZ', '&&&=&', 'page=1&page=2', 'limit=1&limit=x', 'a[b][c]=1', '__proto__[x]=1', 'constructor.prototype.x=1', '=', '%00=%00', '%ED%A0%80=%FF', `x=${'%FF'.repeat(1000)}`];

/** Every request the fuzzer makes to one endpoint. */
export function casesFor(e: Endpoint, schema: RouteSchema, ctx: GenContext, filterKeys?: readonly string[]): fc.Arbitrary<FuzzCase> {
  const callers = callersOf(e);
  const as = fc.constantFrom(...callers);
  const place = e.method === 'GET' ? 'query' : 'body';
  const own = place === 'query' ? schema.query! : schema.body;
  const cases: fc.MaybeWeightedArbitrary<FuzzCase>[] = [];
  if (own) {
    const valid = validValue(own, ctx);
    cases.push({ arbitrary: fc.record({ as, input: valid }).map((c) => ({ ...c, kind: 'valid' })), weight: 2 });
    cases.push({
      arbitrary: fc.tuple(as, valid.chain((v) => mutate(own, v, place))).map(([who, m]) => ({ as: who, input: m.value, kind: m.mutation.kind, path: m.mutation.path, expect: m.mutation.expect })),
      weight: 6,
    });
    if (place === 'body') {
      cases.push({ arbitrary: fc.tuple(as, valid).chain(([who, v]) => envelopeCases(who, v)), weight: 2 });
    } else {
      cases.push({ arbitrary: fc.record({ as, input: valid, rawQuery: fc.constantFrom(...RAW_QUERIES) }).map((c) => ({ ...c, kind: 'rawQuery' })), weight: 1 });
    }
    if (filterKeys) {
      // A key the list does not know, whatever its spelling: refused as invalid information, never read as another error.
      const unknownKey = fc.oneof(shortHostileString, fc.constantFrom('null', 'missing', 'share not found', 'storage', 'forbidden', 'q ', 'State')).filter((k) => !filterKeys.includes(k));
      cases.push({
        arbitrary: fc.record({ as, input: valid, key: unknownKey, value: hostileJson }).map(({ key, value, ...c }) => ({
          ...c,
          input: { ...(c.input as object), filters: JSON.stringify({ [key]: value }) },
          kind: 'unknownFilter',
          expect: { status: 400, message: /^Invalid filter: /, catalogueKey: 'invalidInfo' },
        })),
        weight: 1,
      });
    }
  } else {
    cases.push({ arbitrary: fc.record({ as, input: hostileJson }).map((c) => ({ ...c, kind: 'hostile' })), weight: 1 });
  }
  if (!isPublicEndpoint(e)) {
    cases.push({
      arbitrary: fc.record({ authorization: fc.constantFrom(...HOSTILE_AUTH) }).map((c) => ({ ...c, as: null, kind: 'hostileAuth', expect: { status: 401, message: 'Unauthorized' } })),
      weight: 1,
    });
  }
  return fc.oneof(...cases);
}

const BODY_TOO_LARGE = new Huge('a', 1_100_000);

/** The body's envelope: bytes that are not the JSON object the route reads. */
function envelopeCases(as: string | null, valid: unknown): fc.Arbitrary<FuzzCase> {
  const json = jsonText(valid);
  return fc.oneof(
    fc.integer({ min: 1, max: Math.max(1, json.length - 1) }).map((cut) => ({
      as,
      kind: 'truncatedJson',
      raw: { payload: json.slice(0, json.length - cut), contentType: 'application/json' },
      expect: { status: 400, message: 'Invalid request body' },
    })),
    fc.constant({
      as,
      kind: 'protoPollution',
      raw: { payload: `{"__proto__":{"admin":true},${json.slice(1)}`, contentType: 'application/json' },
      expect: { status: 400, message: 'Invalid request body' },
    }),
    fc.constant({ as, kind: 'tooLarge', raw: { payload: BODY_TOO_LARGE, contentType: 'application/json' }, expect: { status: 413, message: 'Invalid request: body is too large' } }),
    fc.constantFrom('application/json; charset=utf-16', 'application/json; charset="../../etc"', 'application/json;;;', 'APPLICATION/JSON').map((contentType) => ({
      as,
      kind: 'oddJsonType',
      raw: { payload: json, contentType },
    })),
    fc.constantFrom('application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded').map((contentType) => ({
      as,
      kind: 'contentType',
      raw: { payload: json, contentType },
      expect: { status: 415, message: 'Invalid content type' },
    })),
    fc.constant({ as, kind: 'emptyJson', raw: { payload: '', contentType: 'application/json' }, expect: { status: 400, message: 'Request body is required' } }),
    fc.oneof(hostileString, fc.constantFrom(...HUGE)).map((s) => ({ as, kind: 'textPlain', raw: { payload: s, contentType: 'text/plain' } })),
    hostileJson.filter((v) => !v || typeof v !== 'object' || Array.isArray(v)).map((v) => ({ as, kind: 'nonObject', input: v })),
  );
}

/** Sends one case; the caller's token comes from the harness (cached per user). */
export async function send(t: TestApp, e: Endpoint, c: FuzzCase): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (c.authorization !== undefined) headers.authorization = c.authorization;
  else if (c.as) headers.authorization = `Bearer ${await t.token(c.as)}`;
  if (e.method === 'GET') {
    const qs = [queryString(materialize(c.input)), c.rawQuery].filter(Boolean).join('&');
    return t.inject({ method: 'GET', url: `/api${e.path}${qs ? `?${qs}` : ''}`, headers });
  }
  if (c.raw) {
    const payload = c.raw.payload instanceof Huge ? c.raw.payload.text() : c.raw.payload;
    return t.inject({ method: e.method, url: `/api${e.path}`, headers: { ...headers, 'content-type': c.raw.contentType }, payload });
  }
  // Always JSON, even for a bare string or number (inject would send those as text).
  return t.inject({ method: e.method, url: `/api${e.path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: jsonText(c.input ?? null) });
}

/** The answer to any input: a 2xx, or a 4xx whose JSON message the error catalogue recognises; never a 5xx. */
export function checkAnswer(res: LightMyRequestResponse, expected?: Expectation): void {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect((res.statusCode >= 200 && res.statusCode < 300) || res.statusCode >= 400, where).toBe(true);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    const body = res.json() as { message?: unknown; errors?: unknown };
    // save_config's 400 also lists its `problems` (issue 13).
    expect(Object.keys(body).every((k) => k === 'message' || k === 'errors' || k === 'problems'), where).toBe(true);
    expect(typeof body.message, where).toBe('string');
    expect(matchErrorMessage(body.message as string).kind, `"${body.message}" is not in the catalogue`).toBe('catalogue');
    if (body.errors !== undefined) expect(Object.values(body.errors as object).every((v) => typeof v === 'string'), where).toBe(true);
  }
  if (expected) {
    expect(res.statusCode, where).toBe(expected.status);
    const message = (res.json() as { message: string }).message;
    if (typeof expected.message === 'string') expect(message).toBe(expected.message);
    else expect(message).toMatch(expected.message);
    if (expected.catalogueKey) expect(matchErrorMessage(message), message).toEqual({ kind: 'catalogue', key: expected.catalogueKey });
  }
}

export function checkUnchanged(before: Fingerprint, after: Fingerprint, res: LightMyRequestResponse): void {
  expect(changedTables(before, after), `rejected with ${res.statusCode} ${res.body.slice(0, 200)} but these tables changed`).toEqual([]);
}
