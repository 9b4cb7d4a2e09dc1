/**
 * WCAG 2.1 A and AA on every screen (issue 14): axe-core in Chromium, for each profile on its brand's
 * host, at 1440 px and, for the screens people use on a phone, at 390 px. The screens come from the
 * app's own route table (PAGE_ROUTES): a pattern no profile reaches fails the coverage test, so a new
 * page is scanned without anyone remembering to add it here. Inside a screen the scan also opens what
 * a person opens: each workspace tab and action dialog, a bulk selection, an empty result, each kind
 * of auction.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../src/components/AnalyticsTracker';
import { pageViewOf } from '../../src/domain';
import { ACCOUNT_ROUTES } from '../../src/domain/account';
import { axeScan, englishNames, motionNow, settle, type Violation } from './support/axe';
import { browserSuite } from './support/suite';
import { DEMO_PASSWORD, logIn, tableRows, waitForRows } from './support/session';

interface Profile {
  name: string;
  email: string;
  /** The brand's host: an administrator works at its own brand's address. */
  host: string;
  /** Also scanned at 390 px. */
  phone: boolean;
}

const PROFILES: readonly Profile[] = [
  { name: 'operador', email: 'operador@repasse.dev', host: 'localhost', phone: true },
  { name: 'administrador Acme', email: 'adm@acme.repasse.dev', host: 'acme.localhost', phone: true },
  { name: 'administrador Órbita', email: 'adm@orbita.repasse.dev', host: 'orbita.localhost', phone: true },
  { name: 'fundo', email: 'fundo@repasse.dev', host: 'localhost', phone: true },
];

const suite = browserSuite();
const problems: string[] = [];
const visited = new Set<string>();

const describeViolation = (where: string, v: Violation) =>
  `${where}: [${v.impact}] ${v.id} — ${v.help}\n      ${v.targets.join('\n      ')}\n      ${v.summary}`;

/** Scans what the page shows now and notes the route it belongs to. */
async function scan(page: Page, where: string): Promise<void> {
  await settle(page);
  visited.add(pageViewOf(new URL(page.url()).pathname, PAGE_ROUTES).route);
  for (const v of await axeScan(page)) problems.push(describeViolation(where, v));
  for (const name of await englishNames(page)) problems.push(`${where}: [serious] english-name — an accessible name in English: ${name}`);
}

const base = (host: string) => `http://${host}:${suite.server.port}`;

/**
 * The scans run with the system's "reduce motion" on (the app then turns antd's transitions off):
 * what axe reads is the same once a transition ends, and each of the ~400 scans no longer waits for one.
 */
async function newContext(width: number, reducedMotion: 'reduce' | 'no-preference' = 'reduce'): Promise<BrowserContext> {
  return suite.browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, locale: 'pt-BR', bypassCSP: true, reducedMotion });
}

