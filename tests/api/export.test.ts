/**
 * Issue 18, export: each list as CSV and XLSX is exactly the list the user sees (same filters, sort
 * and scope, every page), written as Excel in Portuguese reads it, with formulas neutralised.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import i18next from 'i18next';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain/apiPaths';
import { EXPORT_TOTAL_EXACT_HEADER, EXPORT_TOTAL_HEADER, type ExportColumn } from '../../src/domain/exportFormat';
import { ptBR } from '../../src/i18n/pt-BR';
import type { PendencyShareListItem } from '../../src/domain/pendencies';
import { exportColumnsOf } from '../../src/resources/exportColumns';
import { pendencies } from '../../src/resources/pendencies';
import { SHARE_COLUMNS } from '../../src/resources/shareColumns';
import { shareExportBatches } from '../../server/services/export/shareExport';
import { type TestApp, USERS, createTestApp, listUrl } from './support/app';
import { expectOk } from './support/expect';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'pt-BR', resources: { 'pt-BR': { translation: ptBR } }, interpolation: { escapeValue: false }, initAsync: false });
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

let tApp: TestApp;
// More than one export batch (1,000 rows) and more than ten list pages.
const SHARES = 1300;

beforeAll(async () => {
  tApp = await createTestApp({ shares: SHARES });
});
afterAll(async () => {
  await tApp?.close();
});

const exportCall = async (path: string, body: Record<string, unknown>, as: string = USERS.operator) =>
  tApp.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${await tApp.token(as)}` }, payload: body });

const csvRows = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: false }) as string[][];

/** Every row of a list, walking its pages as the app does. */
async function listAll<T>(path: string, params: { filters?: object; sort?: string; order?: string }, as: string = USERS.operator): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = expectOk<{ data: T[] }>(await tApp.get(listUrl(path, { ...params, page, limit: 100 }), as));
    out.push(...res.data);
    if (res.data.length < 100) return out;
  }
}

const shareQuery = (p: { filters?: object; sort?: string; order?: string }) => ({
  ...(p.filters ? { filters: JSON.stringify(p.filters) } : {}),
  ...(p.sort ? { sort: p.sort } : {}),
  ...(p.order ? { order: p.order } : {}),
});

const operatorColumns = exportColumnsOf(SHARE_COLUMNS, 'operator', t);

