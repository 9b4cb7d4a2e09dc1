/**
 * With the S3 driver the browser uploads parts straight to presigned URLs: the CSP's connect-src must
 * name exactly the origin those URLs point at, or every upload is blocked in the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { S3Config } from '../../server/config';
import { S3Driver, s3BrowserOrigins } from '../../server/services/storage/s3';
import { type TestApp, createTestApp, testConfig } from './support/app';

const creds = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret' };
const CONFIGS: [string, S3Config][] = [
  ['AWS, virtual-hosted', { endpoint: null, bucket: 'repasse-files', region: 'sa-east-1', forcePathStyle: false, ...creds }],
  ['AWS, path-style', { endpoint: null, bucket: 'repasse-files', region: 'sa-east-1', forcePathStyle: true, ...creds }],
  ['an S3-compatible store, path-style', { endpoint: 'https://repasse.example:8443', bucket: 'files', region: 'us-east-1', forcePathStyle: true, ...creds }],
  ['an S3-compatible store, virtual-hosted', { endpoint: 'https://objects.example', bucket: 'files', region: 'us-east-1', forcePathStyle: false, ...creds }],
];

describe('s3BrowserOrigins', () => {
  it.each(CONFIGS)('%s: the origin of a real presigned URL', async (_name, s3) => {
    const url = await new S3Driver(s3).signedGetUrl('adm/2026/11/x/a.pdf', 'a.pdf', 'application/pdf', new Date(Date.now() + 60_000));
    expect(s3BrowserOrigins(s3)).toEqual([new URL(url).origin]);
  });
});

describe('the CSP with the S3 driver', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const s3 = CONFIGS[2][1];
  beforeAll(async () => {
    t = await createTestApp({ shares: 0 });
    app = await buildApp({ db: t.handle, config: testConfig({ storage: { ...t.config.storage, driver: 's3', s3 } }) });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it("lets the app connect to the bucket's origin and nowhere else", async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1].split(' ');
    expect(connect).toEqual(["'self'", 'https://repasse.example:8443']);
  });
});
