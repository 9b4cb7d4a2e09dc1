/**
 * What the server's log may hold. Logs are shipped, kept and read by more people than the database:
 * no password, token, recovery code or URL signature goes into them, whatever a future log line adds.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Paths pino censors in every log object. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'body.password',
  'body.oldPassword',
  'body.newPassword',
  'body.code',
  'req.body.password',
  'password',
  'token',
  'code',
];

/**
 * Query parameters that authorize on their own: our signed links (`signature`) and S3's presigned
 * ones (`X-Amz-*`, matched case-insensitively). With the rest of the URL, a logged signature would
 * let a log reader fetch the file until the link expires.
 */
const SECRET_QUERY = /^(signature|token|code|x-amz-signature|x-amz-credential|x-amz-security-token)$/i;

export const REDACTED = '[redacted]';

/** The URL with the value of every secret query parameter replaced; the path and the rest kept for debugging. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; it cannot be one of ours.
      }
      return SECRET_QUERY.test(decoded) && eq >= 0 ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger options for Fastify: false for silence, true or pino options to log, always redacted. */
export function loggerOptions(logger: boolean | Record<string, unknown> | undefined, level: string): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { level, ...base, redact: { paths: LOG_REDACT_PATHS, censor: REDACTED }, serializers: { req: serializeRequest as never } };
}
