/**
 * The share workflow, enforced (DESIGN §4, docs/workflow.md). Every move:
 * - runs in ONE transaction that locks the share rows (SELECT … FOR UPDATE, in id order so two bulk
 *   moves never deadlock), re-reads their state and applies `nextState` from src/domain;
 * - checks tenant (another tenant's share is "Share not found"), permission and flag with the same
 *   ACTION_RULES the app reads (403), and the workflow (409 `Invalid move: <move> from <state>`);
 * - updates state, previous_state, process_step, version and updated_at, and writes share_history
 *   (who, from, to, files, note, request key) and process_status_history in the same transaction;
 * - is idempotent per request key: a repeat finds its history row after taking the lock and answers
 *   the share as it is, writing nothing.
 *
 * One share and many shares take the same path: ids are handled in chunks of CHUNK_SIZE, each chunk
 * one transaction with set-based statements, and a share that cannot move is reported in its own
 * result without touching the others (nothing is written for it). A chunk that fails as a whole
 * (a database error) is retried share by share, so one bad share never undoes the rest.
 */
import { type SQL, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DocumentType } from '../../src/domain/enums';
import type { FeatureFlag } from '../../src/domain/featureFlags';
import { can } from '../../src/domain/permissions';
import { PROCESS_STEP_KEYS, type ProcessStep } from '../../src/domain/processSteps';
import { ACTION_RULES, type ShareAction, actionAvailable } from '../../src/domain/shareActions';
import { type ShareMove, type ShareState, nextState } from '../../src/domain/shareStates';
import type { Db, Tx } from '../db/client';
import { cancelReasons, cancellations, files, pendencies, processStatusHistory, proposals, shareHistory, shares } from '../db/schema';
import { isDatabaseUnavailable } from '../db/errors';
import { DomainError, type DomainErrorKind, MESSAGES, conflict, denied, invalid, notFound } from './errors';
import { writeShareMoveAudits } from './audit';
import { notifyShares } from './liveNotify';
import { type Scope, scopeOf, shareScopeCondition } from './tenant';
import type { AuthUser } from './users';

export const CHUNK_SIZE = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string): boolean => UUID.test(v);

/** Process step after a move (SPEC §4 numbers; docs/workflow.md). null keeps the current step. */
const STEP_OF_MOVE: Record<ShareMove, ProcessStep | null> = {
  share_send_autoservice: 0,
  start_sale: 1,
  client_accept: 1,
  contract_received: 2,
  set_transfer: 3,
  set_paid: 6,
  cancel_sale: 5,
  raise_pendency: 7,
  clear_pendency: null, // the step of the state it returns to (STEP_OF_STATE)
  release_proposals: null,
};
const STEP_OF_STATE: Partial<Record<ShareState, ProcessStep>> = {
  sent_to_autoservice: 0,
  accepted_by_client: 1,
  received_from_client: 2,
  approved_by_adm: 3,
  payment_done: 6,
  with_pendency: 7,
};

export const stepAfter = (move: ShareMove, to: ShareState, current: number): number => {
  const byMove = STEP_OF_MOVE[move];
  if (byMove !== null) return byMove;
  if (move === 'clear_pendency') return STEP_OF_STATE[to] ?? current;
  return current;
};

/** A file to attach to the share with the document type it has there. */
export interface AttachFile {
  fileId: string;
  documentType: DocumentType;
}

/** A share as the move sees it, locked. */
export interface LockedShare {
  id: string;
  state: ShareState;
  previousState: ShareState | null;
  admId: number;
  version: number;
  processStep: number;
}

export interface MovedShare extends LockedShare {
  from: ShareState;
  to: ShareState;
}

