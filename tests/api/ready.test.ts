/**
 * GET /api/ready (issue 12): 200 when the database and the storage answer; 503 naming, in Portuguese,
 * what failed; 503 while the instance drains. /api/health (liveness) is not affected by storage.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { READY_CHECK_TIMEOUT_MS, READY_MESSAGES } from '../../server/routes/ready';
import { TEST_DATA_DIR, type TestApp, createTestApp } from './support/app';
import { startLocalS3 } from './support/localS3';

let t: TestApp;
// At load time, so skipIf below knows whether s3rver runs here.
const s3 = await startLocalS3('repasse-ready', 'ready.test.ts');

beforeAll(async () => {
  t = await createTestApp({ shares: 0 });
});

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('GET /api/ready', () => {
  it('answers 200 without a token when the database and the local disk answer', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const down = await openDatabase({ databaseUrl: 'postgres://repasse:secret@127.0.0.1:1/nowhere', poolSize: 1 });
    const app = await buildApp({ db: down, config: t.config });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable', storage: 'ok', message: READY_MESSAGES.database });
    } finally {
      await app.close();
      await down.close();
    }
  });

  it('answers 503 naming the storage when the local disk cannot be written, while liveness stays 200', async () => {
    // A file where the storage root should be: what a lost mount looks like to the driver.
    const notADir = join(TEST_DATA_DIR, 'not-a-directory');
    writeFileSync(notADir, 'x');
    const app = await buildApp({ db: t.handle, config: { ...t.config, storage: { driver: 'local', filesDir: notADir, s3: null } } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable', message: 'Armazenamento de arquivos indisponível.' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it.skipIf(!s3)('asks an S3 bucket with HeadBucket: 200 when it exists, 503 when it does not or the endpoint is away', async () => {
    const s3config = s3!.storage.s3!;
    const cases = [
      { s3: s3config, status: 200 },
      { s3: { ...s3config, bucket: 'no-such-bucket' }, status: 503 },
      { s3: { ...s3config, endpoint: 'http://127.0.0.1:1' }, status: 503 },
    ];
    for (const c of cases) {
      const app = await buildApp({ db: t.handle, config: { ...t.config, storage: { driver: 's3', filesDir: '', s3: c.s3 } } });
      try {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url: '/api/ready' });
        expect(res.statusCode, `${c.s3.endpoint} ${c.s3.bucket}: ${res.body}`).toBe(c.status);
        expect(Date.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1_000);
      } finally {
        await app.close();
      }
    }
  });

  it('answers 503 "draining" once the instance is draining, and closes the connection', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining', database: 'skipped', storage: 'skipped', message: READY_MESSAGES.draining });
      expect(res.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});
