/**
 * Pendencies as records (issue 15, docs/workflow.md "Pendencies"). Every move:
 * - runs in ONE transaction that locks the share row (SELECT … FOR UPDATE inside the caller's tenant
 *   scope: another tenant's share or pendency is "not found"), then re-reads the pendency;
 * - applies PENDENCY_WORKFLOW (409 `Invalid pendency move: …`) and, for the share, SHARE_WORKFLOW:
 *   the first pendency raises the share (`raise_pendency`, step 7), clearing the last open one
 *   returns it to the state before (`clear_pendency`);
 * - writes one share_history row saying what was opened, billed, paid or cleared, with its note,
 *   its files and the pendency it was about, and bumps the share's version;
 * - is idempotent per Idempotency-Key exactly like the share actions (the key is stored on that
 *   history row per user and share): a repeat answers the pendency as it is now and writes nothing,
 *   the same key with other data is 422.
 * The permission (and deniedPermissions) is checked by the route guard from ENDPOINT_PERMISSIONS.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DocumentType, PaymentType, TicketKind } from '../../src/domain/enums';
import { formatMoney } from '../../src/domain/money';
import {
  PAYMENT_DOCUMENT_TYPE,
  PENDENCY_DESCRIPTION_MAX,
  PENDENCY_KIND_RULES,
  PENDENCY_MESSAGES,
  PENDENCY_NOTE_MAX,
  PENDENCY_WORKFLOW,
  TICKET_DOCUMENT_TYPE,
  type PendencyAddTicketInput,
  type PendencyClearInput,
  type PendencyKind,
  type PendencyMove,
  type PendencyOpenInput,
  type PendencyPayment,
  type PendencyRecord,
  type PendencyRegisterPaymentInput,
  type PendencyTicket,
  apiAmount,
  boletoLineDigits,
  boletoLineProblem,
  canOpenPendencyOn,
  canPendencyMove,
  clearNeedsNote,
  dueDateProblem,
  isMoneyKind,
  paidDateProblem,
  parseIsoDate,
  pendencyStatusAfter,
  ticketNeedsLine,
} from '../../src/domain/pendencies';
import { PROCESS_STEP_KEYS, type ProcessStep } from '../../src/domain/processSteps';
import type { ListResponse } from '../../src/domain/shareList';
import { type ShareState, nextState } from '../../src/domain/shareStates';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRWorkspace } from '../../src/i18n/pt-BR.workspace';
import type { Db, Tx } from '../db/client';
import { files, pendencies, pendencyPayments, pendencyTickets, processStatusHistory, shareHistory, shares, users } from '../db/schema';
import { writeShareMoveAudits } from './audit';
import { DomainError, type FieldErrors, MESSAGES, conflict, invalid, notFound } from './errors';
import { notifyShares } from './liveNotify';
import { type DbOrTx, findScopedShare, isUuid } from './shareAccess';
import { getShareById } from './shares';
import { stepAfter } from './shareWorkflow';
import { scopeOf, shareScopeCondition } from './tenant';
import type { AuthUser } from './users';

/** The Idempotency-Key of the request and what it asked (server/routes/actions.ts requestKeyOf, requestFingerprint). */
export interface RequestKey {
  key: string | null;
  hash: string | null;
}

const storedKey = (user: AuthUser, key: string, shareId: string) => `${user.id}:${shareId}:${key}`;

/** A 400 with every field's reason at once (the form shows each on its field). */
function checkFields(errors: FieldErrors): void {
  const entries = Object.entries(errors);
  if (entries.length) throw invalid(entries[0][1], errors);
}

const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------
// Reads

type PendencyRow = typeof pendencies.$inferSelect;

