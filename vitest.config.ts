import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { STANDIN_ALIASES, antdStandIns } from './scripts/build/standIns';

/**
 * Five projects: `npm test` runs unit, component and api (no browser); `npm run test:e2e` runs e2e
 * against a real server in Debian's Chromium; `npm run test:reliability` runs the fault and load
 * tests (server processes killed, PostgreSQL restarted, concurrent instances) on PostgreSQL.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-CPU reference
    // machine, so `npm test` ran every file in a row (991 s). Two keep both CPUs busy.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        // The browser build's stand-ins (issue 16): the tests run the antd that ships, not the original.
        plugins: [react(), antdStandIns()],
        resolve: {
          alias: [
            // antd's ES build, as the browser gets it: the test environment resolves a bare `antd` by
            // `main` (its CommonJS build), where the stand-ins never apply and the app's deep
            // `antd/es/...` imports would be a second copy of antd.
            { find: /^antd$/, replacement: 'antd/es/index.js' },
            ...Object.entries(STANDIN_ALIASES).map(([find, replacement]) => ({ find, replacement })),
          ],
        },
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // Workers are reused across files and the setup file resets our own modules before each
          // one (vi.resetModules), so antd, React and jsdom load once per worker instead of once per
          // file: the project's imports went 70 s → 5 s, `npm test` 394 → see docs/decisions.md.
          isolate: false,
          // antd in jsdom is slow: a list page with its filters takes 5–15 s on a loaded 2-CPU machine.
          testTimeout: 60_000,
          // The users' time zone: dates on screen and date filters are São Paulo days.
          env: { TZ: 'America/Sao_Paulo' },
          // Refine's packages run through Vite like the app, so both resolve react-router to one copy
          // (otherwise Node loads its ESM build for Refine and the CJS build for the app: two routers).
          // antd's ES build too, so the stand-ins' plugin sees its imports, as in the browser build.
          server: { deps: { inline: [/@refinedev\//, 'antd'] } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Seeded PGlite databases are built once per share count and copied (support/pgliteTemplate.ts).
          globalSetup: ['tests/api/support/globalSetup.ts'],
          setupFiles: ['tests/api/support/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run two at a time in reused workers (setup.ts resets our modules per file): each
          // file has its own PGlite or PostgreSQL database, and Fastify, Drizzle and PGlite's
          // WebAssembly load once per worker. Serial and isolated, the API files left one CPU idle
          // for three minutes of `npm test` (docs/decisions.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // Each file starts servers and loads the database: one at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['tests/e2e/support/globalSetup.ts'],
          // Tests a file marks concurrent (the accessibility scans): two at a time on two CPUs.
          maxConcurrency: 2,
        },
      },
    ],
  },
});
