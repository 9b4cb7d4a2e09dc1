/**
 * Hostile uploads (issue 5, docs/security.md): the whole storage flow generated end to end —
 * upload_initialize with hostile names and slugs, parts oversized, truncated, skipped, sent with
 * wrong checksums or to tampered URLs, upload_finalize with etags out of order, missing or forged,
 * by another user or for another key — and the signed part and download URLs fed garbage.
 * Never a 5xx; a refusal changes nothing but the aborted upload's own row; a file is visible, byte
 * for byte, exactly when every part arrived intact.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/domain/apiPaths';
import { STORAGE_LIMITS, type FileRef, type GeneratedLink, type UploadInitializeResponse } from '../../src/domain/workspace';
import { type TestApp, createTestApp } from './support/app';
import { assertFuzz } from './support/fuzzConfig';
import { createFingerprinter, publicTables } from './support/fuzzDb';
import { callersOf, checkAnswer, checkUnchanged, encodeComponent } from './support/fuzzRoutes';
import { PATH_TRAVERSAL, shortHostileString } from './support/fuzzStrings';
import { localStorageConfig, pdfBytes, sha256 } from './support/storage';

let t: TestApp;
let fingerprint: ReturnType<typeof createFingerprinter>;
const UPLOADERS = callersOf(API.storage.uploadInitialize).filter((u): u is string => u !== null);

beforeAll(async () => {
  t = await createTestApp({ shares: 10, config: { storage: await localStorageConfig() } });
  fingerprint = createFingerprinter(t, await publicTables(t));
  for (const email of UPLOADERS) await t.token(email);
});
afterAll(async () => t?.close());

const bearer = async (as: string) => ({ authorization: `Bearer ${await t.token(as)}` });
const post = async (as: string, path: string, payload: unknown) => t.inject({ method: 'POST', url: `/api${path}`, headers: await bearer(as), payload: payload as object });

const OVERSIZED = STORAGE_LIMITS.partBytes + 1;

/** A part as planned: sent intact four times in five, else with one defect. */
const partPlan = fc.oneof(
  { weight: 4, arbitrary: fc.record({ bytes: fc.integer({ min: 0, max: 3000 }), checksum: fc.constantFrom('right', 'upper'), sent: fc.constant(true), url: fc.constant('signed') }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record({ bytes: fc.constant(OVERSIZED), checksum: fc.constant('right'), sent: fc.constant(true), url: fc.constant('signed') }),
      fc.record({ bytes: fc.integer({ min: 0, max: 3000 }), checksum: fc.constantFrom('wrong', 'garbage', 'missing'), sent: fc.constant(true), url: fc.constant('signed') }),
      fc.record({ bytes: fc.integer({ min: 0, max: 3000 }), checksum: fc.constant('right'), sent: fc.constant(false), url: fc.constant('signed') }),
      fc.record({ bytes: fc.integer({ min: 0, max: 3000 }), checksum: fc.constant('right'), sent: fc.constant(true), url: fc.constantFrom('tampered', 'unsigned', 'otherPart', 'traversal') }),
    ),
  },
);

/** Names a file may be given that are hostile yet acceptable: the server must clean, not trust, them. */
const SANE_NAMES = ['contrato.pdf', '../../etc/passwd.pdf', '..\\..\\boot.ini.pdf', '😀.pdf', '\u202egpj.exe.pdf', '%2e%2e%2fx.pdf', 'CON.pdf', "'; DROP TABLE files; --.pdf", 'a'.repeat(251) + '.pdf', 'planilha.xlsx', 'foto.JPEG'];

/** What upload_initialize is asked: usually acceptable, one time in four anything at all. */
const initRequest = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      fileName: fc.constantFrom(...SANE_NAMES),
      admSlug: fc.constantFrom('acme', 'orbita', 'repasse', 'adm-3', 'ACME', 'acme..x'),
      contentType: fc.constantFrom(undefined, 'application/pdf', 'application/octet-stream'),
      size: fc.constantFrom(undefined, undefined, 'exact' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      fileName: fc.tuple(shortHostileString, fc.constantFrom('.pdf', '.png', '.csv', '.exe', '')).map(([x, ext]) => `${x}${ext}`),
      admSlug: fc.oneof(fc.constantFrom('acme/../orbita', '..', ' acme'), shortHostileString),
      contentType: fc.constantFrom(undefined, 'text/html', 'application/pdf; charset=../../x', '', 'image/png'),
      size: fc.oneof(fc.constant(undefined), fc.constant('exact' as const), fc.integer({ min: 1, max: 9000 }), fc.constant(STORAGE_LIMITS.maxFileBytes + 1)),
    }),
  },
);

