/**
 * The API process killed with SIGKILL (no shutdown hook runs) in the middle of a bulk move and of an
 * upload, then started again on the same data.
 *
 * A bulk call is not one transaction: it moves its shares in chunks of CHUNK_SIZE, each chunk one
 * transaction (docs/operations.md). "No share half-moved" therefore means, share by share: either
 * still where it was with no history row of the call, or moved with its new state, its process step
 * and exactly one history row. A kill can leave the call partly done at the request level; the client
 * repeats it with the same Idempotency-Key and every share ends moved exactly once.
 *
 * An upload is visible only once finalized: a kill while a part streams in leaves a file that cannot
 * be linked, downloaded or attached; the client PUTs the part again and finalizes.
 */
import { request } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SIZE } from '../../server/services/shareWorkflow';
import { type FreshPostgres, withFreshPostgres } from '../api/support/pgDatabase';
import { call, login, messageOf } from './support/api';
import { withClient } from './support/db';
import { type ApiProcess, removeDir, startApi } from './support/server';
import { finalizeUpload, initializeUpload, putPart, sha256, uploadSmallFile } from './support/upload';

const BULK = 4_000;

let pgdb: FreshPostgres | null = null;
let api: ApiProcess | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  pgdb = await withFreshPostgres();
  if (!pgdb) return;
  api = await startApi({ databaseUrl: pgdb.url, seedShares: BULK });
  dataDir = api.dataDir;
});

