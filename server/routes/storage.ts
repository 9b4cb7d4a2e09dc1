/**
 * SPEC §7 Storage (DESIGN §2, docs/storage.md). Two plugins:
 * - the calls of the API table, behind the bearer token: upload_initialize, upload_finalize,
 *   generate_link;
 * - `storageSignedRoutes`, the local-disk driver's part upload and download URLs. Those are
 *   authorized by their signature, not by a bearer token, so they are registered beside the API
 *   (server/app.ts), outside its auth hook.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { STORAGE_LIMITS } from '../../src/domain/workspace';
import { defineRoute, userOf } from '../http/route';
import { dateTime } from '../http/schemas';
import { finalizeUpload, generateLink, initializeUpload } from '../services/storage';
import { putSignedPart, readSignedFile } from '../services/storage/signedUrls';

const tags = ['storage'];

export const fileRefSchema = {
  type: 'object',
  properties: {
    fileId: { type: 'string', format: 'uuid' },
    fileName: { type: 'string' },
    filePath: { type: 'string', description: 'What POST /storage/generate_link takes.' },
    size: { type: ['integer', 'null'] },
    contentType: { type: ['string', 'null'] },
    documentType: { type: ['string', 'null'] },
    uploadedAt: dateTime,
  },
  required: ['fileId', 'fileName', 'filePath', 'size', 'contentType', 'documentType', 'uploadedAt'],
} as const;

export default async function storageRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.storage.uploadInitialize, {
    schema: {
      tags,
      summary: 'Start an upload: answers signed, expiring URLs to PUT each part to',
      description:
        `PUT each part (at most ${STORAGE_LIMITS.partBytes} bytes, parts cut at partSize) with header x-content-sha256 (hex SHA-256 of the part); ` +
        `keep each answer's etag (JSON body or ETag header) for upload_finalize. At most ${STORAGE_LIMITS.maxFileBytes} bytes (413 "File too large"); ` +
        `types ${STORAGE_LIMITS.allowedContentTypes.join(', ')} (400 "Invalid file type").`,
      body: {
        type: 'object',
        properties: {
          fileName: { type: 'string', minLength: 1, maxLength: 255 },
          totalParts: { type: 'integer', minimum: 1, maximum: STORAGE_LIMITS.maxParts },
          admSlug: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$' },
          size: { type: 'integer', minimum: 1 },
          contentType: { type: 'string', maxLength: 200 },
        },
        required: ['fileName', 'totalParts', 'admSlug'],
        additionalProperties: false,
      },
      response: {
        200: {
          type: 'object',
          properties: {
            fileId: { type: 'string' },
            fileKey: { type: 'string' },
            parts: { type: 'array', items: { type: 'object', properties: { partNumber: { type: 'integer' }, url: { type: 'string' } }, required: ['partNumber', 'url'] } },
            expiresAt: dateTime,
            partSize: { type: 'integer' },
          },
          required: ['fileId', 'fileKey', 'parts', 'expiresAt', 'partSize'],
        },
      },
    },
    handler: async (request) => initializeUpload(app.db, app.config, userOf(request), request.body),
  });

  defineRoute(app, API.storage.uploadFinalize, {
    schema: {
      tags,
      summary: 'Assemble the uploaded parts (etags in part order) into the file',
      description: 'Any failure aborts the upload: its parts are dropped and nothing is visible; start again with upload_initialize.',
      body: {
        type: 'object',
        properties: {
          fileId: { type: 'string', format: 'uuid' },
          fileKey: { type: 'string', minLength: 1, maxLength: 400 },
          parts: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, minItems: 1, maxItems: STORAGE_LIMITS.maxParts },
        },
        required: ['fileId', 'fileKey', 'parts'],
        additionalProperties: false,
      },
      response: { 200: fileRefSchema },
    },
    handler: async (request) => finalizeUpload(app.db, app.config, userOf(request), request.body),
  });

  defineRoute(app, API.storage.generateLink, {
    schema: {
      tags,
      summary: `A signed download link for a file the user may read, valid ${STORAGE_LIMITS.linkTtlSeconds} s`,
      body: { type: 'object', properties: { filePath: { type: 'string', minLength: 1, maxLength: 400 } }, required: ['filePath'], additionalProperties: false },
      response: { 200: { type: 'object', properties: { url: { type: 'string' }, expiresAt: dateTime }, required: ['url', 'expiresAt'] } },
    },
    handler: async (request) => generateLink(app.db, app.config, userOf(request), request.body.filePath),
  });
}

/** The local-disk driver's signed URLs; registered under /api beside (not inside) the auth hook. */
export async function storageSignedRoutes(app: FastifyInstance): Promise<void> {
  // Raw bytes, streamed to disk: no parsing, whatever the content type says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put<{ Params: { fileId: string; partNumber: string }; Querystring: { expires?: string; signature?: string } }>(
    '/storage/part/:fileId/:partNumber',
    {
      bodyLimit: STORAGE_LIMITS.partBytes + 1,
      schema: { tags, summary: 'Local-disk driver: PUT one part (signed URL from upload_initialize)', hide: true } as object,
    },
    async (request, reply) => {
      const { etag } = await putSignedPart(app.db, app.config, {
        fileId: request.params.fileId,
        partNumber: request.params.partNumber,
        expires: request.query.expires,
        signature: request.query.signature,
        sha256: request.headers['x-content-sha256'],
        body: (request.body as Readable | undefined) ?? request.raw,
      });
      reply.header('etag', `"${etag}"`);
      return { etag };
    },
  );

  app.get<{ Querystring: { key?: string; expires?: string; signature?: string } }>(
    '/storage/file',
    { schema: { tags, summary: 'Local-disk driver: download a file (signed URL from generate_link)', hide: true } as object },
    async (request, reply) => {
      const { key, expires, signature } = request.query;
      const { stream, headers } = await readSignedFile(app.db, app.config, { key, expires, signature });
      return reply.headers(headers).send(stream);
    },
  );
}

