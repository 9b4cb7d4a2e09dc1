/**
 * Authentication and permission for every API route registered from the API table: a valid bearer
 * token (401 otherwise), then the route's permission for the user's current profile and denied
 * permissions, read from the database rather than from the token (403 otherwise). A user on first
 * access may only change the password (403 "Password change required" elsewhere).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, type Endpoint, isPublicEndpoint } from '../../src/domain/apiPaths';
import { ENDPOINT_PERMISSIONS, can } from '../../src/domain/permissions';
import { MESSAGES, unauthenticated, denied } from '../services/errors';
import { bearerOf, readToken } from '../services/tokens';
import { createUserLoader } from '../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops the user's cached row: after a password change, the next request must see the new state. */
    forgetAuthUser(userId: string): void;
    /** The user of a session still open, as the hook would find it (a live stream re-checks it). */
    authUserOf(sessionId: string, userId: string): Promise<import('../services/users').AuthUser | null>;
  }
  interface FastifyRequest {
    /** The session (token `sid`) of an authenticated request; logout revokes it. */
    sessionId: string | null;
  }
}

const isChangePassword = (e: Endpoint | undefined) => e?.method === API.user.changePassword.method && e.path === API.user.changePassword.path;
const isLogout = (e: Endpoint | undefined) => e?.method === API.user.logout.method && e.path === API.user.logout.path;

/** Installed on the /api context itself (not as a child plugin) so that its hook covers every area. */
export function installAuth(app: FastifyInstance): void {
  const loader = createUserLoader(app.db, app.config.authCacheTtlMs);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorate('forgetAuthUser', (userId: string) => loader.forget(userId));
  app.decorate('authUserOf', (sessionId: string, userId: string) => loader.load(sessionId, userId));

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const endpoint = request.routeOptions.config?.endpoint;
    // Only the public calls of the table go without a session. A route added to this context
    // without an endpoint still needs one: forgetting defineRoute must not open a door.
    if (endpoint && isPublicEndpoint(endpoint)) return;
    const token = bearerOf(request.headers.authorization);
    const session = token ? await readToken(token, app.config.jwtSecret, app.config.jwtTtlSeconds) : null;
    // Logout, a disabled user and a password change end sessions in the database (services/sessions.ts).
    const user = session ? await loader.load(session.sid, session.userId) : null;
    if (!user) throw unauthenticated();
    request.user = user;
    request.sessionId = session!.sid;
    // First access (docs/account.md): the flag rides on the row the hook already reads, so this costs nothing.
    // Logout stays possible: a user who will not change the password must still be able to leave.
    if (user.mustChangePassword && !isChangePassword(endpoint) && !isLogout(endpoint)) throw denied(MESSAGES.passwordChangeRequired);
    const permission = endpoint && ENDPOINT_PERMISSIONS.get(endpoint);
    if (permission && !can(user, permission)) throw denied();
  });
}
