import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARE_STATES } from '../../src/domain';
import { EARLY_LIST_TTL_MS, GUESSES_AT_ONCE, createDataProvider, pageIsMultiplexed } from '../../src/providers/dataProvider';
import { fakeHttp, signIn, type FakeReply } from './helpers';

const record = () => {
  const calls: InternalAxiosRequestConfig[] = [];
  const provider = (reply: FakeReply = { status: 200, data: { data: [{ contractNumber: '1' }], total: 41, page: 1, limit: 20 } }) =>
    createDataProvider(
      fakeHttp((config) => {
        calls.push(config);
        return reply;
      }),
    );
  return { calls, provider };
};

describe('dataProvider', () => {
  it('passes on that a total is an estimate, and only then', async () => {
    const { provider } = record();
    const estimated = await provider({ status: 200, data: { data: [], total: 987_654, totalExact: false, page: 1, limit: 20 } }).getList({ resource: 'shares' });
    expect(estimated).toEqual({ data: [], total: 987_654, totalExact: false });
    expect(await provider().getList({ resource: 'shares' })).not.toHaveProperty('totalExact');
  });

  it('maps a share list onto page, limit, one JSON `filters`, sort and order', async () => {
    const { calls, provider } = record();
    const result = await provider().getList({
      resource: 'shares',
      pagination: { currentPage: 3, pageSize: 50 },
      filters: [
        { field: 'q', operator: 'contains', value: '  Maria ' },
        { field: 'state', operator: 'in', value: ['available', 'with_pendency'] },
        { field: 'isPj', operator: 'eq', value: 'true' },
        { field: 'admId', operator: 'eq', value: '2' },
        { field: 'fundId', operator: 'eq', value: 7 },
        { field: 'updatedAt', operator: 'gte', value: '2025-01-01' },
        { field: 'updatedAt', operator: 'lte', value: '2025-01-31' },
        { field: 'unknown', operator: 'eq', value: 'ignored' },
      ],
      sorters: [{ field: 'ownerName', order: 'asc' }],
    });
    expect(result).toEqual({ data: [{ contractNumber: '1' }], total: 41 });
    expect(calls[0].url).toBe('/share/list');
    const { filters, ...rest } = calls[0].params;
    expect(rest).toEqual({ page: 3, limit: 50, sort: 'ownerName', order: 'asc' });
    expect(JSON.parse(filters)).toEqual({
      q: 'Maria',
      state: ['available', 'with_pendency'],
      isPj: true,
      admId: 2,
      fundId: 7,
      // The user's days in their own time zone (the component tests run in America/Sao_Paulo, UTC−3).
      updatedFrom: '2025-01-01T03:00:00.000Z',
      updatedTo: '2025-02-01T02:59:59.999Z',
    });
  });

  it('sends no `filters` when nothing is filtered and drops sort fields the server does not know', async () => {
    const { calls, provider } = record();
    await provider().getList({ resource: 'canceledShares', pagination: { currentPage: 1, pageSize: 20 }, sorters: [{ field: 'cancelReason', order: 'desc' }] });
    expect(calls[0].url).toBe('/share/canceled_list');
    expect(calls[0].params).toEqual({ page: 1, limit: 20 });
  });

  it('sends the canceled list sorted by when the sale was cancelled', async () => {
    const { calls, provider } = record();
    await provider().getList({ resource: 'canceledShares', pagination: { currentPage: 1, pageSize: 20 }, sorters: [{ field: 'canceledAt', order: 'asc' }] });
    expect(calls[0].params).toEqual({ page: 1, limit: 20, sort: 'canceledAt', order: 'asc' });
  });

  it('caps the page size at the server maximum', async () => {
    const { calls, provider } = record();
    await provider().getList({ resource: 'transfers', pagination: { currentPage: 1, pageSize: 500 } });
    expect(calls[0].url).toBe('/share/transfer_list');
    expect(calls[0].params.limit).toBe(100);
  });

  it('sends plain lists only page and limit', async () => {
    const { calls, provider } = record();
    await provider().getList({
      resource: 'playerFiles',
      pagination: { currentPage: 2, pageSize: 10 },
      filters: [{ field: 'q', operator: 'contains', value: 'x' }],
      sorters: [{ field: 'sentAt', order: 'asc' }],
    });
    expect(calls[0].url).toBe('/player/list_files');
    expect(calls[0].params).toEqual({ page: 2, limit: 10 });
  });

  it('sends the user list its SPEC ?profile, the search as `filters` and a sort it knows', async () => {
    const { calls, provider } = record();
    await provider().getList({
      resource: 'users',
      pagination: { currentPage: 2, pageSize: 10 },
      filters: [{ field: 'profile', operator: 'eq', value: 'adm' }, { field: 'q', operator: 'contains', value: ' Olívia ' }],
      sorters: [{ field: 'lastAccess', order: 'desc' }],
    });
    expect(calls[0].url).toBe('/user/list');
    expect(calls[0].params).toEqual({ page: 2, limit: 10, profile: 'adm', filters: JSON.stringify({ search: 'Olívia' }), sort: 'lastAccess', order: 'desc' });
    await provider().getList({ resource: 'players', sorters: [{ field: 'updatedAt', order: 'desc' }] });
    expect(calls[1].params).toEqual({ page: 1, limit: 20 });
  });

  it('gets a share by contract number', async () => {
    const { calls, provider } = record();
    await provider({ status: 200, data: { contractNumber: 'C-1' } }).getOne({ resource: 'shares', id: 'C-1' });
    expect(calls[0].url).toBe('/share/get');
    expect(calls[0].params).toEqual({ contractNumber: 'C-1' });
  });

  it("turns an error answer into a Refine HttpError with the server's message and status", async () => {
    const { provider } = record();
    await expect(
      provider({ status: 404, data: { message: 'Share not found' } }).getOne({ resource: 'shares', id: 'nope' }),
    ).rejects.toEqual({ message: 'Share not found', statusCode: 404 });
    await expect(
      provider({ status: 400, data: { message: 'Invalid filter: foo', errors: { foo: 'unknown' } } }).getList({ resource: 'shares' }),
    ).rejects.toEqual({ message: 'Invalid filter: foo', statusCode: 400, errors: { foo: 'unknown' } });
  });

  it('refuses resources it does not know', async () => {
    const { provider } = record();
    await expect(provider().getList({ resource: 'leiloes' })).rejects.toMatchObject({ message: 'Invalid resource: leiloes' });
  });

  describe('a list asked for ahead of its page', () => {
    const FIRST_PAGE = { resource: 'shares', pagination: { currentPage: 1, pageSize: 20 }, sorters: [{ field: 'updatedAt', order: 'desc' as const }] };
    afterEach(() => {
      vi.useRealTimers();
      localStorage.clear();
    });

    it('is sent as getList would send it, and the same getList takes its answer without calling again', async () => {
      const { calls, provider } = record();
      const p = provider();
      p.prefetchList(FIRST_PAGE);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0].url).toBe('/share/list');
      expect(calls[0].params).toEqual({ page: 1, limit: 20, sort: 'updatedAt', order: 'desc' });
      expect(await p.getList(FIRST_PAGE)).toEqual({ data: [{ contractNumber: '1' }], total: 41 });
      expect(calls).toHaveLength(1);
      // Taken once: the next load (a refetch) asks the server again.
      await p.getList(FIRST_PAGE);
      expect(calls).toHaveLength(2);
    });

    it('is not taken by another page, another session, or once it is old', async () => {
      const { calls, provider } = record();
      const p = provider();
      signIn('operator');
      p.prefetchList(FIRST_PAGE);
      await p.getList({ ...FIRST_PAGE, pagination: { currentPage: 2, pageSize: 20 } });
      expect(calls).toHaveLength(2);
      signIn('adm');
      await p.getList(FIRST_PAGE);
      expect(calls).toHaveLength(3);

      vi.useFakeTimers({ toFake: ['Date'] });
      p.prefetchList(FIRST_PAGE);
      vi.setSystemTime(Date.now() + EARLY_LIST_TTL_MS);
      await p.getList(FIRST_PAGE);
      expect(calls).toHaveLength(5);
    });

    it('that failed is asked for again by the getList that takes it', async () => {
      const calls: unknown[] = [];
      const p = createDataProvider(
        fakeHttp(() => {
          calls.push(null);
          return calls.length === 1 ? { status: 503, data: { message: 'Database unavailable, try again later' } } : { status: 200, data: { data: [], total: 0 } };
        }),
      );
      p.prefetchList(FIRST_PAGE);
      expect(await p.getList(FIRST_PAGE)).toEqual({ data: [], total: 0 });
      expect(calls).toHaveLength(2);
    });

    it('once arrived, is handed to a page at once, for the same call only and once (issue 17)', async () => {
      const { calls, provider } = record();
      const p = provider();
      p.prefetchList(FIRST_PAGE);
      // On its way: nothing to hand over yet (the page then loads it through getList, which takes it).
      expect(p.takeArrivedList(FIRST_PAGE)).toBeUndefined();
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 0));
      expect(p.takeArrivedList({ ...FIRST_PAGE, pagination: { currentPage: 2, pageSize: 20 } })).toBeUndefined();
      const sentAt = Date.now();
      const taken = p.takeArrivedList(FIRST_PAGE);
      expect(taken?.answer).toEqual({ data: [{ contractNumber: '1' }], total: 41 });
      // As old as it is: when it arrived, not when it was taken.
      expect(taken!.at).toBeLessThanOrEqual(sentAt);
      expect(p.takeArrivedList(FIRST_PAGE)).toBeUndefined();
      // Taken: the next load asks the server again.
      await p.getList(FIRST_PAGE);
      expect(calls).toHaveLength(2);
    });

    it('guessed lists go a few at a time, and one asked for for real leaves at once (issue 17)', async () => {
      // Each answer waits until the test lets it go, as a slow line would hold it.
      const sent: { state: string; answer: () => void }[] = [];
      const p = createDataProvider(
        fakeHttp(
          (config) =>
            new Promise((resolve) => {
              const state = String(JSON.parse(String((config.params as Record<string, unknown>).filters ?? '{}')).state);
              sent.push({ state, answer: () => resolve({ status: 200, data: { data: [{ contractNumber: state }], total: 1 } }) });
            }),
        ),
      );
      const pageOf = (state: string) => ({ ...FIRST_PAGE, filters: [{ field: 'state', operator: 'in' as const, value: [state] }] });
      const [s1, s2, s3, s4, s5, s6, s7] = SHARE_STATES;
      for (const state of SHARE_STATES) p.guessList(pageOf(state));
      p.guessList(pageOf(s1));
      await vi.waitFor(() => expect(sent.map((c) => c.state)).toEqual([s1, s2, s3, s4]));
      expect(GUESSES_AT_ONCE).toBe(4);

      // The user picks the seventh while four guesses are on the wire: it goes now, not after them.
      p.prefetchList(pageOf(s7));
      await vi.waitFor(() => expect(sent.map((c) => c.state)).toEqual([s1, s2, s3, s4, s7]));
      // An answer frees a turn for the next guess waiting.
      sent[0].answer();
      await vi.waitFor(() => expect(sent.map((c) => c.state)).toEqual([s1, s2, s3, s4, s7, s5]));
      // The pick's page takes its own call's answer.
      const picked = p.getList(pageOf(s7));
      sent[4].answer();
      expect(await picked).toEqual({ data: [{ contractNumber: s7 }], total: 1 });
      for (const c of sent) c.answer();
      await vi.waitFor(() => expect(sent.map((c) => c.state)).toEqual([s1, s2, s3, s4, s7, s5, s6]));
      sent.at(-1)!.answer();
    });

    describe('the number of guesses on the wire', () => {
      afterEach(() => vi.restoreAllMocks());
      const navigation = (protocol: string) => vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ nextHopProtocol: protocol } as PerformanceNavigationTiming]);
      /** The states whose guess a new provider sends at once, its answers held. */
      const sentAtOnce = async () => {
        const sent: string[] = [];
        const p = createDataProvider(
          fakeHttp((config) => {
            sent.push(String(JSON.parse(String((config.params as Record<string, unknown>).filters ?? '{}')).state));
            return new Promise(() => undefined);
          }),
        );
        for (const state of SHARE_STATES) p.guessList({ ...FIRST_PAGE, filters: [{ field: 'state', operator: 'in', value: [state] }] });
        await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(GUESSES_AT_ONCE));
        // Give the rest a chance to leave, as they would if nothing held them.
        await new Promise((r) => setTimeout(r, 20));
        return sent;
      };

      it('over HTTP/2 every guess goes at once: one connection carries them all', async () => {
        navigation('h2');
        expect(pageIsMultiplexed()).toBe(true);
        expect(await sentAtOnce()).toEqual([...SHARE_STATES]);
      });

      it('over HTTP/1.1, or to an API on another origin, four at a time', async () => {
        navigation('http/1.1');
        expect(await sentAtOnce()).toEqual(SHARE_STATES.slice(0, GUESSES_AT_ONCE));
        navigation('h2');
        expect(pageIsMultiplexed('https://api.example.com/api')).toBe(false);
      });
    });

    it('tells whether two sets of arguments make the same call', () => {
      const p = record().provider();
      expect(p.sameListCall(FIRST_PAGE, { ...FIRST_PAGE, filters: [] })).toBe(true);
      expect(p.sameListCall(FIRST_PAGE, { ...FIRST_PAGE, sorters: [] })).toBe(false);
      expect(p.sameListCall(FIRST_PAGE, { ...FIRST_PAGE, filters: [{ field: 'state', operator: 'in', value: ['with_pendency'] }] })).toBe(false);
    });
  });
});