export interface MoveInput {
  /** The workflow move; null for an action that moves no state (proof_attach). */
  move: ShareMove | null;
  /** The user action it comes from: checks its permission and flag (ACTION_RULES). Absent for platform moves. */
  action?: ShareAction;
  /** The name written in the history; defaults to the action, then the move. */
  historyAction?: string;
  files?: AttachFile[];
  note?: string | null;
  /** Idempotency-Key of the request; stored per user and share. */
  requestKey?: string | null;
  /**
   * Fingerprint of what the request asks of each share (requestFingerprint): a repeat of the key
   * with another fingerprint is refused (422) instead of answering the first request's result and
   * silently dropping the new data.
   */
  requestHash?: string | null;
  /** Refuse (409) when the share's version is not this one. Single share only. */
  expectedVersion?: number;
  /** Cancellation details (cancel_sale). */
  cancel?: { reasonId: string; detail: string | null };
  /** Extra writes of the move, inside its transaction, for the shares that moved. */
  apply?: (tx: Tx, moved: MovedShare[]) => Promise<void>;
  /** Feature flags in force (the server's config). */
  flags: Record<FeatureFlag, boolean>;
}

export type ShareRef = { shareId: string } | { contractNumber: string };

export interface MoveOutcome {
  shareId: string;
  ok: boolean;
  state?: ShareState;
  /** True when the request key had already been used: nothing was written. */
  repeated?: boolean;
  kind?: DomainErrorKind;
  message?: string;
}

/** POST /actions/cancel_sale's refusals of its reason (the SPEC §8 catalogue reads "invalid reason"). */
export const CANCEL_REASON_REFUSED = { unknown: 'Invalid reason', disabled: 'Invalid reason: disabled' } as const;

const invalidMove = (move: string, state: string) => conflict(`Invalid move: ${move} from ${state}`);

/** 403 for the permission or a flag that is off; the workflow (409) is checked per share. */
function checkActor(user: AuthUser, input: MoveInput): void {
  if (!input.action) return;
  const rule = ACTION_RULES[input.action];
  if (!can(user, rule.permission)) throw denied(MESSAGES.permissionDenied);
  if (rule.flag && !input.flags[rule.flag]) throw denied('Permission denied: feature disabled');
}

const storedKey = (user: AuthUser, key: string, shareId: string) => `${user.id}:${shareId}:${key}`;

