/**
 * Registers a route from the API table (src/domain/apiPaths.ts), so method and path cannot drift
 * from what the app calls, and tags it with the endpoint the auth hook checks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteGenericInterface, RouteOptions } from 'fastify';
import { type Endpoint, isPublicEndpoint } from '../../src/domain/apiPaths';
import { ENDPOINT_PERMISSIONS } from '../../src/domain/permissions';
import type { AuthUser } from '../services/users';
import { errorResponse } from './schemas';
import { rejectUnstorableInput } from './inputGuard';

export interface RouteSpec<RG extends RouteGenericInterface> {
  schema: FastifySchema & { tags?: string[]; summary?: string; description?: string };
  handler: (request: FastifyRequest<RG>, reply: FastifyReply) => Promise<unknown>;
  config?: Record<string, unknown>;
}

export function defineRoute<RG extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  endpoint: Endpoint,
  spec: RouteSpec<RG>,
): void {
  const open = isPublicEndpoint(endpoint);
  const permission = ENDPOINT_PERMISSIONS.get(endpoint);
  const description = [spec.schema.description, open ? 'Public: no token needed.' : `Needs a bearer token${permission ? ` and the permission \`${permission}\`` : ''}.`]
    .filter(Boolean)
    .join(' ');
  const options = {
    method: endpoint.method,
    url: endpoint.path,
    config: { ...spec.config, endpoint },
    schema: {
      ...spec.schema,
      description,
      ...(open ? {} : { security: [{ bearerAuth: [] }] }),
      response: { '4xx': errorResponse, '5xx': errorResponse, ...(spec.schema.response as object) },
    },
    // After validation, before the handler: a NUL or an infinite number would otherwise reach PostgreSQL.
    preHandler: rejectUnstorableInput,
    handler: spec.handler,
  };
  // The handler is typed for its own query/body; Fastify's generic RouteOptions cannot carry that.
  app.route(options as unknown as RouteOptions);
}

/** The signed-in user of a non-public route; the auth hook guarantees it is there. */
export const userOf = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new Error('userOf called on a route without authentication');
  return request.user;
};
