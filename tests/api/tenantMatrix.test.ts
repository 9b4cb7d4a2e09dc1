/**
 * Own tenant / other tenant, for every call of the API table, generated from the route schemas (the
 * OpenAPI document the server builds from the same table): wherever a request names a tenant's
 * object (a share, a proposal, an auction, a file, an administrator), naming another tenant's object
 * is refused exactly like naming one that does not exist, and leaves the database unchanged.
 * A call added later is either covered here by its parameter names or must be classified below.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint, isPublicEndpoint } from '../../src/domain/apiPaths';
import { ENDPOINT_PERMISSIONS, PERMISSIONS } from '../../src/domain/permissions';
import { USERS, createTestApp, type TestApp } from './support/app';
import { createFingerprinter, publicTables } from './support/fuzzDb';
import { VALID_BOLETO } from './support/shares';
import { initialize } from './support/storage';
import { cpfFrom, insertFile } from './support/workspace';

const ENDPOINTS: Endpoint[] = Object.values(API).flatMap((v) => ('method' in v ? [v as Endpoint] : (Object.values(v) as Endpoint[])));
const label = (e: Endpoint) => `${e.method} ${e.path}`;

/** Parameters that name a tenant's object. */
const TENANT_KEYS = ['contractNumber', 'shareId', 'shareIds', 'proposalId', 'auctionId', 'filePath', 'fileId', 'fileKey', 'admId', 'admSlug', 'userId', 'pendencyId'] as const;
type TenantKey = (typeof TENANT_KEYS)[number];

/** Calls that name no tenant's object, and why that is safe. */
const NOT_TENANT_SCOPED: Record<string, string> = {
  'POST /user/change_password': "the session's own user",
  'POST /user/verify_username': 'account flow before a session: names a user by e-mail (account.test.ts)',
  'POST /user/send_auth_code': 'account flow before a session (opaque handle)',
  'POST /user/verify_auth_code': 'account flow before a session (opaque handle)',
  'POST /user/auth_change_password': 'account flow before a session (opaque handle)',
  'GET /user/list': "list scoped by the session: an administrator's own brand (userAdmin.test.ts)",
  'POST /user/logout': "the session's own session",
  // Management of brands, funds and players (issue 11) is for operators, who see every tenant.
  'GET /administrator/list': 'operators only',
  'POST /administrator/create': 'operators only; names no existing object',
  'GET /fund/get': 'operators only',
  'POST /fund/create': 'operators only',
  'POST /fund/update': 'operators only',
  'POST /fund/disable': 'operators only',
  'POST /fund/enable': 'operators only',
  'GET /player/get': 'operators only',
  'POST /player/create': 'operators only',
  'POST /player/update': 'operators only',
  'POST /player/disable': 'operators only',
  'POST /player/enable': 'operators only',
  // Cancellation reasons (issue 16): platform-wide reference data, operators only.
  'GET /cancel_reason/list': 'operators only; reference data',
  'GET /cancel_reason/get': 'operators only; reference data',
  'POST /cancel_reason/create': 'operators only; reference data',
  'POST /cancel_reason/update': 'operators only; reference data',
  'POST /cancel_reason/disable': 'operators only; reference data',
  'POST /cancel_reason/enable': 'operators only; reference data',
  'GET /share/list': 'list scoped by the session (tenancy.test.ts)',
  'GET /share/transfer_list': 'list scoped by the session (tenancy.test.ts)',
  'GET /share/canceled_list': 'list scoped by the session (tenancy.test.ts)',
  'GET /share/with_pendency_list': 'list scoped by the session (pendency.test.ts)',
  'GET /share/canceled_reason_list': 'reference data',
  'GET /share/administrator_options': 'list scoped by the session (administratorOptions.test.ts)',
  'GET /share/state_counts': 'counts scoped by the session (dashboard.test.ts)',
  'GET /dashboard/summary': 'figures scoped by the session (dashboard.test.ts)',
  'GET /fund/list': 'reference list',
  'GET /player/list': 'reference list',
  'GET /player/list_files': 'platform files (operators only)',
  'GET /player/list_file_types': 'reference data',
  'GET /bank/list_brazilian_banks': 'reference data',
  'GET /auction/list': 'list scoped by the session (auction.test.ts)',
  // Exports (issue 18): a list's own query under its own scope (export.test.ts).
  'POST /user/list_export': "export of a list scoped by the session: an administrator's own brand (export.test.ts)",
  'POST /auction/list_export': 'export of a list scoped by the session (export.test.ts)',
  'POST /auction/share_results_export': "export of an auction's results, scoped like GET /auction/share_results (export.test.ts)",
  'POST /share/list_export': 'export of a list scoped by the session (export.test.ts)',
  'POST /share/transfer_list_export': 'export of a list scoped by the session (export.test.ts)',
  'POST /share/canceled_list_export': 'export of a list scoped by the session (export.test.ts)',
  'POST /share/with_pendency_list_export': 'export of a list scoped by the session (export.test.ts)',
  'POST /player/list_export': 'operators only',
  'POST /player/list_files_export': 'operators only',
  'POST /fund/list_export': 'reference list',
  'POST /administrator/list_export': 'operators only',
  // Saved views and columns (issue 18): the session's own user's rows only; another's is a 404 (listViews.test.ts).
  'GET /view/list': "the session's own user's views",
  'GET /view/get': "the session's own user's views (another's is a 404)",
  'POST /view/create': "the session's own user's views",
  'POST /view/update': "the session's own user's views (another's is a 404)",
  'POST /view/delete': "the session's own user's views (another's is a 404)",
  'GET /view/columns_list': "the session's own user's columns",
  'POST /view/columns_save': "the session's own user's columns",
  // The audit trail and live updates (issue 18): scoped by the session (audit.test.ts, live.test.ts).
  'GET /audit/list': "trail scoped by the session: an administrator's own brand (audit.test.ts)",
  'GET /audit/user_options': "users scoped by the session: an administrator's own brand (audit.test.ts)",
  'GET /live/events': 'events scoped by the session (live.test.ts)',
};
/** Public calls (health, login, the brands the login page shows) have no session to scope. */
const checked = (e: Endpoint) => !isPublicEndpoint(e) && !NOT_TENANT_SCOPED[label(e)];

