import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Five projects: `npm test` runs unit, component and api (no browser); `npm run test:e2e` runs e2e
 * against a real server in Debian's Chromium; `npm run test:reliability` runs the fault and load
 * tests (server processes killed, PostgreSQL restarted, concurrent instances) on PostgreSQL.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-CPU reference
    // machine, so `npm test` ran every file in a row (991 s). Two keep both CPUs busy; the API files
    // still run one at a time (fileParallelism below), beside a component file.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // antd in jsdom is slow: a list page with its filters takes 5–15 s on a loaded 2-CPU machine.
          testTimeout: 60_000,
          // The users' time zone: dates on screen and date filters are São Paulo days.
          env: { TZ: 'America/Sao_Paulo' },
          // Refine's packages run through Vite like the app, so both resolve react-router to one copy
          // (otherwise Node loads its ESM build for Refine and the CJS build for the app: two routers).
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Seeded PGlite databases are built once per share count and copied (support/pgliteTemplate.ts).
          globalSetup: ['tests/api/support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PGlite or PostgreSQL database per file; files in parallel would fight over the CPU.
          fileParallelism: false,
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
        },
      },
    ],
  },
});
