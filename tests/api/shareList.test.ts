/**
 * GET /share/list, /share/transfer_list, /share/canceled_list and /share/canceled_reason_list:
 * pagination, filters, search and sort, checked against the database itself.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSearchText } from '../../src/domain/search';
import { SHARE_SORT_FIELDS, type ListResponse, type ShareListItem } from '../../src/domain/shareList';
import { SHARE_STATES, TRANSFER_LIST_STATES } from '../../src/domain/shareStates';
import { type TestApp, createTestApp, listUrl } from './support/app';
import { expectError, expectOk } from './support/expect';

let t: TestApp;
type List = ListResponse<ShareListItem>;

const list = async (params: Parameters<typeof listUrl>[1] = {}, path = '/share/list') => expectOk<List>(await t.get(listUrl(path, params)));
const count = async (where: ReturnType<typeof sql>) => (await t.query<{ n: number }>(sql`select count(*)::int as n from shares where ${where}`))[0].n;
/** Every row of a list, page by page (limit 100), as a client would walk it. */
const all = async (params: Parameters<typeof listUrl>[1] = {}, path = '/share/list') => {
  const out: ShareListItem[] = [];
  for (let page = 1; ; page++) {
    const res = await list({ ...params, page, limit: 100 }, path);
    out.push(...res.data);
    if (res.data.length < 100) return { rows: out, total: res.total };
  }
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('pagination', () => {
  it('answers { data, total, page, limit } with defaults page 1, limit 20, newest first', async () => {
    const res = await list();
    expect(Object.keys(res).sort()).toEqual(['data', 'limit', 'page', 'total']);
    expect(res.page).toBe(1);
    expect(res.limit).toBe(20);
    expect(res.data).toHaveLength(20);
    expect(res.total).toBe(await count(sql`true`));
    const ids = await t.query<{ id: string }>(sql`select id from shares order by updated_at desc, id desc limit 20`);
    expect(res.data.map((s) => s.shareId)).toEqual(ids.map((r) => r.id));
  });

  it('walks every share exactly once across pages', async () => {
    const { rows, total } = await all();
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.shareId)).size).toBe(total);
    const page3 = await list({ page: 3, limit: 7 });
    expect(page3.data.map((s) => s.shareId)).toEqual(rows.slice(14, 21).map((s) => s.shareId));
    const beyond = await list({ page: 1000, limit: 100 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(total);
  });

  it('carries every ShareListItem field with the administrator and fund names', async () => {
    const { rows } = await all();
    const withFund = rows.find((r) => r.fundId !== null)!;
    expect(withFund.fundName).toMatch(/^Fundo (Alfa|Beta) FIDC$/);
    for (const r of rows.slice(0, 50)) {
      expect(r).toEqual(
        expect.objectContaining({
          shareId: expect.any(String),
          contractNumber: expect.any(String),
          state: expect.any(String),
          isPj: expect.any(Boolean),
          admId: expect.any(Number),
          admName: expect.stringMatching(/Consórcios$/),
          processStep: expect.any(Number),
          sentToPartner: expect.any(Boolean),
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        }),
      );
      expect(r.fundName === null).toBe(r.fundId === null);
    }
  });

  it.each([
    ['limit=101', 'Invalid query: limit must be <= 100', { limit: 'must be <= 100' }],
    ['limit=0', 'Invalid query: limit must be >= 1', undefined],
    ['limit=abc', 'Invalid query: limit must be integer', undefined],
    ['page=0', 'Invalid query: page must be >= 1', undefined],
    ['page=1000001', 'Invalid query: page must be <= 1000000', undefined],
    ['page=1e300', /^Invalid query: page must be/, undefined],
    ['sort=price', /^Invalid query: sort must be one of updatedAt, contractNumber/, undefined],
    ['order=up', 'Invalid query: order must be one of asc, desc', undefined],
  ])('refuses %s with a 400', async (qs, message, errors) => {
    const body = expectError(await t.get(`/api/share/list?${qs}`), 400, message);
    if (errors) expect(body.errors).toEqual(errors);
  });
});

