/**
 * Issue 18: GET /share/state_counts (the lists' status tabs) and GET /dashboard/summary (/painel),
 * checked against the lists themselves and the database, per profile and tenant.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_BUCKETS, MOVES_DAYS, type DashboardSummary, type StateCountsResponse } from '../../src/domain/dashboard';
import { AUCTION_STATUSES } from '../../src/domain/enums';
import { PROCESS_STEPS } from '../../src/domain/processSteps';
import type { ListResponse, ShareListItem } from '../../src/domain/shareList';
import { SHARE_STATES, TRANSFER_LIST_STATES } from '../../src/domain/shareStates';
import { shares } from '../../server/db/schema';
import { sharedDashboardSummary } from '../../server/services/dashboard';
import { boundedTotals } from '../../server/services/shareTotals';
import type { AuthUser } from '../../server/services/users';
import { type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';
import { post } from './support/storage';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PATHS = { all: '/share/list', transfer: '/share/transfer_list', canceled: '/share/canceled_list' } as const;
type ListName = keyof typeof PATHS;

const counts = async (as: string, list: ListName, filters?: object) => {
  const q = new URLSearchParams({ list });
  if (filters) q.set('filters', JSON.stringify(filters));
  return expectOk<StateCountsResponse>(await t.get(`/api/share/state_counts?${q}`, as));
};
const listTotal = async (as: string, list: ListName, filters: object) => {
  const res = expectOk<ListResponse<ShareListItem>>(await t.get(listUrl(PATHS[list], { filters, limit: 1 }), as));
  return { count: res.total, exact: res.totalExact !== false };
};
const summary = async (as: string, tz = 'America/Sao_Paulo') => expectOk<DashboardSummary>(await t.get(`/api/dashboard/summary?tz=${encodeURIComponent(tz)}`, as));

/** The SQL condition of each user's scope. */
const scopes: Record<string, ReturnType<typeof sql>> = {};
beforeAll(async () => {
  const tenant = async (email: string) => (await t.query<{ adm_id: number | null; fund_id: number | null }>(sql`select adm_id, fund_id from users where email = ${email}`))[0];
  scopes[USERS.operator] = sql`true`;
  for (const email of [USERS.acme, USERS.orbita]) scopes[email] = sql`s.adm_id = ${(await tenant(email)).adm_id}`;
  scopes[USERS.fund] = sql`s.fund_id = ${(await tenant(USERS.fund)).fund_id}`;
});

const PROFILES = [
  ['operator', USERS.operator],
  ['administrator Acme', USERS.acme],
  ['administrator Órbita', USERS.orbita],
  ['fund', USERS.fund],
] as const;

describe('GET /share/state_counts', () => {
  it.each(PROFILES)('each tab of each list equals that list\'s total with the state chosen (%s)', async (_, as) => {
    const lists: ListName[] = as === USERS.fund ? ['all', 'transfer'] : ['all', 'transfer', 'canceled'];
    for (const list of lists) {
      for (const filters of [{}, { isPj: false }, { q: 'silva' }, { updatedFrom: '2000-01-01', processStep: [0, 1, 2, 3] }]) {
        const res = await counts(as, list, filters);
        expect(res.total, `${list} ${JSON.stringify(filters)}`).toEqual(await listTotal(as, list, filters));
        for (const { state, count, exact } of res.states) {
          expect({ count, exact }, `${list} ${state} ${JSON.stringify(filters)}`).toEqual(await listTotal(as, list, { ...filters, state: [state] }));
        }
        // Every tab counted exactly here (a few hundred shares): the tabs add up to "Todas".
        expect(res.states.reduce((a, s) => a + s.count, 0)).toBe(res.total.count);
      }
    }
  });

  it('holds one tab per state the list holds, in workflow order', async () => {
    expect((await counts(USERS.operator, 'all')).states.map((s) => s.state)).toEqual([...SHARE_STATES]);
    expect((await counts(USERS.operator, 'transfer')).states.map((s) => s.state)).toEqual([...TRANSFER_LIST_STATES]);
    expect((await counts(USERS.operator, 'canceled')).states.map((s) => s.state)).toEqual(['sent_to_autoservice', 'accepted_by_client', 'received_from_client', 'approved_by_adm', 'with_pendency']);
  });

  it('ignores the state filter itself: the tabs of a list filtered to one state still count every state', async () => {
    expect(await counts(USERS.operator, 'all', { state: ['with_pendency'] })).toEqual(await counts(USERS.operator, 'all'));
  });

  it('counts the user\'s own shares only', async () => {
    const [acme, orbita, all] = [await counts(USERS.acme, 'all'), await counts(USERS.orbita, 'all'), await counts(USERS.operator, 'all')];
    expect(acme.total.count).toBe((await t.query<{ n: number }>(sql`select count(*)::int as n from shares s where ${scopes[USERS.acme]}`))[0].n);
    expect(acme.total.count + orbita.total.count).toBeLessThan(all.total.count + 1);
    expect(acme.total.count).toBeGreaterThan(0);
    expect(acme.total.count).not.toBe(all.total.count);
  });

  it('needs the list\'s own permission, and refuses an unknown list or filter', async () => {
    expectError(await t.get('/api/share/state_counts?list=canceled', USERS.fund), 403);
    expectError(await t.get('/api/share/state_counts?list=nope'), 400);
    expectError(await t.get(`/api/share/state_counts?filters=${encodeURIComponent('{"color":"red"}')}`), 400, /color/);
    expectError(await t.get('/api/share/state_counts', null), 401);
  });

  it('past the cap a count is the estimate, remembered, as a list total is', async () => {
    const db = t.handle.db;
    const item = { key: `test-cap-${Date.now()}`, where: () => sql`${shares.state} = 'available'` };
    const available = (await t.query<{ n: number }>(sql`select count(*)::int as n from shares where state = 'available'`))[0].n;
    expect(available).toBeGreaterThan(5);
    const [capped] = await boundedTotals(db, [item], 5);
    expect(capped.exact).toBe(false);
    expect(capped.total).toBeGreaterThan(5);
    const [exact] = await boundedTotals(db, [{ ...item, key: `${item.key}-wide` }], available);
    expect(exact).toEqual({ total: available, exact: true });
  });
});