/**
 * An Acme administrator against Órbita's objects, and fund 1 against fund 2's. A fund works with
 * every administrator's shares (its boundary is its fund), so naming an administrator is no tenant
 * crossing for it: it may read any administrator's configuration and upload on its behalf.
 */
const ACTORS = [
  { profile: 'adm' as const, email: USERS.acme, notTenant: [] as TenantKey[] },
  { profile: 'fund' as const, email: USERS.fund, notTenant: ['admId', 'admSlug'] as TenantKey[] },
];
/**
 * Calls where "missing" is no refusal to compare with: for an administrator, a slug that names no
 * administrator only prefixes the key of the administrator's own file (another's slug is refused).
 */
const MISSING_IS_NOT_A_REFUSAL: Record<string, string> = {
  'POST /storage/upload_initialize': "an unknown admSlug names the key prefix of the administrator's own file",
};
/** Fillers that differ by call (the first signer cannot be removed, so a delete names the second). */
const FILLERS_FOR: Record<string, Record<string, unknown>> = {
  'POST /person/delete': { person: { signer: 2 } },
  // The run is looked up inside the auction, so another tenant's auction refuses it first.
  'POST /auction/pricing_retry': { pricingId: '00000000-0000-4000-8000-00000000beef' },
  // Pendencies (issue 15): valid fields, so that only the tenant of the share or pendency can refuse.
  'POST /share/pendency_open': { kind: 'signer_data', description: 'Teste de isolamento.' },
  'POST /share/pendency_add_ticket': { kind: 'zip_payment_ticket', amount: 10, dueDate: '2026-12-01' },
  'POST /share/pendency_register_payment': { amount: 10 },
};

