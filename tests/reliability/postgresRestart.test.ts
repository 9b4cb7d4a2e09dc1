/**
 * PostgreSQL restarted under load (a private cluster: the machine's shared server is never touched).
 * While it is away the API answers 503 with the catalogue's "database" message instead of hanging
 * or failing otherwise; when it is back the API serves again by itself; and every move the server
 * acknowledged, before, during or after, is in the history exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { type Answer, call, login, messageOf } from './support/api';
import { auditHistory, availableShares, firstCancelReason, withClient } from './support/db';
import { runLoad } from './support/load';
import { type PrivatePostgres, createPrivatePostgres, privatePostgresUnavailable } from './support/privatePostgres';
import { type ApiProcess, removeDir, startApi } from './support/server';
import { uploadSmallFile } from './support/upload';

const unavailable = privatePostgresUnavailable();
const LOAD_MS = 24_000;
const STOP_AT_MS = 6_000;
const DOWN_MS = 5_000;
const CONNECTIONS = 50;

let cluster: PrivatePostgres | undefined;
let api: ApiProcess | undefined;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await createPrivatePostgres();
  api = await startApi({ databaseUrl: cluster.url, seedShares: 1000 });
});

afterAll(async () => {
  await api?.stop();
  if (api) removeDir(api.dataDir);
  await cluster?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL restarted under load', () => {
  it.skipIf(unavailable)(`answers 503 while the database is away, recovers by itself and loses no acknowledged move${unavailable ? ` (skipped: ${unavailable})` : ''}`, async () => {
    const url = cluster!.url;
    const shares = await availableShares(url, CONNECTIONS * 5);
    const keyPrefix = `restart-${Date.now()}`;
    const token = await login(api!.url);
    // Shares outside the load's own: bulk calls run beside the load without taking its shares' locks.
    const bulkIds = await withClient(url, async (c) => (await c.query<{ id: string }>(`select id from shares where state <> 'available' order by id`)).rows.map((r) => r.id));
    const proof = await uploadSmallFile(api!.url, token);

    // A health probe beside the load draws the outage as a client sees it.
    const probe: { at: number; status: number; message: string }[] = [];
    let probing = true;
    const t0 = Date.now();
    const prober = (async () => {
      while (probing) {
        const a = await call(api!.url, '/health');
        probe.push({ at: Date.now() - t0, status: a.status, message: messageOf(a) });
        await sleep(50);
      }
    })();

    const load = runLoad({ url: api!.url, token, shares, cancelReason: await firstCancelReason(url), connections: CONNECTIONS, durationMs: LOAD_MS, keyPrefix });
    await sleep(STOP_AT_MS - 1_000);
    // Bulk calls back to back across the stop: some are cut in the middle by the database going away.
    const bulkAnswers: Answer[] = [];
    let bulking = true;
    const bulker = Promise.all(
      [0, 1, 2].map(async () => {
        while (bulking) {
          const a = await call(api!.url, '/actions/proof_attach', { token, body: { shareId: bulkIds, proofFile: proof.fileId, documentType: 'PAYMENT_PROOF' } });
          bulkAnswers.push(a);
          if (a.status !== 200) await sleep(100);
        }
      }),
    );
    await sleep(1_000);
    const stopAt = Date.now() - t0;
    await cluster!.stop();
    const stopped = Date.now() - t0;
    await sleep(DOWN_MS);
    bulking = false;
    await bulker;
    await cluster!.start();
    const startedAt = Date.now() - t0;
    const report = await load;
    probing = false;
    await prober;

    const firstDown = probe.find((p) => p.at >= stopAt && p.status !== 200);
    const recovered = probe.find((p) => p.at >= startedAt && p.status === 200);
    const outage = firstDown && recovered ? recovered.at - firstDown.at : null;
    console.log(
      `[reliability] restart: PostgreSQL stopped at ${stopAt} ms (down at ${stopped} ms), started again at ${startedAt} ms; ` +
        `API unhealthy from ${firstDown?.at} ms to ${recovered?.at} ms (${outage} ms), back ${recovered ? recovered.at - startedAt : '?'} ms after PostgreSQL; ` +
        `${report.requests} requests, ${report.unavailable} answered 503, ${report.networkErrors} without answer, ${report.errors} other errors, ` +
        `503 p99 ${report.unavailableP99} ms, ${report.acknowledged.length} moves acknowledged, p99 ${report.p99} ms`,
    );

    // Away: the API said so, with the catalogue's message, and nothing but that.
    expect(firstDown?.status).toBe(503);
    expect(report.unavailable).toBeGreaterThan(0);
    expect(report.networkErrors).toBe(0);
    expect(report.abandoned).toBe(0);
    const others = Object.keys(report.messages).filter((m) => !m.startsWith('503 '));
    expect(others).toEqual([]);
    for (const m of Object.keys(report.messages)) expect(matchErrorMessage(m.slice(4))).toEqual({ kind: 'catalogue', key: 'database' });
    // The 503s came while PostgreSQL was away or coming back, not after the API was healthy again.
    // (3 s of slack: requests already queued in a busy server when the probe got its first 200.)
    const late = report.failureTimes.map((t) => t - t0).filter((t) => t < stopAt || t > (recovered?.at ?? Infinity) + 3_000);
    expect(late).toEqual([]);

    // A bulk call the database left halfway is refused as a whole (503, the client repeats it),
    // never answered 200 with "Internal server error" for some of its shares.
    const bulkSummary = bulkAnswers.map((a) =>
      a.status === 200 ? `200 ${(a.body as { results: { ok: boolean; message?: string }[] }).results.filter((r) => !r.ok).map((r) => r.message)[0] ?? 'all ok'}` : `${a.status} ${messageOf(a)}`,
    );
    console.log(`[reliability] restart: bulk calls across the stop: ${JSON.stringify(Object.fromEntries([...new Set(bulkSummary)].map((k) => [k, bulkSummary.filter((x) => x === k).length])))}`);
    expect(bulkSummary.filter((b) => b !== '200 all ok' && b !== '503 Database unavailable, try again later')).toEqual([]);
    expect(bulkSummary).toContain('503 Database unavailable, try again later');

    // Back: healthy without a restart of the API, and serving moves again.
    expect(recovered?.status).toBe(200);
    expect(report.acknowledged.length).toBeGreaterThan(0);
    const after = await call(api!.url, '/share/list?limit=1', { token });
    expect(after.status).toBe(200);

    const audit = await auditHistory(url, keyPrefix, report.acknowledged, report.finalStates);
    expect(audit).toEqual({ lost: [], unacknowledged: [], duplicated: [], wrongState: [] });
  });
});
