/**
 * HTTP hardening: security headers with a CSP that fits the built app, and the rate limiter the
 * login route opts into (no global limit: lists are served to signed-in users). Its counts, like the
 * login throttles', live in the shared counter store (PostgreSQL, or Redis with REDIS_URL), so a
 * limit holds whichever instance a request reaches.
 */
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { type CounterStore, createCounterStore } from '../services/counters';
import { rateLimitStoreOf } from '../services/counters/rateLimitStore';
import { s3BrowserOrigins } from '../services/storage/s3';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters every instance shares (server/services/counters). */
    counters: CounterStore;
  }
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // helmet's middleware built once: @fastify/helmet rebuilt it (and re-parsed the CSP) on every request.
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd's CSS-in-JS injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Brand favicons and antd icons may be data: URLs; the bundled Open Sans is self-hosted.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // A build with analytics posts its batches to the analytics host (docs/analytics.md); with the
        // S3 driver the browser PUTs upload parts straight to the bucket's presigned URLs.
        connectSrc: [
          "'self'",
          ...(app.config.analyticsOrigin ? [app.config.analyticsOrigin] : []),
          ...(app.config.storage.driver === 's3' && app.config.storage.s3 ? s3BrowserOrigins(app.config.storage.s3) : []),
        ],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Served over plain HTTP on developer machines (acme.localhost:3000): upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  const counters = createCounterStore(app.db, app.config.redisUrl);
  app.decorate('counters', counters);
  app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, { global: false, store: rateLimitStoreOf(counters) });
}