describe('share lists as CSV', () => {
  it.each([
    ['newest first (default)', {}],
    ['owner A to Z', { sort: 'ownerName', order: 'asc' }],
    ['owner Z to A', { sort: 'ownerName', order: 'desc' }],
    ['state, filtered', { sort: 'state', order: 'desc', filters: { state: ['available', 'with_pendency', 'payment_done'] } }],
    ['process step', { sort: 'processStep', order: 'asc' }],
    ['contract number, searched', { sort: 'contractNumber', order: 'desc', filters: { q: '1' } }],
    ['oldest first, PJ only', { sort: 'updatedAt', order: 'asc', filters: { isPj: true } }],
  ])('%s: the rows of every page, in order', async (_, params) => {
    const listed = await listAll<{ contractNumber: string }>('/share/list', params);
    const res = await exportCall(API.share.listExport.path, { format: 'csv', query: shareQuery(params), columns: operatorColumns });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(operatorColumns.map((c) => c.title));
    expect(rows.map((r) => r[0])).toEqual(listed.map((s) => s.contractNumber));
    expect(Number(res.headers[EXPORT_TOTAL_HEADER])).toBe(listed.length);
    expect(res.headers[EXPORT_TOTAL_EXACT_HEADER]).toBe('true');
  });

  it('canceled list by cancellation date: its rows, with the state at cancellation', async () => {
    const params = { sort: 'canceledAt', order: 'asc' };
    const listed = await listAll<{ contractNumber: string; canceledFromState: string | null }>('/share/canceled_list', params);
    expect(listed.length).toBeGreaterThan(0);
    const columns: ExportColumn[] = [
      { field: 'contractNumber', title: 'Contrato', kind: 'text' },
      { field: 'canceledFromState', title: 'Estado no cancelamento', kind: 'label', labels: { approved_by_adm: 'Aprovada' } },
    ];
    const res = await exportCall(API.share.canceledListExport.path, { format: 'csv', query: shareQuery(params), columns });
    const rows = csvRows(res.body).slice(1);
    expect(rows.map((r) => r[0])).toEqual(listed.map((s) => s.contractNumber));
    expect(rows.map((r) => r[1])).toEqual(listed.map((s) => (s.canceledFromState === 'approved_by_adm' ? 'Aprovada' : (s.canceledFromState ?? ''))));
  });

  it('is UTF-8 with a BOM, ";" between fields, CRLF between rows, and pt-BR words and dates', async () => {
    const res = await exportCall(API.share.listExport.path, { format: 'csv', query: shareQuery({ sort: 'contractNumber', order: 'asc' }), columns: operatorColumns, title: 'Listagem de cotas' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.split('\r\n')[0]).toBe('\uFEFF' + operatorColumns.map((c) => c.title).join(';'));
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Listagem de cotas \d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''Listagem%20de%20cotas%20\d{4}-\d{2}-\d{2}\.csv$/);
    const [first] = await listAll<{ contractNumber: string; state: string; isPj: boolean; updatedAt: string }>('/share/list', { sort: 'contractNumber', order: 'asc', filters: { q: '' } });
    const row = csvRows(res.body)[1];
    const at = (key: string) => row[operatorColumns.findIndex((c) => c.field === key)];
    expect(at('state')).toBe(ptBR.shareState[first.state as keyof typeof ptBR.shareState]);
    expect(at('isPj')).toBe(first.isPj ? ptBR.shares.pj : ptBR.shares.pf);
    // dd/mm/aaaa hh:mm in São Paulo (UTC-3 all year since 2019).
    const local = new Date(new Date(first.updatedAt).getTime() - 3 * 3_600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    expect(at('updatedAt')).toBe(`${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`);
  });

  it('neutralises formulas in every text cell (OWASP): = + - @ tab and CR', async () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];
    const ids = await tApp.query<{ id: string; contract_number: string }>(sql`select id, contract_number from shares order by contract_number limit ${hostile.length}`);
    for (const [i, s] of ids.entries()) await tApp.query(sql`update shares set owner_name = ${hostile[i]} where id = ${s.id}`);
    const columns: ExportColumn[] = [
      { field: 'contractNumber', title: 'Contrato', kind: 'text' },
      { field: 'ownerName', title: '=Titular', kind: 'text' },
    ];
    const res = await exportCall(API.share.listExport.path, { format: 'csv', query: shareQuery({ sort: 'contractNumber', order: 'asc' }), columns });
    const [header, ...rows] = csvRows(res.body);
    expect(header[1]).toBe("'=Titular");
    for (const [i, s] of ids.entries()) {
      const row = rows.find((r) => r[0] === s.contract_number)!;
      expect(row[1]).toBe(`'${hostile[i]}`);
    }
    const xlsx = await exportCall(API.share.listExport.path, { format: 'xlsx', query: shareQuery({ sort: 'contractNumber', order: 'asc' }), columns });
    const sheet = await readSheet(xlsx.rawPayload);
    for (const [i, s] of ids.entries()) expect(sheet.find((r) => r[0] === s.contract_number)![1]).toBe(`'${hostile[i]}`);
  });
});

