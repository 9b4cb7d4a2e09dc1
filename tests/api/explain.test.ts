/**
 * The share lists stay index-backed: on a table of a few thousand shares the page query of the
 * common lists walks an index in ORDER BY order and never scans the whole table.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareSortField, SortOrder } from '../../src/domain/shareList';
import { parseShareFilters } from '../../server/services/shareFilters';
import { type ShareListKind, listConditions, sharePageQuery } from '../../server/services/shares';
import type { Scope } from '../../server/services/tenant';
import { type TestApp, createTestApp } from './support/app';

let t: TestApp;

const plan = async (kind: ShareListKind, scope: Scope, filters: object = {}, sort: ShareSortField = 'updatedAt', order: SortOrder = 'desc', page = 1) => {
  const query = sharePageQuery(t.handle.db, kind, scope, { page, limit: 20, filters: parseShareFilters(JSON.stringify(filters)), sort, order });
  const rows = await t.query<Record<string, string>>(sql`explain ${query as unknown as SQL}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
};

beforeAll(async () => {
  t = await createTestApp({ shares: 3200 });
  await t.query(sql`analyze`);
});
afterAll(async () => {
  await t?.close();
});

describe('page queries', () => {
  it.each([
    ['the default list of an operator', 'shares_updated_idx', 'all', { kind: 'all' }, {}],
    ['the default list of an administrator', 'shares_adm_updated_idx', 'all', { kind: 'adm', admId: 1 }, {}],
    ['the default list of a fund', 'shares_fund_updated_idx', 'all', { kind: 'fund', fundId: 1 }, {}],
    ['one state (pendências)', 'shares_state_updated_idx', 'all', { kind: 'all' }, { state: ['with_pendency'] }],
    ["one state of an administrator's", 'shares_adm_state_updated_idx', 'all', { kind: 'adm', admId: 2 }, { state: ['with_pendency'] }],
  ] as const)('%s walks %s', async (_label, index, kind, scope, filters) => {
    const text = await plan(kind, scope as Scope, filters);
    expect(text, text).not.toMatch(/Seq Scan on shares/);
    expect(text, text).toMatch(new RegExp(`Index Scan( Backward)? using ${index}`));
    expect(text, text).not.toMatch(/Sort Key/);
  });

  it('oldest first walks the same index backwards', async () => {
    const text = await plan('all', { kind: 'adm', admId: 1 }, {}, 'updatedAt', 'asc');
    expect(text, text).toMatch(/Index Scan Backward using shares_adm_updated_idx/);
    expect(text, text).not.toMatch(/Sort Key/);
  });

  it('sorting by contract number walks its unique index', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const text = await plan('all', { kind: 'all' }, {}, 'contractNumber', order);
      expect(text, text).toMatch(/Index Scan( Backward)? using shares_contract_number_key/);
      expect(text, text).not.toMatch(/Seq Scan on shares/);
    }
  });

  it('the transfer and canceled lists do not scan the table', async () => {
    for (const kind of ['transfer', 'canceled'] as const) {
      const text = await plan(kind, { kind: 'all' });
      expect(text, `${kind}\n${text}`).not.toMatch(/Seq Scan on shares/);
    }
  });

  it('a text search can use the trigram index', async () => {
    // A few thousand rows fit in ~100 pages, where a scan is honestly the cheaper plan; what must
    // hold is that the search predicate is one the trigram index can serve once the table is large.
    const [{ contract_number }] = await t.query<{ contract_number: string }>(sql`select contract_number from shares order by contract_number offset 100 limit 1`);
    for (const q of [contract_number, 'silva', '123.456']) {
      const where = listConditions('all', { kind: 'all' }, parseShareFilters(JSON.stringify({ q })));
      const rows = await t.handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select id from shares where ${where}`);
      });
      const text = (rows as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
      expect(text, `${q}\n${text}`).toMatch(/Bitmap Index Scan on shares_search_trgm_idx/);
    }
  });
});