afterAll(async () => {
  await api?.stop();
  if (dataDir) removeDir(dataDir);
  await pgdb?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kill the API and start it again on the same database and data directory. */
async function restart(): Promise<void> {
  await api!.kill();
  api = await startApi({ databaseUrl: pgdb!.url, dataDir: dataDir!, seedShares: BULK });
}

interface ShareAudit {
  moved: number;
  untouched: number;
  /** Shares in neither consistent shape (new state without its row, a row without the state, two rows…). */
  half: string[];
}

async function auditBulk(ids: string[], key: string): Promise<ShareAudit> {
  return withClient(pgdb!.url, async (c) => {
    const { rows } = await c.query<{ id: string; state: string; process_step: number; version: number; rows: number; steps: number }>(
      `select s.id, s.state, s.process_step, s.version,
              (select count(*)::int from share_history h where h.share_id = s.id and h.request_key like '%:' || $2) as rows,
              (select count(*)::int from process_status_history p where p.share_id = s.id and p.step = 3) as steps
       from shares s where s.id = any($1::uuid[])`,
      [ids, key],
    );
    const audit: ShareAudit = { moved: 0, untouched: 0, half: [] };
    for (const r of rows) {
      if (r.state === 'approved_by_adm' && r.process_step === 3 && r.version === 1 && r.rows === 1 && r.steps === 1) audit.moved++;
      else if (r.state === 'received_from_client' && r.process_step === 2 && r.version === 0 && r.rows === 0 && r.steps === 0) audit.untouched++;
      else audit.half.push(r.id);
    }
    return audit;
  });
}

describe.skipIf(!process.env.DATABASE_URL)('SIGKILL of the API', () => {
  it(`in the middle of transfer_in_bulk over ${BULK} shares: no share half-moved, and the same call repeated finishes the job`, async () => {
    // Fixture: every share received from its client and never moved since (version 0), so that
    // each one can take set_transfer and the audit can tell a moved share by its version.
    const ids = await withClient(pgdb!.url, async (c) => {
      await c.query(`delete from process_status_history where step = 3`);
      const { rows } = await c.query<{ id: string }>(
        `update shares set state = 'received_from_client', previous_state = null, process_step = 2, version = 0 returning id`,
      );
      return rows.map((r) => r.id);
    });
    expect(ids).toHaveLength(BULK);
    const token = await login(api!.url);
    const key = `bulk-${Date.now()}`;

    const first = call(api!.url, '/actions/transfer_in_bulk', { token, body: { shareIds: ids }, headers: { 'idempotency-key': key } });
    // Kill as soon as the first chunk is committed, while the others are still to come.
    const committed = await withClient(pgdb!.url, async (c) => {
      for (let i = 0; i < 2_000; i++) {
        const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from share_history where request_key like '%:' || $1`, [key]);
        if (rows[0].n > 0) return rows[0].n;
        await sleep(5);
      }
      return 0;
    });
    await restart();
    const lost = await first;
    expect(lost.status).toBe(0); // the client never heard back

    const afterKill = await auditBulk(ids, key);
    console.log(`[reliability] SIGKILL in bulk: ${committed} shares committed when the kill was sent; after restart ${afterKill.moved} moved, ${afterKill.untouched} untouched, ${afterKill.half.length} half-moved (chunks of ${CHUNK_SIZE})`);
    expect(afterKill.half).toEqual([]);
    // The kill landed mid-call: some chunks were committed and some were not.
    expect(afterKill.moved).toBeGreaterThan(0);
    expect(afterKill.untouched).toBeGreaterThan(0);
    expect(afterKill.moved % CHUNK_SIZE).toBe(0);

    // The client repeats the same call with the same key: every share is now moved, once.
    const retry = await call(api!.url, '/actions/transfer_in_bulk', { token: await login(api!.url), body: { shareIds: ids }, headers: { 'idempotency-key': key } });
    expect(retry.status).toBe(200);
    const results = (retry.body as { results: { ok: boolean; state?: string }[] }).results;
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(new Set(results.map((r) => r.state))).toEqual(new Set(['approved_by_adm']));
    expect(await auditBulk(ids, key)).toEqual({ moved: BULK, untouched: 0, half: [] });
  });

  it('in the middle of an upload: the file is not visible until the client sends the part again and finalizes', async () => {
    let token = await login(api!.url);
    // A PDF by its bytes too: finalize checks the content against the extension.
    const bytes = Buffer.alloc(6 * 1024 * 1024 + 123, 7);
    bytes.write('%PDF-1.4\n', 0, 'latin1');
    const init = await initializeUpload(api!.url, token, 'contrato.pdf', bytes.length, 2);
    const part1 = bytes.subarray(0, init.partSize);
    const part2 = bytes.subarray(init.partSize);
    const etag1 = await putPart(api!.url, init.parts[0].url, part1);

    // Part 2 starts streaming, half of it arrives, and the server is killed.
    const target = new URL(`${api!.url}${init.parts[1].url}`);
    const req = request(target, { method: 'PUT', headers: { 'x-content-sha256': sha256(part2), 'content-length': String(part2.length) } });
    req.on('error', () => {});
    req.write(part2.subarray(0, part2.length >> 1));
    await sleep(500);
    await restart();
    req.destroy();
    token = await login(api!.url);

    // Not half-visible: no link, no attach, and no assembled object on disk.
    const link = await call(api!.url, '/storage/generate_link', { token, body: { filePath: init.fileKey } });
    expect(link.status).toBe(404);
    expect(messageOf(link)).toBe('Document not found');
    const shareId = await withClient(pgdb!.url, async (c) => (await c.query<{ id: string }>(`select id from shares order by id limit 1`)).rows[0].id);
    const attach = await call(api!.url, '/actions/proof_attach', { token, body: { shareId, proofFile: init.fileId, documentType: 'PAYMENT_PROOF' } });
    expect(attach.status).toBe(400);
    expect(messageOf(attach)).toBe('Invalid file: the upload is not finalized');
    expect(existsSync(join(dataDir!, 'files', 'objects', init.fileKey))).toBe(false);

    // The client retries the part (its signed URL is still valid) and finalizes.
    const etag2 = await putPart(api!.url, init.parts[1].url, part2);
    const done = await finalizeUpload(api!.url, token, init, [etag1, etag2]);
    expect(done.status).toBe(200);
    expect((done.body as { size: number }).size).toBe(bytes.length);
    const link2 = await call(api!.url, '/storage/generate_link', { token, body: { filePath: init.fileKey } });
    expect(link2.status).toBe(200);
    const download = await fetch(`${api!.url}${(link2.body as { url: string }).url}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
    // The interrupted part's temporary file went with the upload's parts.
    expect(readdirSync(join(dataDir!, 'files', 'uploads')).includes(init.fileId)).toBe(false);

    // And another upload right after works as usual.
    expect((await uploadSmallFile(api!.url, token)).fileId).toBeTruthy();
  });
});