describe('filters', () => {
  it.each([
    [{ foo: 1 }, 'Invalid filter: foo'],
    [{ q: 'x', State: ['available'] }, 'Invalid filter: State'],
    [{ state: ['sold'] }, 'Invalid filter: state'],
    [{ state: [] }, 'Invalid filter: state'],
    [{ q: 'x'.repeat(101) }, 'Invalid filter: q'],
    [{ q: 12 }, 'Invalid filter: q'],
    [{ isPj: 'yes' }, 'Invalid filter: isPj'],
    [{ admId: 'acme' }, 'Invalid filter: admId'],
    [{ fundId: -1 }, 'Invalid filter: fundId'],
    [{ updatedFrom: 'yesterday' }, 'Invalid filter: updatedFrom'],
    [{ updatedFrom: '2026-02-10', updatedTo: '2026-02-01' }, 'Invalid filter: updatedTo'],
  ])('refuses %j', async (filters, message) => {
    const body = expectError(await t.get(listUrl('/share/list', { filters })), 400, message);
    expect(Object.keys(body.errors ?? {})).toEqual([`filters.${message.replace('Invalid filter: ', '')}`]);
  });

  it.each(['not json', '[1,2]', 'null', '"text"'])('refuses filters=%s as Invalid filters', async (raw) => {
    expectError(await t.get(`/api/share/list?filters=${encodeURIComponent(raw)}`), 400, 'Invalid filters');
  });

  it('takes an empty filters object or parameter as no filter', async () => {
    const total = await count(sql`true`);
    expect((await list({ filters: {} })).total).toBe(total);
    expect(expectOk<List>(await t.get('/api/share/list?filters=')).total).toBe(total);
    expect((await list({ filters: { q: '   ', state: null } as object })).total).toBe(total);
  });

  it.each(SHARE_STATES)('filters one state: %s', async (state) => {
    const { rows, total } = await all({ filters: { state: [state] } });
    expect(total).toBe(await count(sql`state = ${state}`));
    expect(total).toBeGreaterThan(0);
    expect(rows.every((r) => r.state === state)).toBe(true);
  });

  it('filters many states, and takes a single state as a string', async () => {
    const states = ['available', 'with_pendency', 'payment_done'] as const;
    const { rows, total } = await all({ filters: { state: states } });
    expect(total).toBe(await count(sql`state in ('available', 'with_pendency', 'payment_done')`));
    expect(rows.every((r) => (states as readonly string[]).includes(r.state))).toBe(true);
    expect((await list({ filters: { state: 'with_pendency' } })).total).toBe(await count(sql`state = 'with_pendency'`));
  });

  it('filters isPj, admId and fundId', async () => {
    const pj = await all({ filters: { isPj: true } });
    expect(pj.total).toBe(await count(sql`is_pj`));
    expect(pj.total).toBeGreaterThan(0);
    expect(pj.rows.every((r) => r.isPj)).toBe(true);
    expect((await list({ filters: { isPj: false } })).total).toBe(await count(sql`not is_pj`));

    for (const admId of [1, 2, 3]) {
      const res = await all({ filters: { admId } });
      expect(res.total).toBe(await count(sql`adm_id = ${admId}`));
      expect(res.rows.every((r) => r.admId === admId)).toBe(true);
    }
    const fund = await all({ filters: { fundId: 2 } });
    expect(fund.total).toBe(await count(sql`fund_id = 2`));
    expect(fund.total).toBeGreaterThan(0);
    expect(fund.rows.every((r) => r.fundId === 2 && r.fundName === 'Fundo Beta FIDC')).toBe(true);
    // Combined filters are ANDed.
    expect((await list({ filters: { admId: 1, isPj: true, state: ['available'] } })).total).toBe(
      await count(sql`adm_id = 1 and is_pj and state = 'available'`),
    );
  });

  it('filters an inclusive updated-at range, by day or by instant', async () => {
    const [{ d }] = await t.query<{ d: string }>(sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as d from shares order by updated_at desc offset 30 limit 1`);
    const day = await all({ filters: { updatedFrom: d, updatedTo: d } });
    expect(day.total).toBe(await count(sql`updated_at >= ${`${d}T00:00:00Z`}::timestamptz and updated_at < ${`${d}T00:00:00Z`}::timestamptz + interval '1 day'`));
    expect(day.total).toBeGreaterThan(0);
    expect(day.rows.every((r) => r.updatedAt.startsWith(d))).toBe(true);

    const [one] = (await list({ page: 2, limit: 1 })).data;
    const exact = await list({ filters: { updatedFrom: one.updatedAt, updatedTo: one.updatedAt } });
    expect(exact.data.map((r) => r.shareId)).toContain(one.shareId);
    const after = await list({ filters: { updatedFrom: one.updatedAt } });
    expect(after.total).toBe(await count(sql`updated_at >= ${one.updatedAt}::timestamptz`));
  });
});

describe('search q', () => {
  let sample: ShareListItem;
  let pj: ShareListItem;
  beforeAll(async () => {
    sample = (await list({ filters: { isPj: false }, page: 3, limit: 1 })).data[0];
    pj = (await list({ filters: { isPj: true }, limit: 1 })).data[0];
  });

  it('finds a share by its contract number, whole or in part, in any case', async () => {
    for (const q of [sample.contractNumber, sample.contractNumber.toLowerCase(), sample.contractNumber.slice(-6)]) {
      const { rows } = await all({ filters: { q } });
      expect(rows.map((r) => r.contractNumber), q).toContain(sample.contractNumber);
      expect(rows.every((r) => `${r.contractNumber} ${r.ownerName} ${r.ownerDocument}`.toLowerCase().includes(q.toLowerCase()))).toBe(true);
    }
    expect((await list({ filters: { q: sample.contractNumber } })).total).toBe(1);
  });

  it('finds by owner name ignoring case and accents', async () => {
    const name = sample.ownerName!;
    for (const q of [name, name.toUpperCase(), name.toLowerCase(), `  ${name.split(' ').slice(-1)[0]}  `]) {
      const { rows } = await all({ filters: { q } });
      expect(rows.map((r) => r.shareId), q).toContain(sample.shareId);
    }
    const [{ n }] = await t.query<{ n: number }>(sql`select count(*)::int as n from shares where search ilike ${`%${foldSearchText(name)}%`}`);
    expect((await list({ filters: { q: name } })).total).toBe(n);
  });

  it('an accented name is found typed without accents, and the reverse', async () => {
    const [accented] = await t.query<{ share_id: string; owner_name: string }>(
      sql`select id as share_id, owner_name from shares where owner_name ~ '[áéíóúâêôãõç]' and adm_id is not null order by contract_number limit 1`,
    );
    expect(accented, 'the seed has accented names').toBeTruthy();
    const word = accented.owner_name.split(' ').find((w) => /[áéíóúâêôãõç]/i.test(w))!;
    const plain = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    expect(plain).not.toBe(word);
    for (const q of [word, plain, plain.toUpperCase()]) {
      expect((await all({ filters: { q } })).rows.map((r) => r.shareId), q).toContain(accented.share_id);
    }
  });

  it('finds by CPF or CNPJ, with or without the mask', async () => {
    const cpf = sample.ownerDocument!;
    expect(cpf).toMatch(/^\d{11}$/);
    const maskedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const q of [cpf, maskedCpf, cpf.slice(2, 9), maskedCpf.slice(0, 7)]) {
      expect((await all({ filters: { q } })).rows.map((r) => r.shareId), q).toContain(sample.shareId);
    }
    const cnpj = pj.ownerDocument!;
    const maskedCnpj = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    expect((await all({ filters: { q: maskedCnpj } })).rows.map((r) => r.shareId)).toContain(pj.shareId);
  });

  it('finds a document stored with its mask when the digits are typed', async () => {
    const cpf = sample.ownerDocument!;
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    await t.query(sql`update shares set owner_document = ${masked} where id = ${sample.shareId}`);
    try {
      expect((await all({ filters: { q: cpf } })).rows.map((r) => r.shareId)).toContain(sample.shareId);
    } finally {
      await t.query(sql`update shares set owner_document = ${cpf} where id = ${sample.shareId}`);
    }
  });

  it('treats % and _ as text, not wildcards', async () => {
    expect((await list({ filters: { q: '%' } })).total).toBe(0);
    expect((await list({ filters: { q: '_' } })).total).toBe(0);
    expect((await list({ filters: { q: 'a%b' } })).total).toBe(0);
  });

  it('combines q with the other filters', async () => {
    const res = await all({ filters: { q: 'silva', admId: 2 } });
    expect(res.total).toBe(await count(sql`search ilike '%silva%' and adm_id = 2`));
    expect(res.rows.every((r) => r.admId === 2)).toBe(true);
  });
});

describe('sort', () => {
  const key: Record<(typeof SHARE_SORT_FIELDS)[number], string> = {
    updatedAt: 'updated_at',
    contractNumber: 'contract_number',
    ownerName: 'owner_name',
    state: 'state',
    processStep: 'process_step',
    canceledAt: 'canceled_at',
  };

  it.each(SHARE_SORT_FIELDS.flatMap((f) => [[f, 'asc'], [f, 'desc']] as const))('sorts by %s %s, ties broken by id', async (sort, order) => {
    const { rows } = await all({ sort, order, filters: { admId: 2 } });
    const col = sql.raw(key[sort]);
    const dir = sql.raw(order);
    // The database's own collation is the judge of text order; nulls go last for owner names.
    const expected = await t.query<{ id: string }>(
      sort === 'contractNumber'
        ? sql`select id from shares where adm_id = 2 order by ${col} ${dir}`
        : sort === 'ownerName'
          ? sql`select id from shares where adm_id = 2 order by ${col} ${dir} nulls last, id ${dir}`
          : // Shares never cancelled: after the cancelled ones newest-first, before them oldest-first (the index's order).
            sort === 'canceledAt'
            ? sql`select id from shares where adm_id = 2 order by ${col} ${dir} nulls ${sql.raw(order === 'desc' ? 'last' : 'first')}, id ${dir} nulls ${sql.raw(order === 'desc' ? 'last' : 'first')}`
          : sql`select id from shares where adm_id = 2 order by ${col} ${dir}, id ${dir}`,
    );
    expect(rows.map((r) => r.shareId)).toEqual(expected.map((r) => r.id));
  });

  it('orders states in workflow order and defaults other fields to ascending', async () => {
    const { rows } = await all({ sort: 'state', filters: { admId: 3 } });
    const idx = rows.map((r) => SHARE_STATES.indexOf(r.state));
    expect(idx).toEqual([...idx].sort((a, b) => a - b));
    const steps = (await all({ sort: 'processStep', filters: { admId: 3 } })).rows.map((r) => r.processStep);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });
});

describe('transfer and canceled lists', () => {
  it('transfer_list holds only the transfer states, and takes the same filters', async () => {
    const { rows, total } = await all({}, '/share/transfer_list');
    expect(total).toBe(await count(sql`state in ('received_from_client', 'approved_by_adm')`));
    expect(total).toBeGreaterThan(0);
    expect(rows.every((r) => TRANSFER_LIST_STATES.includes(r.state))).toBe(true);
    const approved = await all({ filters: { state: ['approved_by_adm', 'available'] } }, '/share/transfer_list');
    expect(approved.rows.every((r) => r.state === 'approved_by_adm')).toBe(true);
    expect(approved.total).toBe(await count(sql`state = 'approved_by_adm'`));
    expectError(await t.get(listUrl('/share/transfer_list', { filters: { bar: 1 } })), 400, 'Invalid filter: bar');
  });

  it('canceled_list holds only cancelled shares, each with when and why', async () => {
    const { rows, total } = await all({}, '/share/canceled_list');
    expect(total).toBe(await count(sql`canceled_at is not null`));
    expect(total).toBeGreaterThan(0);
    const labels = (await t.query<{ label: string }>(sql`select label from cancel_reasons`)).map((r) => r.label);
    for (const r of rows) {
      expect(r.canceledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(labels).toContain(r.cancelReason);
    }
    const main = await all();
    expect(main.rows.filter((r) => r.canceledAt === null).every((r) => r.cancelReason === null)).toBe(true);
  });

  it('canceled_list says which state each sale was cancelled in, and filters by it', async () => {
    const { rows } = await all({}, '/share/canceled_list');
    const latest = await t.query<{ share_id: string; from_state: string }>(
      sql`select distinct on (share_id) share_id, from_state::text from cancellations order by share_id, at desc, id desc`,
    );
    const fromState = new Map(latest.map((r) => [r.share_id, r.from_state]));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.canceledFromState).toBe(fromState.get(r.shareId) ?? null);
    const states = [...new Set(rows.map((r) => r.canceledFromState).filter((s): s is NonNullable<typeof s> => !!s))];
    // A cancelled sale puts the share back to available: its current state says nothing here.
    expect(states.some((s) => s !== 'available')).toBe(true);
    const [state] = states;
    const filtered = await all({ filters: { state: [state] } }, '/share/canceled_list');
    expect(filtered.rows.map((r) => r.shareId).sort()).toEqual(rows.filter((r) => r.canceledFromState === state).map((r) => r.shareId).sort());
    expect(filtered.total).toBe(filtered.rows.length);
    // The other lists keep their current state and carry no such field.
    expect((await list()).data[0]).not.toHaveProperty('canceledFromState');
  });

  it('canceled_list sorts by when the sale was cancelled, both ways', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const { rows } = await all({ sort: 'canceledAt', order }, '/share/canceled_list');
      const times = rows.map((r) => Date.parse(r.canceledAt!));
      expect(times.length).toBeGreaterThan(1);
      expect(times).toEqual([...times].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    }
  });

  it('canceled_reason_list answers the list shape', async () => {
    const res = expectOk<ListResponse<{ id: string; label: string }>>(await t.get('/api/share/canceled_reason_list'));
    expect(res.total).toBe(res.data.length);
    expect(res.total).toBeGreaterThanOrEqual(3);
    expect(res.data[0]).toEqual({ id: expect.any(String), label: expect.any(String) });
  });
});