/** The records of these pendency rows, with their tickets, payments, people and files. */
async function records(db: DbOrTx, rows: PendencyRow[]): Promise<PendencyRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tickets, payments] = await Promise.all([
    db.select().from(pendencyTickets).where(inArray(pendencyTickets.pendencyId, ids)).orderBy(asc(pendencyTickets.addedAt), asc(pendencyTickets.id)),
    db.select().from(pendencyPayments).where(inArray(pendencyPayments.pendencyId, ids)).orderBy(asc(pendencyPayments.registeredAt), asc(pendencyPayments.id)),
  ]);
  const userIds = [...new Set([...rows.flatMap((r) => [r.openedBy, r.clearedBy]), ...tickets.map((t) => t.addedBy), ...payments.map((p) => p.registeredBy)].filter((v): v is string => !!v))];
  const fileIds = [...new Set([...tickets.map((t) => t.fileId), ...payments.map((p) => p.fileId)])];
  const [people, fileRows] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
    fileIds.length ? db.select({ id: files.id, name: files.name, key: files.key }).from(files).where(inArray(files.id, fileIds)) : [],
  ]);
  const person = new Map(people.map((u) => [u.id, { userId: u.id, name: u.name }]));
  const fileOf = new Map(fileRows.map((f) => [f.id, f]));
  const who = (id: string | null) => (id ? (person.get(id) ?? null) : null);
  const paidTickets = new Set(payments.map((p) => p.ticketId).filter(Boolean));

  return rows.map((r): PendencyRecord => {
    const own = payments.filter((p) => p.pendencyId === r.id);
    const paidCents = own.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
    return {
      pendencyId: r.id,
      shareId: r.shareId,
      kind: r.kind,
      status: r.status,
      description: r.description ?? '',
      documentType: r.documentType,
      amount: r.amount,
      paymentType: r.paymentType,
      dueDate: r.dueDate,
      returnState: r.returnState,
      openedBy: who(r.openedBy),
      openedAt: r.openedAt.toISOString(),
      paidAmount: (paidCents / 100).toFixed(2),
      clearedBy: r.status === 'cleared' ? who(r.clearedBy) : null,
      clearedAt: r.status === 'cleared' && r.resolvedAt ? r.resolvedAt.toISOString() : null,
      clearNote: r.clearNote,
      cancelledAt: r.status === 'cancelled' && r.resolvedAt ? r.resolvedAt.toISOString() : null,
      tickets: tickets
        .filter((t) => t.pendencyId === r.id)
        .map(
          (t): PendencyTicket => ({
            ticketId: t.id,
            kind: t.kind,
            fileId: t.fileId,
            fileName: fileOf.get(t.fileId)?.name ?? null,
            filePath: fileOf.get(t.fileId)?.key ?? null,
            line: t.line,
            amount: t.amount,
            dueDate: t.dueDate,
            paid: paidTickets.has(t.id),
            addedBy: who(t.addedBy),
            addedAt: t.addedAt.toISOString(),
          }),
        ),
      payments: own.map(
        (p): PendencyPayment => ({
          paymentId: p.id,
          ticketId: p.ticketId,
          fileId: p.fileId,
          fileName: fileOf.get(p.fileId)?.name ?? null,
          filePath: fileOf.get(p.fileId)?.key ?? null,
          amount: p.amount,
          paidDate: p.paidDate,
          registeredBy: who(p.registeredBy),
          registeredAt: p.registeredAt.toISOString(),
        }),
      ),
    };
  });
}

async function recordById(db: DbOrTx, pendencyId: string): Promise<PendencyRecord> {
  const rows = await db.select().from(pendencies).where(eq(pendencies.id, pendencyId));
  const [record] = await records(db, rows);
  if (!record) throw notFound('Pendency');
  return record;
}

/** GET /share/pendency_list: the share's pendencies, oldest first; the closed ones only when asked. */
export async function listPendencies(db: Db, user: AuthUser, shareId: string, includeClosed: boolean): Promise<ListResponse<PendencyRecord>> {
  const share = await findScopedShare(db, user, { shareId });
  const rows = await db
    .select()
    .from(pendencies)
    .where(and(eq(pendencies.shareId, share.id), includeClosed ? undefined : isNull(pendencies.resolvedAt)))
    .orderBy(asc(pendencies.openedAt), asc(pendencies.id));
  const data = await records(db, rows);
  return { data, total: data.length, page: 1, limit: Math.max(data.length, 1) };
}

// ---------------------------------------------------------------------------------------------
// The move's transaction

interface LockedShare {
  id: string;
  state: ShareState;
  previousState: ShareState | null;
  admId: number;
  version: number;
  processStep: number;
}

interface MoveWrite {
  pendencyId: string;
  /** The share state after the move (the same when it does not move). */
  to: ShareState;
  /** The share move it makes, if any: its process step is recorded. */
  shareMove?: 'raise_pendency' | 'clear_pendency';
  note: string;
  files?: string[];
}

