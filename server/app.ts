/**
 * The Fastify app factory. main.ts serves it; tests build it in-process and call app.inject, so it
 * takes its database and config instead of reading the environment.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyHttpOptions, type FastifyRequest } from 'fastify';
import type { Server } from 'node:http';
import { API_BASE_PATH } from '../src/domain/constants';
import type { Config } from './config';
import { registerBulkVacuum } from './db/bulkVacuum';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling } from './http/errorHandler';
import { loggerOptions } from './http/logging';
import './http/types';
import { registerCompression } from './plugins/compression';
import { registerDocs } from './plugins/docs';
import { registerSecurity } from './plugins/security';
import { registerStaticApp } from './plugins/staticApp';
import apiRoutes from './routes/index';
import { createLiveHub } from './services/live';
import { storageSignedRoutes } from './routes/storage';

export interface BuildAppOptions {
  db: DatabaseHandle;
  config: Config;
  /** false (default) for silence, true or pino options to log. Secrets are always redacted. */
  logger?: boolean | Record<string, unknown>;
}

/** The router's own refusals (see frameworkErrors below), as `{ message }` the catalogue reads as an invalid URL. */
function badUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ message: 'Invalid URL' });
}

export async function buildApp({ db, config, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  // Behind a reverse proxy, request.ip (and so every per-IP rate limit) is the client's only when trusted.
  const options: FastifyHttpOptions<Server> = {
    logger: loggerOptions(logger, config.logLevel),
    trustProxy: config.trustProxy,
    // A path Fastify cannot decode (bad percent-encoding, a parameter over maxParamLength) is answered
    // by the router itself, in its own words and echoing the path: answer it in catalogue wording.
    frameworkErrors: badUrl,
    // Off by default in Fastify: a client that trickles its headers or never ends its body would hold
    // its socket (and a slot of the process) forever. Values and why: config.ts, docs/operations.md.
    connectionTimeout: config.http.idleMs,
    keepAliveTimeout: config.http.keepAliveMs,
    requestTimeout: config.http.requestMs,
    // Node checks those deadlines every connectionsCheckingInterval (30 s by default), which would let
    // a 10 s header deadline hold for up to 40 s.
    http: { headersTimeout: config.http.headersMs, connectionsCheckingInterval: Math.min(1_000, config.http.headersMs) },
  };
  const app = Fastify(options);
  app.decorate('db', db.db);
  app.decorate('config', config);
  // One listener per instance, started by the first stream; streams end before the server closes.
  const live = createLiveHub(db, db.db, { log: app.log });
  app.decorate('live', live);
  app.addHook('preClose', async () => live.close());
  // main.ts flips it on SIGTERM: readiness answers 503 while the process drains (routes/ready.ts).
  app.decorate('lifecycle', { draining: false });
  // While draining, every answer closes its connection: a kept-alive socket (a proxy's pool, a
  // client's agent) would otherwise hold the drain open until that client lets it go.
  // Hooks that never wait take Fastify's callback form: an async hook costs every answer a promise
  // and a turn of the microtask queue (issue 17).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  registerErrorHandling(app);
  // PGlite has no autovacuum: bulk moves vacuum behind themselves (server/db/bulkVacuum.ts).
  if (db.kind === 'pglite') registerBulkVacuum(app);
  await registerSecurity(app);
  await registerCompression(app);
  await registerDocs(app);
  await app.register(apiRoutes, { prefix: API_BASE_PATH });
  // Signed part and download URLs of the local-disk storage: authorized by signature, outside the bearer hook.
  await app.register(storageSignedRoutes, { prefix: API_BASE_PATH });
  await registerStaticApp(app, config.staticDir);
  await app.ready();
  return app;
}
