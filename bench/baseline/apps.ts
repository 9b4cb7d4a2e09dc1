/**
 * The two apps the browser benchmarks compare, each served by the product's own server (static
 * files, history fallback and API alike) on its own PGlite seeded with the same demo data:
 * - ours: `node scripts/start.mjs`, which builds dist/ when the sources are newer;
 * - baseline: bench/baseline built into a temporary directory and served as STATIC_DIR.
 * BENCH_DIST=<dir> serves an already built copy of our app instead of dist/ (for trying changes
 * without touching the dist/ that other runs use).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { type RunningServer, startServer } from '../../tests/e2e/support/server';
import { startProxy } from '../proxy';

export interface AppUnderTest {
  name: string;
  url: string;
  /** Resolves once the login form can be used. */
  loginReady: (page: Page) => Promise<void>;
  /** Types the demo operator's credentials. */
  fillLogin: (page: Page) => Promise<void>;
  /** Presses the form's button (after fillLogin). */
  pressLogin: (page: Page) => Promise<void>;
  /** The list's data rows. */
  rows: (page: Page) => Locator;
  /**
   * Ours only: where a login lands without `?to=` (the dashboard, issue 18) and what shows it loaded.
   * `url` itself asks for the list (`/?to=/listagem`), so login → rows still measures the first list.
   */
  home?: { url: string; loaded: (page: Page) => Locator };
  /** Opens the state filter's options. */
  openFilter: (page: Page) => Promise<void>;
  /** Picks with_pendency among the open options (the moment a filter changes). */
  pickFilter: (page: Page) => Promise<void>;
}

export const DEMO = { email: 'operador@repasse.dev', password: 'repasse123' } as const;
const ROOT = resolve(import.meta.dirname, '../..');
const SEED = { SEED_SHARES: '300' };
const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/**
 * Opens a select and waits until its dropdown has stopped sliding in: a click on an option waits for
 * the option to stand still, and the timer of the filter change must not run during that wait (it
 * did: some rounds took the ~200 ms animation, others not, for both apps).
 */
const openSelect = async (page: Page, label: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  await page.waitForFunction(
    () => ![...document.querySelectorAll('.ant-select-dropdown')].some((el) => [...el.classList].some((c) => /^ant-[\w-]+-(appear|enter)(-(prepare|start|active))?$/.test(c))),
    undefined,
    { polling: 'raf' },
  );
};
const pickOption = (page: Page, option: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();

export const ours = (url: string): AppUnderTest => ({
  name: 'Repasse',
  // Since issue 18 a login lands on the dashboard; the list benchmarks go to the list explicitly.
  url: `${url}/?to=${encodeURIComponent('/listagem')}`,
  home: { url, loaded: (page) => page.getByRole('heading', { name: 'Cotas por situação' }) },
  loginReady: (page) => page.getByRole('button', { name: 'Entrar' }).waitFor(),
  fillLogin: async (page) => {
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
  },
  pressLogin: (page) => page.getByRole('button', { name: 'Entrar' }).click(),
  rows: tableRows,
  openFilter: (page) => openSelect(page, 'Situação'),
  pickFilter: (page) => pickOption(page, 'Com pendência'),
});

export const baseline = (url: string): AppUnderTest => ({
  name: 'baseline',
  url,
  loginReady: (page) => page.locator('form button[type=submit]').waitFor(),
  fillLogin: async (page) => {
    await page.locator('input#email').fill(DEMO.email);
    await page.locator('input#password').fill(DEMO.password);
  },
  pressLogin: (page) => page.locator('form button[type=submit]').click(),
  rows: tableRows,
  openFilter: (page) => openSelect(page, 'State'),
  pickFilter: (page) => pickOption(page, 'with_pendency'),
});

/** Builds the baseline app with its own Vite config into a fresh directory. */
export function buildBaseline(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'repasse-baseline-'));
  const build = spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', join(ROOT, 'bench/baseline/vite.config.ts'), '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('the baseline app did not build');
  return outDir;
}

export interface Apps {
  ours: AppUnderTest;
  baseline: AppUnderTest;
  /** Both apps again behind the production proxy (bench/proxy.ts, HTTP/2); stop before `stop`. */
  proxied: () => Promise<{ ours: AppUnderTest; baseline: AppUnderTest; stop: () => Promise<void> }>;
  stop: () => Promise<void>;
}

export async function startApps(): Promise<Apps> {
  const ourDist = process.env.BENCH_DIST;
  const ourServer = await startServer({ env: ourDist ? { ...SEED, STATIC_DIR: ourDist, SKIP_BUILD: '1' } : SEED });
  let baseServer: RunningServer | undefined;
  const baseDist = buildBaseline();
  try {
    baseServer = await startServer({ env: { ...SEED, STATIC_DIR: baseDist, SKIP_BUILD: '1' } });
  } catch (e) {
    await ourServer.stop();
    throw e;
  }
  return {
    ours: ours(ourServer.url),
    baseline: baseline(baseServer.url),
    proxied: async () => {
      const ourProxy = await startProxy(ourServer.port);
      const baseProxy = await startProxy(baseServer!.port).catch(async (e: unknown) => {
        await ourProxy.stop();
        throw e;
      });
      return {
        ours: ours(ourProxy.url),
        baseline: baseline(baseProxy.url),
        stop: async () => void (await Promise.all([ourProxy.stop(), baseProxy.stop()])),
      };
    },
    stop: async () => {
      await Promise.all([ourServer.stop(), baseServer?.stop()]);
      rmSync(baseDist, { recursive: true, force: true });
    },
  };
}

/** Types the credentials and presses the button at once (no time to type: the bundle's counts). */
export const submitLogin = async (app: AppUnderTest, page: Page) => {
  await app.fillLogin(page);
  await app.pressLogin(page);
};