/**
 * Locks the share, answers a repeated request, runs `body` and writes the share's side of the move:
 * state, version, process step and the one history row. Returns the pendency's id.
 */
async function inShareMove(
  db: Db,
  user: AuthUser,
  shareId: string,
  historyAction: string,
  request: RequestKey,
  body: (tx: Tx, share: LockedShare) => Promise<MoveWrite>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [share] = await tx
      .select({ id: shares.id, state: shares.state, previousState: shares.previousState, admId: shares.admId, version: shares.version, processStep: shares.processStep })
      .from(shares)
      .where(and(eq(shares.id, shareId), shareScopeCondition(scopeOf(user))))
      .for('update');
    if (!share) throw notFound('Share');
    const requestKey = request.key ? storedKey(user, request.key, share.id) : null;
    if (requestKey) {
      const [earlier] = await tx
        .select({ action: shareHistory.action, hash: shareHistory.requestHash, pendencyId: shareHistory.pendencyId })
        .from(shareHistory)
        .where(eq(shareHistory.requestKey, requestKey));
      if (earlier) {
        const same = earlier.action === historyAction && (earlier.hash === null || !request.hash || earlier.hash === request.hash);
        if (!same || !earlier.pendencyId) throw new DomainError('unprocessable', MESSAGES.idempotencyKeyReused);
        return earlier.pendencyId;
      }
    }
    const w = await body(tx, share);
    const step = w.shareMove ? stepAfter(w.shareMove, w.to, share.processStep) : share.processStep;
    await tx
      .update(shares)
      .set({
        state: w.to,
        ...(w.shareMove === 'raise_pendency' ? { previousState: share.state } : w.shareMove === 'clear_pendency' ? { previousState: null } : {}),
        processStep: step,
        version: sql`${shares.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(shares.id, share.id));
    if (step !== share.processStep) {
      await tx.insert(processStatusHistory).values({ shareId: share.id, step, state: PROCESS_STEP_KEYS[step as ProcessStep] ?? String(step) });
    }
    // The audit trail and the live updates, as every share move writes them (server/services/shareWorkflow.ts).
    await writeShareMoveAudits(tx, user.id, `share.${historyAction}`, [
      {
        shareId: share.id,
        before: { state: share.state, processStep: share.processStep },
        after: { state: w.to, processStep: step, pendencyId: w.pendencyId, note: w.note, ...(w.files?.length ? { files: w.files } : {}) },
      },
    ]);
    await notifyShares(tx, [share.id], user.id, historyAction);
    await tx.insert(shareHistory).values({
      shareId: share.id,
      action: historyAction,
      fromState: share.state,
      toState: w.to,
      userId: user.id,
      files: w.files ?? [],
      note: w.note,
      requestKey,
      requestHash: requestKey ? request.hash : null,
      pendencyId: w.pendencyId,
    });
    return w.pendencyId;
  });
}

/** The pendency's share, inside the user's scope (another tenant's pendency is not found). */
async function shareOfPendency(db: Db, user: AuthUser, pendencyId: string): Promise<string> {
  if (!isUuid(pendencyId)) throw notFound('Pendency');
  const [row] = await db
    .select({ shareId: pendencies.shareId })
    .from(pendencies)
    .innerJoin(shares, eq(shares.id, pendencies.shareId))
    .where(and(eq(pendencies.id, pendencyId), shareScopeCondition(scopeOf(user))))
    .limit(1);
  if (!row) throw notFound('Pendency');
  return row.shareId;
}

/** The pendency re-read under the share's lock, and the workflow's verdict on the move. */
async function lockedPendency(tx: Tx, pendencyId: string, move: PendencyMove): Promise<PendencyRow> {
  const [row] = await tx.select().from(pendencies).where(eq(pendencies.id, pendencyId)).for('update');
  if (!row) throw notFound('Pendency');
  if (!canPendencyMove(move, row.status, row.kind)) {
    const wrongKind = PENDENCY_WORKFLOW[move].moneyOnly && !isMoneyKind(row.kind);
    throw conflict(wrongKind ? PENDENCY_MESSAGES.noMoney(move, row.kind) : PENDENCY_MESSAGES.move(move, row.status));
  }
  return row;
}

/**
 * A finalized upload the user may attach to this share, attached with its document type (a file
 * belongs to the first share it is attached to, as with the share actions). 404 "Document not found"
 * for a file that is missing, another tenant's or another share's.
 */
async function attachFile(tx: Tx, user: AuthUser, share: LockedShare, fileId: string, documentType: DocumentType, field: string): Promise<void> {
  if (!isUuid(fileId)) throw notFound('Document');
  const [f] = await tx.select({ admId: files.admId, status: files.status, shareId: files.shareId }).from(files).where(eq(files.id, fileId)).for('update');
  const foreign = !f || (user.profile !== 'operator' && f.admId !== user.admId) || (f.admId !== null && f.admId !== share.admId) || (f.shareId !== null && f.shareId !== share.id);
  if (foreign) throw notFound('Document');
  if (f.status !== 'complete') throw invalid('Invalid file: the upload is not finalized', { [field]: 'Invalid file: the upload is not finalized' });
  await tx.update(files).set({ shareId: share.id, documentType }).where(eq(files.id, fileId));
}

const checkVersion = (share: LockedShare, expected: number | undefined) => {
  if (expected !== undefined && expected !== share.version) {
    throw conflict(`Invalid version: the share changed (version ${share.version}, expected ${expected})`);
  }
};

const kindLabel = (kind: PendencyKind) => ptBR.pendencyKind[kind];
const ticketLabel = (kind: TicketKind) => ptBR.ticketKind[kind];
const paymentTypeLabel = (t: PaymentType) => ptBRWorkspace.paymentType[t];

// ---------------------------------------------------------------------------------------------
// Moves

/** The request body, as the app sends it (src/domain/pendencies.ts). */
export type OpenInput = PendencyOpenInput;

/** The open's fields, checked all at once against the kind's rules. */
function openFields(input: OpenInput) {
  const rule = PENDENCY_KIND_RULES[input.kind];
  const errors: FieldErrors = {};
  const description = input.description.trim();
  if (!description || description.length > PENDENCY_DESCRIPTION_MAX) errors.description = PENDENCY_MESSAGES.description;
  const hasAmount = input.amount !== undefined && input.amount !== null && input.amount !== '';
  let amount: string | null = null;
  if (rule.money) {
    if (!hasAmount) errors.amount = PENDENCY_MESSAGES.amountRequired;
    else if (!(amount = apiAmount(input.amount))) errors.amount = PENDENCY_MESSAGES.amount;
    if (!input.paymentType) errors.paymentType = PENDENCY_MESSAGES.paymentTypeRequired;
  } else {
    if (hasAmount) errors.amount = PENDENCY_MESSAGES.amountNotAllowed;
    if (input.paymentType) errors.paymentType = PENDENCY_MESSAGES.amountNotAllowed;
  }
  if (rule.needsDocumentType && !input.documentType) errors.documentType = PENDENCY_MESSAGES.documentTypeRequired;
  if (!rule.needsDocumentType && input.documentType) errors.documentType = PENDENCY_MESSAGES.documentTypeNotAllowed;
  const dueDate = input.dueDate ? parseIsoDate(input.dueDate) : null;
  if (input.dueDate && dueDateProblem(input.dueDate)) errors.dueDate = PENDENCY_MESSAGES.dueDate;
  checkFields(errors);
  return { description, amount, paymentType: rule.money ? input.paymentType! : null, dueDate, documentType: rule.needsDocumentType ? input.documentType! : null };
}

/** POST /share/pendency_open */
export async function openPendency(db: Db, user: AuthUser, input: OpenInput, request: RequestKey): Promise<string> {
  const fields = openFields(input);
  // Fields are checked before the share is looked up (as schemas are): another tenant's share is then "not found" like a missing one.
  const share = await findScopedShare(db, user, { shareId: input.shareId });
  return inShareMove(db, user, share.id, 'pendency_open', request, async (tx, locked) => {
    checkVersion(locked, input.expectedVersion);
    if (!canOpenPendencyOn(locked.state)) throw conflict(PENDENCY_MESSAGES.openState(locked.state));
    const raising = locked.state !== 'with_pendency';
    const to = raising ? nextState('raise_pendency', locked.state) : locked.state;
    if (!to) throw conflict(PENDENCY_MESSAGES.openState(locked.state));
    const returnState = raising ? locked.state : locked.previousState;
    const [row] = await tx
      .insert(pendencies)
      .values({
        shareId: locked.id,
        kind: input.kind,
        status: 'open',
        description: fields.description,
        documentType: fields.documentType,
        amount: fields.amount,
        paymentType: fields.paymentType,
        dueDate: fields.dueDate,
        returnState,
        openedBy: user.id,
      })
      .returning({ id: pendencies.id });
    const parts = [`${kindLabel(input.kind)}: ${fields.description}`];
    if (fields.documentType) parts.push(`Documento: ${ptBRWorkspace.documentType[fields.documentType]}`);
    if (fields.amount) parts.push(`Valor: ${formatMoney(fields.amount)}`);
    if (fields.paymentType) parts.push(`Pagamento: ${paymentTypeLabel(fields.paymentType)}`);
    if (fields.dueDate) parts.push(`Vencimento: ${dayText(fields.dueDate)}`);
    return { pendencyId: row.id, to, shareMove: raising ? 'raise_pendency' : undefined, note: parts.join(' · ') };
  });
}

/** The request body, as the app sends it (src/domain/pendencies.ts). */
export type AddTicketInput = PendencyAddTicketInput;

/** POST /share/pendency_add_ticket */
export async function addTicket(db: Db, user: AuthUser, input: AddTicketInput, request: RequestKey): Promise<string> {
  const errors: FieldErrors = {};
  const amount = apiAmount(input.amount);
  if (!amount) errors.amount = PENDENCY_MESSAGES.amount;
  if (dueDateProblem(input.dueDate)) errors.dueDate = PENDENCY_MESSAGES.dueDate;
  const lineGiven = !!input.line && input.line.trim() !== '';
  if (!lineGiven && ticketNeedsLine(input.kind)) errors.line = PENDENCY_MESSAGES.ticketLineRequired;
  else if (lineGiven && boletoLineProblem(input.line)) errors.line = 'Invalid billet line';
  checkFields(errors);
  const shareId = await shareOfPendency(db, user, input.pendencyId);
  return inShareMove(db, user, shareId, 'pendency_add_ticket', request, async (tx, share) => {
    const p = await lockedPendency(tx, input.pendencyId, 'add_ticket');
    if (!PENDENCY_KIND_RULES[p.kind].ticketKinds.includes(input.kind)) throw invalid(PENDENCY_MESSAGES.ticketKind, { kind: PENDENCY_MESSAGES.ticketKind });
    await attachFile(tx, user, share, input.file, TICKET_DOCUMENT_TYPE, 'file');
    const line = lineGiven ? boletoLineDigits(input.line) : null;
    const dueDate = parseIsoDate(input.dueDate)!;
    await tx.insert(pendencyTickets).values({ pendencyId: p.id, shareId: share.id, kind: input.kind, fileId: input.file, line, amount: amount!, dueDate, addedBy: user.id });
    const note = [`${kindLabel(p.kind)} · Boleto ${ticketLabel(input.kind)}`, `Valor: ${formatMoney(amount)}`, `Vencimento: ${dayText(dueDate)}`];
    if (line) note.push(`Linha digitável: ${line}`);
    return { pendencyId: p.id, to: share.state, note: note.join(' · '), files: [input.file] };
  });
}

/** The request body, as the app sends it (src/domain/pendencies.ts). */
export type RegisterPaymentInput = PendencyRegisterPaymentInput;

/** POST /share/pendency_register_payment */
export async function registerPayment(db: Db, user: AuthUser, input: RegisterPaymentInput, request: RequestKey): Promise<string> {
  const errors: FieldErrors = {};
  const amount = apiAmount(input.amount);
  if (!amount) errors.amount = PENDENCY_MESSAGES.amount;
  const dateProblem = paidDateProblem(input.paidDate);
  if (dateProblem) errors.paidDate = dateProblem === 'future' ? 'Invalid paidDate: in the future' : 'Invalid paidDate: expected an ISO date (YYYY-MM-DD)';
  checkFields(errors);
  const shareId = await shareOfPendency(db, user, input.pendencyId);
  return inShareMove(db, user, shareId, 'pendency_register_payment', request, async (tx, share) => {
    const p = await lockedPendency(tx, input.pendencyId, 'register_payment');
    let ticket: { id: string; kind: TicketKind } | null = null;
    if (input.ticketId) {
      const [t] = isUuid(input.ticketId)
        ? await tx.select({ id: pendencyTickets.id, kind: pendencyTickets.kind }).from(pendencyTickets).where(and(eq(pendencyTickets.id, input.ticketId), eq(pendencyTickets.pendencyId, p.id)))
        : [];
      if (!t) throw new DomainError('notFound', 'Ticket not found', { errors: { ticketId: 'Ticket not found' } });
      const [paid] = await tx.select({ id: pendencyPayments.id }).from(pendencyPayments).where(eq(pendencyPayments.ticketId, t.id)).limit(1);
      if (paid) throw conflict(PENDENCY_MESSAGES.ticketPaid, { ticketId: PENDENCY_MESSAGES.ticketPaid });
      ticket = t;
    }
    await attachFile(tx, user, share, input.proofFile, PAYMENT_DOCUMENT_TYPE, 'proofFile');
    const paidDate = parseIsoDate(input.paidDate)!;
    await tx.insert(pendencyPayments).values({ pendencyId: p.id, shareId: share.id, ticketId: ticket?.id ?? null, fileId: input.proofFile, amount: amount!, paidDate, registeredBy: user.id });
    await tx.update(pendencies).set({ status: pendencyStatusAfter('register_payment', p.status, p.kind)! }).where(eq(pendencies.id, p.id));
    const note = [`${kindLabel(p.kind)} · Pagamento de ${formatMoney(amount)} em ${dayText(paidDate)}`];
    if (ticket) note.push(`Boleto ${ticketLabel(ticket.kind)}`);
    return { pendencyId: p.id, to: share.state, note: note.join(' · '), files: [input.proofFile] };
  });
}

/** The request body, as the app sends it (src/domain/pendencies.ts). */
export type ClearInput = PendencyClearInput;

/** POST /share/pendency_clear: the share leaves with_pendency when this was its last open pendency. */
export async function clearPendency(db: Db, user: AuthUser, input: ClearInput, request: RequestKey): Promise<string> {
  const note = input.note?.trim() || null;
  if (note && note.length > PENDENCY_NOTE_MAX) throw invalid(PENDENCY_MESSAGES.clearNote, { note: PENDENCY_MESSAGES.clearNote });
  const shareId = await shareOfPendency(db, user, input.pendencyId);
  return inShareMove(db, user, shareId, 'pendency_clear', request, async (tx, share) => {
    const p = await lockedPendency(tx, input.pendencyId, 'clear');
    if (clearNeedsNote(p) && !note) throw invalid(PENDENCY_MESSAGES.clearNote, { note: PENDENCY_MESSAGES.clearNote });
    await tx
      .update(pendencies)
      .set({ status: pendencyStatusAfter('clear', p.status, p.kind)!, clearedBy: user.id, clearNote: note, resolvedAt: sql`now()` })
      .where(eq(pendencies.id, p.id));
    const [{ others }] = await tx
      .select({ others: sql<number>`count(*)::int` })
      .from(pendencies)
      .where(and(eq(pendencies.shareId, share.id), isNull(pendencies.resolvedAt), ne(pendencies.id, p.id)));
    const text = note ? `${kindLabel(p.kind)} resolvida: ${note}` : `${kindLabel(p.kind)} resolvida`;
    if (others > 0 || share.state !== 'with_pendency') return { pendencyId: p.id, to: share.state, note: text };
    // The last open one: the share returns to where it was before its first pendency.
    const to = nextState('clear_pendency', share.state, share.previousState);
    if (!to) throw conflict(`Invalid move: clear_pendency from ${share.state}`);
    return { pendencyId: p.id, to, shareMove: 'clear_pendency', note: text };
  });
}

/** What every move answers: the share as it is now and the pendency. */
export async function moveResult(db: Db, user: AuthUser, pendencyId: string) {
  const pendency = await recordById(db, pendencyId);
  return { share: await getShareById(db, scopeOf(user), pendency.shareId), pendency };
}
