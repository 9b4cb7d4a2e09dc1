/**
 * JSON schemas shared by the routes. They validate requests, speed up serialization and feed the
 * OpenAPI document, so they describe the API rather than the database.
 */
import { PAGINATION } from '../../src/domain/constants';
import { SORT_ORDERS } from '../../src/domain/shareList';

export const errorResponse = {
  type: 'object',
  description: 'English message recognised by the SPEC §8 catalogue; `errors` maps fields to messages.',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['message'],
} as const;

export const paginationQuery = {
  page: { type: 'integer', minimum: 1, maximum: PAGINATION.maxPage, default: 1, description: 'Page number, from 1.' },
  limit: { type: 'integer', minimum: 1, maximum: PAGINATION.maxLimit, default: PAGINATION.defaultLimit, description: 'Items per page.' },
} as const;

export const listResponse = <T extends object>(item: T) =>
  ({
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      total: { type: 'integer' },
      page: { type: 'integer' },
      limit: { type: 'integer' },
    },
    required: ['data', 'total', 'page', 'limit'],
  }) as const;

export const dateTime = { type: 'string', format: 'date-time' } as const;

/**
 * The querystring of a reference list (players, funds, users, administrators, cancellation reasons):
 * services/referenceLists.ts reads it. `defaultSort`: the order without `sort` (the name, for most).
 */
export const referenceListQuerySchema = <const F extends readonly string[]>(sortFields: F, defaultSort: F[number] = 'name') =>
  ({
    type: 'object',
    properties: {
      ...paginationQuery,
      filters: { type: 'string', maxLength: 2000, description: 'JSON object; see the list description for its keys. Unknown keys are a 400.' },
      sort: { type: 'string', enum: sortFields, default: defaultSort },
      order: { type: 'string', enum: SORT_ORDERS, default: 'asc' },
    },
    additionalProperties: false,
  }) as const;
