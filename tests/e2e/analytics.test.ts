/**
 * Analytics in Chromium (SPEC §7, §9; docs/analytics.md): two production builds of the app, one with
 * VITE_ANALYTICS_TOKEN and one without, both pointed (VITE_ANALYTICS_API_HOST) at a local HTTP server
 * that answers like Mixpanel's API and records every batch. The real mixpanel-browser does the sending.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BATCH } from '../../src/domain/analytics';
import { launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { logIn, waitForRows } from './support/session';
import { apiLogin, sendAction, listShares, stateTag, toolbar, waitForWorkspace } from './support/workspace';

const root = resolve(import.meta.dirname, '../..');
const TOKEN = 'e2e-analytics-token';
const OPERATOR = 'operador@repasse.dev';
const OPERATOR_NAME = 'Olívia Operadora';
/** A CPF typed where the URL keeps it: it must never reach the analytics endpoint. */
const CPF_DIGITS = '52998224725';
const LONG_SEGMENT = 'p'.repeat(300);
const LONG_BRAND = `Acme Consórcios ${'e'.repeat(300)}`;

interface Batch {
  /** track, engage or groups. */
  endpoint: string;
  /** What the library posted: always a list of items when batching. */
  items: unknown;
  raw: string;
}

/** A stand-in for Mixpanel's ingestion API: CORS for the app's origin, answers `1`, keeps every batch. */
function startCollector(): Promise<{ url: string; batches: Batch[]; close: () => Promise<void> }> {
  const batches: Batch[] = [];
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((ok) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (body += c));
      req.on('end', () => ok(body));
    });
  const decode = (body: string): unknown => {
    const data = new URLSearchParams(body).get('data') ?? '';
    // The library posts JSON to *.mixpanel.com and base64-encoded JSON to other hosts.
    const json = /^\s*[[{]/.test(data) ? data : Buffer.from(data, 'base64').toString('utf8');
    return JSON.parse(json);
  };
  const server: Server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const raw = await readBody(req);
    const endpoint = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/+|\/+$/g, '');
    let items: unknown = null;
    try {
      items = decode(raw);
    } catch {
      // kept as raw: a test below fails on any batch that is not a list
    }
    batches.push({ endpoint, items, raw });
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('1');
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      ok({ url: `http://127.0.0.1:${port}`, batches, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

/** A production build into its own directory, so dist/ (and the other e2e files) stay as they are. */
function buildApp(outDir: string, env: Record<string, string>): void {
  const res = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
  });
  expect(res.status, `vite build:\n${res.stdout}\n${res.stderr}`).toBe(0);
}

const assetsText = (dir: string) =>
  readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dir, 'assets', f), 'utf8'))
    .join('\n');

interface TrackedEvent {
  event: string;
  properties: Record<string, unknown>;
}

const tracked = (batches: Batch[]): TrackedEvent[] =>
  batches.filter((b) => b.endpoint === 'track' && Array.isArray(b.items)).flatMap((b) => b.items as TrackedEvent[]);

const ofEndpoint = (batches: Batch[], endpoint: string) => batches.filter((b) => b.endpoint === endpoint).flatMap((b) => (Array.isArray(b.items) ? b.items : []));

/** Every string of a payload, keys included. */
const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.flatMap(strings)
      : v && typeof v === 'object'
        ? Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)])
        : [];

let collector: Awaited<ReturnType<typeof startCollector>>;
let browser: Browser;
let server: RunningServer | undefined;
const work = mkdtempSync(join(tmpdir(), 'repasse-analytics-'));
const dataDir = join(work, 'data');
const withToken = join(work, 'app-with-token');
const withoutToken = join(work, 'app-without-token');

