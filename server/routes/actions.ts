/**
 * SPEC §7 Actions: every call that moves a share (or attaches a proof to it). The checks are the
 * service's (server/services/shareWorkflow.ts): permission and flag 403, tenant 404, workflow 409,
 * with the same ACTION_RULES the app reads to show its buttons. One share answers
 * ActionResult { share }; an array of ids answers BulkActionResult { results } with one entry per
 * share, each moved in its own right (one failing does not undo the others).
 *
 * An `Idempotency-Key` header makes a call repeatable: the repeat answers the share as it is and
 * writes no second history entry. The same key with another call or other data is refused (422).
 */
import { createHash } from 'node:crypto';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { DOCUMENT_TYPES, type DocumentType } from '../../src/domain/enums';
import type { ActionResult, BulkActionResult } from '../../src/domain/workspace';
import { cancelReasons, proposals, shares } from '../db/schema';
import { HttpError, badRequest, notFound } from '../http/errors';
import { defineRoute, userOf } from '../http/route';
import { getShareById } from '../services/shares';
import { type AttachFile, type MoveInput, type MovedShare, isUuid, mergeData, moveShare, moveShares } from '../services/shareWorkflow';
import { scopeOf, shareScopeCondition } from '../services/tenant';
import { shareDetailSchema } from './shareSchemas';

/** Largest bulk call: 10,000 shares (DESIGN §5 budget). */
export const MAX_BULK = 10_000;

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

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

/** The Idempotency-Key header, checked: 1–128 visible ASCII characters. */
export function requestKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('Invalid Idempotency-Key: 1 to 128 visible ASCII characters');
  return key;
}

/** JSON with object keys sorted at every level, so two equal bodies give one text whatever their key order. */
const canonicalJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonicalJson).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : (JSON.stringify(value) ?? 'null');

/**
 * What a keyed request asks of each share: the call and its body without the share ids (the key is
 * stored per share, so a bulk repeat over a different selection still matches share by share).
 */
export function requestFingerprint(request: FastifyRequest): string {
  const { shareId: _id, shareIds: _ids, ...rest } = (request.body ?? {}) as Record<string, unknown>;
  return createHash('sha256').update(`${request.routeOptions.url}\n${canonicalJson(rest)}`).digest('base64url');
}

export const PAID_DATE_FUTURE = 'Invalid paidDate: in the future';

