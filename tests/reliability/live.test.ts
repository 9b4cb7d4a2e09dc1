/**
 * Live updates across API instances (issue 18): two processes on one PostgreSQL. A move made on
 * instance A reaches a stream opened on instance B (LISTEN/NOTIFY); when B's listening connection is
 * killed, B reconnects on its own, tells its streams to refresh, and hears the next move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream } from '../api/support/liveStream';
import { type FreshPostgres, withFreshPostgres } from '../api/support/pgDatabase';
import { call, login } from './support/api';
import { withClient } from './support/db';
import { type ApiProcess, removeDir, startApi } from './support/server';

let pgdb: FreshPostgres | null = null;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  pgdb = await withFreshPostgres();
  if (!pgdb) return;
  apis.push(await startApi({ databaseUrl: pgdb.url, seedShares: 200 }));
  apis.push(await startApi({ databaseUrl: pgdb.url, seedShares: 200 }));
});

afterAll(async () => {
  for (const api of apis) {
    await api.stop();
    removeDir(api.dataDir);
  }
  await pgdb?.drop();
});

const openStream = (url: string, token: string) => openLiveStream(url, token);

const acmeAvailable = (url: string) =>
  withClient(url, async (c) => (await c.query<{ id: string; contract_number: string }>(`select id, contract_number from shares where state = 'available' and adm_id = 1 order by contract_number limit 1`)).rows[0]);

describe.skipIf(!process.env.DATABASE_URL)('live updates across two API instances', () => {
  it('a move on instance A reaches a subscriber on instance B, and again after B lost its listener', async () => {
    const [a, b] = apis;
    const tokenA = await login(a.url);
    const tokenB = await login(b.url, 'adm@acme.repasse.dev');
    const stream = await openStream(b.url, tokenB);
    await stream.waitFor((f) => f.event === 'ready', 'ready');

    const first = await acmeAvailable(pgdb!.url);
    expect((await call(a.url, '/actions/share_send_autoservice', { token: tokenA, body: { shareId: first.id } })).status).toBe(200);
    await stream.waitFor((f) => f.event === 'share' && f.data.contractNumber === first.contract_number, 'the move made on A');
    expect(stream.frames.find((f) => f.data.contractNumber === first.contract_number)?.data).toMatchObject({ action: 'share_send_autoservice', by: { name: expect.any(String) } });

    // B's one listening connection dies (a failover, an idle-connection reaper): it comes back alone.
    const killed = await withClient(pgdb!.url, async (c) =>
      (await c.query<{ n: number }>(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`)).rows[0].n,
    );
    // B's (A has no stream, so it never started listening: one listener per instance, on demand).
    expect(killed).toBe(1);
    await stream.waitFor((f) => f.event === 'shares' && f.data.reconnected === true, 'the reconnection notice');

    const second = await acmeAvailable(pgdb!.url);
    expect((await call(a.url, '/actions/share_send_autoservice', { token: tokenA, body: { shareId: second.id } })).status).toBe(200);
    await stream.waitFor((f) => f.event === 'share' && f.data.contractNumber === second.contract_number, 'the move made after the reconnection');
    stream.close();
  });
});