/** `shares.id in (…)` with ONE JSON parameter: binding 500 separate values costs more than the work. */
const idIn = (column: typeof shares.id, ids: readonly string[]): SQL =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/** Files to attach, checked once: they exist, are complete and are readable in the user's scope. */
async function loadFiles(db: Db | Tx, user: AuthUser, attach: AttachFile[]) {
  if (attach.length === 0) return new Map<string, { admId: number | null; status: string; shareId: string | null }>();
  const ids = [...new Set(attach.map((f) => f.fileId))];
  if (ids.some((id) => !isUuid(id))) throw notFound('Document');
  const rows = await db.select({ id: files.id, admId: files.admId, status: files.status, shareId: files.shareId }).from(files).where(inArray(files.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const f = byId.get(id);
    // Another tenant's file is "not found", exactly like a missing one.
    if (!f || (user.profile !== 'operator' && f.admId !== user.admId)) throw notFound('Document');
    if (f.status !== 'complete') throw invalid('Invalid file: the upload is not finalized');
  }
  return byId;
}

/** Moves one share; throws the share's error (404, 403, 409). */
export async function moveShare(db: Db, user: AuthUser, ref: ShareRef, input: MoveInput): Promise<MoveOutcome> {
  checkActor(user, input);
  const fileMap = await loadFiles(db, user, input.files ?? []);
  let shareId: string;
  if ('shareId' in ref) {
    if (!isUuid(ref.shareId)) throw notFound('Share');
    shareId = ref.shareId;
  } else {
    const [row] = await db.select({ id: shares.id }).from(shares).where(and(eq(shares.contractNumber, ref.contractNumber), shareScopeCondition(scopeOf(user)))).limit(1);
    if (!row) throw notFound('Share');
    shareId = row.id;
  }
  const [outcome] = await db.transaction((tx) => moveChunk(tx, user, [shareId], input, fileMap));
  if (!outcome.ok) throw new DomainError(outcome.kind ?? 'conflict', outcome.message ?? 'Invalid move');
  return outcome;
}

/**
 * Moves many shares, each on its own: per-share outcomes, in the order given (duplicates once).
 * Memory stays flat: only one chunk of ids and rows is held at a time besides the outcomes.
 */
export async function moveShares(db: Db, user: AuthUser, shareIds: readonly string[], input: MoveInput): Promise<MoveOutcome[]> {
  checkActor(user, input);
  const fileMap = await loadFiles(db, user, input.files ?? []);
  const unique = [...new Set(shareIds)];
  const outcomes: MoveOutcome[] = [];
  for (let i = 0; i < unique.length; i += CHUNK_SIZE) {
    const chunk = unique.slice(i, i + CHUNK_SIZE);
    try {
      outcomes.push(...(await db.transaction((tx) => moveChunk(tx, user, chunk, { ...input, expectedVersion: undefined }, fileMap))));
    } catch (err) {
      // A database that is away fails the whole call (503): the client repeats it, with its
      // Idempotency-Key the chunks already committed are not moved twice.
      if (err instanceof DomainError || chunk.length === 1 || isDatabaseUnavailable(err)) throw err;
      // A database error on the chunk: retry share by share so only the failing one fails.
      for (const id of chunk) {
        try {
          outcomes.push(...(await db.transaction((tx) => moveChunk(tx, user, [id], input, fileMap))));
        } catch (shareErr) {
          if (isDatabaseUnavailable(shareErr)) throw shareErr;
          outcomes.push({ shareId: id, ok: false, message: MESSAGES.internal });
        }
      }
    }
  }
  return outcomes;
}

type FileMap = Awaited<ReturnType<typeof loadFiles>>;

async function moveChunk(tx: Tx, user: AuthUser, ids: string[], input: MoveInput, fileMap: FileMap): Promise<MoveOutcome[]> {
  const scope: Scope = scopeOf(user);
  const valid = ids.filter(isUuid);
  const locked = valid.length
    ? await tx
        .select({
          id: shares.id,
          state: shares.state,
          previousState: shares.previousState,
          admId: shares.admId,
          version: shares.version,
          processStep: shares.processStep,
        })
        .from(shares)
        .where(and(idIn(shares.id, valid), shareScopeCondition(scope)))
        .orderBy(shares.id)
        .for('update')
    : [];
  const byId = new Map<string, LockedShare>(locked.map((r) => [r.id, r]));

  const repeats = new Set<string>();
  // A key already used for another action, or the same action with other data, on this share: a
  // client error, reported per share.
  const reused = new Set<string>();
  if (input.requestKey && locked.length) {
    const keys = locked.map((r) => storedKey(user, input.requestKey!, r.id));
    const found = await tx
      .select({ key: shareHistory.requestKey, action: shareHistory.action, hash: shareHistory.requestHash })
      .from(shareHistory)
      .where(inArray(shareHistory.requestKey, keys));
    const historyAction = input.historyAction ?? input.action ?? input.move;
    for (const f of found) {
      const id = f.key!.slice(user.id.length + 1, user.id.length + 37);
      // A row written before fingerprints were kept (null) matches on the action alone.
      const sameRequest = f.action === historyAction && (f.hash === null || !input.requestHash || f.hash === input.requestHash);
      if (sameRequest) repeats.add(id);
      else reused.add(id);
    }
  }

  const outcomes: MoveOutcome[] = [];
  const moved: MovedShare[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      outcomes.push({ shareId: id, ok: false, kind: 'notFound', message: 'Share not found' });
      continue;
    }
    if (reused.has(id)) {
      outcomes.push({ shareId: id, ok: false, kind: 'unprocessable', message: MESSAGES.idempotencyKeyReused });
      continue;
    }
    if (repeats.has(id)) {
      outcomes.push({ shareId: id, ok: true, state: row.state, repeated: true });
      continue;
    }
    if (input.expectedVersion !== undefined && input.expectedVersion !== row.version) {
      outcomes.push({ shareId: id, ok: false, kind: 'conflict', message: `Invalid version: the share changed (version ${row.version}, expected ${input.expectedVersion})` });
      continue;
    }
    const bad = (input.files ?? []).find((f) => {
      const file = fileMap.get(f.fileId);
      return !file || (file.admId !== null && file.admId !== row.admId);
    });
    if (bad) {
      outcomes.push({ shareId: id, ok: false, kind: 'notFound', message: 'Document not found' });
      continue;
    }
    let to: ShareState = row.state;
    if (input.move) {
      const next = nextState(input.move, row.state, row.previousState);
      // The same rule the app uses to show the button (the permission and flag were checked above).
      const allowed = next !== null && (!input.action || actionAvailable(input.action, row.state, user, input.flags));
      if (!allowed) {
        const e = invalidMove(input.move, row.state);
        outcomes.push({ shareId: id, ok: false, kind: e.kind, message: e.message });
        continue;
      }
      to = next;
    }
    moved.push({ ...row, from: row.state, to });
    outcomes.push({ shareId: id, ok: true, state: to });
  }
  if (moved.length) await writeMoves(tx, user, input, moved);
  return outcomes;
}

