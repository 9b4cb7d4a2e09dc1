/**
 * GET /live/events (issue 18): a server-sent event stream of the shares that changed, scoped to what
 * the caller may see (server/services/live.ts). Authenticated like any call (the app sends its bearer
 * token over fetch); the stream ends when the session does (logout at once, a revocation or expiry at
 * the next heartbeat) and when the server drains.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { LIVE_HEARTBEAT_MS } from '../../src/domain/audit';
import { DomainError } from '../services/errors';
import { defineRoute, userOf } from '../http/route';
import { frame } from '../services/live';
import { scopeOf } from '../services/tenant';

/** How long a browser waits before reconnecting a dropped stream (the app adds its own backoff). */
const RETRY_MS = 3_000;

export default async function liveRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.live.events, {
    schema: {
      tags: ['live'],
      summary: 'Live updates of the shares the user may see (text/event-stream)',
      description:
        'Events: `ready` once; `share` { contractNumber, action, state, by: { userId, name } } when a share the user may see changed (at most every 250 ms, ' +
        'the latest change per share); `shares` { count } when many changed at once (a bulk move) or the server may have missed some (refresh the lists); ' +
        `\`ping\` every ${LIVE_HEARTBEAT_MS / 1000} s; \`end\` { reason } before the server closes a stream whose session ended. ` +
        'The request must accept text/event-stream (400 otherwise). Proxies must not buffer it (the answer carries X-Accel-Buffering: no).',
      produces: ['text/event-stream'],
      response: { 200: { description: 'The event stream (text/event-stream), open until the session ends', type: 'string' } },
    },
    handler: async (request, reply) => {
      // Only a client that asks for a stream gets one; anything else would hang on an answer that never ends.
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) throw new DomainError('invalid', 'Invalid request: this call answers text/event-stream, send Accept: text/event-stream');
      const user = userOf(request);
      const sessionId = request.sessionId!;
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        // The security headers the onRequest hook put on the reply (server/plugins/security.ts).
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and others buffer answers unless told; a buffered stream arrives in bursts or never.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(`retry: ${RETRY_MS}\n\n${frame('ready', {})}`);
      const gone = () => raw.destroyed || raw.writableEnded;
      const off = app.live.add({
        userId: user.id,
        sessionId,
        scope: scopeOf(user),
        write: (f) => {
          if (gone()) return false;
          raw.write(f);
          return true;
        },
        end: () => {
          if (!gone()) raw.end();
        },
        stillValid: async () => (await app.authUserOf(sessionId, user.id)) !== null,
      });
      raw.on('close', off);
    },
  });
}