/** A calendar date or a date-time, ISO 8601, not after today; stored as YYYY-MM-DD. */
function paidDateOf(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  const date = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) : null;
  // The field's message is the reason itself: the app puts its Portuguese text on the date field.
  if (!m || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`) {
    const message = 'Invalid paidDate: expected an ISO date (YYYY-MM-DD)';
    throw badRequest(message, { paidDate: message });
  }
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (date.toISOString().slice(0, 10) > tomorrow) throw badRequest(PAID_DATE_FUTURE, { paidDate: PAID_DATE_FUTURE });
  return date.toISOString().slice(0, 10);
}

export default async function actionRoutes(app: FastifyInstance): Promise<void> {
  const flags = () => app.config.featureFlags;

  /** Moves one share and answers it as it is now. */
  const single = async (request: FastifyRequest, shareId: string, input: Omit<MoveInput, 'flags' | 'requestKey' | 'requestHash'>): Promise<ActionResult> => {
    const user = userOf(request);
    await moveShare(app.db, user, { shareId }, { ...input, flags: flags(), requestKey: requestKeyOf(request), requestHash: requestFingerprint(request) });
    return { share: await getShareById(app.db, scopeOf(user), shareId) };
  };
  const bulk = async (request: FastifyRequest, shareIds: string[], input: Omit<MoveInput, 'flags' | 'requestKey' | 'requestHash'>): Promise<BulkActionResult> => {
    const outcomes = await moveShares(app.db, userOf(request), shareIds, { ...input, flags: flags(), requestKey: requestKeyOf(request), requestHash: requestFingerprint(request) });
    return { results: outcomes.map((o) => (o.ok ? { shareId: o.shareId, ok: true, state: o.state } : { shareId: o.shareId, ok: false, message: o.message })) };
  };
  const oneOrManyCall = (request: FastifyRequest, shareId: string | string[], input: Omit<MoveInput, 'flags' | 'requestKey' | 'requestHash'>) =>
    Array.isArray(shareId) ? bulk(request, shareId, input) : single(request, shareId, input);

  /** The selected proposal of each moved share gets these data (billet line, paid date, …). */
  const patchSelectedProposals = (patch: Record<string, unknown>) => async (tx: Parameters<NonNullable<MoveInput['apply']>>[0], moved: MovedShare[]) => {
    const ids = moved.map((m) => m.id);
    await tx.update(proposals).set({ data: mergeData(patch), updatedAt: sql`now()` }).where(and(inArray(proposals.shareId, ids), eq(proposals.selected, true)));
  };

  defineRoute<{ Body: { proposalId: string; expectedVersion?: number } }>(app, API.actions.startSale, {
    schema: {
      tags,
      summary: 'Open the sale of an available share on one of its open proposals (flag startSale)',
      body: { type: 'object', properties: { proposalId: uuid, expectedVersion }, required: ['proposalId'], additionalProperties: false },
      response: { 200: actionResult },
    },
    handler: async (request) => {
      const user = userOf(request);
      // The flag first: a disabled feature says so whatever the proposal.
      if (!flags().startSale) throw new HttpError(403, 'Permission denied: feature disabled');
      const [proposal] = await app.db
        .select({ id: proposals.id, shareId: proposals.shareId, status: proposals.status, fundId: proposals.fundId })
        .from(proposals)
        .innerJoin(shares, eq(shares.id, proposals.shareId))
        .where(and(eq(proposals.id, request.body.proposalId), shareScopeCondition(scopeOf(user))))
        .limit(1);
      if (!proposal) throw notFound('Proposal');
      if (proposal.status !== 'open') throw new HttpError(409, `Invalid proposal: it is ${proposal.status}, not open`);
      return single(request, proposal.shareId, {
        move: 'start_sale',
        action: 'start_sale',
        expectedVersion: request.body.expectedVersion,
        note: null,
        apply: async (tx) => {
          await tx.update(proposals).set({ selected: false, status: 'declined', updatedAt: sql`now()` }).where(and(eq(proposals.shareId, proposal.shareId), ne(proposals.id, proposal.id), eq(proposals.status, 'open')));
          await tx.update(proposals).set({ selected: true, status: 'accepted', updatedAt: sql`now()` }).where(eq(proposals.id, proposal.id));
          await tx.update(shares).set({ fundId: proposal.fundId }).where(eq(shares.id, proposal.shareId));
        },
      });
    },
  });

  defineRoute<{ Body: { shareId: string; expectedVersion?: number } }>(app, API.actions.shareSendAutoservice, {
    schema: {
      tags,
      summary: 'Send an available share to the autoservice, where the client accepts the sale',
      body: { type: 'object', properties: { shareId: uuid, expectedVersion }, required: ['shareId'], additionalProperties: false },
      response: { 200: actionResult },
    },
    handler: async (request) =>
      single(request, request.body.shareId, { move: 'share_send_autoservice', action: 'share_send_autoservice', expectedVersion: request.body.expectedVersion }),
  });

  interface SetTransferBody {
    shareId: string;
    proofFile: string;
    billetFile: string;
    billetLine: string;
    reactivationFile?: string | null;
    expectedVersion?: number;
  }
  defineRoute<{ Body: SetTransferBody }>(app, API.actions.setTransfer, {
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
    handler: async (request) => {
      const b = request.body;
      if (!isValidBoleto(b.billetLine)) throw badRequest('Invalid billet line', { billetLine: 'Invalid billet line' });
      const attach: AttachFile[] = [
        { fileId: b.proofFile, documentType: 'TRANSFER_RECEIPT' },
        { fileId: b.billetFile, documentType: 'TRANSFER_INVOICE' },
      ];
      if (b.reactivationFile) attach.push({ fileId: b.reactivationFile, documentType: 'LATE_INVOICE' });
      return single(request, b.shareId, {
        move: 'set_transfer',
        action: 'set_transfer',
        files: attach,
        expectedVersion: b.expectedVersion,
        apply: patchSelectedProposals({ billetLine: b.billetLine.replace(/\D/g, '') }),
      });
    },
  });

  defineRoute<{ Body: { shareId: string | string[]; proofFile: string; paidDate: string; expectedVersion?: number } }>(app, API.actions.setPaid, {
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
    handler: async (request) => {
      const b = request.body;
      const paidDate = paidDateOf(b.paidDate);
      return oneOrManyCall(request, b.shareId, {
        move: 'set_paid',
        action: 'set_paid',
        files: [{ fileId: b.proofFile, documentType: 'PAYMENT_PROOF' }],
        note: null,
        expectedVersion: b.expectedVersion,
        apply: patchSelectedProposals({ paidDate, proofFileId: b.proofFile }),
      });
    },
  });

  defineRoute<{ Body: { shareId: string; reason: string; detail: string; expectedVersion?: number } }>(app, API.actions.cancelSale, {
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
    handler: async (request) => {
      const b = request.body;
      const [reason] = await app.db.select({ id: cancelReasons.id }).from(cancelReasons).where(eq(cancelReasons.id, b.reason)).limit(1);
      if (!reason) throw badRequest('Invalid reason', { reason: 'Invalid reason' });
      const detail = b.detail.trim() || null;
      return single(request, b.shareId, {
        move: 'cancel_sale',
        action: 'cancel_sale',
        cancel: { reasonId: reason.id, detail },
        note: detail,
        expectedVersion: b.expectedVersion,
      });
    },
  });

  defineRoute<{ Body: { shareIds: string[] } }>(app, API.actions.transferInBulk, {
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
    handler: async (request) => bulk(request, request.body.shareIds, { move: 'set_transfer', action: 'transfer_in_bulk' }),
  });

  defineRoute<{ Body: { shareId: string; expectedVersion?: number } }>(app, API.actions.releaseProposals, {
    schema: {
      tags,
      summary: 'Reopen the proposals of an available share (flag releaseProposals)',
      body: { type: 'object', properties: { shareId: uuid, expectedVersion }, required: ['shareId'], additionalProperties: false },
      response: { 200: actionResult },
    },
    handler: async (request) =>
      single(request, request.body.shareId, {
        move: 'release_proposals',
        action: 'release_proposals',
        expectedVersion: request.body.expectedVersion,
        apply: async (tx, moved) => {
          const ids = moved.map((m) => m.id);
          await tx.update(proposals).set({ status: 'open', selected: false, updatedAt: sql`now()` }).where(inArray(proposals.shareId, ids));
        },
      }),
  });

  defineRoute<{ Body: { shareId: string | string[]; proofFile: string; documentType: DocumentType } }>(app, API.actions.proofAttach, {
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
    handler: async (request) => {
      const b = request.body;
      if (!isUuid(b.proofFile)) throw notFound('Document');
      return oneOrManyCall(request, b.shareId, { move: null, action: 'proof_attach', files: [{ fileId: b.proofFile, documentType: b.documentType }] });
    },
  });
}