describe('share lists as XLSX', () => {
  it('parses back to the CSV rows, with real dates', async () => {
    const params = { sort: 'ownerName', order: 'asc', filters: { state: ['available'] } };
    const csv = csvRows((await exportCall(API.share.listExport.path, { format: 'csv', query: shareQuery(params), columns: operatorColumns })).body);
    const res = await exportCall(API.share.listExport.path, { format: 'xlsx', query: shareQuery(params), columns: operatorColumns, title: 'Listagem' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.length).toBe(csv.length);
    expect(sheet[0]).toEqual(csv[0]);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(csv.slice(1).map((r) => r[0]));
    const dateAt = operatorColumns.findIndex((c) => c.field === 'updatedAt');
    expect(sheet[1][dateAt]).toBeInstanceOf(Date);
  });
});

describe('scope and permission', () => {
  it("an administrator exports its own brand's shares only, without the Administradora column", async () => {
    const columns = exportColumnsOf(SHARE_COLUMNS, 'adm', t);
    expect(columns.some((c) => c.field === 'admName')).toBe(false);
    const listed = await listAll<{ contractNumber: string; admName: string }>('/share/list', {}, USERS.acme);
    expect(new Set(listed.map((s) => s.admName)).size).toBe(1);
    const res = await exportCall(API.share.listExport.path, { format: 'csv', query: {}, columns }, USERS.acme);
    expect(csvRows(res.body).slice(1).map((r) => r[0])).toEqual(listed.map((s) => s.contractNumber));
  });

  it('a fund may not export the canceled list, which it may not read', async () => {
    const res = await exportCall(API.share.canceledListExport.path, { format: 'csv' }, USERS.fund);
    expect(res.statusCode).toBe(403);
  });

  it('a bad filter is a 400 before any byte of a file', async () => {
    const res = await exportCall(API.share.listExport.path, { format: 'csv', query: { filters: '{"color":"red"}' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid filter: color');
  });

  it('an unknown time zone is refused', async () => {
    const res = await exportCall(API.share.listExport.path, { format: 'csv', timeZone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
  });

  it('without columns, every field of the items is written under its API name', async () => {
    const res = await exportCall(API.share.listExport.path, { format: 'csv', query: { filters: JSON.stringify({ q: 'zzzz-no-such' }) } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFF\r\n');
  });
});

describe('other lists', () => {
  it('users: the list an administrator sees, with words for profile and status', async () => {
    const listed = await listAll<{ email: string; enabled: boolean }>('/user/list', { sort: 'email', order: 'desc' }, USERS.acme);
    const columns: ExportColumn[] = [
      { field: 'email', title: 'E-mail', kind: 'text' },
      { field: 'enabled', title: 'Ativo', kind: 'label', labels: { true: 'Sim', false: 'Não' } },
    ];
    const res = await exportCall(API.user.listExport.path, { format: 'csv', query: { sort: 'email', order: 'desc' }, columns }, USERS.acme);
    const rows = csvRows(res.body).slice(1);
    expect(rows).toEqual(listed.map((u) => [u.email, u.enabled ? 'Sim' : 'Não']));
  });

  it('auctions: statuses in the feminine for direct sales, as the list reads them', async () => {
    const listed = await listAll<{ auctionId: string; isAuction: boolean; status: string }>('/auction/list', {});
    const columns: ExportColumn[] = [
      { field: 'auctionId', title: 'Id', kind: 'text' },
      { field: 'status', title: 'Status', kind: 'label', labels: { created: 'Criado' }, labelsWhen: { field: 'isAuction', equals: false, labels: { created: 'Criada' } } },
    ];
    const res = await exportCall(API.auction.listExport.path, { format: 'csv', columns }, USERS.operator);
    const rows = csvRows(res.body).slice(1);
    expect(rows.map((r) => r[0])).toEqual(listed.map((a) => a.auctionId));
    for (const [i, a] of listed.entries()) if (a.status === 'created') expect(rows[i][1]).toBe(a.isAuction ? 'Criado' : 'Criada');
  });

  it("auction results: each share's price in pt-BR numbers, for staff only", async () => {
    const [auction] = await tApp.query<{ id: string }>(sql`select a.id from auctions a join auction_pricing p on p.auction_id = a.id and p.status = 'processed' limit 1`);
    const listed = expectOk<{ data: { contractNumber: string; price: number | null }[] }>(await tApp.get(`/api/auction/share_results?auctionId=${auction.id}&limit=100`));
    const columns: ExportColumn[] = [
      { field: 'contractNumber', title: 'Contrato', kind: 'text' },
      { field: 'price', title: 'Preço (R$)', kind: 'money' },
    ];
    const res = await exportCall(API.auction.shareResultsExport.path, { format: 'csv', query: { auctionId: auction.id }, columns });
    const rows = csvRows(res.body).slice(1);
    const money = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(rows).toEqual(listed.data.map((s) => [s.contractNumber, s.price === null ? '' : money(s.price)]));
    expect(listed.data.some((s) => s.price !== null && s.price >= 1000)).toBe(true);
    expect((await exportCall(API.auction.shareResultsExport.path, { format: 'csv', query: { auctionId: auction.id } }, USERS.fund)).statusCode).toBe(403);
  });
});

describe('the pendency list (/pendencias)', () => {
  const columns = exportColumnsOf(pendencies.columns, 'operator', t);
  const at = (field: string) => columns.findIndex((c) => c.field === field);
  const dayBR = (iso: string) => iso.split('-').reverse().join('/');
  /** What each row of the file says, from the list's own item. */
  const expected = (s: PendencyShareListItem) => ({
    contract: s.contractNumber,
    kinds: (s.pendency?.kinds ?? []).map((k) => ptBR.pendencyKind[k]).join(', '),
    age: s.pendency ? String(s.pendency.ageDays) : '',
    due: s.pendency?.dueDate ? dayBR(s.pendency.dueDate) : '',
    overdue: s.pendency ? (s.pendency.overdue ? ptBR.common.yes : ptBR.common.no) : '',
  });
  const read = (row: string[]) => ({ contract: row[0], kinds: row[at('pendency.kinds')], age: row[at('pendency.ageDays')], due: row[at('pendency.dueDate')], overdue: row[at('pendency.overdue')] });

  beforeAll(async () => {
    // Ties and empty keys, which keyset batches must step over exactly as the list's ORDER BY does:
    // two shares whose oldest pendency opened at the same instant and falls due the same day, and a
    // share left in with_pendency with no open pendency (rows from before issue 15).
    const rows = await tApp.query<{ id: string }>(sql`select id from shares where state = 'with_pendency' order by contract_number limit 4`);
    await tApp.query(sql`update pendencies set opened_at = '2026-01-05T12:00:00Z', due_date = '2026-02-01' where share_id in (${rows[0].id}, ${rows[1].id}) and resolved_at is null`);
    await tApp.query(sql`update pendencies set resolved_at = now(), status = 'cleared' where share_id = ${rows[2].id}`);
    await tApp.query(sql`update pendencies set due_date = null where share_id = ${rows[3].id}`);
  });

  it('the columns are the list\'s, the age a number of days and the due date a date beside "Vencida"', () => {
    expect(columns.map((c) => c.title)).toEqual([
      ptBR.shares.contractNumber,
      ptBR.shares.owner,
      ptBR.shares.document,
      ptBR.shares.pendencyKinds,
      ptBR.shares.pendencyAgeInDays,
      ptBR.shares.pendencyDue,
      ptBR.shares.pendencyOverdue,
      ...columns.slice(7).map((c) => c.title),
    ]);
    expect(columns.map((c) => c.field)).not.toContain('state');
    expect(columns.map((c) => c.field)).not.toContain('isPj');
  });

  it.each([
    ['newest first (default)', {}],
    ['oldest pendency first', { sort: 'pendencyOpenedAt', order: 'asc' }],
    ['newest pendency first', { sort: 'pendencyOpenedAt', order: 'desc' }],
    ['nearest due date first', { sort: 'pendencyDueDate', order: 'asc' }],
    ['farthest due date first', { sort: 'pendencyDueDate', order: 'desc' }],
    ['owner A to Z, by kind', { sort: 'ownerName', order: 'asc', filters: { pendencyKind: ['retention', 'document', 'overdue_installments'] } }],
    ['open 7 days or more', { filters: { pendencyMinAgeDays: 7 }, sort: 'pendencyOpenedAt', order: 'asc' }],
    ['overdue', { filters: { pendencyOverdue: true } }],
    ['none overdue', { filters: { pendencyOverdue: false }, sort: 'contractNumber', order: 'desc' }],
    ['due in a range', { filters: { pendencyDueFrom: '2000-01-01', pendencyDueTo: '2099-12-31' }, sort: 'pendencyDueDate', order: 'asc' }],
    ['searched, PF only', { filters: { q: '0', isPj: false } }],
  ])('%s: the rows of every page of GET /share/with_pendency_list, as it reads them', async (_, params) => {
    const listed = await listAll<PendencyShareListItem>('/share/with_pendency_list', params);
    expect(listed.length).toBeGreaterThan(0);
    const res = await exportCall(API.share.withPendencyListExport.path, { format: 'csv', query: shareQuery(params), columns, title: 'Pendências' });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(columns.map((c) => c.title));
    expect(rows.map(read)).toEqual(listed.map(expected));
    expect(Number(res.headers[EXPORT_TOTAL_HEADER])).toBe(listed.length);
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''Pend%C3%AAncias%20\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it.each([
    ['updatedAt', 'desc'],
    ['pendencyOpenedAt', 'asc'],
    ['pendencyOpenedAt', 'desc'],
    ['pendencyDueDate', 'asc'],
    ['pendencyDueDate', 'desc'],
    ['ownerName', 'desc'],
  ] as const)('keyset batches of 7 by %s %s step over ties and empty keys as the list orders them', async (sort, order) => {
    const listed = await listAll<PendencyShareListItem>('/share/with_pendency_list', { sort, order });
    const read: string[] = [];
    for await (const batch of shareExportBatches(tApp.handle.db, 'pendency', { kind: 'all' }, { filters: {}, sort, order }, 7)) {
      read.push(...batch.map((r) => String(r.contractNumber)));
    }
    expect(read).toEqual(listed.map((s) => s.contractNumber));
    expect(listed.some((s) => s.pendency === null)).toBe(true);
  });

  it('as XLSX: the same rows, the due date a real date, the age a number', async () => {
    const params = { sort: 'pendencyDueDate', order: 'asc' };
    const listed = await listAll<PendencyShareListItem>('/share/with_pendency_list', params);
    const res = await exportCall(API.share.withPendencyListExport.path, { format: 'xlsx', query: shareQuery(params), columns });
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(listed.map((s) => s.contractNumber));
    const first = listed.findIndex((s) => s.pendency?.dueDate);
    const due = sheet[first + 1][at('pendency.dueDate')] as unknown as Date;
    expect(due).toBeInstanceOf(Date);
    // A calendar day, the same day whatever the time zone of the file.
    expect(due.toISOString().slice(0, 10)).toBe(listed[first].pendency!.dueDate);
    expect(sheet[first + 1][at('pendency.ageDays')]).toBe(listed[first].pendency!.ageDays);
  });

  it("an administrator exports its own brand's shares with a pendency only", async () => {
    const adm = exportColumnsOf(pendencies.columns, 'adm', t);
    expect(adm.some((c) => c.field === 'admName')).toBe(false);
    const listed = await listAll<PendencyShareListItem>('/share/with_pendency_list', {}, USERS.acme);
    const everyone = await listAll<PendencyShareListItem>('/share/with_pendency_list', {});
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(everyone.length);
    expect(new Set(listed.map((s) => s.admName)).size).toBe(1);
    const res = await exportCall(API.share.withPendencyListExport.path, { format: 'csv', query: {}, columns: adm }, USERS.acme);
    expect(csvRows(res.body).slice(1).map((r) => r[0])).toEqual(listed.map((s) => s.contractNumber));
    // Naming another brand narrows the caller's own scope; it never widens it.
    const other = everyone.find((s) => s.admId !== listed[0].admId)!;
    const crossed = await exportCall(API.share.withPendencyListExport.path, { format: 'csv', query: { filters: JSON.stringify({ admId: other.admId }) }, columns: adm }, USERS.acme);
    expect(crossed.statusCode).toBe(200);
    expect(csvRows(crossed.body).slice(1)).toEqual([]);
  });

  it('formulas in a pendency export are neutralised', async () => {
    const [s] = await tApp.query<{ id: string; contract_number: string }>(sql`select id, contract_number from shares where state = 'with_pendency' order by contract_number limit 1`);
    await tApp.query(sql`update shares set owner_name = '=cmd|calc' where id = ${s.id}`);
    const res = await exportCall(API.share.withPendencyListExport.path, { format: 'csv', query: shareQuery({ sort: 'contractNumber', order: 'asc' }), columns });
    expect(csvRows(res.body).find((r) => r[0] === s.contract_number)![at('ownerName')]).toBe("'=cmd|calc");
  });

  it.each([
    ['an unknown pendency kind', { query: { filters: JSON.stringify({ pendencyKind: ['late'] }) } }, 'Invalid filter: pendencyKind'],
    ['a negative age', { query: { filters: JSON.stringify({ pendencyMinAgeDays: -1 }) } }, 'Invalid filter: pendencyMinAgeDays'],
    ['a due range backwards', { query: { filters: JSON.stringify({ pendencyDueFrom: '2026-12-01', pendencyDueTo: '2026-11-01' }) } }, 'Invalid filter: pendencyDueTo'],
    ['a sort the list does not have', { query: { sort: 'createdAt' } }, undefined],
    ['a field two levels down', { columns: [{ field: 'pendency.kinds.length', title: 'x', kind: 'text' }] }, undefined],
  ])('%s is a 400 before any byte of a file', async (_, body, message) => {
    const res = await exportCall(API.share.withPendencyListExport.path, { format: 'csv', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-disposition']).toBeUndefined();
    if (message) expect(res.json().message).toBe(message);
  });

  it('the share list keeps its own filters and sorts: no pendency ones there', async () => {
    expect((await exportCall(API.share.listExport.path, { format: 'csv', query: { filters: JSON.stringify({ pendencyKind: ['retention'] }) } })).json().message).toBe('Invalid filter: pendencyKind');
    expect((await exportCall(API.share.listExport.path, { format: 'csv', query: { sort: 'pendencyDueDate' } })).statusCode).toBe(400);
  });

  it('is the list permission: whoever may read /pendencias may export it, no one else', async () => {
    const res = await exportCall(API.share.withPendencyListExport.path, { format: 'csv', query: {} }, USERS.fund);
    const list = await tApp.get(listUrl('/share/with_pendency_list', {}), USERS.fund);
    expect(res.statusCode).toBe(list.statusCode);
    const anonymous = await tApp.inject({ method: 'POST', url: `/api${API.share.withPendencyListExport.path}`, payload: { format: 'csv' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the columns the user chose', () => {
  it('writes exactly the columns asked for, in their order, and nothing else', async () => {
    // What the list sends after the column chooser hid the document and the fund: a subset of the list's columns, in its order.
    const shown = SHARE_COLUMNS.filter((c) => c.key !== 'ownerDocument' && c.key !== 'fundName');
    const columns = exportColumnsOf(shown, 'operator', t);
    const res = await exportCall(API.share.listExport.path, { format: 'csv', query: shareQuery({ sort: 'contractNumber', order: 'asc' }), columns });
    const [header, first] = csvRows(res.body);
    expect(header).toEqual(columns.map((c) => c.title));
    expect(header).not.toContain(ptBR.shares.document);
    expect(first).toHaveLength(columns.length);
    // Another order is written in that order.
    const reversed = [...columns].reverse();
    const again = csvRows((await exportCall(API.share.listExport.path, { format: 'csv', query: shareQuery({ sort: 'contractNumber', order: 'asc' }), columns: reversed })).body);
    expect(again[0]).toEqual(reversed.map((c) => c.title));
    expect(again[1]).toEqual([...first].reverse());
    const xlsx = await readSheet((await exportCall(API.share.listExport.path, { format: 'xlsx', query: shareQuery({ sort: 'contractNumber', order: 'asc' }), columns })).rawPayload);
    expect(xlsx[0]).toEqual(columns.map((c) => c.title));
    expect(xlsx[1]).toHaveLength(columns.length);
  });
});
