/**
 * The foundation in a real browser against `npm start`: each profile logs in and sees its menu, the
 * four lists load from the real API, filters survive a reload, errors read in Portuguese in the
 * bottom-right toast, an expired session goes back to `/`, and a brand's host shows that brand.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { expectSameMembers, listLoginUrl, logIn, menuLabels, openPage, tableRows, waitForRows } from './support/session';

const suite = browserSuite();

/** The login page asked for the list: signing in lands there rather than on the dashboard (issue 18). */
const LIST_LOGIN = () => `${suite.server.url}/?to=${encodeURIComponent('/listagem')}`;

const SHARE_LISTS = [
  { menu: 'Listagem', path: '/listagem', title: 'Listagem de cotas' },
  { menu: 'Pendências', path: '/pendencias', title: 'Cotas com pendência' },
  { menu: 'Transferência', path: '/transferencia', title: 'Cotas em transferência' },
  { menu: 'Canceladas', path: '/canceladas', title: 'Cotas canceladas' },
];

const PROFILES = [
  {
    email: 'operador@repasse.dev',
    name: 'Olívia Operadora',
    profile: 'Operador',
    menu: ['Painel', 'Listagem', 'Pendências', 'Transferência', 'Canceladas', 'Leilões', 'Fundos', 'Players', 'Arquivos de players', 'Usuários', 'Administradoras', 'Motivos de cancelamento', 'Auditoria'],
  },
  { email: 'adm@acme.repasse.dev', profile: 'Administrador', menu: ['Painel', 'Listagem', 'Pendências', 'Transferência', 'Canceladas', 'Leilões', 'Fundos', 'Usuários', 'Auditoria'] },
  { email: 'adm@orbita.repasse.dev', profile: 'Administrador', menu: ['Painel', 'Listagem', 'Pendências', 'Transferência', 'Canceladas', 'Leilões', 'Fundos', 'Usuários', 'Auditoria'] },
  { email: 'fundo@repasse.dev', profile: 'Fundo', menu: ['Painel', 'Listagem', 'Pendências', 'Transferência', 'Leilões'] },
];

