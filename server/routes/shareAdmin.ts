/**
 * Share administration calls of SPEC §7: the cancellation history of a share and its transfer
 * responsible (an operator, picked from GET /user/list?profile=operator).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { defineRoute, userOf } from '../http/route';
import { dateTime } from '../http/schemas';
import { cancellationHistory, saveTransferResponsible } from '../services/shareAdmin';
import { shareDetailSchema } from './shareSchemas';

const tags = ['share'];
const uuid = { type: 'string', format: 'uuid' } as const;

export default async function shareAdminRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.share.cancellationHistory, {
    schema: {
      tags,
      summary: 'Cancellations of a share, newest first',
      querystring: { type: 'object', properties: { shareId: uuid }, required: ['shareId'] },
      response: {
        200: {
          type: 'object',
          properties: {
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  reasonId: { type: 'string' },
                  reason: { type: 'string' },
                  detail: { type: ['string', 'null'] },
                  fromState: { type: 'string', enum: SHARE_STATES },
                  user: { type: ['object', 'null'], properties: { userId: { type: 'string' }, name: { type: 'string' } }, required: ['userId', 'name'] },
                  at: dateTime,
                },
                required: ['id', 'reasonId', 'reason', 'detail', 'fromState', 'user', 'at'],
              },
            },
          },
          required: ['data'],
        },
      },
    },
    handler: async (request) => cancellationHistory(app.db, userOf(request), request.query.shareId),
  });

  defineRoute(app, API.share.transferResponsibleSave, {
    schema: {
      tags,
      summary: 'Set the operator responsible for the transfer of a share',
      body: { type: 'object', properties: { shareId: uuid, responsibleId: uuid }, required: ['shareId', 'responsibleId'], additionalProperties: false },
      response: { 200: { type: 'object', properties: { share: shareDetailSchema }, required: ['share'] } },
    },
    handler: async (request) => saveTransferResponsible(app.db, userOf(request), request.body),
  });
}
