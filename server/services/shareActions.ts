/**
 * SPEC §7 Actions: every call that moves a share (or attaches a proof to it), on top of the
 * workflow (server/services/shareWorkflow.ts: permission and flag 403, tenant 404, workflow 409,
 * with the same ACTION_RULES the app reads to show its buttons). One share answers
 * ActionResult { share }; an array of ids answers BulkActionResult { results } with one entry per
 * share, each moved in its own right (one failing does not undo the others).
 */
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DocumentType } from '../../src/domain/enums';
import type { FeatureFlag } from '../../src/domain/featureFlags';
import type { ActionResult, BulkActionResult } from '../../src/domain/workspace';
import type { Db } from '../db/client';
import { cancelReasons, proposals, shares } from '../db/schema';
import { MESSAGES, conflict, denied, invalid, notFound } from './errors';
import { getShareById } from './shares';
import { type AttachFile, CANCEL_REASON_REFUSED, type MoveInput, type MovedShare, isUuid, mergeData, moveShare, moveShares } from './shareWorkflow';
import { scopeOf, shareScopeCondition } from './tenant';
import type { AuthUser } from './users';
import { paidDateProblem, parseIsoDate } from '../../src/domain/pendencies';

/** Largest bulk call: 10,000 shares (DESIGN §5 budget). */
export const MAX_BULK = 10_000;

/** Who asks, under which flags, and the request's Idempotency-Key with its fingerprint (server/http/idempotency.ts). */
export interface ActionContext {
  db: Db;
  user: AuthUser;
  flags: Record<FeatureFlag, boolean>;
  /** Read when the move starts, so that a call's own refusals (a bad billet line) come before a bad key's. */
  idempotency: () => { requestKey: string | null; requestHash: string };
}

type Move = Omit<MoveInput, 'flags' | 'requestKey' | 'requestHash'>;

const moveInput = (ctx: ActionContext, input: Move): MoveInput => ({ ...input, flags: ctx.flags, ...ctx.idempotency() });

/** Moves one share and answers it as it is now. */
async function single(ctx: ActionContext, shareId: string, input: Move): Promise<ActionResult> {
  await moveShare(ctx.db, ctx.user, { shareId }, moveInput(ctx, input));
  return { share: await getShareById(ctx.db, scopeOf(ctx.user), shareId) };
}

async function bulk(ctx: ActionContext, shareIds: string[], input: Move): Promise<BulkActionResult> {
  const outcomes = await moveShares(ctx.db, ctx.user, shareIds, moveInput(ctx, input));
  return { results: outcomes.map((o) => (o.ok ? { shareId: o.shareId, ok: true, state: o.state } : { shareId: o.shareId, ok: false, message: o.message })) };
}

const oneOrMany = (ctx: ActionContext, shareId: string | string[], input: Move) => (Array.isArray(shareId) ? bulk(ctx, shareId, input) : single(ctx, shareId, input));

/** The selected proposal of each moved share gets these data (billet line, paid date, …). */
const patchSelectedProposals = (patch: Record<string, unknown>) => async (tx: Parameters<NonNullable<MoveInput['apply']>>[0], moved: MovedShare[]) => {
  const ids = moved.map((m) => m.id);
  await tx.update(proposals).set({ data: mergeData(patch), updatedAt: sql`now()` }).where(and(inArray(proposals.shareId, ids), eq(proposals.selected, true)));
};

export const PAID_DATE_FUTURE = 'Invalid paidDate: in the future';

/**
 * A calendar date or a date-time, ISO 8601, not after today in São Paulo (the one paid-date rule,
 * src/domain/pendencies.ts paidDateProblem, which the app's date pickers apply too); stored as YYYY-MM-DD.
 */
function paidDateOf(value: string): string {
  const problem = paidDateProblem(value);
  // The field's message is the reason itself: the app puts its Portuguese text on the date field.
  if (problem === 'invalid') {
    const message = 'Invalid paidDate: expected an ISO date (YYYY-MM-DD)';
    throw invalid(message, { paidDate: message });
  }
  if (problem === 'future') throw invalid(PAID_DATE_FUTURE, { paidDate: PAID_DATE_FUTURE });
  return parseIsoDate(value)!;
}

/** Opens the sale of an available share on one of its open proposals; the others are declined. */
export async function startSale(ctx: ActionContext, input: { proposalId: string; expectedVersion?: number }): Promise<ActionResult> {
  // The flag first: a disabled feature says so whatever the proposal.
  if (!ctx.flags.startSale) throw denied(MESSAGES.featureDisabled);
  const [proposal] = await ctx.db
    .select({ id: proposals.id, shareId: proposals.shareId, status: proposals.status, fundId: proposals.fundId })
    .from(proposals)
    .innerJoin(shares, eq(shares.id, proposals.shareId))
    .where(and(eq(proposals.id, input.proposalId), shareScopeCondition(scopeOf(ctx.user))))
    .limit(1);
  if (!proposal) throw notFound('Proposal');
  if (proposal.status !== 'open') throw conflict(`Invalid proposal: it is ${proposal.status}, not open`);
  return single(ctx, proposal.shareId, {
    move: 'start_sale',
    action: 'start_sale',
    expectedVersion: input.expectedVersion,
    note: null,
    apply: async (tx) => {
      await tx.update(proposals).set({ selected: false, status: 'declined', updatedAt: sql`now()` }).where(and(eq(proposals.shareId, proposal.shareId), ne(proposals.id, proposal.id), eq(proposals.status, 'open')));
      await tx.update(proposals).set({ selected: true, status: 'accepted', updatedAt: sql`now()` }).where(eq(proposals.id, proposal.id));
      await tx.update(shares).set({ fundId: proposal.fundId }).where(eq(shares.id, proposal.shareId));
    },
  });
}