/** Texts of one column of the visible rows, by the column's header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim());
  const index = headers.indexOf(header);
  expect(index, `column "${header}" among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return tableRows(page).evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), index);
}

async function waitForListResponse(page: Page, action: () => Promise<unknown>) {
  const response = page.waitForResponse((r) => r.url().includes('/api/share/') && r.request().method() === 'GET');
  await action();
  await response;
  // The table re-renders right after the answer.
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

describe('log in as each demo user', () => {
  for (const p of PROFILES) {
    // Since issue 18 a login lands on the dashboard (dashboard.test.ts); signing in for the list
    // (`?to=/listagem`) still sends the list's first call with the login.
    it(`${p.email} signs in to the list and sees the ${p.profile} menu`, async () => {
      const { context, page } = await openPage(suite.browser, LIST_LOGIN(), { live: false });
      const listCalls: string[] = [];
      const carried: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/share/list')) listCalls.push(r.url());
        // The login carries the list's first page when the page's code came while the user typed (issue 17).
        if (r.url().endsWith('/api/user/login')) carried.push(...((r.postDataJSON() as { then?: string[] }).then ?? []).filter((u) => u.startsWith('/share/list')));
      });
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await page.evaluate(() => {
        const seen = new MutationObserver(() => {
          if (!document.querySelector('.ant-table')) return;
          (window as { tableShownAt?: number }).tableShownAt = performance.now();
          seen.disconnect();
        });
        seen.observe(document.body, { childList: true, subtree: true });
      });
      await logIn(page, p.email);
      await page.waitForURL(/\/listagem/);
      expect(await waitForRows(page)).toBeGreaterThan(0);
      // The list's first page is asked for once, before the list shows, and the table takes its
      // answer: carried by the login, or sent with the login's answer when the code came later.
      await page.waitForLoadState('networkidle');
      expect([...carried, ...listCalls]).toHaveLength(1);
      const asked = listCalls.length ? '/api/share/list' : '/api/user/login';
      const { sentAt, shownAt } = await page.evaluate((call) => ({
        sentAt: performance.getEntriesByType('resource').find((e) => e.name.includes(call))?.startTime,
        shownAt: (window as { tableShownAt?: number }).tableShownAt,
      }), asked);
      expect(sentAt).toBeLessThan(shownAt ?? 0);
      expectSameMembers(await menuLabels(page), p.menu);
      await expect.poll(() => page.locator('header').innerText()).toContain(p.profile);
      if (p.name) expect(await page.locator('header').innerText()).toContain(p.name);
      await context.close();
    });
  }

  it('an administrator sees only its own brand in every row', async () => {
    const { context, page } = await openPage(suite.browser, LIST_LOGIN());
    await logIn(page, 'adm@orbita.repasse.dev');
    await page.waitForURL(/\/listagem/);
    await waitForRows(page);
    // Every row is its own, so the Administradora column is not shown (issue 13); the contract
    // numbers carry the administrator's prefix.
    expect((await page.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim())).not.toContain('Administradora');
    expect((await columnTexts(page, 'Contrato')).every((n) => n.startsWith('ORB-'))).toBe(true);
    await context.close();
  });

  it('logging out returns to the login page and the lists need a new login', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    await logIn(page, 'operador@repasse.dev');
    await page.waitForURL(/\/painel/);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.goto(`${suite.server.url}/listagem`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authtoken'))).toBeNull();
    await context.close();
  });
});

describe('the four share lists', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openPage(suite.browser, LIST_LOGIN(), { live: false }));
    await logIn(page, 'operador@repasse.dev');
    await page.waitForURL(/\/listagem/);
    // The landing list settles first (its call went out with the login): the first menu click below
    // waits for a list call, and must get its own, not the landing list's.
    await waitForRows(page);
    await page.waitForLoadState('networkidle');
  });
  afterAll(() => page.context().close());

  for (const list of SHARE_LISTS) {
    it(`${list.menu} opens from the menu and shows its rows`, async () => {
      await waitForListResponse(page, () => page.locator('.ant-menu-item', { hasText: list.menu }).click());
      await page.waitForURL(new RegExp(list.path));
      await expect.poll(() => page.getByRole('heading', { name: list.title }).count()).toBeGreaterThan(0);
      expect(await waitForRows(page)).toBeGreaterThan(0);
      // Every row says what its pendency is (the state column, always "Com pendência", gave it its place).
      if (list.path === '/pendencias') expect((await columnTexts(page, 'Pendência')).every((kind) => kind.length > 0)).toBe(true);
      if (list.path === '/transferencia') {
        for (const s of await columnTexts(page, 'Situação')) expect(['Recebida do cliente', 'Aprovada pela administradora']).toContain(s);
      }
    });
  }

  it('a state filter is applied, lives in the URL and is still applied and shown after a reload', async () => {
    await page.goto(`${suite.server.url}/listagem`);
    await waitForRows(page);
    await page.locator('.ant-select', { hasText: 'Situação' }).click();
    await waitForListResponse(page, () => page.locator('.ant-select-item-option', { hasText: 'Pagamento realizado' }).click());
    await page.keyboard.press('Escape');
    await expect.poll(async () => new Set(await columnTexts(page, 'Situação'))).toEqual(new Set(['Pagamento realizado']));
    expect(decodeURIComponent(page.url())).toContain('payment_done');

    await page.reload();
    await waitForRows(page);
    expect(new Set(await columnTexts(page, 'Situação'))).toEqual(new Set(['Pagamento realizado']));
    await expect.poll(() => page.locator('.ant-select-selection-item', { hasText: 'Pagamento realizado' }).count()).toBe(1);
  });

  it('a search is applied, lives in the URL and is still applied and shown after a reload', async () => {
    await page.goto(`${suite.server.url}/listagem`);
    await waitForRows(page);
    const search = page.getByPlaceholder('Contrato, titular ou CPF/CNPJ');
    await search.fill('silva');
    await waitForListResponse(page, () => search.press('Enter'));
    await expect.poll(async () => (await columnTexts(page, 'Titular')).every((n) => /silva/i.test(n))).toBe(true);
    const before = await columnTexts(page, 'Contrato');

    await page.reload();
    await waitForRows(page);
    expect(await page.getByPlaceholder('Contrato, titular ou CPF/CNPJ').inputValue()).toBe('silva');
    expect(await columnTexts(page, 'Contrato')).toEqual(before);
  });

  it('the date range picker loads on first use: the first click opens its calendar, and a typed range filters and survives a reload', async () => {
    await page.goto(`${suite.server.url}/listagem`);
    await waitForRows(page);
    // Until now the bar holds a stand-in; clicking its first input must open the real calendar at once.
    await page.getByPlaceholder('Atualizada de').click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'visible', timeout: 15_000 });
    const from = page.locator('.ant-picker-range input').first();
    await expect.poll(() => from.evaluate((el) => el === document.activeElement)).toBe(true);
    // The browser's own today: the picker reads typed days in the browser's time zone.
    const today = await page.evaluate(() => new Date().toLocaleDateString('pt-BR'));
    await from.fill('01/01/2020');
    await from.press('Enter');
    const to = page.locator('.ant-picker-range input').nth(1);
    await to.fill(today);
    await waitForListResponse(page, () => to.press('Enter'));
    await expect.poll(() => decodeURIComponent(page.url())).toContain('2020-01-01');
    expect(await waitForRows(page)).toBeGreaterThan(0);

    await page.reload();
    await waitForRows(page);
    await expect.poll(() => page.getByPlaceholder('Atualizada de').inputValue()).toBe('01/01/2020');
    expect(await page.getByPlaceholder('Atualizada até').inputValue()).toBe(today);
  });

  it('a search that matches nothing shows the empty state in Portuguese', async () => {
    await page.goto(`${suite.server.url}/listagem`);
    await waitForRows(page);
    const search = page.getByPlaceholder('Contrato, titular ou CPF/CNPJ');
    await search.fill('zzz-nenhuma-cota');
    await waitForListResponse(page, () => search.press('Enter'));
    await page.getByText('Nenhuma cota encontrada com esses filtros').waitFor();
    expect(await tableRows(page).count()).toBe(0);
  });
});

describe("the list's own menu entry, clicked as the first rows show", () => {
  /**
   * Arms the page, before the login, to click Listagem in the menu as soon as the landing list's first
   * rows show (after searching for `search`, if given), from inside the page: a test's round trips
   * outlast the window in which the table's first URL write is in the address bar but not yet in
   * React's location (react-router renders it in a transition, held back by the rows' own render).
   */
  const clickMenuAsRowsShow = (page: Page, search?: string) =>
    page.evaluate(
      ({ search, placeholder }) => {
        const seen = new MutationObserver(() => {
          if (!document.querySelector('.ant-table-tbody tr.ant-table-row')) return;
          seen.disconnect();
          if (search) {
            const box = document.querySelector<HTMLInputElement>(`input[placeholder="${placeholder}"]`)!;
            // React's own value tracker must see the change, or it takes the input as unchanged.
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, search);
            box.dispatchEvent(new Event('input', { bubbles: true }));
            box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
          }
          // Its own task, as a second gesture is: the search has rendered and asked for its URL.
          setTimeout(() => {
            const entry = [...document.querySelectorAll<HTMLAnchorElement>('.ant-menu-item a')].find((a) => a.textContent?.trim() === 'Listagem');
            entry!.click();
            (window as { menuClicked?: boolean }).menuClicked = true;
          });
        });
        seen.observe(document.body, { childList: true, subtree: true });
      },
      { search, placeholder: 'Contrato, titular ou CPF/CNPJ' },
    );

  /** The list's default state, as the table writes it: page 1 of 20, newest first, nothing filtered. */
  const expectDefaultListUrl = async (page: Page) => {
    await expect.poll(() => new URL(page.url()).search, { timeout: 15_000 }).toContain('currentPage=1');
    const query = new URLSearchParams(new URL(page.url()).search);
    expect(query.get('pageSize')).toBe('20');
    expect(query.get('sorters[0][field]')).toBe('updatedAt');
    expect(query.get('sorters[0][order]')).toBe('desc');
    expect([...query.keys()].filter((k) => k.startsWith('filters'))).toEqual([]);
  };

  it('starts the list afresh, with its state back in the URL', async () => {
    const { context, page } = await openPage(suite.browser, listLoginUrl(suite.server.url));
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await clickMenuAsRowsShow(page);
    await logIn(page, 'adm@acme.repasse.dev');
    await page.waitForFunction(() => (window as { menuClicked?: boolean }).menuClicked, null, { timeout: 30_000 });
    await expectDefaultListUrl(page);
    expect(await waitForRows(page)).toBeGreaterThan(0);
    await context.close();
  });

  it('drops a search typed just before, from the URL, the box and the rows', async () => {
    const { context, page } = await openPage(suite.browser, listLoginUrl(suite.server.url));
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await clickMenuAsRowsShow(page, 'silva');
    await logIn(page, 'adm@orbita.repasse.dev');
    await page.waitForFunction(() => (window as { menuClicked?: boolean }).menuClicked, null, { timeout: 30_000 });
    await expectDefaultListUrl(page);
    await expect.poll(() => page.getByPlaceholder('Contrato, titular ou CPF/CNPJ').inputValue()).toBe('');
    await waitForRows(page);
    // Not only Silvas: the search is gone from the list itself, not just from the URL and the box.
    await expect.poll(async () => (await columnTexts(page, 'Titular')).some((n) => !/silva/i.test(n))).toBe(true);
    await context.close();
  });
});

