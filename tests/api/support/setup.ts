/**
 * Runs before each API test file. The project runs its files in reused workers (`isolate: false`,
 * vitest.config.ts) to keep Fastify, Drizzle and PGlite loaded once per worker; this puts our own
 * modules (server/, src/, the test helpers) back to a fresh state for every file, so no file sees
 * another's caches, counters or configuration.
 */
import { vi } from 'vitest';

vi.resetModules();