export const sendToAutoservice = (ctx: ActionContext, input: { shareId: string; expectedVersion?: number }) =>
  single(ctx, input.shareId, { move: 'share_send_autoservice', action: 'share_send_autoservice', expectedVersion: input.expectedVersion });

export interface SetTransferInput {
  shareId: string;
  proofFile: string;
  billetFile: string;
  billetLine: string;
  reactivationFile?: string | null;
  expectedVersion?: number;
}

/** Approves the transfer: receipt, invoice and (optional) late invoice attached, the billet line kept on the selected proposal. */
export async function setTransfer(ctx: ActionContext, input: SetTransferInput): Promise<ActionResult> {
  if (!isValidBoleto(input.billetLine)) throw invalid('Invalid billet line', { billetLine: 'Invalid billet line' });
  const attach: AttachFile[] = [
    { fileId: input.proofFile, documentType: 'TRANSFER_RECEIPT' },
    { fileId: input.billetFile, documentType: 'TRANSFER_INVOICE' },
  ];
  if (input.reactivationFile) attach.push({ fileId: input.reactivationFile, documentType: 'LATE_INVOICE' });
  return single(ctx, input.shareId, {
    move: 'set_transfer',
    action: 'set_transfer',
    files: attach,
    expectedVersion: input.expectedVersion,
    apply: patchSelectedProposals({ billetLine: input.billetLine.replace(/\D/g, '') }),
  });
}

/** Marks one share or many as paid, the proof attached as PAYMENT_PROOF. */
export async function setPaid(ctx: ActionContext, input: { shareId: string | string[]; proofFile: string; paidDate: string; expectedVersion?: number }) {
  const paidDate = paidDateOf(input.paidDate);
  return oneOrMany(ctx, input.shareId, {
    move: 'set_paid',
    action: 'set_paid',
    files: [{ fileId: input.proofFile, documentType: 'PAYMENT_PROOF' }],
    note: null,
    expectedVersion: input.expectedVersion,
    apply: patchSelectedProposals({ paidDate, proofFileId: input.proofFile }),
  });
}

/**
 * Cancels the sale with an enabled reason of the list (GET /share/canceled_reason_list); the share
 * returns to available. Checked here to answer before locking anything, and again under the share's
 * lock (shareWorkflow's writeMoves), where a reason disabled meanwhile is refused.
 */
export async function cancelSale(ctx: ActionContext, input: { shareId: string; reason: string; detail: string; expectedVersion?: number }): Promise<ActionResult> {
  const [reason] = await ctx.db.select({ id: cancelReasons.id, enabled: cancelReasons.enabled }).from(cancelReasons).where(eq(cancelReasons.id, input.reason)).limit(1);
  if (!reason) throw invalid(CANCEL_REASON_REFUSED.unknown, { reason: CANCEL_REASON_REFUSED.unknown });
  if (!reason.enabled) throw invalid(CANCEL_REASON_REFUSED.disabled, { reason: CANCEL_REASON_REFUSED.disabled });
  const detail = input.detail.trim() || null;
  return single(ctx, input.shareId, {
    move: 'cancel_sale',
    action: 'cancel_sale',
    cancel: { reasonId: reason.id, detail },
    note: detail,
    expectedVersion: input.expectedVersion,
  });
}

export const transferInBulk = (ctx: ActionContext, input: { shareIds: string[] }) => bulk(ctx, input.shareIds, { move: 'set_transfer', action: 'transfer_in_bulk' });

/** Reopens the proposals of an available share. */
export const releaseProposals = (ctx: ActionContext, input: { shareId: string; expectedVersion?: number }) =>
  single(ctx, input.shareId, {
    move: 'release_proposals',
    action: 'release_proposals',
    expectedVersion: input.expectedVersion,
    apply: async (tx, moved) => {
      const ids = moved.map((m) => m.id);
      await tx.update(proposals).set({ status: 'open', selected: false, updatedAt: sql`now()` }).where(inArray(proposals.shareId, ids));
    },
  });

/** Attaches a finalized upload to one share or many with its document type; the state does not change. */
export async function proofAttach(ctx: ActionContext, input: { shareId: string | string[]; proofFile: string; documentType: DocumentType }) {
  if (!isUuid(input.proofFile)) throw notFound('Document');
  return oneOrMany(ctx, input.shareId, { move: null, action: 'proof_attach', files: [{ fileId: input.proofFile, documentType: input.documentType }] });
}
