/** POST /user/logout: ends the caller's session on every API instance (server/services/sessions.ts). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute } from '../http/route';
import { endSession } from '../services/sessions';

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
      const user = request.user!;
      await endSession(app.db, user, request.sessionId!);
      // Streams of this session (GET /live/events) end now rather than at their next check.
      app.live.endSession(request.sessionId!);
      app.forgetAuthUser(user.id);
      return {};
    },
  });
}
