/**
 * GET /ready: readiness, for the reverse proxy and orchestrators. /health says the process lives (a
 * restart would help when it fails); /ready says whether this instance should get traffic now: the
 * database and the storage answer, and it is not draining after SIGTERM (server/main.ts).
 *
 * The body is for the people running the service, so `message` is Portuguese text, not a catalogue key.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute } from '../http/route';
import { pingDatabase } from '../services/health';
import { storageFor } from '../services/storage/index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set to draining by main.ts on SIGTERM. */
    lifecycle: { draining: boolean };
  }
}

/** A probe that hangs is as bad as one that fails, and must not pile up behind a stuck dependency. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export const READY_MESSAGES = {
  draining: 'Servidor em encerramento: não recebe novas requisições.',
  database: 'Banco de dados indisponível.',
  storage: 'Armazenamento de arquivos indisponível.',
} as const;

type CheckState = 'ok' | 'unavailable' | 'skipped';

const readyBody = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'unavailable', 'draining'] },
    database: { type: 'string', enum: ['ok', 'unavailable', 'skipped'] },
    storage: { type: 'string', enum: ['ok', 'unavailable', 'skipped'] },
    message: { type: 'string' },
  },
  required: ['status', 'database', 'storage'],
} as const;

async function check(run: (signal: AbortSignal) => Promise<unknown>): Promise<{ state: CheckState; error?: unknown }> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => {
      controller.abort();
      fail(new Error(`no answer in ${READY_CHECK_TIMEOUT_MS} ms`));
    }, READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(controller.signal), timeout]);
    return { state: 'ok' };
  } catch (error) {
    return { state: 'unavailable', error };
  } finally {
    clearTimeout(timer);
  }
}

export default async function readyRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.ready, {
    schema: {
      tags: ['health'],
      summary: 'Readiness: database and storage answer and the instance is not draining',
      response: { 200: readyBody, 503: readyBody },
    },
    handler: async (request, reply) => {
      if (app.lifecycle.draining) {
        return reply.code(503).send({ status: 'draining', database: 'skipped', storage: 'skipped', message: READY_MESSAGES.draining });
      }
      const [database, storage] = await Promise.all([
        check(() => pingDatabase(app.db)),
        check((signal) => storageFor(app.config).ping(signal)),
      ]);
      if (database.state === 'ok' && storage.state === 'ok') return { status: 'ready', database: 'ok', storage: 'ok' } as const;
      const failed = [database.state !== 'ok' && READY_MESSAGES.database, storage.state !== 'ok' && READY_MESSAGES.storage].filter(Boolean);
      request.log.warn({ database: database.error, storage: storage.error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: database.state, storage: storage.state, message: failed.join(' ') });
    },
  });
}