describe('errors and sessions', () => {
  it('a wrong password shows the catalogue message in a red toast at the bottom right', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    await logIn(page, 'operador@repasse.dev', 'senha-errada');
    const toast = page.locator('.ant-notification-notice', { hasText: 'Credenciais inválidas' });
    await toast.waitFor();
    // antd slides the toast in: measure it once two looks 100 ms apart find it in the same place.
    let box = (await toast.boundingBox())!;
    await expect
      .poll(async () => {
        const before = JSON.stringify(box);
        box = (await toast.boundingBox())!;
        return JSON.stringify(box) === before;
      }, { interval: 100, timeout: 10_000 })
      .toBe(true);
    const viewport = page.viewportSize()!;
    // Sub-pixel layout may leave it a hair under its 356 px.
    expect(box.width).toBeCloseTo(356, 1);
    expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32);
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    expect(Math.round(viewport.height - (box.y + box.height))).toBe(64);
    const background = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    expect(page.url()).toBe(`${suite.server.url}/`);
    await context.close();
  });

  it('shows at most three toasts at a time, and they close by themselves', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    // An unknown e-mail, so that no real account comes near its lockout.
    const submit = page.getByRole('button', { name: 'Entrar' });
    for (let i = 0; i < 4; i++) {
      // Listen before the click: a quick refusal can come back before a listener set after it.
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
      await logIn(page, 'ninguem@repasse.dev', `errada-${i}`);
      await refused;
      // The button ignores clicks while it shows the pending login (no double submit); the next try
      // waits for it to be ready again, as a user would.
      await expect.poll(() => submit.getAttribute('class'), { timeout: 10_000 }).not.toContain('ant-btn-loading');
    }
    const toasts = page.locator('.ant-notification-notice');
    await expect.poll(() => toasts.count()).toBeGreaterThan(0);
    expect(await toasts.count()).toBeLessThanOrEqual(3);
    await toasts.first().waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('an expired token sends the user to the root page', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
      exp: Math.floor(Date.now() / 1000) - 60,
      userId: 'x',
      profiles: ['operator'],
      name: 'Expirado',
      email: 'operador@repasse.dev',
      lastAccess: null,
      playerIsRepasse: true,
      deniedPermissions: [],
    })}.c2lnbmF0dXJl`;
    await page.evaluate((t) => localStorage.setItem('authtoken', t), expired);
    await page.goto(`${suite.server.url}/listagem`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a token the server refuses (401) is dropped and the user goes back to the root page', async () => {
    const { context, page } = await openPage(suite.browser, listLoginUrl(suite.server.url));
    await logIn(page, 'operador@repasse.dev');
    await page.waitForURL(/\/listagem/);
    await waitForRows(page);
    // Same claims, broken signature: the app thinks it is valid, the API does not.
    await page.evaluate(() => {
      const t = localStorage.getItem('authtoken')!;
      localStorage.setItem('authtoken', `${t.slice(0, t.lastIndexOf('.'))}.AAAA`);
    });
    await page.locator('.ant-menu-item', { hasText: 'Pendências' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Sua sessão expirou. Entre novamente.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authtoken'))).toBeNull();
    await context.close();
  });
});

describe('white label', () => {
  it('acme.localhost shows the Acme brand name and colour', async () => {
    const { context, page } = await openPage(suite.browser, `http://acme.localhost:${suite.server.port}/`);
    await expect.poll(() => page.title()).toContain('Acme Consórcios');
    await page.getByText('Acme Consórcios').first().waitFor();
    const button = page.getByRole('button', { name: 'Entrar' });
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(194, 65, 12)');
    expect(await page.evaluate(() => localStorage.getItem('whiteLabelConfig'))).toContain('acme');
    await context.close();
  });

  it('localhost shows the default Repasse brand in #2863D0', async () => {
    const { context, page } = await openPage(suite.browser, suite.server.url);
    const button = page.getByRole('button', { name: 'Entrar' });
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(40, 99, 208)');
    expect(await page.title()).toContain('Repasse');
    await context.close();
  });
});

