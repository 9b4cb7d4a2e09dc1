/**
 * The log a service writes to: the request's or the app's pino logger, seen through the two calls
 * services make, so that services need nothing from Fastify.
 */
export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}