async function signIn(context: BrowserContext, profile: Profile): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base(profile.host)}/`);
  await logIn(page, profile.email);
  await page.waitForURL((u) => u.pathname !== '/', { timeout: 30_000 });
  await settle(page);
  return page;
}

/** The lists the profile's menu offers, read at full width (a collapsed menu hides its labels). */
async function menuRoutes(page: Page): Promise<string[]> {
  const links = page.locator('[aria-label="Menu principal"] a[href]');
  await links.first().waitFor({ timeout: 30_000 });
  return links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** Opens the first row of the list on screen and answers where it went, or null for an empty list. */
async function openFirstRow(page: Page): Promise<string | null> {
  const rows = tableRows(page);
  if ((await rows.count()) === 0) return null;
  const before = page.url();
  await rows.first().locator('td:not(.ant-table-selection-column)').first().click();
  await page.waitForURL((u) => u.href !== before, { timeout: 15_000 }).catch(() => undefined);
  return page.url() === before ? null : new URL(page.url()).pathname;
}

async function scanList(page: Page, profile: Profile, route: string): Promise<void> {
  const where = `${profile.name} ${route}`;
  await page.goto(`${base(profile.host)}${route}`);
  await scan(page, where);
  // A bulk selection, where the list has one.
  const select = tableRows(page).first().locator('.ant-table-selection-column input[type="checkbox"]');
  if (await select.count()) {
    await select.check();
    await scan(page, `${where} (seleção em massa)`);
  }
  // An empty result.
  const search = page.getByRole('searchbox').first();
  if (await search.count()) {
    await search.fill('zzzz-nenhum-resultado');
    await search.press('Enter');
    await page.locator('.ant-empty').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await scan(page, `${where} (vazia)`);
  }
}

async function scanRecordPages(page: Page, profile: Profile, route: string): Promise<void> {
  await page.goto(`${base(profile.host)}${route}`);
  await waitForRows(page).catch(() => 0);
  const record = await openFirstRow(page);
  if (!record) return;
  await scan(page, `${profile.name} ${record}`);
  for (const target of [`${record}/editar`, `${route}/novo`]) {
    await page.goto(`${base(profile.host)}${target}`);
    await scan(page, `${profile.name} ${target}`);
  }
}

/** Opens each dialog these buttons open, scans it and closes it again (Escape) without acting. */
async function scanDialogs(page: Page, buttons: Locator, where: string): Promise<void> {
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
    const name = (await button.innerText()).trim();
    await button.click();
    const dialog = page.locator('.ant-modal-wrap:visible, .ant-drawer-open').first();
    if (!(await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false))) continue;
    await scan(page, `${where} diálogo ${name}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  }
}

/** Every tab of a share, and every dialog its action bar opens (closed again without acting). */
async function scanWorkspace(page: Page, profile: Profile): Promise<void> {
  await page.goto(`${base(profile.host)}/listagem`);
  await waitForRows(page);
  const share = await openFirstRow(page);
  if (!share) return;
  await page.getByRole('tablist').first().waitFor({ timeout: 30_000 });
  const tabs = page.getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    const name = (await tab.innerText()).trim();
    await tab.click();
    await scan(page, `${profile.name} ${share} aba ${name}`);
  }
  await tabs.first().click();
  await scanDialogs(page, page.getByRole('toolbar').first().getByRole('button'), `${profile.name} ${share}`);
}

/**
 * A share with a pendency (issue 15): its Pendências tab with real pendencies, the share's dialogs
 * there (Abrir pendência, Cancelar venda) and each pendency's own (boleto, payment, clear).
 */
async function scanPendencies(page: Page, profile: Profile): Promise<string | null> {
  await page.goto(`${base(profile.host)}/pendencias`);
  if (!(await waitForRows(page).then(() => true, () => false))) return null;
  const share = await openFirstRow(page);
  if (!share) return null;
  await page.getByRole('tab', { name: 'Pendências' }).click();
  await page.getByTestId('pendency').first().waitFor({ timeout: 30_000 });
  await scan(page, `${profile.name} ${share} aba Pendências`);
  await scanDialogs(page, page.getByRole('toolbar').first().getByRole('button'), `${profile.name} ${share} (com pendência)`);
  await scanDialogs(page, page.locator('[role="toolbar"][aria-label^="Ações da pendência"] button'), `${profile.name} ${share} pendência`);
  return share;
}