const uploadPlan = fc.record({
  as: fc.constantFrom(...UPLOADERS),
  init: initRequest,
  totalParts: fc.integer({ min: 1, max: 3 }),
  parts: fc.array(partPlan, { minLength: 3, maxLength: 3 }),
  // upload_finalize as the app sends it two times in three, else with one defect.
  finalize: fc.constantFrom('asSent', 'asSent', 'asSent', 'asSent', 'asSent', 'asSent', 'quoted', 'reversed', 'dropLast', 'extra', 'forged', 'traversalKey', 'upperKey', 'otherUser'),
  again: fc.boolean(),
});
type Plan = typeof uploadPlan extends fc.Arbitrary<infer P> ? P : never;
type PartPlan = Plan['parts'][number];

function partUrl(u: UploadInitializeResponse, n: number, variant: PartPlan['url']): string {
  const url = new URL(u.parts[n - 1].url, 'http://x');
  switch (variant) {
    case 'tampered':
      return `${url.pathname}?${url.search.slice(1).replace(/signature=./, 'signature=A')}`;
    case 'unsigned':
      return url.pathname;
    case 'otherPart':
      return `${url.pathname.replace(/\/\d+$/, `/${n + 1}`)}${url.search}`;
    case 'traversal':
      return `/api/storage/part/${encodeComponent('../../etc')}/${n}${url.search}`;
    default:
      return `${url.pathname}${url.search}`;
  }
}

const checksumOf = (bytes: Buffer, variant: PartPlan['checksum']): string | undefined =>
  variant === 'right' ? sha256(bytes)
  : variant === 'upper' ? sha256(bytes).toUpperCase()
  : variant === 'wrong' ? sha256(Buffer.concat([bytes, Buffer.from('x')]))
  : variant === 'garbage' ? "' OR '1'='1"
  : undefined;

describe('the storage flow under hostile uploads', () => {
  it('answers a 2xx or a catalogue 4xx at every step, changes nothing when it refuses, and shows a file only when it arrived whole', async () => {
    await assertFuzz(
      'storage flow',
      fc.asyncProperty(uploadPlan, async (plan) => {
        const start = await fingerprint();
        const sizes = plan.parts.slice(0, plan.totalParts).map((p) => p.bytes);
        const { fileName, admSlug, contentType, size } = plan.init;
        const init = await post(plan.as, '/storage/upload_initialize', {
          fileName,
          totalParts: plan.totalParts,
          admSlug,
          ...(contentType !== undefined ? { contentType } : {}),
          ...(size === 'exact' ? { size: sizes.reduce((a, b) => a + b, 0) } : size !== undefined ? { size } : {}),
        });
        checkAnswer(init);
        if (init.statusCode >= 400) return checkUnchanged(start, await fingerprint(), init);
        const u = init.json() as UploadInitializeResponse;

        // Parts touch the disk only: the database stays as upload_initialize left it.
        const afterInit = await fingerprint();
        const sent: Buffer[] = [];
        const etags: string[] = [];
        const partsOk: boolean[] = [];
        for (let n = 1; n <= plan.totalParts; n++) {
          const p = plan.parts[n - 1];
          const bytes = p.bytes === OVERSIZED ? Buffer.alloc(OVERSIZED, 7) : pdfBytes(p.bytes, n);
          sent.push(bytes);
          etags.push(sha256(bytes));
          if (!p.sent) {
            partsOk.push(false);
            continue;
          }
          const checksum = checksumOf(bytes, p.checksum);
          const res = await t.inject({
            method: 'PUT',
            url: partUrl(u, n, p.url),
            payload: bytes,
            headers: { 'content-type': 'application/octet-stream', ...(checksum !== undefined ? { 'x-content-sha256': checksum } : {}) },
          });
          checkAnswer(res);
          const takes = p.url === 'signed' && p.bytes !== OVERSIZED && ['right', 'upper'].includes(p.checksum);
          if (takes) expect(res.statusCode, `part ${n}: ${res.body}`).toBe(200);
          else expect(res.statusCode, `part ${n}: ${res.body}`).toBeGreaterThanOrEqual(400);
          partsOk.push(takes);
        }
        checkUnchanged(afterInit, await fingerprint(), init);

        const f = plan.finalize;
        const parts =
          f === 'quoted' ? etags.map((e) => `"${e}"`)
          : f === 'reversed' ? [...etags].reverse()
          : f === 'dropLast' ? etags.slice(0, -1)
          : f === 'extra' ? [...etags, etags[0]]
          : f === 'forged' ? etags.map(() => sha256(Buffer.from('forged')))
          : etags;
        const fileKey = f === 'traversalKey' ? `${u.fileKey}/../../../etc/passwd` : f === 'upperKey' ? u.fileKey.toUpperCase() : u.fileKey;
        const finalizer = f === 'otherUser' ? UPLOADERS.find((x) => x !== plan.as)! : plan.as;
        const ownRow = { files: { rowsWhere: `t.id = '${u.fileId}'` } };
        const beforeFinalize = await fingerprint(ownRow);
        const body = { fileId: u.fileId, fileKey, parts: parts.length ? parts : ['x'] };
        const fin = await post(finalizer, '/storage/upload_finalize', body);
        checkAnswer(fin);
        // Success exactly when every part arrived intact and the uploader names it rightly ('reversed' is harmless with one part).
        const inOrder = ['asSent', 'quoted', 'otherUser', 'traversalKey', 'upperKey'].includes(f) || (f === 'reversed' && plan.totalParts === 1);
        const declaredOk = size === undefined || size === 'exact';
        // Every part holds PDF bytes: under any other extension the content does not match it (storage/typing.ts).
        const typedRight = /\.pdf$/i.test(fileName);
        const succeeds = partsOk.every(Boolean) && inOrder && fileKey === u.fileKey && finalizer === plan.as && declaredOk && typedRight;
        if (succeeds) expect(fin.statusCode, fin.body).toBe(200);
        else expect(fin.statusCode, fin.body).toBeGreaterThanOrEqual(400);

        const link = await post(plan.as, '/storage/generate_link', { filePath: u.fileKey });
        if (fin.statusCode >= 400) {
          // Refused: only this upload's own row may move (pending, or aborted with its parts dropped).
          checkUnchanged(beforeFinalize, await fingerprint(ownRow), fin);
          const [row] = await t.query<{ status: string }>(sql`select status from files where id = ${u.fileId}`);
          // Refused for its content, the upload leaves no row at all.
          if (row || typedRight) expect(['pending', 'aborted']).toContain(row?.status);
          expect(link.statusCode, 'a refused upload is not readable').toBe(404);
        } else {
          const ref = fin.json() as FileRef;
          const bytes = Buffer.concat(sent);
          expect(ref.size).toBe(bytes.length);
          expect(link.statusCode, link.body).toBe(200);
          const download = await t.inject({ method: 'GET', url: (link.json() as GeneratedLink).url });
          expect(download.statusCode).toBe(200);
          expect(download.rawPayload.equals(bytes), 'the file reads back byte for byte').toBe(true);
        }
        if (plan.again) {
          const second = await post(finalizer, '/storage/upload_finalize', body);
          checkAnswer(second);
          // Finalize is safe to repeat: a complete file answers the same reference, a refused one stays refused.
          expect(second.statusCode >= 400, second.body).toBe(fin.statusCode >= 400);
        }
      }),
      40,
    );

  });
});