describe('the list filter processStep', () => {
  it('keeps the shares at the steps asked for', async () => {
    for (const steps of [[0], [2, 3], [-1, 4]]) {
      const res = expectOk<ListResponse<ShareListItem>>(await t.get(listUrl('/share/list', { filters: { processStep: steps }, limit: 100 })));
      const n = (await t.query<{ n: number }>(sql`select count(*)::int as n from shares where process_step in ${steps}`))[0].n;
      expect(res.total).toBe(n);
      expect(res.data.every((r) => steps.includes(r.processStep))).toBe(true);
    }
    expectError(await t.get(listUrl('/share/list', { filters: { processStep: [9] } })), 400, /processStep/);
  });
});

describe('GET /dashboard/summary', () => {
  it.each(PROFILES)('shares per state and per step are the lists\' totals, of the user\'s own shares (%s)', async (_, as) => {
    const s = await summary(as);
    expect(s.total).toEqual(await listTotal(as, 'all', {}));
    expect(s.byState.map((x) => x.state)).toEqual([...SHARE_STATES]);
    for (const { state, count, exact } of s.byState) expect({ count, exact }).toEqual(await listTotal(as, 'all', { state: [state] }));
    expect(s.byStep.map((x) => x.step)).toEqual([...PROCESS_STEPS]);
    for (const { step, count, exact } of s.byStep) expect({ count, exact }).toEqual(await listTotal(as, 'all', { processStep: [step] }));
    const n = (await t.query<{ n: number }>(sql`select count(*)::int as n from shares s where ${scopes[as]}`))[0].n;
    expect(s.total.count).toBe(n);
  });

  it.each(PROFILES)('ageing: buckets add up to the state, the oldest first are the longest in it (%s)', async (_, as) => {
    const s = await summary(as);
    for (const row of s.ageing) {
      expect(row.buckets).toHaveLength(AGE_BUCKETS.length);
      expect(row.buckets.reduce((a, b) => a + b.count, 0), row.state).toBe(s.byState.find((x) => x.state === row.state)!.count);
      const expected = await t.query<{ contract_number: string; since: string }>(
        sql`select s.contract_number, s.state_since as since from shares s where ${scopes[as]} and s.state = ${row.state} order by s.state_since, s.id limit 3`,
      );
      expect(row.oldest.map((o) => o.contractNumber)).toEqual(expected.map((e) => e.contract_number));
      expect(row.oldest.map((o) => o.since)).toEqual(expected.map((e) => new Date(e.since).toISOString()));
    }
    // The seed spreads shares over months: the old buckets are not empty for the operator.
    if (as === USERS.operator) expect(s.ageing.some((r) => r.buckets[3].count > 0)).toBe(true);
  });

  it.each(PROFILES)('moves per day over 30 days, in the time zone asked for (%s)', async (_, as) => {
    for (const tz of ['America/Sao_Paulo', 'UTC']) {
      const s = await summary(as, tz);
      expect(s.movesPerDay).toHaveLength(MOVES_DAYS);
      const rows = await t.query<{ day: string; n: number }>(sql`
        select to_char(h.at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as n
        from share_history h join shares s on s.id = h.share_id
        where ${scopes[as]} and h.from_state is not null and h.to_state is not null
          and h.at >= (date_trunc('day', now() at time zone ${tz}) - interval '29 days') at time zone ${tz}
        group by 1`);
      const byDay = new Map(rows.map((r) => [r.day, r.n]));
      for (const { day, count } of s.movesPerDay) expect(count, day).toBe(byDay.get(day) ?? 0);
      expect(s.movesPerDay.reduce((a, d) => a + d.count, 0)).toBe(rows.reduce((a, r) => a + r.n, 0));
      // Consecutive days ending today (in that time zone).
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
      expect(s.movesPerDay.at(-1)!.day).toBe(today);
    }
  });

  it('a move shows in today\'s moves and restarts the share\'s time in its state', async () => {
    const [share] = await t.query<{ id: string }>(sql`select id from shares where state = 'available' and canceled_at is null order by state_since limit 1`);
    const before = await summary(USERS.operator, 'UTC');
    expectOk(await post(t, USERS.operator, '/actions/share_send_autoservice', { shareId: share.id }));
    const after = await summary(USERS.operator, 'UTC');
    expect(after.movesPerDay.at(-1)!.count).toBe(before.movesPerDay.at(-1)!.count + 1);
    const sent = after.ageing.find((r) => r.state === 'sent_to_autoservice')!;
    expect(sent.buckets[0].count).toBe(before.ageing.find((r) => r.state === 'sent_to_autoservice')!.buckets[0].count + 1);
    const [{ age }] = await t.query<{ age: number }>(sql`select extract(epoch from now() - state_since)::float as age from shares where id = ${share.id}`);
    expect(age).toBeLessThan(60);
  });

  it.each(PROFILES)('open pendencies by kind and auctions by status, of the user\'s own (%s)', async (_, as) => {
    const s = await summary(as);
    const kinds = await t.query<{ kind: string; n: number }>(sql`
      select p.kind, count(*)::int as n from pendencies p join shares s on s.id = p.share_id
      where p.resolved_at is null and s.state = 'with_pendency' and ${scopes[as]} group by p.kind order by n desc, p.kind`);
    expect(s.pendenciesByKind).toEqual(kinds.map((k) => ({ kind: k.kind, count: k.n })));
    if (as === USERS.operator) expect(kinds.length).toBeGreaterThan(0);
    expect(s.auctionsByStatus.map((a) => a.status)).toEqual([...AUCTION_STATUSES]);
    for (const { status, count } of s.auctionsByStatus) {
      const res = expectOk<ListResponse<unknown>>(await t.get(listUrl('/auction/list', { filters: { status: [status] }, limit: 1 }), as));
      expect(count, status).toBe(res.total);
    }
  });

  it('computes once for requests of one scope made together, and again for the next one', async () => {
    // The database as the service sees it, counting the statements it is handed.
    let statements = 0;
    const db = new Proxy(t.handle.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if ((prop === 'execute' || prop === 'select') && typeof value === 'function') {
          return (...args: unknown[]) => {
            statements++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    const [operator] = await t.query<{ id: string }>(sql`select id from users where email = ${USERS.operator}`);
    const [acme] = await t.query<{ id: string; adm_id: number }>(sql`select id, adm_id from users where email = ${USERS.acme}`);
    const user = (id: string, profile: 'operator' | 'adm', admId: number | null): AuthUser => ({
      id,
      email: '',
      name: '',
      profiles: [profile],
      profile,
      admId,
      fundId: null,
      playerIsRepasse: false,
      deniedPermissions: [],
    });
    const one = async () => {
      statements = 0;
      await sharedDashboardSummary(db, user(operator.id, 'operator', null), 'UTC');
      return statements;
    };
    const alone = await one();
    expect(alone).toBeGreaterThan(0);

    statements = 0;
    const together = await Promise.all([
      sharedDashboardSummary(db, user(operator.id, 'operator', null), 'UTC'),
      sharedDashboardSummary(db, user(operator.id, 'operator', null), 'UTC'),
      sharedDashboardSummary(db, user(operator.id, 'operator', null), 'UTC'),
      // Another scope (a brand) or another time zone is its own computation.
      sharedDashboardSummary(db, user(acme.id, 'adm', acme.adm_id), 'UTC'),
      sharedDashboardSummary(db, user(operator.id, 'operator', null), 'America/Sao_Paulo'),
    ]);
    expect(statements).toBe(alone * 3);
    expect(together[1]).toEqual(together[0]);
    expect(together[3].total.count).toBeLessThan(together[0].total.count);
    // Nothing is kept once answered: the next request counts again.
    expect(await one()).toBe(alone);
  });

  it('refuses a time zone that is not one, and answers only a signed-in user', async () => {
    expectError(await t.get('/api/dashboard/summary?tz=Mars%2FOlympus'), 400, 'Invalid time zone');
    expectError(await t.get("/api/dashboard/summary?tz=UTC';drop"), 400);
    expectError(await t.get('/api/dashboard/summary', null), 401);
  });
});