/** One auction of each status the profile sees. */
async function scanAuctions(page: Page, profile: Profile): Promise<void> {
  await page.goto(`${base(profile.host)}/leiloes`);
  if (!(await waitForRows(page).then(() => true, () => false))) return;
  const statuses = await tableRows(page).evaluateAll((rows) => rows.map((r) => r.querySelector('.ant-tag')?.textContent ?? ''));
  const seen = new Set<string>();
  for (let i = 0; i < statuses.length; i++) {
    if (seen.has(statuses[i])) continue;
    seen.add(statuses[i]);
    await page.goto(`${base(profile.host)}/leiloes`);
    await waitForRows(page);
    await tableRows(page).nth(i).locator('td').first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/leiloes/'), { timeout: 15_000 });
    await scan(page, `${profile.name} leilão ${statuses[i]}`);
    // The confirmations of its moves (advance, cancel), opened and closed without answering.
    await scanDialogs(page, page.locator('[role="toolbar"][aria-label^="Ações d"] button'), `${profile.name} leilão ${statuses[i]}`);
  }
  await page.goto(`${base(profile.host)}/leiloes`);
  await waitForRows(page).catch(() => 0);
  await scanDialogs(page, page.getByRole('button', { name: 'Novo leilão' }), `${profile.name} /leiloes`);
}

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('the screens before signing in, at 1440 and 390 px', async () => {
    for (const width of [1440, 390]) {
      const context = await newContext(width);
      const page = await context.newPage();
      for (const path of ['/', ACCOUNT_ROUTES.forgot, ACCOUNT_ROUTES.changeExpired, '/nao-existe']) {
        await page.goto(`${base('localhost')}${path}`);
        await scan(page, `visitante ${path} @${width}`);
      }
      await context.close();
    }
    // First access: the screen a new user is sent to.
    const context = await newContext(1440);
    const page = await context.newPage();
    await page.goto(`${base('localhost')}/`);
    await logIn(page, 'primeiro.acesso@repasse.dev', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === ACCOUNT_ROUTES.firstAccess, { timeout: 30_000 });
    await scan(page, 'primeiro acesso');
    await context.close();
  });

  // Two profiles at a time (the e2e project's maxConcurrency): a scan waits on the page, the server
  // and axe in turn, so two keep the 2-CPU machine busy where one left it half idle (358 → 226 s).
  // Each profile has its own browser context; what they share (the server, `visited`, `problems`)
  // takes concurrent use.
  for (const profile of PROFILES) {
    it.concurrent(`every screen of the ${profile.name}`, async ({ expect }) => {
      const context = await newContext(1440);
      const page = await signIn(context, profile);
      const routes = await menuRoutes(page);
      for (const route of routes) await scanList(page, profile, route);
      for (const route of routes.filter((r) => PAGE_ROUTES.some((p) => p.pattern === `${r}/:id`))) await scanRecordPages(page, profile, route);
      if (routes.includes('/listagem')) await scanWorkspace(page, profile);
      const pendencyShare = routes.includes('/pendencias') ? await scanPendencies(page, profile) : null;
      if (routes.includes('/leiloes')) await scanAuctions(page, profile);
      // Saved views, the column chooser and the command palette (issue 18).
      await page.goto(`${base(profile.host)}${routes[0]}`);
      await waitForRows(page).catch(() => 0);
      await scanDialogs(page, page.getByRole('button', { name: /^(Visões|Colunas)/ }), `${profile.name} ${routes[0]}`);
      await scanDialogs(page, page.getByTestId('palette-button'), `${profile.name} busca`);
      if (routes.includes('/players/arquivos')) {
        await page.goto(`${base(profile.host)}/players/arquivos`);
        await settle(page);
        await scanDialogs(page, page.getByRole('button', { name: 'Enviar arquivo' }), `${profile.name} /players/arquivos`);
      }
      await page.goto(`${base(profile.host)}/nao-existe`);
      await scan(page, `${profile.name} /nao-existe`);
      await context.close();

      if (!profile.phone) return;
      const phone = await newContext(390);
      const small = await signIn(phone, profile);
      for (const route of routes) {
        await small.goto(`${base(profile.host)}${route}`);
        await scan(small, `${profile.name} ${route} @390`);
        // On a phone the filters fold behind "Filtros": open them too.
        const filters = small.getByRole('button', { name: /^Filtros/ });
        if (await filters.count()) {
          await filters.first().click();
          await scan(small, `${profile.name} ${route} @390 (filtros abertos)`);
        }
      }
      if (routes.includes('/listagem')) {
        await small.goto(`${base(profile.host)}/listagem`);
        await waitForRows(small);
        const share = await openFirstRow(small);
        if (share) await scan(small, `${profile.name} ${share} @390`);
      }
      if (pendencyShare) {
        await small.goto(`${base(profile.host)}${pendencyShare}?aba=pendencias`);
        await small.getByTestId('pendency').first().waitFor({ timeout: 30_000 });
        await scan(small, `${profile.name} ${pendencyShare} aba Pendências @390`);
        // The tab's cards fit the phone: nothing pushes the page sideways.
        expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${pendencyShare} Pendências @390 scrolls sideways`).toBe(true);
      }
      await scanDialogs(small, small.getByTestId('palette-button'), `${profile.name} busca @390`);
      await phone.close();
      // Every list, record, tab and dialog of a profile: ~2 min on a quiet 2-CPU machine, more under load.
    }, 420_000);
  }

  it('with "reduce motion" set in the system, opening a dialog moves nothing (no zoom, no ripple on its button)', async () => {
    const movesOnOpen = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await newContext(1440, reducedMotion);
      const page = await signIn(context, PROFILES[0]);
      await page.goto(`${base('localhost')}/listagem`);
      await waitForRows(page);
      await settle(page);
      // "Colunas" opens a dialog: antd zooms it in and ripples the button.
      await page.getByRole('button', { name: /^Colunas/ }).click();
      await page.locator('.ant-modal-wrap:visible').first().waitFor();
      const seen = { moving: (await motionNow(page)).moving, ripples: await page.locator('.ant-wave').count() };
      await context.close();
      return seen;
    };
    const animated = await movesOnOpen('no-preference');
    expect(animated.moving, 'without the setting antd zooms the dialog in').toBeGreaterThan(0);
    expect(animated.ripples, 'without the setting the button ripples').toBeGreaterThan(0);
    expect(await movesOnOpen('reduce')).toEqual({ moving: 0, ripples: 0 });
  });

  it('by keyboard: skip link first, one tab stop per row, Enter opens, focus on the heading, Back returns to the row, dialogs keep and return focus', async () => {
    const context = await newContext(1440);
    const page = await signIn(context, PROFILES[0]);
    await page.goto(`${base('localhost')}/pendencias`);
    await waitForRows(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pular para o conteúdo');
    // From the content, Tab walks row links: each row is one stop (no bulk selection on Pendências).
    await page.keyboard.press('Enter');
    const stops: string[] = [];
    for (let i = 0; i < 40 && stops.length < 3; i++) {
      await page.keyboard.press('Tab');
      const key = await page.evaluate(() => document.activeElement?.closest('tr[data-row-key]')?.getAttribute('data-row-key') ?? null);
      if (key) stops.push(key);
    }
    expect(stops).toHaveLength(3);
    expect(new Set(stops).size, `one tab stop per row: ${stops.join(', ')}`).toBe(3);
    const opened = stops[2];
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/cotas/${opened}`, { timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 15_000 }).toBe('H1');
    await page.goBack();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('tr[data-row-key]')?.getAttribute('data-row-key') ?? null), { timeout: 15_000 })
      .toBe(opened);

    // A dialog keeps the keyboard inside and gives it back to the button that opened it.
    await page.goto(`${base('localhost')}/cotas/${opened}`);
    const opener = page.getByRole('toolbar').first().getByRole('button').first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('.ant-modal-wrap:visible').first();
    await dialog.waitFor({ timeout: 10_000 });
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('.ant-modal-wrap, .ant-modal-root'));
    // Opening moves the keyboard into the dialog…
    await expect.poll(inDialog, { timeout: 5_000 }).toBe(true);
    // …and Tab cycles there.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog(), `Tab ${i + 1} left the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    await context.close();
  });

  it('reached every route of the app, and found no serious or critical violation', () => {
    const missed = PAGE_ROUTES.map((r) => r.pattern).filter((p) => !visited.has(p));
    expect(missed, 'routes no profile reached: give the scan a way in').toEqual([]);
    expect(problems, `${problems.length} serious or critical violations:\n${problems.join('\n')}`).toEqual([]);
  });
});
