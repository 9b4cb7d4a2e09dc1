/**
 * What JavaScript a browser downloads, gzip-compressed, to show the login page and then the first
 * list's rows after login. Measured in Chromium against `npm start`, so code splitting, lazy routes
 * and the real API all count, not a static reading of dist/.
 */
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';

export interface BundleFigures {
  loginKb: number;
  firstListKb: number;
  loginFiles: number;
  firstListFiles: number;
}

export const BUDGETS = { loginKb: 220, firstListKb: 380 } as const;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function measureBundle(): Promise<BundleFigures> {
  const server = await startServer({ env: { SEED_SHARES: '300' } });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (res: Response) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then((body) => {
          scripts.set(res.url(), gzipSync(body, { level: 9 }).length);
        }),
      );
    });
    const total = () => [...scripts.values()].reduce((a, b) => a + b, 0);

    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await Promise.all(pending);
    const login = { bytes: total(), files: scripts.size };

    await page.getByLabel('E-mail').fill('operador@repasse.dev');
    await page.getByLabel('Senha').fill('repasse123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { loginKb: kb(login.bytes), loginFiles: login.files, firstListKb: kb(total()), firstListFiles: scripts.size };
  } finally {
    await browser.close();
    await server.stop();
  }
}