describe('a phone-width screen (390 px)', () => {
  it('never scrolls sideways: the login, the dashboard, the lists and the header fit', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(suite.server.url);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await overflow(), 'login page').toBeLessThanOrEqual(0);
    await logIn(page, 'operador@repasse.dev');
    // The home page, the dashboard (issue 18): its figures and the header fit too.
    await page.waitForURL('**/painel*');
    for (const path of ['/painel', '/listagem', '/leiloes', '/players', '/usuarios']) {
      await page.goto(`${suite.server.url}${path}`);
      if (path === '/painel') await page.getByRole('heading', { name: 'Cotas por situação' }).waitFor({ timeout: 30_000 });
      else await waitForRows(page);
      // Polled: right after the rows arrive the table may still be settling its widths (seen once in
      // CI under load); what must hold is the layout the user is left with.
      await expect.poll(overflow, { timeout: 10_000, message: path }).toBeLessThanOrEqual(0);
      // The user's name stays on the header's one line.
      const header = await page.locator('.ant-layout-header').boundingBox();
      const name = await page.getByTestId('user-name').boundingBox();
      expect(name!.y).toBeGreaterThanOrEqual(header!.y);
      expect(name!.y + name!.height).toBeLessThanOrEqual(header!.y + header!.height);
    }
    await context.close();
  });
});
