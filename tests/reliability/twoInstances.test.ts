/**
 * Two API processes on one PostgreSQL database, 20 set_paid on the same share at once, half to
 * each: exactly one is paid, the others are told the move is no longer possible, and the history
 * holds one payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { type FreshPostgres, withFreshPostgres } from '../api/support/pgDatabase';
import { call, login, messageOf } from './support/api';
import { withClient } from './support/db';
import { type ApiProcess, removeDir, startApi } from './support/server';
import { uploadSmallFile } from './support/upload';
import { todayInSaoPaulo } from '../../src/domain/pendencies';

const REQUESTS = 20;

let pgdb: FreshPostgres | null = null;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  pgdb = await withFreshPostgres();
  if (!pgdb) return;
  // Both start at once on the empty database, as two replicas of a deployment do: one migrates and
  // seeds, the other waits for it and finds the work done.
  apis.push(...(await Promise.all([startApi({ databaseUrl: pgdb.url, seedShares: 200 }), startApi({ databaseUrl: pgdb.url, seedShares: 200 })])));
});

afterAll(async () => {
  for (const api of apis) {
    await api.stop();
    removeDir(api.dataDir);
  }
  await pgdb?.drop();
});

describe.skipIf(!process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  it('start together on an empty database: both serve, the data seeded once', async () => {
    expect(apis.filter((a) => a.output().includes('seeded now'))).toHaveLength(1);
    const counts = await withClient(pgdb!.url, async (c) => (await c.query<{ shares: number; users: number }>('select (select count(*)::int from shares) as shares, (select count(*)::int from users) as users')).rows[0]);
    expect(counts.shares).toBe(200);
    for (const api of apis) expect((await call(api.url, '/health')).status).toBe(200);
  });

  it(`${REQUESTS} concurrent set_paid on one share: exactly one wins`, async () => {
    const url = pgdb!.url;
    const shareId = await withClient(url, async (c) => (await c.query<{ id: string }>(`select id from shares where state = 'approved_by_adm' order by id limit 1`)).rows[0].id);
    const tokens = await Promise.all(apis.map((a) => login(a.url)));
    const proof = await uploadSmallFile(apis[0].url, tokens[0]);
    const paidDate = todayInSaoPaulo();

    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => {
        const n = i % apis.length;
        return call(apis[n].url, '/actions/set_paid', { token: tokens[n], body: { shareId, proofFile: proof.fileId, paidDate } });
      }),
    );

    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect((won[0].body as { share: { state: string } }).share.state).toBe('payment_done');
    // The others hear that the share is no longer where set_paid starts, in catalogue wording.
    expect(new Set(lost.map((a) => a.status))).toEqual(new Set([409]));
    for (const a of lost) {
      expect(messageOf(a)).toBe('Invalid move: set_paid from payment_done');
      expect(matchErrorMessage(messageOf(a)).kind).toBe('catalogue');
    }

    const history = await call(apis[1].url, '/share/get_history', { token: tokens[1], body: { shareId } });
    expect(history.status).toBe(200);
    const paid = (history.body as { data: { action: string; toState: string | null }[] }).data.filter((h) => h.toState === 'payment_done');
    expect(paid).toHaveLength(1);
    expect(paid[0].action).toBe('set_paid');
  });
});
