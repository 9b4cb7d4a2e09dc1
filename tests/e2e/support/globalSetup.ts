/**
 * The browser tests' run-wide setup: a directory where each seed setting's demo data is seeded once
 * and copied for every test file's server (support/server.ts, `seeds`), removed after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Seeded data directories to copy from: `startServer({ seeds })`. */
    seeds: string;
  }
}

export default function setup(project: TestProject): () => void {
  const seeds = mkdtempSync(join(tmpdir(), 'repasse-e2e-seeds-'));
  project.provide('seeds', seeds);
  return () => rmSync(seeds, { recursive: true, force: true });
}