let t: TestApp;
let fingerprint: ReturnType<typeof createFingerprinter>;
let docPaths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content: { 'application/json': { schema: { properties?: Record<string, unknown>; required?: string[] } } } } }>>;
type Values = Record<TenantKey, unknown>;
/** Per actor: tenant-key values of another tenant's objects, and of objects that do not exist. */
const foreignOf: Record<string, Values> = {};
const MISSING_UUID = '00000000-0000-4000-8000-00000000dead';
const missing: Values = {
  contractNumber: 'XXX-9999999',
  shareId: MISSING_UUID,
  shareIds: [MISSING_UUID],
  proposalId: MISSING_UUID,
  auctionId: MISSING_UUID,
  filePath: 'nao-existe/arquivo.pdf',
  fileId: MISSING_UUID,
  fileKey: 'nao-existe/arquivo.pdf',
  admId: 999,
  admSlug: 'nao-existe',
  userId: MISSING_UUID,
  pendencyId: MISSING_UUID,
};
let fillers: Record<string, unknown>;

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function objectsOf(where: ReturnType<typeof sql>, admSlug: string, admId: number, auctionId: string, upload: { fileId: string; fileKey: string }, userEmail: string): Promise<Values> {
  const [share] = await t.query<{ id: string; contract_number: string }>(
    sql`select s.id, s.contract_number from shares s where ${where} and exists (select 1 from proposals p where p.share_id = s.id) order by s.contract_number limit 1`,
  );
  const [proposal] = await t.query<{ id: string }>(sql`select id from proposals where share_id = ${share.id} order by id limit 1`);
  const fileId = await insertFile(t, share.id, 'CNH');
  const [file] = await t.query<{ key: string }>(sql`select key from files where id = ${fileId}`);
  const [user] = await t.query<{ id: string }>(sql`select id from users where email = ${userEmail}`);
  const [pendency] = await t.query<{ id: string }>(
    sql`insert into pendencies (share_id, kind, description) values (${share.id}, 'signer_data', 'Pendência de outro cliente.') returning id`,
  );
  return {
    contractNumber: share.contract_number,
    shareId: share.id,
    shareIds: [share.id],
    proposalId: proposal.id,
    auctionId,
    filePath: file.key,
    fileId: upload.fileId,
    fileKey: upload.fileKey,
    admId,
    admSlug,
    userId: user.id,
    pendencyId: pendency.id,
  };
}

beforeAll(async () => {
  t = await createTestApp({ shares: 120 });
  fingerprint = createFingerprinter(t, await publicTables(t));
  docPaths = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
  const token = async (email: string) => ({ authorization: `Bearer ${await t.token(email)}` });
  const orbitaAuction = (await t.inject({ method: 'POST', url: '/api/auction/create', headers: await token(USERS.orbita), payload: { isAuction: true } })).json().auctionId as string;
  const orbitaUpload = (await initialize(t, USERS.orbita, { fileName: 'orbita.pdf', totalParts: 1, admSlug: 'orbita', size: 100, contentType: 'application/pdf' })).json();
  foreignOf[USERS.acme] = await objectsOf(sql`s.adm_id = 2`, 'orbita', 2, orbitaAuction, orbitaUpload, USERS.orbita);
  // A fund's other tenant is another fund; auctions and uploads of another administrator stand in for the rest.
  foreignOf[USERS.fund] = await objectsOf(sql`s.fund_id = 2`, 'orbita', 2, orbitaAuction, orbitaUpload, USERS.fundBeta);

  const [ownShare] = await t.query<{ id: string; contract_number: string }>(sql`select id, contract_number from shares where adm_id = 1 order by contract_number limit 1`);
  const ownFile = await insertFile(t, ownShare.id, 'PAYMENT_PROOF', 'comprovante.pdf');
  const [operator] = await t.query<{ id: string }>(sql`select id from users where email = ${USERS.operator}`);
  fillers = {
    person: { signer: 1, name: 'Joana Teste da Silva', cpf: cpfFrom('529982247'), phone: '(11) 3456-7890', email: 'joana@example.com' },
    company: { cnpj: '11.222.333/0001-81' },
    bank: { code: '341', agency: '1234', account: '12345-6' },
    select: true,
    withDocuments: true,
    proofFile: ownFile,
    billetFile: ownFile,
    billetLine: VALID_BOLETO,
    // The pendency calls' files: the administrator's own (the tenant crossing is the pendency's).
    file: ownFile,
    paidDate: yesterday(),
    reason: 'outro',
    detail: 'Teste de isolamento.',
    documentType: 'CNH',
    ownerDocument: '52998224725',
    price: 1000,
    responsibleId: operator.id,
    config: {
      name: 'Leilão de teste',
      startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 9 * 86_400_000).toISOString(),
      contractNumbers: [ownShare.contract_number],
      fundIds: [1],
      playerIds: [5],
      minimumPrice: { kind: 'fixed', value: 1000 },
    },
    files: [ownFile],
    fileType: 'ADDITIONAL',
    isAuction: true,
    parts: ['etag-1'],
    fileName: 'arquivo.pdf',
    totalParts: 1,
    players: [5],
    // POST /user/create: an administrator naming another brand (or none that exists) in admId.
    name: 'Usuária da Matriz',
    email: 'matriz@example.com',
    profile: 'adm',
  };
});
afterAll(async () => t?.close());

