/**
 * The Fastify app factory. main.ts serves it; tests build it in-process and call app.inject, so it
 * takes its database and config instead of reading the environment.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { API_BASE_PATH } from '../src/domain/constants';
import type { Config } from './config';
import { registerBulkVacuum } from './db/bulkVacuum';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling } from './http/errorHandler';
import { loggerOptions } from './http/logging';
import './http/types';
import { registerDocs } from './plugins/docs';
import { registerSecurity } from './plugins/security';
import { registerStaticApp } from './plugins/staticApp';
import apiRoutes from './routes/index';
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
  const options: FastifyServerOptions = {
    logger: loggerOptions(logger, config.logLevel),
    trustProxy: config.trustProxy,
    // A path Fastify cannot decode (bad percent-encoding, a parameter over maxParamLength) is answered
    // by the router itself, in its own words and echoing the path: answer it in catalogue wording.
    frameworkErrors: badUrl,
  };
  const app = Fastify(options);
  app.decorate('db', db.db);
  app.decorate('config', config);

  registerErrorHandling(app);
  // PGlite has no autovacuum: bulk moves vacuum behind themselves (server/db/bulkVacuum.ts).
  if (db.kind === 'pglite') registerBulkVacuum(app);
  await registerSecurity(app);
  await registerDocs(app);
  await app.register(apiRoutes, { prefix: API_BASE_PATH });
  // Signed part and download URLs of the local-disk storage: authorized by signature, outside the bearer hook.
  await app.register(storageSignedRoutes, { prefix: API_BASE_PATH });
  await registerStaticApp(app, config.staticDir);
  await app.ready();
  return app;
}
