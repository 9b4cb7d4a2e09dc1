/**
 * JSON schemas shared by the routes. They validate requests, speed up serialization and feed the
 * OpenAPI document, so they describe the API rather than the database.
 */
import { PAGINATION } from '../../src/domain/constants';

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
