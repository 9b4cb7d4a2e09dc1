/** Cancellation reasons: their management by operators (issue 16). "Cancelar venda" reads GET /share/canceled_reason_list. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { CANCEL_REASON_LABEL_MAX_LENGTH } from '../../src/domain/management';
import { CANCEL_REASON_FILTER_KEYS, CANCEL_REASON_SORT_FIELDS } from '../../src/domain/referenceLists';
import { defineRoute, userOf } from '../http/route';
import { dateTime, listResponse, referenceListQuerySchema } from '../http/schemas';
import {
  CANCEL_REASON_MESSAGES,
  createCancelReason,
  getCancelReason,
  listCancelReasonsManaged,
  setCancelReasonEnabled,
  updateCancelReason,
} from '../services/cancelReasonAdmin';

const tags = ['cancel_reason'];

const managedReason = {
  type: 'object',
  properties: { reasonId: { type: 'string' }, label: { type: 'string' }, enabled: { type: 'boolean' }, createdAt: dateTime },
  required: ['reasonId', 'label', 'enabled', 'createdAt'],
} as const;

const reasonId = { type: 'string', minLength: 1, maxLength: 64 } as const;
// Capped above the rule so the service answers it on its field.
const label = { type: 'string', maxLength: CANCEL_REASON_LABEL_MAX_LENGTH * 2 } as const;
const reasonIdBody = { type: 'object', properties: { reasonId }, required: ['reasonId'], additionalProperties: false } as const;
const notFoundNote = `An unknown reason answers 404 "${CANCEL_REASON_MESSAGES.notFound}".`;

export default async function cancelReasonRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.cancelReason.list, {
    schema: {
      tags,
      summary: 'Cancellation reasons, enabled or not',
      description: `\`filters\` keys: ${CANCEL_REASON_FILTER_KEYS.join(', ')} (search: the label, accent-insensitive).`,
      querystring: referenceListQuerySchema(CANCEL_REASON_SORT_FIELDS, 'label'),
      response: { 200: listResponse(managedReason) },
    },
    handler: async (request) => listCancelReasonsManaged(app.db, request.query),
  });

  defineRoute(app, API.cancelReason.get, {
    schema: { tags, summary: 'One cancellation reason', description: notFoundNote, querystring: reasonIdBody, response: { 200: managedReason } },
    handler: async (request) => getCancelReason(app.db, request.query.reasonId),
  });

  defineRoute(app, API.cancelReason.create, {
    schema: {
      tags,
      summary: 'Create a cancellation reason (enabled)',
      description: `400 with errors.label ("${CANCEL_REASON_MESSAGES.labelRequired}", "${CANCEL_REASON_MESSAGES.labelTooLong}", "${CANCEL_REASON_MESSAGES.labelTaken}": case and accents aside).`,
      body: { type: 'object', properties: { label }, required: ['label'], additionalProperties: false },
      response: { 200: managedReason },
    },
    handler: async (request) => createCancelReason(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.cancelReason.update, {
    schema: {
      tags,
      summary: "Rename a cancellation reason",
      description: `The same rules as create; the sales cancelled with it show the new label. ${notFoundNote}`,
      body: { type: 'object', properties: { reasonId, label }, required: ['reasonId'], additionalProperties: false },
      response: { 200: managedReason },
    },
    handler: async (request) => updateCancelReason(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.cancelReason.disable, {
    schema: {
      tags,
      summary: 'Disable a cancellation reason',
      description: `"Cancelar venda" no longer offers it and POST /actions/cancel_sale refuses it (400 "Invalid reason: disabled"); the sales cancelled with it keep it. ${notFoundNote}`,
      body: reasonIdBody,
      response: { 200: managedReason },
    },
    handler: async (request) => setCancelReasonEnabled(app.db, userOf(request), request.body.reasonId, false),
  });

  defineRoute(app, API.cancelReason.enable, {
    schema: { tags, summary: 'Enable a cancellation reason', description: notFoundNote, body: reasonIdBody, response: { 200: managedReason } },
    handler: async (request) => setCancelReasonEnabled(app.db, userOf(request), request.body.reasonId, true),
  });
}
