/**
 * Authentication and permission for every API route registered from the API table: a valid bearer
 * token (401 otherwise), then the route's permission for the user's current profile and denied
 * permissions, read from the database rather than from the token (403 otherwise).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPublicEndpoint } from '../../src/domain/apiPaths';
import { ENDPOINT_PERMISSIONS, can } from '../../src/domain/permissions';
import { forbidden, unauthorized } from '../http/errors';
import { bearerOf, verifyToken } from '../services/tokens';
import { createUserLoader } from '../services/users';

/** Installed on the /api context itself (not as a child plugin) so that its hook covers every area. */
export function installAuth(app: FastifyInstance): void {
  const loader = createUserLoader(app.db, app.config.authCacheTtlMs);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const endpoint = request.routeOptions.config?.endpoint;
    // Only the public calls of the table go without a session. A route added to this context
    // without an endpoint still needs one: forgetting defineRoute must not open a door.
    if (endpoint && isPublicEndpoint(endpoint)) return;
    const token = bearerOf(request.headers.authorization);
    const userId = token ? await verifyToken(token, app.config.jwtSecret) : null;
    const user = userId ? await loader.load(userId) : null;
    if (!user) throw unauthorized();
    request.user = user;
    const permission = endpoint && ENDPOINT_PERMISSIONS.get(endpoint);
    if (permission && !can(user, permission)) throw forbidden();
  });
}