interface Shape {
  query: { name: string; required: boolean }[];
  body: { name: string; required: boolean }[];
}
function shapeOf(e: Endpoint): Shape {
  const op = docPaths[`/api${e.path}`]?.[e.method.toLowerCase()];
  if (!op) throw new Error(`${label(e)} is not in the OpenAPI document`);
  const schema = op.requestBody?.content['application/json'].schema;
  return {
    query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required === true })),
    body: Object.keys(schema?.properties ?? {}).map((name) => ({ name, required: (schema?.required ?? []).includes(name) })),
  };
}
const tenantKeysOf = (s: Shape) => [...s.query, ...s.body].map((p) => p.name).filter((n): n is TenantKey => (TENANT_KEYS as readonly string[]).includes(n));

/** The request with every tenant key set from `values` and every other required field filled validly. */
function request(e: Endpoint, s: Shape, values: Values): { url: string; payload?: Record<string, unknown> } {
  const pick = (params: Shape['query']) =>
    Object.fromEntries(
      params
        .filter((p) => p.required || (TENANT_KEYS as readonly string[]).includes(p.name))
        .map((p) => {
          const value = (TENANT_KEYS as readonly string[]).includes(p.name) ? values[p.name as TenantKey] : (FILLERS_FOR[label(e)]?.[p.name] ?? fillers[p.name]);
          if (value === undefined) throw new Error(`${label(e)}: no filler for ${p.name}; add one`);
          return [p.name, value];
        }),
    );
  const query = new URLSearchParams(Object.entries(pick(s.query)).map(([k, v]) => [k, String(v)])).toString();
  return { url: `/api${e.path}${query ? `?${query}` : ''}`, ...(e.method === 'GET' ? {} : { payload: pick(s.body) }) };
}

const refused = (res: LightMyRequestResponse) => {
  if (res.statusCode === 403 || res.statusCode === 404) return true;
  // A bulk call answers 200 with an outcome per share: every one must be a refusal.
  const results = res.statusCode === 200 ? (res.json() as { results?: { ok: boolean }[] }).results : undefined;
  return Array.isArray(results) && results.length > 0 && results.every((r) => !r.ok);
};
/** The body of a refusal without the ids it echoes back (bulk outcomes name the share asked for). */
const comparable = (res: LightMyRequestResponse, values: Values) => {
  let body = res.body;
  for (const v of Object.values(values).flat()) body = body.split(String(v)).join('<id>');
  return { status: res.statusCode, body };
};

describe('the classification', () => {
  it('every call either names a tenant object (checked below) or is listed as not tenant-scoped, with a reason', () => {
    const unclassified = ENDPOINTS.filter((e) => checked(e) && tenantKeysOf(shapeOf(e)).length === 0).map(label);
    expect(unclassified).toEqual([]);
    const stale = Object.keys(NOT_TENANT_SCOPED).filter((l) => !ENDPOINTS.some((e) => label(e) === l) || tenantKeysOf(shapeOf(ENDPOINTS.find((e) => label(e) === l)!)).length > 0);
    expect(stale).toEqual([]);
  });
});

describe.each(ACTORS)('as $profile ($email)', ({ profile, email, notTenant }) => {
  const allowed = (e: Endpoint) => {
    const permission = ENDPOINT_PERMISSIONS.get(e);
    return !isPublicEndpoint(e) && permission !== undefined && PERMISSIONS[permission].includes(profile);
  };
  const crossesTenant = (e: Endpoint) => tenantKeysOf(shapeOf(e)).some((k) => !notTenant.includes(k));
  const cases = () => ENDPOINTS.filter((e) => checked(e) && allowed(e) && crossesTenant(e));

  it('has calls to check', () => expect(cases().length).toBeGreaterThan(profile === 'adm' ? 30 : 10));

  it.each(ENDPOINTS.filter(checked).map((e) => [label(e), e] as const))(
    "%s refuses another tenant's object like a missing one, changing nothing",
    async (_, e) => {
      // Refusals by profile are the permission matrix test's; calls naming no tenant of this actor have nothing to cross.
      if (!allowed(e) || !crossesTenant(e)) return;
      const shape = shapeOf(e);
      // Signing in writes the user's last login: done before the database is fingerprinted.
      const headers = { authorization: `Bearer ${await t.token(email)}` };
      const send = async (values: Values) => {
        const { url, payload } = request(e, shape, values);
        return t.inject({ method: e.method, url, headers, ...(payload ? { payload } : {}) });
      };
      const before = await fingerprint();
      const foreign = await send(foreignOf[email]);
      expect(refused(foreign), `${foreign.statusCode} ${foreign.body}`).toBe(true);
      expect(await fingerprint()).toEqual(before);
      if (MISSING_IS_NOT_A_REFUSAL[label(e)]) return;
      const none = await send(missing);
      expect(comparable(foreign, foreignOf[email])).toEqual(comparable(none, missing));
    },
  );
});
