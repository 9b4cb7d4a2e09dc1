/** OpenAPI document generated from the route schemas, with its UI at /api/docs (JSON at /api/docs/json). */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../../src/domain/constants';

export const DOCS_PREFIX = `${API_BASE_PATH}/docs`;

/** Registered before the routes: @fastify/swagger collects them as they are added. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Repasse API',
        version: '0.1.0',
        description:
          'Reference API of the Repasse back office. Errors answer `{ message, errors? }` with English messages recognised by the ' +
          'SPEC §8 catalogue. Lists answer `{ data, total, page, limit }`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
