/**
 * What the browser receives and when (issue 17), in Chromium against `npm start`:
 * - typing in the login form brings the first page's code, so the click waits for no script, and
 *   the login carries the page's first reads (a list's rows and hidden columns, or the dashboard's);
 * - the built app's scripts arrive as the build's brotli copies, cached for a year;
 * - a reload of a filtered list while signed in asks for its rows once, before the list page shows:
 *   the app, the layout, the page and the first call leave together, not one after another;
 * - and goes from the page's own "Carregando…" straight to the list (or the share a link opens), with
 *   no loading fallback of the app in between (React holds a page back 300 ms after a fallback showed).
 */
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { logIn, openPage, tableRows, waitForRows, watchNetwork } from './support/session';

const suite = browserSuite();

describe('delivery', () => {
  it('sends the scripts brotli-compressed, immutable, and the page itself revalidated', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    const scripts: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), encoding: r.headers()['content-encoding'], cache: r.headers()['cache-control'] });
    });
    const shell = await page.goto(suite.server.url);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(shell?.headers()['cache-control']).toBe('no-cache');
    expect(shell?.headers()['content-encoding']).toBe('br');
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      expect(s.encoding, s.url).toBe('br');
      expect(s.cache, s.url).toBe('public, max-age=31536000, immutable');
    }
    await context.close();
  });

  it.each([
    ['a list', '/?to=%2Flistagem', ['/share/list', '/view/columns_list']],
    ['the dashboard', '/', ['/dashboard/summary']],
  ] as const)('typing the credentials brings the code of %s, and the click waits for the login alone, which carries its data', async (_what, address, reads) => {
    const { context, page } = await openPage(suite.browser, `${suite.server.url}${address}`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
    // The login page alone: the signed-in app is not asked for by someone who does not sign in.
    expect((await loaded()).filter((p) => p.startsWith('/assets/app-'))).toEqual([]);
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    const network = watchNetwork(page);
    await page.getByLabel('E-mail').fill('operador@repasse.dev');
    await expect.poll(() => scripts.some((p) => p.startsWith('/assets/app-'))).toBe(true);
    // What a person's few seconds of typing give the page (bench/browser.ts waits the same way).
    await network.settled();
    const beforeClick = scripts.length;
    const calls: string[] = [];
    const carried: string[][] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/')) return;
      calls.push(new URL(r.url()).pathname);
      if (r.url().endsWith('/api/user/login')) carried.push((r.postDataJSON() as { then?: string[] }).then ?? []);
    });
    await page.getByLabel('Senha', { exact: true }).fill('repasse123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    if (address === '/') await page.getByRole('heading', { name: 'Cotas por situação' }).waitFor({ timeout: 30_000 });
    else await waitForRows(page);
    // No script was left for after the click; the page's first reads came with the login's answer
    // (issue 17), and the page asked for none of them again.
    expect(scripts.slice(beforeClick), 'scripts asked for after the click').toEqual([]);
    expect(carried.map((urls) => urls.map((u) => u.replace(/\?.*/, '')))).toEqual([reads]);
    expect(calls.filter((c) => reads.some((r) => c === `/api${r}`))).toEqual([]);
    await context.close();
  });

  it('a reload of a filtered list sends its one list call before the list page shows', async () => {
    // Signed in for the list (a login lands on the dashboard since issue 18).
    const { context, page } = await openPage(suite.browser, `${suite.server.url}/?to=${encodeURIComponent('/listagem')}`);
    await logIn(page, 'operador@repasse.dev');
    await page.waitForURL(/\/listagem/);
    await waitForRows(page);
    // A filtered, sorted second page, as a shared link or F5 would bring it.
    const search = new URLSearchParams({
      currentPage: '2',
      pageSize: '10',
      'sorters[0][field]': 'contractNumber',
      'sorters[0][order]': 'desc',
      'filters[0][field]': 'state',
      'filters[0][operator]': 'in',
      'filters[0][value][0]': 'available',
    });
    await page.goto(`${suite.server.url}/listagem?${search}`);
    await waitForRows(page);

    const listCalls: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/share/list') && listCalls.push(r.url())));
    // When the table first shows: a table that asked for its own rows would do so only after that.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('.ant-table')) return;
        (window as { tableShownAt?: number }).tableShownAt = performance.now();
        seen.disconnect();
      });
      document.addEventListener('DOMContentLoaded', () => seen.observe(document.body, { childList: true, subtree: true }));
    });
    await page.reload();
    expect(await waitForRows(page)).toBe(10);
    // The table's own call took the early one: a call it made itself would have been sent by now.
    expect(listCalls).toHaveLength(1);
    const call = new URL(listCalls[0]);
    expect(call.searchParams.get('page')).toBe('2');
    expect(call.searchParams.get('limit')).toBe('10');
    const { sentAt, shownAt } = await page.evaluate(() => ({
      sentAt: performance.getEntriesByType('resource').find((e) => e.name.includes('/api/share/list'))?.startTime ?? Infinity,
      shownAt: (window as { tableShownAt?: number }).tableShownAt ?? -Infinity,
    }));
    expect(sentAt).toBeLessThan(shownAt);
    const states = await tableRows(page).evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(states.every((s) => s.includes('Disponível'))).toBe(true);
    await context.close();
  });

  it('a reload while signed in goes from the boot screen to the list, or to a share, with no loading fallback in between', async () => {
    const { context, page } = await openPage(suite.browser, `${suite.server.url}/?to=${encodeURIComponent('/listagem')}`);
    await logIn(page, 'operador@repasse.dev');
    await page.waitForURL(/\/listagem/);
    await waitForRows(page);
    const share = (await tableRows(page).first().locator('a[href^="/cotas/"]').getAttribute('href'))!;
    // Every Suspense fallback the app puts on the page before the page shows (PageLoading waiting for
    // code; index.html's boot screen has the `boot-loading` class and is there before any script runs).
    await page.addInitScript(() => {
      const fallbacks: string[] = [];
      const w = window as { fallbacks?: string[]; bootSeen?: boolean };
      w.fallbacks = fallbacks;
      const seen = new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes) {
            if (!(n instanceof HTMLElement)) continue;
            if (n.classList.contains('boot-loading') || n.querySelector('.boot-loading')) w.bootSeen = true;
            else if (n.matches('[data-waiting-for="code"]') || n.querySelector('[data-waiting-for="code"]')) fallbacks.push(n.outerHTML.slice(0, 200));
          }
        if (document.querySelector('h1')) seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    const seen = () =>
      page.evaluate(() => {
        const w = window as { fallbacks?: string[]; bootSeen?: boolean };
        return { fallbacks: w.fallbacks, bootSeen: w.bootSeen };
      });
    await page.reload();
    await waitForRows(page);
    expect(await seen()).toEqual({ fallbacks: [], bootSeen: true });
    // A share's link, opened while signed in: its workspace's code is asked for with the app's.
    await page.goto(`${suite.server.url}${share}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seen()).toEqual({ fallbacks: [], bootSeen: true });
    await context.close();
  });
});
