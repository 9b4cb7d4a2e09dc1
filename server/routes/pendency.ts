/**
 * Pendencies as records (issue 15): the /pendencias list, one share's pendencies and the moves of
 * PENDENCY_WORKFLOW. The checks are the service's (server/services/pendencies.ts): tenant 404,
 * workflow 409, fields 400 with every field's reason; the permission is the route guard's (403).
 * An `Idempotency-Key` header makes a move repeatable, as with the share actions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { DOCUMENT_TYPES, PAYMENT_TYPES, TICKET_KINDS } from '../../src/domain/enums';
import {
  PENDENCY_DESCRIPTION_MAX,
  PENDENCY_KINDS,
  PENDENCY_NOTE_MAX,
  PENDENCY_STATUSES,
  type PendencyMoveResult,
  type PendencyShareListItem,
} from '../../src/domain/pendencies';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { defineRoute, userOf } from '../http/route';
import { dateTime, listResponse } from '../http/schemas';
import {
  type RequestKey,
  addTicket,
  clearPendency,
  listPendencies,
  moveResult,
  openPendency,
  registerPayment,
} from '../services/pendencies';
import { type ShareListResponse, listSharesFor } from '../services/shares';
import { scopeOf } from '../services/tenant';
import { requestFingerprint, requestKeyOf } from '../http/idempotency';
import { shareDetailSchema, shareListItemSchema, shareListResponse, withPendencyQuery } from './shareSchemas';

const tags = ['pendency'];
const uuid = { type: 'string', format: 'uuid' } as const;
const fileId = { type: 'string', format: 'uuid', description: 'fileId of a finalized upload (POST /storage/upload_finalize).' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const isoDate = { type: 'string', minLength: 10, maxLength: 40, description: 'ISO date, YYYY-MM-DD.' } as const;
const amountInput = {
  anyOf: [{ type: 'string', maxLength: 20 }, { type: 'number' }],
  description: 'Reais, more than zero, at most two decimals: 1234.56 or "1234.56".',
} as const;
const expectedVersion = { type: 'integer', minimum: 0, description: 'Refuse with 409 when the share has moved since this version.' } as const;

const userRef = { type: ['object', 'null'], properties: { userId: { type: 'string' }, name: { type: 'string' } }, required: ['userId', 'name'] } as const;

const ticketSchema = {
  type: 'object',
  properties: {
    ticketId: { type: 'string' },
    kind: { type: 'string', enum: TICKET_KINDS },
    fileId: { type: 'string' },
    fileName: nullableString,
    filePath: { ...nullableString, description: 'What POST /storage/generate_link takes.' },
    line: { ...nullableString, description: 'The linha digitável, digits only; null for a ZIP of boletos.' },
    amount: { type: 'string' },
    dueDate: { type: 'string' },
    paid: { type: 'boolean', description: 'A payment names this ticket.' },
    addedBy: userRef,
    addedAt: dateTime,
  },
  required: ['ticketId', 'kind', 'fileId', 'fileName', 'filePath', 'line', 'amount', 'dueDate', 'paid', 'addedBy', 'addedAt'],
} as const;

const paymentSchema = {
  type: 'object',
  properties: {
    paymentId: { type: 'string' },
    ticketId: nullableString,
    fileId: { type: 'string' },
    fileName: nullableString,
    filePath: nullableString,
    amount: { type: 'string' },
    paidDate: { type: 'string' },
    registeredBy: userRef,
    registeredAt: dateTime,
  },
  required: ['paymentId', 'ticketId', 'fileId', 'fileName', 'filePath', 'amount', 'paidDate', 'registeredBy', 'registeredAt'],
} as const;

export const pendencyRecordSchema = {
  type: 'object',
  properties: {
    pendencyId: { type: 'string' },
    shareId: { type: 'string' },
    kind: { type: 'string', enum: PENDENCY_KINDS },
    status: { type: 'string', enum: PENDENCY_STATUSES },
    description: { type: 'string' },
    documentType: { type: ['string', 'null'], enum: [...DOCUMENT_TYPES, null] },
    amount: nullableString,
    paymentType: { type: ['string', 'null'], enum: [...PAYMENT_TYPES, null] },
    dueDate: nullableString,
    returnState: { type: ['string', 'null'], enum: [...SHARE_STATES, null], description: 'Where the share returns when its last open pendency is cleared.' },
    openedBy: userRef,
    openedAt: dateTime,
    paidAmount: { type: 'string' },
    clearedBy: userRef,
    clearedAt: { type: ['string', 'null'], format: 'date-time' },
    clearNote: nullableString,
    cancelledAt: { type: ['string', 'null'], format: 'date-time' },
    tickets: { type: 'array', items: ticketSchema },
    payments: { type: 'array', items: paymentSchema },
  },
  required: [
    'pendencyId', 'shareId', 'kind', 'status', 'description', 'documentType', 'amount', 'paymentType', 'dueDate', 'returnState',
    'openedBy', 'openedAt', 'paidAmount', 'clearedBy', 'clearedAt', 'clearNote', 'cancelledAt', 'tickets', 'payments',
  ],
} as const;

const moveResultSchema = { type: 'object', properties: { share: shareDetailSchema, pendency: pendencyRecordSchema }, required: ['share', 'pendency'] } as const;

const pendencySummarySchema = {
  type: ['object', 'null'],
  description: "The share's open pendencies: how many, their kinds, the oldest's opening and age (São Paulo days), the nearest due date, whether one is overdue.",
  properties: {
    count: { type: 'integer' },
    kinds: { type: 'array', items: { type: 'string', enum: PENDENCY_KINDS } },
    openedAt: dateTime,
    ageDays: { type: 'integer' },
    dueDate: nullableString,
    overdue: { type: 'boolean' },
  },
  required: ['count', 'kinds', 'openedAt', 'ageDays', 'dueDate', 'overdue'],
} as const;

const withPendencyItem = {
  ...shareListItemSchema,
  properties: { ...shareListItemSchema.properties, pendency: pendencySummarySchema },
  required: [...shareListItemSchema.required, 'pendency'],
} as const;

const withPendencyResponse = {
  ...shareListResponse,
  properties: { ...shareListResponse.properties, data: { type: 'array', items: withPendencyItem } },
} as const;

const keyOf = (request: FastifyRequest): RequestKey => {
  const key = requestKeyOf(request);
  return { key, hash: key ? requestFingerprint(request) : null };
};

export default async function pendencyRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.share.withPendencyList, {
    schema: {
      tags: ['share'],
      summary: 'Shares with a pendency (/pendencias), with their open pendencies summed up; filters and sorts on kind, age and due date',
      querystring: withPendencyQuery,
      response: { 200: withPendencyResponse },
    },
    // The pendency kind's rows carry their summary (server/services/shares.ts pendencySummary).
    handler: async (request) => (await listSharesFor(app.db, 'pendency', scopeOf(userOf(request)), request.query)) as ShareListResponse & { data: PendencyShareListItem[] },
  });

  defineRoute(app, API.share.pendencyList, {
    schema: {
      tags,
      summary: "A share's pendencies with their tickets and payments, oldest first",
      description: 'Open and paid ones; with includeClosed also the cleared and cancelled ones (the workspace asks for them when displayOldPendencyHistory is on).',
      querystring: {
        type: 'object',
        properties: { shareId: uuid, includeClosed: { type: 'boolean', default: false } },
        required: ['shareId'],
        additionalProperties: false,
      },
      response: { 200: listResponse(pendencyRecordSchema) },
    },
    handler: async (request) => listPendencies(app.db, userOf(request), request.query.shareId, request.query.includeClosed ?? false),
  });

  defineRoute(app, API.share.pendencyOpen, {
    schema: {
      tags,
      summary: 'Open a pendency on a share whose sale is under way (or that already has one); the first one moves the share to with_pendency',
      description:
        'amount and paymentType are required for overdue_installments, reactivation and retention, refused for the others; documentType is required for document, refused for the others. ' +
        '409 "Invalid move: raise_pendency from <state>" when the share is in a state that takes no pendency.',
      body: {
        type: 'object',
        properties: {
          shareId: uuid,
          kind: { type: 'string', enum: PENDENCY_KINDS },
          description: { type: 'string', maxLength: PENDENCY_DESCRIPTION_MAX, description: 'Portuguese, shown as written.' },
          amount: { anyOf: [...amountInput.anyOf, { type: 'null' }], description: amountInput.description },
          paymentType: { type: ['string', 'null'], enum: [...PAYMENT_TYPES, null] },
          dueDate: { type: ['string', 'null'], maxLength: 40, description: 'ISO date, YYYY-MM-DD; may be past.' },
          documentType: { type: ['string', 'null'], enum: [...DOCUMENT_TYPES, null] },
          expectedVersion,
        },
        required: ['shareId', 'kind', 'description'],
        additionalProperties: false,
      },
      response: { 200: moveResultSchema },
    },
    handler: async (request): Promise<PendencyMoveResult> => moveResult(app.db, userOf(request), await openPendency(app.db, userOf(request), request.body, keyOf(request))),
  });

  defineRoute(app, API.share.pendencyAddTicket, {
    schema: {
      tags,
      summary: 'Attach a boleto to a pendency where money is involved (its file attached to the share as LATE_INVOICE)',
      description:
        'kind must fit the pendency (REACTIVATION_* for reactivation, RETENTION_* for retention, zip_payment_ticket for any). ' +
        'line: the linha digitável, 47 digits (bank slip) or 48 (collection slip), check digits verified; required unless kind is zip_payment_ticket.',
      body: {
        type: 'object',
        properties: {
          pendencyId: uuid,
          kind: { type: 'string', enum: TICKET_KINDS },
          file: fileId,
          line: { type: ['string', 'null'], maxLength: 80 },
          amount: amountInput,
          dueDate: isoDate,
        },
        required: ['pendencyId', 'kind', 'file', 'amount', 'dueDate'],
        additionalProperties: false,
      },
      response: { 200: moveResultSchema },
    },
    handler: async (request): Promise<PendencyMoveResult> => moveResult(app.db, userOf(request), await addTicket(app.db, userOf(request), request.body, keyOf(request))),
  });

  defineRoute(app, API.share.pendencyRegisterPayment, {
    schema: {
      tags,
      summary: 'Register a payment on a pendency where money is involved, with its proof (attached as PAYMENT_PROOF); the pendency becomes paid',
      description: 'paidDate: not after today in São Paulo. ticketId (optional): the ticket it paid, which must be this pendency\'s and not paid yet.',
      body: {
        type: 'object',
        properties: { pendencyId: uuid, proofFile: fileId, amount: amountInput, paidDate: isoDate, ticketId: { type: ['string', 'null'], maxLength: 64 } },
        required: ['pendencyId', 'proofFile', 'amount', 'paidDate'],
        additionalProperties: false,
      },
      response: { 200: moveResultSchema },
    },
    handler: async (request): Promise<PendencyMoveResult> => moveResult(app.db, userOf(request), await registerPayment(app.db, userOf(request), request.body, keyOf(request))),
  });

  defineRoute(app, API.share.pendencyClear, {
    schema: {
      tags,
      summary: 'Clear a pendency; when it was the last open one, the share returns to the state it had before its first pendency',
      description: 'note is required when money is involved and no payment was registered (400 on `note`).',
      body: {
        type: 'object',
        properties: { pendencyId: uuid, note: { type: ['string', 'null'], maxLength: PENDENCY_NOTE_MAX } },
        required: ['pendencyId'],
        additionalProperties: false,
      },
      response: { 200: moveResultSchema },
    },
    handler: async (request): Promise<PendencyMoveResult> => moveResult(app.db, userOf(request), await clearPendency(app.db, userOf(request), request.body, keyOf(request))),
  });
}
