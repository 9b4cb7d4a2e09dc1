/**
 * Compresses API answers over 1 KB for clients that ask (brotli, else gzip), issue 17. A list page
 * of 20 shares is ~9 KB of JSON and ~1.5 KB compressed. Brotli runs at quality 4 here, the library's
 * default for dynamic answers: close to gzip -6 in CPU with smaller output. The built app's files
 * are not compressed here: the build wrote their .br/.gz copies and @fastify/static sends those
 * (server/plugins/staticApp.ts); an answer that already has a Content-Encoding is left alone.
 * Server-sent events are never compressed (each event must reach the browser when it is written),
 * nor are stored files (PDFs and images are compressed formats).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSED_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/u;
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSED_TYPES,
  });
}
