/**
 * GET /health: liveness, the process answers and the database runs a query (e2e and the container's
 * HEALTHCHECK). GET /ready (ready.ts), registered here beside it, says whether to send it traffic.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { MESSAGES } from '../services/errors';
import { defineRoute } from '../http/route';
import { pingDatabase } from '../services/health';
import readyRoutes from './ready';

const healthBody = {
  type: 'object',
  properties: { status: { type: 'string' }, database: { type: 'string' }, message: { type: 'string' } },
  required: ['status', 'database'],
} as const;

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  await readyRoutes(app);
  defineRoute(app, API.health, {
    schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthBody, 503: healthBody } },
    handler: async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'health check: database query failed');
        return reply.code(503).send({ status: 'error', database: 'unavailable', message: MESSAGES.databaseUnavailable });
      }
    },
  });
}
