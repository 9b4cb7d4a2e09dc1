/**
 * Brands (issue 11): the administrator list, record, creation and edit — operators only; field
 * errors for CNPJ, label and colours; the favicon from an upload, checked by name and content and
 * inlined; the public white label shows a change at once; every write audited.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, BrandItem } from '../../src/domain/management';
import type { ListResponse } from '../../src/domain/shareList';
import { sniffFavicon } from '../../server/services/brands';
import { USERS, createTestApp, listUrl, type TestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { initialize, localStorageConfig, uploadFile } from './support/storage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ shares: 0, config: { storage: await localStorageConfig() } });
});
afterAll(async () => t?.close());

const post = async (as: string, path: string, payload: object) =>
  t.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${await t.token(as)}` }, payload });
const auditOf = (objectId: string | number) =>
  t.query<{ user_id: string; action: string; object_type: string; adm_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    sql`select user_id, action, object_type, adm_id, before, after from audit_log where object_type = 'administrator' and object_id = ${String(objectId)} order by id`,
  );

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 200) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);
const webp = () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 1)]);

const valid = (labelId: string) => ({ name: 'Nova Administradora', cnpj: '11.222.333/0001-81', labelId, colors: { primary: '#123456', secondary: '#FAFAFA' } });

describe('GET /administrator/list and /administrator/get', () => {
  it('lists every administrator, the one without a white label too, with search and sort', async () => {
    const all = expectOk<ListResponse<BrandItem>>(await t.get(listUrl('/administrator/list')));
    expect(all.data.map((b) => b.name)).toEqual(['Acme Consórcios', 'Órbita Consórcios', 'Vértice Consórcios']);
    expect(all.data[0]).toMatchObject({ admId: 1, labelId: 'acme', colors: { primary: '#C2410C', secondary: '#FFF7ED' } });
    expect(all.data[2]).toMatchObject({ admId: 3, labelId: null, colors: null });
    expect(all.data[2].cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    const found = expectOk<ListResponse<BrandItem>>(await t.get(listUrl('/administrator/list', { filters: { search: 'orbita' } })));
    expect(found.data.map((b) => b.admId)).toEqual([2]);
    const byLabel = expectOk<ListResponse<BrandItem>>(await t.get(listUrl('/administrator/list', { sort: 'labelId', order: 'desc' })));
    expect(byLabel.data.map((b) => b.labelId)).toEqual(['orbita', 'acme', null]);
    expectError(await t.get(listUrl('/administrator/list', { filters: { q: 'x' } })), 400, 'Invalid filter: q');
  });

  it('reads one brand with its settings; an unknown one is 404', async () => {
    const b = expectOk<Brand>(await t.get('/api/administrator/get?admId=2'));
    expect(b).toMatchObject({ admId: 2, labelId: 'orbita', allowMultiprices: true, displayDocumentsInBackoffice: true, admAllowMultiprices: true });
    expect(b.favicon).toMatch(/^data:image\/svg\+xml,/);
    expectError(await t.get('/api/administrator/get?admId=999'), 404, 'Administrator not found');
  });

  it('is for operators only', async () => {
    for (const as of [USERS.acme, USERS.fund]) {
      expectError(await t.get('/api/administrator/list', as), 403, 'Permission denied');
      expectError(await t.get('/api/administrator/get?admId=1', as), 403, 'Permission denied');
      expectError(await post(as, '/administrator/create', valid('negado')), 403, 'Permission denied');
      expectError(await post(as, '/administrator/update', { admId: 1, name: 'Hack' }), 403, 'Permission denied');
    }
  });
});

describe('POST /administrator/create', () => {
  it('creates the administrator, its white label and its settings together; audited; the host finds it at once', async () => {
    const b = expectOk<Brand>(await post(USERS.operator, '/administrator/create', { ...valid('Nova'), allowMultiprices: true, admAllowMultiprices: true }));
    expect(b).toMatchObject({ name: 'Nova Administradora', cnpj: '11.222.333/0001-81', labelId: 'nova', favicon: null, allowMultiprices: true, displayDocumentsInBackoffice: false, admAllowMultiprices: true });
    const [wl] = await t.query<{ adm_id_by_cnpj: string; cnpj: string }>(sql`select adm_id_by_cnpj, cnpj from white_label_configs where adm_id = ${b.admId}`);
    expect(wl).toEqual({ adm_id_by_cnpj: '11222333000181', cnpj: '11.222.333/0001-81' });
    const [adm] = await t.query<{ cnpj: string }>(sql`select cnpj from administrators where id = ${b.admId}`);
    expect(adm.cnpj).toBe('11222333000181');
    const publicWl = await t.inject({ method: 'GET', url: '/api/white_label/get?labelId=nova' });
    expect(expectOk<{ admId: number; colors: object }>(publicWl)).toMatchObject({ admId: b.admId, colors: { primary: '#123456' } });
    expect(publicWl.headers['cache-control']).toBe('no-store');
    const audit = await auditOf(b.admId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'administrator.create', object_type: 'administrator', adm_id: b.admId, before: null, after: { labelId: 'nova' } });
    const adm2 = expectOk<Brand>(await post(USERS.operator, '/administrator/create', { ...valid('alfa-num'), cnpj: '12.ABC.345/01DE-35' }));
    expect(adm2.cnpj).toBe('12.ABC.345/01DE-35');
  });

  it('refuses bad input on its field and writes nothing; low contrast is no error', async () => {
    const [{ n: before }] = await t.query<{ n: number }>(sql`select count(*)::int as n from administrators`);
    const cases: [object, string, RegExp][] = [
      [{ ...valid('ok1'), cnpj: '11.222.333/0001-82' }, 'cnpj', /^Invalid cnpj$/],
      [{ ...valid('acme') }, 'labelId', /already in use/],
      [{ ...valid('ACME') }, 'labelId', /already in use/],
      [{ ...valid('demo-nova') }, 'labelId', /prefix or suffix/],
      [{ ...valid('nova-dev') }, 'labelId', /prefix or suffix/],
      [{ ...valid('backoffice') }, 'labelId', /reserved/],
      [{ ...valid('nova marca') }, 'labelId', /lower-case/],
      [{ ...valid('-x') }, 'labelId', /lower-case/],
      [{ ...valid('ok2'), colors: { primary: 'red', secondary: '#FFFFFF' } }, 'colors.primary', /#RRGGBB/],
      [{ ...valid('ok3'), colors: { primary: '#FFFFFF', secondary: '#FFF' } }, 'colors.secondary', /#RRGGBB/],
      [{ ...valid('ok4'), name: '  ' }, 'name', /required/],
      [{ ...valid('ok5'), faviconFile: '00000000-0000-4000-8000-000000000000' }, 'faviconFile', /not found/],
    ];
    for (const [payload, field, message] of cases) {
      const body = expectError(await post(USERS.operator, '/administrator/create', payload), 400);
      expect(body.errors?.[field], JSON.stringify(payload)).toMatch(message);
    }
    expectError(await post(USERS.operator, '/administrator/create', { name: 'Sem cor', cnpj: '11.222.333/0001-81', labelId: 'semcor' }), 400, 'colors is required');
    const [{ n: after }] = await t.query<{ n: number }>(sql`select count(*)::int as n from administrators`);
    expect(after).toBe(before);
    // White text on yellow fails AA: a warning for the app, not a refusal.
    expectOk(await post(USERS.operator, '/administrator/create', { ...valid('amarela'), colors: { primary: '#FFFF00', secondary: '#FFFFFF' } }));
  });

  it('two creations of one label at once: one wins, the other is told it is in use', async () => {
    const [a, b] = await Promise.all([0, 1].map(() => post(USERS.operator, '/administrator/create', valid('corrida'))));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((a.statusCode === 400 ? a : b).json().errors.labelId).toBe('Invalid labelId: already in use');
  });
});

describe('POST /administrator/update', () => {
  it('changes any subset; the public white label shows it at once; audited with before and after', async () => {
    const b = expectOk<Brand>(await post(USERS.operator, '/administrator/update', { admId: 1, name: 'Acme Consórcios S.A.', colors: { primary: '#0A0A0A', secondary: '#EEEEEE' }, displayDocumentsInBackoffice: true }));
    expect(b).toMatchObject({ admId: 1, name: 'Acme Consórcios S.A.', labelId: 'acme', colors: { primary: '#0A0A0A' }, displayDocumentsInBackoffice: true });
    const wl = expectOk<{ name: string; colors: object; configs: object }>(await t.inject({ method: 'GET', url: '/api/white_label/get?labelId=acme' }));
    expect(wl).toMatchObject({ name: 'Acme Consórcios S.A.', colors: { primary: '#0A0A0A' }, configs: { displayDocumentsInBackoffice: true } });
    const audit = await auditOf(1);
    expect(audit.at(-1)).toMatchObject({ action: 'administrator.update', adm_id: 1, before: { name: 'Acme Consórcios' }, after: { name: 'Acme Consórcios S.A.' } });
    expect(JSON.stringify(audit.at(-1)?.after)).toMatch(/sha256:/);
  });

  it('a label taken by another brand is refused; its own label is fine; an unknown admId is 404', async () => {
    expect(expectError(await post(USERS.operator, '/administrator/update', { admId: 1, labelId: 'orbita' }), 400).errors?.labelId).toBe('Invalid labelId: already in use');
    expectOk(await post(USERS.operator, '/administrator/update', { admId: 1, labelId: 'acme' }));
    expectError(await post(USERS.operator, '/administrator/update', { admId: 999, name: 'X' }), 404, 'Administrator not found');
  });

  it('an administrator without a white label gets one when given its label and colours', async () => {
    expectError(await post(USERS.operator, '/administrator/update', { admId: 3, allowMultiprices: true }), 400, 'labelId is required');
    const b = expectOk<Brand>(await post(USERS.operator, '/administrator/update', { admId: 3, labelId: 'vertice', colors: { primary: '#065F46', secondary: '#ECFDF5' } }));
    expect(b).toMatchObject({ admId: 3, labelId: 'vertice', name: 'Vértice Consórcios' });
    expectOk(await t.inject({ method: 'GET', url: '/api/white_label/get?labelId=vertice' }));
  });

  it("the administrator's own setting is upserted", async () => {
    const b = expectOk<Brand>(await post(USERS.operator, '/administrator/update', { admId: 3, admAllowMultiprices: true }));
    expect(b.admAllowMultiprices).toBe(true);
    const cfg = expectOk<{ admConfig: { dynamo_adm: { allowMultiprices: boolean } } }>(await t.get('/api/adm_config/get?admId=3'));
    expect(cfg.admConfig.dynamo_adm.allowMultiprices).toBe(true);
  });
});

describe('favicon', () => {
  it('an uploaded PNG is inlined as a data: URL and served by the public white label; null removes it', async () => {
    const bytes = png(300);
    const file = await uploadFile(t, USERS.operator, { fileName: 'icone.png', bytes, admSlug: 'repasse' });
    const b = expectOk<Brand>(await post(USERS.operator, '/administrator/update', { admId: 2, faviconFile: file.fileId }));
    expect(b.favicon).toBe(`data:image/png;base64,${bytes.toString('base64')}`);
    const wl = expectOk<{ favicon: string }>(await t.inject({ method: 'GET', url: '/api/white_label/get?labelId=orbita' }));
    expect(wl.favicon).toBe(b.favicon);
    expect(expectOk<Brand>(await post(USERS.operator, '/administrator/update', { admId: 2, favicon: null })).favicon).toBeNull();
    const webpFile = await uploadFile(t, USERS.operator, { fileName: 'icone.webp', bytes: webp(), admSlug: 'repasse' });
    expect(expectOk<Brand>(await post(USERS.operator, '/administrator/update', { admId: 2, faviconFile: webpFile.fileId })).favicon).toMatch(/^data:image\/webp;base64,/);
  });

  it('refuses content that is not what its name says, a file too large, an upload not complete or not the caller’s', async () => {
    // A PDF named .png never becomes a file: upload_finalize refuses it (tests/api/uploadTyping.test.ts).
    const pdf = await uploadFile(t, USERS.operator, { fileName: 'icone.pdf', admSlug: 'repasse' });
    expect(expectError(await post(USERS.operator, '/administrator/update', { admId: 2, faviconFile: pdf.fileId }), 400).errors?.faviconFile).toMatch(/use a PNG/);
    const big = await uploadFile(t, USERS.operator, { fileName: 'grande.png', bytes: png(64 * 1024 + 1), admSlug: 'repasse' });
    expect(expectError(await post(USERS.operator, '/administrator/update', { admId: 2, faviconFile: big.fileId }), 400).errors?.faviconFile).toMatch(/at most 64 KB/);
    const pending = (await initialize(t, USERS.operator, { fileName: 'pendente.png', totalParts: 1, admSlug: 'repasse' })).json().fileId as string;
    expect(expectError(await post(USERS.operator, '/administrator/update', { admId: 2, faviconFile: pending }), 400).errors?.faviconFile).toMatch(/not complete/);
    const othersFile = await uploadFile(t, USERS.acme, { fileName: 'acme.png', bytes: png(), admSlug: 'acme' });
    expect(expectError(await post(USERS.operator, '/administrator/update', { admId: 2, faviconFile: othersFile.fileId }), 400).errors?.faviconFile).toMatch(/not found/);
    const both = expectError(await post(USERS.operator, '/administrator/update', { admId: 2, faviconFile: othersFile.fileId, favicon: null }), 400);
    expect(both.errors?.faviconFile).toMatch(/not both/);
  });

  it('sniffs PNG and WebP by their bytes; SVG (active content), ICO and anything else are refused', () => {
    expect(sniffFavicon(png())).toBe('png');
    expect(sniffFavicon(webp())).toBe('webp');
    expect(sniffFavicon(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBeNull();
    expect(sniffFavicon(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffFavicon(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(sniffFavicon(Buffer.from('GIF89a'))).toBeNull();
  });
});
