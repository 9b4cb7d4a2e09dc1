/**
 * What the browser receives on the wire (issue 17): the built app's files as the build's brotli or
 * gzip copies, with Content-Encoding, Vary and the same cache rules as the originals; API answers
 * over 1 KB compressed for clients that ask; nothing compressed for clients that do not.
 */
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { COMPRESSED_TYPES } from '../../server/plugins/compression';
import { API } from '../../src/domain/apiPaths';
import { precompressDir } from '../../scripts/build/precompress';
import { type TestApp, createTestApp, testConfig } from './support/app';
import { bearer } from './support/storage';

let t: TestApp;
let app: FastifyInstance;
let dir: string;
// Big enough to be worth compressing, and compressible, like a real chunk.
const CHUNK = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'linha ${i}' }`).join(', ')}];\n`;
const SHELL = `<!doctype html><html lang="pt-BR"><head>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  t = await createTestApp({ shares: 40 });
  dir = mkdtempSync(join(tmpdir(), 'repasse-compressed-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  writeFileSync(join(dir, 'assets', 'index-4f2a9c.js'), CHUNK);
  writeFileSync(join(dir, 'assets', 'tiny-1b2c3d.js'), 'console.log(1)');
  precompressDir(dir);
  app = await buildApp({ db: t.handle, config: testConfig({ staticDir: dir }) });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the build', () => {
  it('writes brotli and gzip copies of text files worth compressing, and none of tiny ones', () => {
    const assets = readdirSync(join(dir, 'assets')).sort();
    expect(assets).toEqual(['index-4f2a9c.js', 'index-4f2a9c.js.br', 'index-4f2a9c.js.gz', 'tiny-1b2c3d.js']);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
  });
});

describe('the built app on the wire', () => {
  it('sends a hashed asset as its brotli copy to a browser that accepts brotli, cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(CHUNK.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('sends the gzip copy to a client that accepts only gzip, and the original to one that accepts nothing', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it.each(['/', '/listagem', '/cotas/ACM-0000001'])('answers %s with the compressed index.html, revalidated every time', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { ...html, 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SHELL);
  });
});

describe('API answers', () => {
  it('compresses a list page for a client that asks, and the JSON is the same', async () => {
    const url = `/api${API.share.list.path}?pageSize=20`;
    const headers = await bearer(t, 'operador@repasse.dev');
    const plain = await app.inject({ method: 'GET', url, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses server-sent events or stored files, whose bytes must arrive as written', () => {
    expect(COMPRESSED_TYPES.test('text/event-stream')).toBe(false);
    expect(COMPRESSED_TYPES.test('application/octet-stream')).toBe(false);
    expect(COMPRESSED_TYPES.test('application/pdf')).toBe(false);
    expect(COMPRESSED_TYPES.test('application/json; charset=utf-8')).toBe(true);
    expect(COMPRESSED_TYPES.test('text/csv; charset=utf-8')).toBe(true);
  });
});
