/** The audit trail (issue 18): GET /audit/list and the users its filter offers. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '../../src/domain/audit';
import { defineRoute, userOf } from '../http/route';
import { dateTime, paginationQuery } from '../http/schemas';
import { AUDIT_EXACT_TOTAL, auditUserOptions, listAudit } from '../services/auditList';

const tags = ['audit'];
const record = { type: ['object', 'null'], additionalProperties: true } as const;

const auditItem = {
  type: 'object',
  properties: {
    auditId: { type: 'integer' },
    at: dateTime,
    userId: { type: ['string', 'null'] },
    userName: { type: ['string', 'null'] },
    userEmail: { type: ['string', 'null'] },
    action: { type: 'string' },
    objectType: { type: 'string' },
    objectId: { type: 'string' },
    contractNumber: { type: ['string', 'null'] },
    admId: { type: ['integer', 'null'] },
    before: record,
    after: record,
  },
  required: ['auditId', 'at', 'userId', 'userName', 'userEmail', 'action', 'objectType', 'objectId', 'contractNumber', 'admId', 'before', 'after'],
} as const;

export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.audit.list, {
    schema: {
      tags,
      summary: 'The audit trail, newest first',
      description:
        `Every change with who, when, the object and its record before and after (secrets never recorded). ` +
        `An operator reads every entry, an administrator its own brand's. \`filters\` (JSON): userId, objectType (${AUDIT_OBJECT_TYPES.join(', ')}), ` +
        `object (an object's id or a share's contract number), action (one or a list of: ${AUDIT_ACTIONS.join(', ')}), from and to (ISO date-times, to exclusive). ` +
        `The total is exact up to ${AUDIT_EXACT_TOTAL} entries past the page; beyond, totalExact is false.`,
      querystring: {
        type: 'object',
        properties: { ...paginationQuery, filters: { type: 'string', maxLength: 4000 } },
        additionalProperties: false,
      },
      response: {
        200: {
          type: 'object',
          properties: { data: { type: 'array', items: auditItem }, total: { type: 'integer' }, totalExact: { type: 'boolean' }, page: { type: 'integer' }, limit: { type: 'integer' } },
          required: ['data', 'total', 'totalExact', 'page', 'limit'],
        },
      },
    },
    handler: async (request) => listAudit(app.db, userOf(request), request.query),
  });

  defineRoute(app, API.audit.userOptions, {
    schema: {
      tags,
      summary: "Users the audit trail's user filter offers",
      description: 'Searched by name or e-mail. An administrator gets its own brand’s users and anyone who appears in its entries.',
      querystring: {
        type: 'object',
        properties: {
          q: { type: 'string', maxLength: 100 },
          // The lists' paging parameters: one page of the best matches is all a select shows.
          page: { type: 'integer', minimum: 1, default: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
        },
        additionalProperties: false,
      },
      response: {
        200: {
          type: 'object',
          properties: {
            data: {
              type: 'array',
              items: { type: 'object', properties: { userId: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } }, required: ['userId', 'name', 'email'] },
            },
          },
          required: ['data'],
        },
      },
    },
    handler: async (request) => auditUserOptions(app.db, userOf(request), request.query.q, request.query.limit),
  });
}
