/**
 * HTTP hardening: security headers with a CSP that fits the built app, and the rate limiter the
 * login route opts into (no global limit: lists are served to signed-in users). Its counts, like the
 * login throttles', live in the shared counter store (PostgreSQL, or Redis with REDIS_URL), so a
 * limit holds whichever instance a request reaches.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { type CounterStore, createCounterStore } from '../services/counters';
import { rateLimitStoreOf } from '../services/counters/rateLimitStore';
import { s3BrowserOrigins } from '../services/storage/s3';
import { isBuiltAsset } from './staticApp';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters every instance shares (server/services/counters). */
    counters: CounterStore;
  }
}

/**
 * The headers helmet's middleware sets with these options, recorded once. Helmet's options here are
 * all static (no directive is a function of the request), so the set is the same for every answer.
 */
export function securityHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // helmet decides the headers once: none of its options depends on the request, so its middleware is
  // run a single time against a recorder and every answer gets that object (issue 17: fifteen
  // setHeader calls and helmet's closures per request were a visible share of /health's CPU).
  const headers = securityHeaders({
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
  app.addHook('onRequest', (request, reply, done) => {
    // A hashed script, stylesheet or font is never a document: CSP, framing, HSTS and the rest act on
    // the page that loads it, not on it. Sent on each of the ~90 files of a first visit over HTTP/1.1,
    // they were ~65 KB of the first list's wire bytes (issue 17). What does act on a subresource stays.
    if (isBuiltAsset(request.url)) {
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      return done();
    }
    reply.headers(headers);
    done();
  });
  const counters = createCounterStore(app.db, app.config.redisUrl);
  app.decorate('counters', counters);
  app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, { global: false, store: rateLimitStoreOf(counters) });
}
