/**
 * SPEC §7 Actions: every call that moves a share (or attaches a proof to it); the rules are
 * server/services/shareActions.ts's. One share answers ActionResult { share }; an array of ids
 * answers BulkActionResult { results } with one entry per share.
 *
 * An `Idempotency-Key` header makes a call repeatable: the repeat answers the share as it is and
 * writes no second history entry. The same key with another call or other data is refused (422).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { DOCUMENT_TYPES } from '../../src/domain/enums';
import { idempotencyOf } from '../http/idempotency';
import { defineRoute, userOf } from '../http/route';
import {
  type ActionContext,
  MAX_BULK,
  cancelSale,
  proofAttach,
  releaseProposals,
  sendToAutoservice,
  setPaid,
  setTransfer,
  startSale,
  transferInBulk,
} from '../services/shareActions';
import { shareDetailSchema } from './shareSchemas';

const tags = ['actions'];
const uuid = { type: 'string', format: 'uuid' } as const;
const fileId = { type: 'string', format: 'uuid', description: 'fileId of a finalized upload (POST /storage/upload_finalize).' } as const;
const oneOrMany = {
  anyOf: [uuid, { type: 'array', items: uuid, minItems: 1, maxItems: MAX_BULK }],
  description: `One share id, or an array of up to ${MAX_BULK} for a bulk call (per-share results).`,
} as const;
const expectedVersion = { type: 'integer', minimum: 0, description: 'Refuse with 409 when the share has moved since this version.' } as const;

const actionResult = { type: 'object', properties: { share: shareDetailSchema }, required: ['share'] } as const;
const bulkResult = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: { shareId: { type: 'string' }, ok: { type: 'boolean' }, state: { type: 'string' }, message: { type: 'string' } },
        required: ['shareId', 'ok'],
      },
    },
  },
  required: ['results'],
} as const;
/** set_paid and proof_attach answer either shape, as the shareId was one or many. */
const eitherResult = {
  type: 'object',
  properties: { share: shareDetailSchema, results: bulkResult.properties.results },
  description: 'ActionResult { share } for one shareId; BulkActionResult { results } for an array.',
} as const;

export default async function actionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = (request: FastifyRequest): ActionContext => ({
    db: app.db,
    user: userOf(request),
    flags: app.config.featureFlags,
    idempotency: () => idempotencyOf(request),
  });

  defineRoute(app, API.actions.startSale, {
    schema: {
      tags,
      summary: 'Open the sale of an available share on one of its open proposals (flag startSale)',
      body: { type: 'object', properties: { proposalId: uuid, expectedVersion }, required: ['proposalId'], additionalProperties: false },
      response: { 200: actionResult },
    },
    handler: async (request) => startSale(ctx(request), request.body),
  });

  defineRoute(app, API.actions.shareSendAutoservice, {
    schema: {
      tags,
      summary: 'Send an available share to the autoservice, where the client accepts the sale',
      body: { type: 'object', properties: { shareId: uuid, expectedVersion }, required: ['shareId'], additionalProperties: false },
      response: { 200: actionResult },
    },
    handler: async (request) => sendToAutoservice(ctx(request), request.body),
  });

  defineRoute(app, API.actions.setTransfer, {
    schema: {
      tags,
      summary: 'Approve the transfer of a share whose signed contract was received',
      description:
        'proofFile is attached as TRANSFER_RECEIPT, billetFile as TRANSFER_INVOICE and reactivationFile (optional) as LATE_INVOICE. ' +
        'billetLine must be a valid boleto line (400 "Invalid billet line").',
      body: {
        type: 'object',
        properties: {
          shareId: uuid,
          proofFile: fileId,
          billetFile: fileId,
          billetLine: { type: 'string', minLength: 1, maxLength: 80 },
          reactivationFile: { anyOf: [fileId, { type: 'null' }] },
          expectedVersion,
        },
        required: ['shareId', 'proofFile', 'billetFile', 'billetLine'],
        additionalProperties: false,
      },
      response: { 200: actionResult },
    },
    handler: async (request) => setTransfer(ctx(request), request.body),
  });

  defineRoute(app, API.actions.setPaid, {
    schema: {
      tags,
      summary: 'Mark one share or many as paid (proof attached as PAYMENT_PROOF)',
      body: {
        type: 'object',
        properties: { shareId: oneOrMany, proofFile: fileId, paidDate: { type: 'string', minLength: 10, maxLength: 40 }, expectedVersion },
        required: ['shareId', 'proofFile', 'paidDate'],
        additionalProperties: false,
      },
      response: { 200: eitherResult },
    },
    handler: async (request) => setPaid(ctx(request), request.body),
  });

  defineRoute(app, API.actions.cancelSale, {
    schema: {
      tags,
      summary: 'Cancel the sale of a share: it returns to available and the cancellation is recorded',
      body: {
        type: 'object',
        properties: {
          shareId: uuid,
          reason: { type: 'string', minLength: 1, maxLength: 64, description: 'An id from GET /share/canceled_reason_list.' },
          detail: { type: 'string', maxLength: 2000 },
          expectedVersion,
        },
        required: ['shareId', 'reason', 'detail'],
        additionalProperties: false,
      },
      response: { 200: actionResult },
    },
    handler: async (request) => cancelSale(ctx(request), request.body),
  });

  defineRoute(app, API.actions.transferInBulk, {
    schema: {
      tags,
      summary: `Approve the transfer of many shares at once (up to ${MAX_BULK}); one result per share`,
      body: {
        type: 'object',
        properties: { shareIds: { type: 'array', items: uuid, minItems: 1, maxItems: MAX_BULK } },
        required: ['shareIds'],
        additionalProperties: false,
      },
      response: { 200: bulkResult },
    },
    handler: async (request) => transferInBulk(ctx(request), request.body),
  });

  defineRoute(app, API.actions.releaseProposals, {
    schema: {
      tags,
      summary: 'Reopen the proposals of an available share (flag releaseProposals)',
      body: { type: 'object', properties: { shareId: uuid, expectedVersion }, required: ['shareId'], additionalProperties: false },
      response: { 200: actionResult },
    },
    handler: async (request) => releaseProposals(ctx(request), request.body),
  });

  defineRoute(app, API.actions.proofAttach, {
    schema: {
      tags,
      summary: 'Attach a finalized upload to one share or many, with its document type; the state does not change',
      body: {
        type: 'object',
        properties: { shareId: oneOrMany, proofFile: fileId, documentType: { type: 'string', enum: DOCUMENT_TYPES } },
        required: ['shareId', 'proofFile', 'documentType'],
        additionalProperties: false,
      },
      response: { 200: eitherResult },
    },
    handler: async (request) => proofAttach(ctx(request), request.body),
  });
}