async function writeMoves(tx: Tx, user: AuthUser, input: MoveInput, moved: MovedShare[]): Promise<void> {
  const move = input.move;
  const ids = moved.map((m) => m.id);
  const historyAction = input.historyAction ?? input.action ?? move ?? 'unknown';
  const fileIds = [...new Set((input.files ?? []).map((f) => f.fileId))];

  if (move === 'cancel_sale' && input.cancel) {
    // Rechecked under the shares' lock: an operator may have disabled the reason since the request
    // was checked. FOR SHARE makes a disable that starts now wait for this cancellation to commit.
    const [reason] = await tx.select({ enabled: cancelReasons.enabled }).from(cancelReasons).where(eq(cancelReasons.id, input.cancel.reasonId)).for('share');
    if (!reason?.enabled) {
      const message = reason ? CANCEL_REASON_REFUSED.disabled : CANCEL_REASON_REFUSED.unknown;
      throw invalid(message, { reason: message });
    }
  }

  if (move) {
    // Shares moved by one statement per (from, to) pair: every share in a group gets the same values.
    const groups = new Map<string, MovedShare[]>();
    for (const m of moved) {
      const k = `${m.from}>${m.to}>${m.processStep}`;
      const g = groups.get(k);
      if (g) g.push(m);
      else groups.set(k, [m]);
    }
    const stepEntries: { shareId: string; step: number; state: string }[] = [];
    for (const group of groups.values()) {
      const { from, to, processStep } = group[0];
      const step = stepAfter(move, to, processStep);
      const set: Record<string, unknown> = {
        state: to,
        previousState: move === 'raise_pendency' ? from : null,
        processStep: step,
        version: sql`${shares.version} + 1`,
        updatedAt: sql`now()`,
      };
      // The dashboard's ageing counts from the move into the current state (issue 18).
      if (to !== from) set.stateSince = sql`now()`;
      if (move === 'cancel_sale' && input.cancel) {
        set.canceledAt = sql`now()`;
        set.cancelReason = input.cancel.reasonId;
      }
      // A new sale on a share whose earlier sale was cancelled: it leaves the cancelled list.
      if (move === 'share_send_autoservice' || move === 'start_sale') {
        set.canceledAt = null;
        set.cancelReason = null;
      }
      const groupIds = group.map((m) => m.id);
      await tx.update(shares).set(set).where(idIn(shares.id, groupIds));
      if (to !== from || step !== processStep) {
        const key = PROCESS_STEP_KEYS[step as ProcessStep] ?? String(step);
        for (const id of groupIds) stepEntries.push({ shareId: id, step, state: key });
      }
    }
    if (stepEntries.length) {
      // One JSON parameter instead of three per row: a 500-row chunk binds 1 value, not 1,500.
      await tx.execute(sql`
        insert into ${processStatusHistory} (share_id, step, state)
        select (r->>0)::uuid, (r->>1)::smallint, r->>2
        from jsonb_array_elements(${JSON.stringify(stepEntries.map((e) => [e.shareId, e.step, e.state]))}::jsonb) as r`);
    }
  }

  const historyRows = moved.map((m) => [m.id, m.from, m.to, input.requestKey ? storedKey(user, input.requestKey, m.id) : null]);
  const requestHash = input.requestKey ? (input.requestHash ?? null) : null;
  await tx.execute(sql`
    insert into ${shareHistory} (share_id, action, from_state, to_state, user_id, files, note, request_key, request_hash)
    select (r->>0)::uuid, ${historyAction}, (r->>1)::share_state, (r->>2)::share_state, ${user.id}::uuid, ${JSON.stringify(fileIds)}::jsonb, ${input.note ?? null}::text, r->>3, ${requestHash}::text
    from jsonb_array_elements(${JSON.stringify(historyRows)}::jsonb) as r`);

  // The audit trail (issue 18): each share's state and step before and after, and the files attached.
  const stepOf = (m: MovedShare) => (move ? stepAfter(move, m.to, m.processStep) : m.processStep);
  await writeShareMoveAudits(
    tx,
    user.id,
    `share.${historyAction}`,
    moved.map((m) => ({
      shareId: m.id,
      before: { state: m.from, processStep: m.processStep },
      after: { state: m.to, processStep: stepOf(m), ...(fileIds.length ? { files: fileIds } : {}), ...(input.note ? { note: input.note } : {}), ...(input.cancel ? { cancelReason: input.cancel.reasonId } : {}) },
    })),
  );
  // Delivered when this transaction commits: other tabs showing these shares refresh (issue 18).
  await notifyShares(tx, ids, user.id, historyAction);

  if (input.files?.length) {
    // A file belongs to the first share it is attached to; the history of every share lists it.
    for (const f of input.files) {
      await tx
        .update(files)
        .set({ shareId: sql`coalesce(${files.shareId}, ${ids[0]}::uuid)`, documentType: f.documentType })
        .where(and(eq(files.id, f.fileId), sql`(${files.shareId} is null or ${files.shareId} = ${ids[0]}::uuid)`));
    }
  }

  if (move === 'cancel_sale') {
    if (input.cancel) {
      await tx.insert(cancellations).values(
        moved.map((m) => ({ shareId: m.id, reasonId: input.cancel!.reasonId, detail: input.cancel!.detail, fromState: m.from, userId: user.id })),
      );
    }
    // The cancelled sale frees its proposal and closes its open pendencies (PENDENCY_WORKFLOW `cancel`).
    await tx.update(proposals).set({ status: 'canceled', selected: false, updatedAt: sql`now()` }).where(and(inArray(proposals.shareId, ids), eq(proposals.selected, true)));
    await tx.update(pendencies).set({ status: 'cancelled', resolvedAt: sql`now()` }).where(and(inArray(pendencies.shareId, ids), isNull(pendencies.resolvedAt)));
  }
  if (move === 'clear_pendency') {
    // No route moves a share this way (POST /share/pendency_clear clears one pendency, server/services/pendencies.ts); kept consistent all the same.
    await tx.update(pendencies).set({ status: 'cleared', resolvedAt: sql`now()` }).where(and(inArray(pendencies.shareId, ids), isNull(pendencies.resolvedAt)));
  }
  if (input.apply) await input.apply(tx, moved);
}

/** `jsonb || {…}` for a proposals.data update. */
export const mergeData = (patch: Record<string, unknown>): SQL => sql`${proposals.data} || ${JSON.stringify(patch)}::jsonb`;
