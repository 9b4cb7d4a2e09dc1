/** `npm start` as a new user runs it: first start seeds and prints the way in; the second reuses the data. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/server';

const dataDir = mkdtempSync(join(tmpdir(), 'repasse-start-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const login = async (url: string) => {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operador@repasse.dev', password: 'repasse123' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
};

const shareTotal = async (url: string, token: string) => {
  const res = await fetch(`${url}/api/share/list?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { total: number }).total;
};

describe('npm start', () => {
  it('seeds an empty data directory and prints the URL and the demo users', async () => {
    // Sources newer than dist/ force the build that start.mjs runs when the app is stale.
    rmSync(new URL('../../dist/', import.meta.url), { recursive: true, force: true });
    server = await startServer({ dataDir });
    const out = server.output();
    expect(out).toContain(`http://localhost:${server.port}`);
    expect(out).toContain('seeded now: 3000 shares');
    for (const email of ['operador@repasse.dev', 'adm@acme.repasse.dev', 'adm@orbita.repasse.dev', 'fundo@repasse.dev']) {
      expect(out).toContain(email);
    }
    expect(out).toContain('repasse123');
    expect(await shareTotal(server.url, await login(server.url))).toBe(3000);
    await server.stop();
    server = undefined;
  });

  it("builds the app for production even when the caller's NODE_ENV says otherwise", async () => {
    // The test runner sets NODE_ENV=test, so this start's build inherited it. A development build
    // compiles JSX to jsxDEV calls; a production one never does.
    const assets = new URL('../../dist/assets/', import.meta.url);
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts) expect(readFileSync(new URL(f, assets), 'utf8'), f).not.toContain('jsxDEV');
  });

  it('a second start reuses the data instead of seeding again', async () => {
    server = await startServer({ dataDir });
    expect(server.output()).not.toContain('seeded now');
    expect(await shareTotal(server.url, await login(server.url))).toBe(3000);
  });
});
