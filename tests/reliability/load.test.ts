/**
 * 50 clients for RELIABILITY_LOAD_SECONDS (30 by default) of reads and moves on PostgreSQL: not one
 * error, and every move the server acknowledged is in the history, exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshPostgres, withFreshPostgres } from '../api/support/pgDatabase';
import { login } from './support/api';
import { auditHistory, availableShares, firstCancelReason } from './support/db';
import { runLoad } from './support/load';
import { type ApiProcess, removeDir, startApi } from './support/server';

const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 30);
const CONNECTIONS = 50;

let pgdb: FreshPostgres | null = null;
let api: ApiProcess | undefined;

beforeAll(async () => {
  pgdb = await withFreshPostgres();
  if (pgdb) api = await startApi({ databaseUrl: pgdb.url, seedShares: 1000 });
});

afterAll(async () => {
  await api?.stop();
  if (api) removeDir(api.dataDir);
  await pgdb?.drop();
});

describe.skipIf(!process.env.DATABASE_URL)('load on PostgreSQL', () => {
  it(`${CONNECTIONS} connections for ${SECONDS} s of reads and moves: no error, no lost write`, async () => {
    const url = pgdb!.url;
    const shares = await availableShares(url, CONNECTIONS * 5);
    const keyPrefix = `load-${Date.now()}`;
    const report = await runLoad({
      url: api!.url,
      token: await login(api!.url),
      shares,
      cancelReason: await firstCancelReason(url),
      connections: CONNECTIONS,
      durationMs: SECONDS * 1000,
      keyPrefix,
    });
    console.log(
      `[reliability] load: ${report.requests} requests in ${SECONDS} s at ${CONNECTIONS} connections, ` +
        `${report.acknowledged.length} moves, errors ${report.errors + report.unavailable + report.networkErrors}, ` +
        `p50 ${report.p50} ms, p99 ${report.p99} ms`,
    );

    expect(report.messages).toEqual({});
    expect(report.requests).toBeGreaterThan(CONNECTIONS);
    expect(report.acknowledged.length).toBeGreaterThan(0);

    const audit = await auditHistory(url, keyPrefix, report.acknowledged, report.finalStates);
    expect(audit).toEqual({ lost: [], unacknowledged: [], duplicated: [], wrongState: [] });
  });
});
