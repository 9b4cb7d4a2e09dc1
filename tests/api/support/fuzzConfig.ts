/**
 * Seed and size of the fuzz runs. The seed is fixed, so a failure reproduces; each property draws
 * its own seed from it and its name, so adding a route does not change what the others generate.
 * FUZZ_SEED explores other inputs, FUZZ_RUNS makes runs longer, FUZZ_PATH replays the failing case
 * fast-check reported (docs/security.md).
 */
import fc from 'fast-check';
import { expect } from 'vitest';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);
/** Runs per property: FUZZ_RUNS when set, else the property's own default. */
const runs = (fallback: number) => (process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : fallback);

const hash = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

export const propertySeed = (name: string): number => (FUZZ_SEED ^ hash(name)) | 0;

export function fuzzParameters(name: string, defaultRuns = 30): fc.Parameters<unknown> {
  return { seed: propertySeed(name), numRuns: runs(defaultRuns), ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) };
}

/**
 * fc.assert with the property's seed; a failure starts with the command that replays it (the
 * global seed, the failing path and the test's name), then fast-check's own report.
 */
export async function assertFuzz<T>(name: string, property: fc.IAsyncProperty<T>, defaultRuns?: number): Promise<void> {
  try {
    await fc.assert(property, fuzzParameters(name, defaultRuns));
  } catch (err) {
    const path = /path: "([^"]*)"/.exec((err as Error).message)?.[1];
    // -t takes a regular expression over the names joined by spaces.
    const test = (expect.getState().currentTestName ?? name).replaceAll(' > ', ' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "'\\''");
    const replay = `FUZZ_SEED=${FUZZ_SEED}${path ? ` FUZZ_PATH=${path}` : ''} npx vitest run --project api tests/api/fuzz -t '${test}'`;
    (err as Error).message = `Replay: ${replay}\n${(err as Error).message}`;
    throw err;
  }
}
