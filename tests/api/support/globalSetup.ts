/**
 * The API project's global set-up: a directory, for this run only, where the first test file that
 * needs a seeded PGlite database of a given size leaves a copy for the next ones (pgliteTemplate.ts).
 * Nothing heavy is imported here: this runs in Vitest's main process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PGLITE_TEMPLATES_ENV = 'REPASSE_TEST_PGLITE_TEMPLATES';

export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'repasse-pglite-templates-'));
  // Set before the workers start, so every test process inherits it.
  process.env[PGLITE_TEMPLATES_ENV] = dir;
  return () => {
    delete process.env[PGLITE_TEMPLATES_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
