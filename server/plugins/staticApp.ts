/**
 * Serves the built web app (STATIC_DIR) beside the API, with a history fallback so that a reload
 * of a client route such as /pendencias gets index.html, and the not-found answer for everything
 * else: JSON for /api, index.html for browser navigations.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../src/domain/constants';
import { MESSAGES } from '../services/errors';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Vite's hashed output (build.assetsDir): a new build means new names, so each file is immutable. */
export const ASSETS_PREFIX = '/assets/';
export const isBuiltAsset = (url: string) => url.startsWith(ASSETS_PREFIX);

const isApi = (url: string) => url === API_BASE_PATH || url.startsWith(`${API_BASE_PATH}/`) || url.startsWith(`${API_BASE_PATH}?`);
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

export async function registerStaticApp(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const hasApp = !!staticDir && existsSync(join(staticDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      // The build wrote .br and .gz copies (scripts/build/precompress.ts): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to the clients that ask for them.
      preCompressed: true,
      setHeaders: (reply, sent) => {
        // The rule is the original file's: index.html.br is index.html.
        const path = sent.replace(/\.(br|gz)$/, '');
        if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
        else if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  // An immutable file is never revalidated: its validators would only cost bytes on every answer.
  if (hasApp) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isBuiltAsset(request.url) && reply.statusCode === 200) reply.removeHeader('etag').removeHeader('last-modified');
      done(null, payload);
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const { method, url } = request;
    if (hasApp && !isApi(url) && (method === 'GET' || method === 'HEAD') && wantsHtml(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: MESSAGES.routeNotFound });
  });
}
