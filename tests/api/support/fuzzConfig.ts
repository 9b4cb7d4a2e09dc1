/**
 * Seed and size of the fuzz runs. The seed is fixed, so a failure reproduces; each route draws its
 * own seed from it and its name, so adding a route does not change what the others generate.
 * FUZZ_SEED explores other inputs, FUZZ_RUNS makes runs longer, FUZZ_PATH replays the failing case
 * fast-check reported (docs/security.md).
 */
import type fc from 'fast-check';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const hash = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

export const routeSeed = (name: string): number => (FUZZ_SEED ^ hash(name)) | 0;

export function fuzzParameters(name: string, numRuns = FUZZ_RUNS): fc.Parameters<unknown> {
  return { seed: routeSeed(name), numRuns, ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) };
}
