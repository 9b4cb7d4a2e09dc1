/**
 * The permission matrix, enforced by the server for every call of the API table: generated from
 * API × PERMISSIONS × ENDPOINT_PERMISSIONS, so a new call or a changed right is tested without
 * anyone writing a line here. "Allowed" means the permission guard let the request through (the
 * empty input then fails validation or finds nothing); "refused" is the catalogue's 403.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint, isPublicEndpoint } from '../../src/domain/apiPaths';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { ENDPOINT_PERMISSIONS, PERMISSIONS, PERMISSION_NAMES, type Permission } from '../../src/domain/permissions';
import type { Profile } from '../../src/domain/profiles';
import { USERS, createTestApp, type TestApp } from './support/app';

const ENDPOINTS: Endpoint[] = Object.values(API).flatMap((v) => ('method' in v ? [v as Endpoint] : (Object.values(v) as Endpoint[])));
const GUARDED = ENDPOINTS.filter((e) => ENDPOINT_PERMISSIONS.has(e));
const label = (e: Endpoint) => `${e.method} ${e.path}`;

const USER_OF: Record<Profile, string> = { operator: USERS.operator, adm: USERS.acme, fund: USERS.fund };
/** An operator whose denied permissions each test sets (operators are granted every permission). */
const DENIED_USER = 'beatriz@repasse.dev';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ shares: 60 });
});
afterAll(async () => t?.close());

const call = async (e: Endpoint, email: string): Promise<LightMyRequestResponse> =>
  t.inject({
    method: e.method,
    url: `/api${e.path}`,
    headers: { authorization: `Bearer ${await t.token(email)}` },
    ...(e.method === 'GET' ? {} : { payload: {} }),
  });

const expectRefused = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(matchErrorMessage(res.json().message)).toEqual({ kind: 'catalogue', key: 'permissionDenied' });
};

const expectLetThrough = (res: LightMyRequestResponse) => {
  expect([401, 403], res.body).not.toContain(res.statusCode);
  // The route exists: an unregistered call would be Fastify's "Route not found".
  expect(res.body).not.toContain('Route not found');
  expect(res.statusCode, res.body).toBeLessThan(500);
};

describe('the table itself', () => {
  it('guards every call but the public ones', () => {
    const unguarded = ENDPOINTS.filter((e) => !ENDPOINT_PERMISSIONS.has(e) && !isPublicEndpoint(e)).map(label);
    // The account flows run before a session exists; everything else needs a permission.
    expect(unguarded.every((l) => l.startsWith('POST /user/'))).toBe(true);
  });
});

describe.each(Object.entries(USER_OF) as [Profile, string][])('as %s', (profile, email) => {
  it.each(GUARDED.map((e) => [label(e), e] as const))('%s is allowed or refused as the matrix says', async (_, endpoint) => {
    const permission = ENDPOINT_PERMISSIONS.get(endpoint)!;
    const res = await call(endpoint, email);
    if ((PERMISSIONS[permission] as readonly Profile[]).includes(profile)) expectLetThrough(res);
    else expectRefused(res);
  });
});

describe('deniedPermissions', () => {
  const byPermission = new Map<Permission, Endpoint[]>();
  for (const e of GUARDED) {
    const p = ENDPOINT_PERMISSIONS.get(e)!;
    byPermission.set(p, [...(byPermission.get(p) ?? []), e]);
  }

  it.each(PERMISSION_NAMES.map((p) => [p] as const))('a denied %s refuses every call it guards, and only those', async (permission) => {
    await t.query(sql`update users set denied_permissions = ${`{${permission}}`}::text[] where email = ${DENIED_USER}`);
    for (const endpoint of byPermission.get(permission) ?? []) expectRefused(await call(endpoint, DENIED_USER));
    // A call guarded by another permission is unaffected.
    const other = GUARDED.find((e) => ENDPOINT_PERMISSIONS.get(e) !== permission)!;
    expectLetThrough(await call(other, DENIED_USER));
  });

  it('every permission guards at least one call', () => {
    expect(PERMISSION_NAMES.filter((p) => !byPermission.has(p))).toEqual([]);
  });
});

describe('no session', () => {
  it.each(GUARDED.map((e) => [label(e), e] as const))('%s answers 401 without a token', async (_, endpoint) => {
    const res = await t.inject({ method: endpoint.method, url: `/api${endpoint.path}`, ...(endpoint.method === 'GET' ? {} : { payload: {} }) });
    expect(res.statusCode).toBe(401);
  });
});
