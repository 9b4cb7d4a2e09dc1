/**
 * Registers a route from the API table (src/domain/apiPaths.ts), so method and path cannot drift
 * from what the app calls, and tags it with the endpoint the auth hook checks.
 *
 * A route is a schema and a call: the handler's request (query, body, params, headers) and what it
 * may answer are read from the JSON schemas by the type provider, so no route writes its types a
 * second time. The handler calls a service and returns its result; a refusal is a DomainError the
 * service throws, answered by server/http/errorHandler.ts.
 */
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ResolveFastifyReplyReturnType } from 'fastify/types/type-provider';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { type Endpoint, isPublicEndpoint } from '../../src/domain/apiPaths';
import { ENDPOINT_PERMISSIONS } from '../../src/domain/permissions';
import type { AuthUser } from '../services/users';
import { errorResponse } from './schemas';
import { rejectUnstorableInput } from './inputGuard';

/**
 * What a handler may answer for a response schema. An object schema without
 * `additionalProperties: false` reads as "any other key too"; the serializer writes only the
 * schema's keys, so an answer with more (a service's row) is fine and the index signature goes.
 */
type Answer<T> = T extends Date
  ? T
  : T extends readonly (infer U)[]
    ? Answer<U>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : K]: Answer<T[K]> }
      : T;

/**
 * The API's JSON schemas read as TypeScript (json-schema-to-ts), as the Fastify type provider of
 * every route. A `date-time` the handler answers may be a Date: the serializer writes ISO text.
 */
export interface ApiTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown;
  serializer: this['schema'] extends JSONSchema
    ? Answer<FromSchema<this['schema'], { deserialize: [{ pattern: { type: 'string'; format: 'date-time' }; output: Date | string }] }>>
    : unknown;
}

export type RouteSchema = FastifySchema & { tags?: readonly string[]; summary?: string; description?: string };

/** The request a handler gets: query, body, params and headers typed from its schema. */
export type ApiRequest<S extends RouteSchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S, ApiTypeProvider>;
/** The reply a handler gets: `reply.code(n).send(x)` checks x against the schema's response for n. */
export type ApiReply<S extends RouteSchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ApiTypeProvider
>;

export interface RouteSpec<S extends RouteSchema> {
  schema: S;
  /** Returns the answer of the schema's 2xx response (checked), or sends through `reply`. */
  handler: (request: ApiRequest<S>, reply: ApiReply<S>) => ResolveFastifyReplyReturnType<ApiTypeProvider, S, RouteGenericInterface>;
  config?: Record<string, unknown>;
}

export function defineRoute<const S extends RouteSchema>(app: FastifyInstance, endpoint: Endpoint, spec: RouteSpec<S>): void {
  const open = isPublicEndpoint(endpoint);
  const permission = ENDPOINT_PERMISSIONS.get(endpoint);
  const description = [spec.schema.description, open ? 'Public: no token needed.' : `Needs a bearer token${permission ? ` and the permission \`${permission}\`` : ''}.`]
    .filter(Boolean)
    .join(' ');
  app.withTypeProvider<ApiTypeProvider>().route<RouteGenericInterface, ContextConfigDefault, S>({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...spec.config, endpoint },
    schema: {
      ...spec.schema,
      description,
      ...(open ? {} : { security: [{ bearerAuth: [] }] }),
      response: { '4xx': errorResponse, '5xx': errorResponse, ...(spec.schema.response as object) },
    },
    // After validation, before the handler: a NUL or an infinite number would otherwise reach PostgreSQL.
    preHandler: rejectUnstorableInput,
    handler: spec.handler,
  });
}

/** The signed-in user of a non-public route; the auth hook guarantees it is there. */
export const userOf = (request: Pick<FastifyRequest, 'user'>): AuthUser => {
  if (!request.user) throw new Error('userOf called on a route without authentication');
  return request.user;
};
