/** POST /user/logout: ends the caller's session on every API instance (server/services/sessions.ts). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute } from '../http/route';
import { revokeSession } from '../services/sessions';

export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.user.logout, {
    schema: {
      tags: ['user'],
      summary: "End the caller's session",
      description:
        'Revokes the session of the bearer token: from then on the token answers 401 on every instance (within a second). ' +
        'Other sessions of the same user stay open. Allowed on first access too.',
      response: { 200: { type: 'object', properties: {}, additionalProperties: false } },
    },
    handler: async (request) => {
      await revokeSession(app.db, request.sessionId!);
      app.forgetAuthUser(request.user!.id);
      return {};
    },
  });
}