describe('the signed storage URLs under garbage', () => {
  /** A path segment as it goes on the wire: encoded text, or raw escapes the router cannot decode. */
  const segment = fc.oneof(
    fc.oneof(fc.uuid(), shortHostileString, fc.constantFrom(...PATH_TRAVERSAL, 'a'.repeat(101))).map(encodeComponent),
    fc.constantFrom('%', '%ZZ', '%ED%A0%80', '%FF', '%2e%2e', '..', '%00'),
  );
  const query = fc.record(
    { key: fc.oneof(fc.constantFrom(...PATH_TRAVERSAL), shortHostileString), expires: fc.oneof(fc.constantFrom('9999999999', '1', '-1', '1e309', 'NaN', ''), shortHostileString), signature: shortHostileString },
    { requiredKeys: [] },
  );
  const qs = (q: Record<string, string>) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${encodeComponent(v)}`)
      .join('&');

  it('refuses a forged part URL with a catalogue 4xx and writes nothing', async () => {
    await assertFuzz(
      'signed part url',
      fc.asyncProperty(segment, fc.oneof(fc.constantFrom('1', '0', '-1', '11', '1e309'), segment), query, async (fileId, partNumber, q) => {
        const before = await fingerprint();
        const res = await t.inject({
          method: 'PUT',
          url: `/api/storage/part/${fileId}/${partNumber}?${qs(q)}`,
          payload: Buffer.from('%PDF-1.4 x'),
          headers: { 'content-type': 'application/octet-stream', 'x-content-sha256': sha256(Buffer.from('%PDF-1.4 x')) },
        });
        checkAnswer(res);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        checkUnchanged(before, await fingerprint(), res);
      }),
    );
  });

  it('refuses a forged download URL with a catalogue 4xx', async () => {
    await assertFuzz(
      'signed download url',
      fc.asyncProperty(query, async (q) => {
        const res = await t.inject({ method: 'GET', url: `/api/storage/file?${qs(q)}` });
        checkAnswer(res);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      }),
    );
  });
});