beforeAll(async () => {
  [collector, browser] = await Promise.all([startCollector(), launchBrowser()]);
  buildApp(withToken, { VITE_ANALYTICS_TOKEN: TOKEN, VITE_ANALYTICS_API_HOST: collector.url });
  buildApp(withoutToken, { VITE_ANALYTICS_TOKEN: '', VITE_ANALYTICS_API_HOST: collector.url });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await collector?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The product served from one of the builds; the server reads the same variables for its CSP. */
async function serve(staticDir: string, env: Record<string, string>): Promise<RunningServer> {
  const previousPort = server?.port;
  await server?.stop();
  server = await startServer({ dataDir, port: previousPort, env: { STATIC_DIR: staticDir, SKIP_BUILD: '1', SEED_SHARES: '300', ...env } });
  return server;
}

/**
 * A browser context that may reach the collector: Chromium asks the user before a page sends to a
 * loopback address (Local Network Access), and a headless browser would answer no.
 */
async function openPage(url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR', permissions: ['local-network-access'] });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** The same visit for both builds: login, a list with a CPF in its URL, a share, a long path, logout. */
async function visit(
  page: Page,
  base: string,
  staticDir: string,
  contractNumber: string | null,
  seenLongPage?: () => Promise<void>,
  seenAction?: () => Promise<void>,
  seenUnknownPage?: () => Promise<void>,
): Promise<void> {
  // The static server answers 403 for a path segment longer than a file name may be, before the app's
  // history fallback; the browser gets the app's page for it, as from a server that took it.
  const indexHtml = readFileSync(join(staticDir, 'index.html'), 'utf8');
  await page.route(`**/${LONG_SEGMENT}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: indexHtml }));
  await page.goto(`${base}/`);
  await logIn(page, OPERATOR);
  // The home page since issue 18.
  await page.getByRole('heading', { name: 'Cotas por situação' }).waitFor({ timeout: 30_000 });
  await page.goto(`${base}/listagem?busca=${CPF_DIGITS}`);
  await waitForRows(page);
  if (contractNumber) {
    await page.goto(`${base}/cotas/${contractNumber}`);
    await waitForWorkspace(page, contractNumber);
    await toolbar(page).getByRole('button', { name: 'Enviar ao autoatendimento' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    expect((await sendAction(page, 'share_send_autoservice', confirm.getByRole('button', { name: 'Confirmar' }), confirm)).status()).toBe(200);
    await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Enviada ao autoatendimento');
    // The next step loads another page: the action's event must be on its way first, like the long page's view below.
    await seenAction?.();
  }
  // A signed-in reload of an address the app does not know is still a page view (issue 13).
  await page.goto(`${base}/relatorio/antigo`);
  await page.getByText('Página não encontrada').waitFor();
  await seenUnknownPage?.();
  await page.goto(`${base}/${LONG_SEGMENT}`);
  await page.getByText('Página não encontrada').waitFor();
  // The next step reloads the page: the page view must be on its way first (the library arrives
  // after the page, and a view queued before it would go with the page).
  await seenLongPage?.();
  await page.goto(`${base}/listagem`);
  await waitForRows(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.getByLabel('Senha', { exact: true }).waitFor();
}

describe('analytics with a token', () => {
  it('sends page views, actions, login and logout, the user and the administrator in batches, every text at most 255 characters', async () => {
    const running = await serve(withToken, { VITE_ANALYTICS_TOKEN: TOKEN, VITE_ANALYTICS_API_HOST: collector.url });
    const [available] = await listShares(running.url, await apiLogin(running.url, OPERATOR), { state: ['available'], admId: 1 }, 1);
    expect(available, 'an available Acme share').toBeDefined();

    // The Acme host: its administrator is the group.
    const base = `http://acme.localhost:${running.port}`;
    const { context, page } = await openPage(`${base}/`);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // The brand's name as long as a name can be: it goes to the group profile.
    const acme = (await (await fetch(`${running.url}/api/white_label/get?labelId=acme`)).json()) as Record<string, unknown>;
    await page.route('**/api/white_label/get**', (route) => route.fulfill({ json: { ...acme, name: LONG_BRAND } }));
    const longView = () => tracked(collector.batches).find((e) => e.event === 'page_view' && String(e.properties.route).startsWith('/ppp'));
    const unknownView = () => tracked(collector.batches).find((e) => e.event === 'page_view' && e.properties.route === '/relatorio/antigo');
    const actionSeen = () => tracked(collector.batches).some((e) => e.event === 'share_send_autoservice');
    await visit(
      page,
      base,
      withToken,
      available.contractNumber,
      () => expect.poll(longView, { timeout: 30_000 }).toBeDefined(),
      () => expect.poll(actionSeen, { timeout: 30_000 }).toBe(true),
      () => expect.poll(unknownView, { timeout: 30_000 }).toBeDefined(),
    );

    const names = () => tracked(collector.batches).map((e) => e.event);
    await expect
      .poll(names, { timeout: 30_000, message: 'every event reached the endpoint' })
      .toEqual(expect.arrayContaining(['page_view', 'login', 'share_send_autoservice', 'logout']));
    await expect.poll(() => ofEndpoint(collector.batches, 'groups').length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => ofEndpoint(collector.batches, 'engage').length, { timeout: 30_000 }).toBeGreaterThan(0);
    await context.close();

    const { batches } = collector;
    // Batched: each POST is a list, and at least one carried several events.
    for (const b of batches) expect(Array.isArray(b.items), `${b.endpoint} posted a list: ${b.raw.slice(0, 80)}`).toBe(true);
    const trackPosts = batches.filter((b) => b.endpoint === 'track');
    expect(Math.max(...trackPosts.map((b) => (b.items as unknown[]).length))).toBeGreaterThan(1);
    expect(trackPosts.length).toBeLessThan(tracked(batches).length);

    const events = tracked(batches);
    expect(events.every((e) => e.properties.token === TOKEN)).toBe(true);
    const views = events.filter((e) => e.event === 'page_view').map((e) => ({ route: e.properties.route, page: e.properties.page }));
    expect(views).toEqual(
      expect.arrayContaining([
        { route: '/', page: 'login' },
        { route: '/listagem', page: 'shares' },
        { route: '/cotas/:contractNumber', page: 'share_workspace' },
      ]),
    );
    const action = events.find((e) => e.event === 'share_send_autoservice');
    expect(action?.properties.endpoint).toBe('/actions/share_send_autoservice');

    // SPEC §9: the 301-character path arrives cut at 255.
    const long = events.find((e) => e.event === 'page_view' && String(e.properties.route).startsWith('/ppp'));
    expect(long?.properties.route).toBe(`/${'p'.repeat(254)}`);
    expect(long?.properties.page).toBe('p'.repeat(255));
    for (const s of strings(batches.map((b) => b.items))) expect(s.length).toBeLessThanOrEqual(255);

    // The user as a people profile, the Acme administrator as a group.
    const userId = events.find((e) => e.event === 'share_send_autoservice')?.properties.distinct_id;
    const people = ofEndpoint(batches, 'engage') as { $distinct_id: string; $set?: Record<string, unknown> }[];
    expect(people.find((p) => p.$set?.$email === OPERATOR)).toMatchObject({ $distinct_id: userId, $set: { $name: OPERATOR_NAME, profile: 'operator' } });
    const groups = ofEndpoint(batches, 'groups') as { $group_key: string; $group_id: string; $set?: Record<string, unknown> }[];
    expect(groups).toContainEqual(expect.objectContaining({ $group_key: 'admId', $group_id: '1', $set: expect.objectContaining({ $name: LONG_BRAND.slice(0, 255) }) }));
    expect(action?.properties.admId).toEqual(['1']);

    // Nothing personal from the URL: not the CPF in the list's query, not the share's contract number.
    const everything = batches.map((b) => JSON.stringify(b.items)).join('\n');
    expect(everything).not.toContain(CPF_DIGITS);
    expect(everything).not.toContain(available.contractNumber);
    expect(scripts.some((u) => /analyticsClient/.test(u)), 'the library was downloaded').toBe(true);
  });
});

describe('analytics without a token', () => {
  it('sends nothing and never downloads the library, even with an API host configured', async () => {
    const text = assetsText(withoutToken);
    expect(text).not.toContain(collector.url);
    expect(text).not.toMatch(/mixpanel/i);
    expect(assetsText(withToken)).toContain(collector.url);

    const running = await serve(withoutToken, {});
    collector.batches.length = 0;
    const base = `http://acme.localhost:${running.port}`;
    const { context, page } = await openPage(`${base}/`);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await visit(page, base, withoutToken, null);
    // Two flush intervals, then closing the page (which would flush a queue by sendBeacon).
    await page.waitForTimeout(2 * ANALYTICS_BATCH.flushIntervalMs);
    await context.close();
    expect(collector.batches).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /analytics|mixpanel/i.test(u))).toEqual([]);
  });
});
