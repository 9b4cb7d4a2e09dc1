/**
 * Hostile input (issue 5, docs/security.md): property-based fuzzing of every call of the API table,
 * its body or query generated from the route's own schema — wrong types, missing and extra fields,
 * huge strings, unicode, SQL and path traversal, broken JSON envelopes, forged tokens. Whatever comes
 * in, the answer is a 2xx or a 4xx with a catalogue message (the exact validation message when the
 * input certainly breaks the schema), never a 5xx, and a rejected request leaves every table exactly
 * as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/domain/constants';
import { type TestApp, createTestApp } from './support/app';
import { createFingerprinter, publicTables } from './support/fuzzDb';
import {
  ENDPOINTS,
  FILTER_KEYS,
  REJECTION_WRITES,
  type RouteSchema,
  callersOf,
  casesFor,
  checkAnswer,
  checkUnchanged,
  filtersArb,
  label,
  loadPools,
  routeSchemas,
  send,
} from './support/fuzzRoutes';
import { localStorageConfig } from './support/storage';
import { assertFuzz } from './support/fuzzConfig';
import type { Endpoint } from '../../src/domain/apiPaths';

let t: TestApp;
let schemas: Map<Endpoint, RouteSchema>;
let pools: Record<string, unknown[]>;
let fingerprint: ReturnType<typeof createFingerprinter>;

beforeAll(async () => {
  t = await createTestApp({ shares: 40, config: { storage: await localStorageConfig() } });
  schemas = routeSchemas(t.app.swagger() as never, API_BASE_PATH);
  pools = await loadPools(t);
  fingerprint = createFingerprinter(t, await publicTables(t));
  // Signing in writes (last access): done here, so that no fuzzed request pays for it.
  for (const email of new Set(ENDPOINTS.flatMap(callersOf))) if (email) await t.token(email);
});
afterAll(async () => t?.close());

describe('the fuzzed surface', () => {
  it('knows the filter keys of every list that takes filters', () => {
    const lists = ENDPOINTS.filter((e) => schemas.get(e)?.query?.properties?.filters).map(label);
    expect(lists.filter((l) => !FILTER_KEYS[l])).toEqual([]);
  });
});

describe.each(ENDPOINTS.map((e) => [label(e), e] as const))('%s', (name, endpoint) => {
  it('answers hostile input with a catalogue 4xx (or a 2xx), never a 5xx, and a refusal changes nothing', async () => {
    const schema = schemas.get(endpoint)!;
    const keys = FILTER_KEYS[name];
    const arb = casesFor(endpoint, schema, { pools, special: keys ? { filters: filtersArb(keys) } : undefined }, keys);
    const exclusions = REJECTION_WRITES[name]?.exclusions ?? {};
    let before = await fingerprint(exclusions);
    await assertFuzz(
      name,
      fc.asyncProperty(arb, async (c) => {
        const res = await send(t, endpoint, c);
        const after = await fingerprint(exclusions);
        try {
          checkAnswer(res, c.expect);
          if (res.statusCode >= 400) checkUnchanged(before, after, res);
        } finally {
          before = after;
        }
      }),
    );
  });
});
