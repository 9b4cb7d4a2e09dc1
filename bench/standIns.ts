/**
 * What each antd stand-in (scripts/build/standIns.ts) saves on the first list: builds the app once
 * with every stand-in of the table and once without each of them (into temporary directories, not
 * dist/), serves each build with the product's server on one seeded database and measures it in
 * Chromium as bench/bundle.ts does (gzip -9 of every script fetched for the login, then the first
 * list). `npx tsx bench/standIns.ts` prints one line per build: its first list and the saving.
 * `--with antdX.tsx,antdY.ts` measures another table than ANTD_STANDINS (e.g. stand-ins dropped from it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type InlineConfig, type PluginOption, build, loadConfigFromFile } from 'vite';
import { ANTD_STANDINS, type StandIn, antdStandIns } from '../scripts/build/standIns';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { ours } from './baseline/apps';
import { measureApp } from './bundle';

const ROOT = resolve(import.meta.dirname, '..');

/** Builds the app with `standIns` in place of the table, without the precompressed copies (the server falls back to the files). */
async function buildWith(standIns: readonly StandIn[], outDir: string): Promise<void> {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(ROOT, 'vite.config.ts'));
  if (!loaded) throw new Error('vite.config.ts did not load');
  const plugins = (loaded.config.plugins ?? []).flat(Infinity as 1) as PluginOption[];
  const named = (p: PluginOption) => (p && typeof p === 'object' && 'name' in p ? p.name : '');
  const config: InlineConfig = {
    ...loaded.config,
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    plugins: plugins.filter((p) => named(p) !== 'repasse-precompress').map((p) => (named(p) === 'repasse-antd-stand-ins' ? antdStandIns(standIns) : p)),
    build: { ...loaded.config.build, outDir, emptyOutDir: true },
  };
  // Vite's build sets NODE_ENV=production in this process, which the server started next would inherit.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build(config);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

const arg = process.argv.indexOf('--with');
const table = arg > 0 ? ANTD_STANDINS.filter((s) => process.argv[arg + 1].split(',').includes(s.file)) : ANTD_STANDINS;
const variants: { name: string; standIns: readonly StandIn[] }[] = [
  { name: 'every stand-in', standIns: table },
  ...table.map((s) => ({ name: `without ${s.file}`, standIns: table.filter((t) => t !== s) })),
];

const dataDir = mkdtempSync(join(tmpdir(), 'repasse-standins-data-'));
const browser = await launchBrowser();
const results: { name: string; login: number; firstList: number }[] = [];
try {
  for (const variant of variants) {
    const outDir = mkdtempSync(join(tmpdir(), 'repasse-standins-dist-'));
    try {
      await buildWith(variant.standIns, outDir);
      // One database for every build: the first start seeds it, the others reuse it.
      const server = await startServer({ dataDir, env: { SEED_SHARES: '300', STATIC_DIR: outDir, SKIP_BUILD: '1' } });
      try {
        const figures = await measureApp(browser, { ...ours(server.url), home: undefined });
        results.push({ name: variant.name, login: figures.login.kb, firstList: figures.firstList.kb });
        console.log(`${variant.name}: login ${figures.login.kb} KB, first list ${figures.firstList.kb} KB`);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const [all, ...rest] = results;
console.log('\n| build | login (KB gzip) | first list (KB gzip) | the stand-in saves on the first list |\n| --- | --- | --- | --- |');
console.log(`| ${all.name} | ${all.login} | ${all.firstList} | |`);
for (const r of rest) console.log(`| ${r.name} | ${r.login} | ${r.firstList} | ${(r.firstList - all.firstList).toFixed(1)} KB |`);
