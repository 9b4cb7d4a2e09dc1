/** What the app adds to Fastify's types: the database, the config and the signed-in user. */
import type { Endpoint } from '../../src/domain/apiPaths';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { LiveHub } from '../services/live';
import type { AuthUser } from '../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Live updates of this instance (server/services/live.ts). */
    live: LiveHub;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every non-public API route; null elsewhere. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** The API table entry the route was registered from: the auth hook reads its permission. */
    endpoint?: Endpoint;
  }
}

export {};
