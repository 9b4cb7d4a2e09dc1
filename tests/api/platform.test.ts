/**
 * What surrounds the routes: the OpenAPI document, the built app with its history fallback,
 * security headers, unknown routes, and failures (database down, unexpected errors) that must
 * answer in the catalogue's words without leaking details or secrets.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { API, type Endpoint } from '../../src/domain/apiPaths';
import { PASSWORD, type TestApp, USERS, createTestApp, testConfig } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ shares: 20 });
});
afterAll(async () => {
  await t?.close();
});

describe('OpenAPI', () => {
  it('serves a 3.1 document at /api/docs/json generated from the route schemas', async () => {
    const doc = expectOk<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>(await t.get('/api/docs/json', null));
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Repasse API');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const routes: Endpoint[] = [
      API.user.login, API.user.list, API.share.list, API.share.transferList, API.share.canceledList, API.share.canceledReasonList,
      API.share.get, API.share.statusGet, API.config.whiteLabelGet, API.config.admConfigGet, API.fund.list, API.player.list, API.health,
    ];
    for (const e of routes) expect(documented).toContain(`${e.method} /api${e.path}`);
    expect(documented.some((d) => d.includes('/api/docs'))).toBe(false);
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(op.responses).toHaveProperty('200');
    const list = doc.paths['/api/share/list'].get;
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    // SPEC's five, and the opt-in keyset cursor (docs/api.md).
    expect(list.parameters!.map((p) => p.name).sort()).toEqual(['cursor', 'filters', 'limit', 'order', 'page', 'sort']);
    expect(doc.paths['/api/user/login'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/white_label/get'].get.security).toBeUndefined();
  });

  it('serves the UI at /api/docs', async () => {
    const res = await t.get('/api/docs', null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('security headers', () => {
  it('sends a CSP that lets the built app run and nothing else', async () => {
    const csp = String((await t.get('/api/health', null)).headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self' data:", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/share/list'],
    ['GET', '/api'],
    ['GET', '/anything'],
  ] as const)('%s %s answers 404 Route not found: invalid URL', async (method, url) => {
    expectError(await t.inject({ method, url }), 404, 'Route not found: invalid URL');
  });
});

describe('the built web app', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'repasse-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root">Repasse</div>');
    writeFileSync(join(dir, 'assets', 'index-4f2a9c.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    app = await buildApp({ db: t.handle, config: testConfig({ staticDir: dir }) });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it.each(['/', '/pendencias', '/listagem?filters=%7B%7D', '/cotas/ACM-0000001'])('answers %s with index.html, never cached', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets with a long cache, other files with a short one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['the app shell', 'GET', '/listagem'],
    ['a static file', 'GET', '/favicon.svg'],
    ['an API answer', 'GET', '/api/health'],
    ['an API refusal', 'GET', '/api/share/list'],
    ['a bad request', 'POST', '/api/user/login'],
    ['an unknown route', 'GET', '/api/nope'],
  ] as const)('sends the hardening headers on %s', async (_, method, url) => {
    const res = await app.inject({ method, url, headers: html, ...(method === 'POST' ? { payload: {} } : {}) });
    const csp = String(res.headers['content-security-policy']);
    // Scripts only from our origin, no plugins, no framing, no <base> or form hijacking.
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*(unsafe|\*|data:)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends a hashed asset only the headers that act on a script: no page policies, no validators (issue 17)', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    for (const pagePolicy of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'cross-origin-opener-policy', 'etag', 'last-modified']) {
      expect(res.headers[pagePolicy], pagePolicy).toBeUndefined();
    }
    // The page that loads it still carries them.
    const shell = await app.inject({ method: 'GET', url: '/listagem', headers: html });
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shell.headers.etag).toBeDefined();
  });

  it('keeps JSON 404s for the API and for missing files', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/nope', headers: html }), 404, 'Route not found: invalid URL');
    expectError(await app.inject({ method: 'GET', url: '/assets/missing.js' }), 404, 'Route not found: invalid URL');
    expectError(await app.inject({ method: 'POST', url: '/pendencias', headers: html }), 404, 'Route not found: invalid URL');
    expectOk(await app.inject({ method: 'GET', url: '/api/health', headers: html }));
  });
});

describe('failures', () => {
  it('answers 503 when the database cannot be reached, on public and authenticated routes', async () => {
    const token = await t.token(USERS.operator);
    const down = await openDatabase({ databaseUrl: 'postgres://repasse:secret@127.0.0.1:1/nowhere', poolSize: 1 });
    const app = await buildApp({ db: down, config: t.config });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'error', database: 'unavailable', message: 'Database unavailable, try again later' });
      expectError(await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.operator, password: PASSWORD } }), 503, 'Database unavailable, try again later');
      expectError(await app.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: `Bearer ${token}` } }), 503, 'Database unavailable, try again later');
    } finally {
      await app.close();
      await down.close();
    }
  });

  it('answers 503 when an embedded database was closed', async () => {
    const handle = await openDatabase();
    await runMigrations(handle);
    const app = await buildApp({ db: handle, config: t.config });
    await handle.close();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expectError(await app.inject({ method: 'GET', url: '/api/white_label/get?labelId=acme' }), 503, 'Database unavailable, try again later');
    } finally {
      await app.close();
    }
  });

  it('answers 500 Internal server error to the unexpected, logs the detail, and never logs secrets', async () => {
    let log = '';
    const stream = new Writable({ write: (chunk, _enc, done) => ((log += chunk.toString()), done()) });
    const app = await buildApp({ db: t.handle, config: t.config, logger: { stream, level: 'info' } });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.orbita, password: PASSWORD } });
      const token = login.json().token as string;
      await t.query(sql`alter table cancel_reasons rename to cancel_reasons_away`);
      let res;
      try {
        res = await app.inject({ method: 'GET', url: '/api/share/canceled_reason_list', headers: { authorization: `Bearer ${token}` } });
      } finally {
        await t.query(sql`alter table cancel_reasons_away rename to cancel_reasons`);
      }
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(log).toMatch(/cancel_reasons/);
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.split('.')[2]);
    } finally {
      await app.close();
    }
  });
});
