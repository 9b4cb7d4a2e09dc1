/**
 * The audit trail (issue 11, extended by issue 18): who changed what, when, with the record before
 * and after. Written in the same transaction as the change it describes, so a change never lands
 * without its entry (and an entry never outlives a change that rolled back).
 */
import { sql } from 'drizzle-orm';
import type { AuditObjectType } from '../../src/domain/audit';
import type { Db, Tx } from '../db/client';
import { auditLog, shares } from '../db/schema';
import { statement } from '../db/statements';

export interface AuditEntry {
  /** The acting user; null for the command line and for a failed login of an unknown e-mail. */
  userId: string | null;
  /** `<objectType>.<verb>`, e.g. user.create, administrator.update, fund.disable (AUDIT_ACTIONS). */
  action: string;
  objectType: AuditObjectType;
  objectId: string | number;
  /** The brand the object belongs to, when it belongs to one: an administrator reads its own brand's entries. */
  admId?: number | null;
  /** The share the entry speaks of, when it speaks of one. */
  contractNumber?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields that never go into the trail, whatever record is written. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'newPassword', 'currentPassword', 'temporaryPassword', 'codeHash', 'token', 'fileKey']);

const plain = (v: unknown): unknown => {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') return scrub(v as Record<string, unknown>);
  return v === undefined ? null : v;
};

export const scrub = (record: Record<string, unknown> | null | undefined): Record<string, unknown> | null => {
  if (!record) return null;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([k, v]) => !SECRET_FIELDS.has(k) && v !== undefined)
      .map(([k, v]) => [k, plain(v)]),
  );
};

/** jsonb text of a scrubbed record, or SQL null. */
const jsonOf = (record: Record<string, unknown> | null | undefined): string | null => {
  const clean = scrub(record);
  return clean ? JSON.stringify(clean) : null;
};

type Writer = Pick<Db, 'insert' | 'execute'> | Pick<Tx, 'insert' | 'execute'>;

export async function writeAudit(db: Pick<Db, 'insert'> | Pick<Tx, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    admId: entry.admId ?? null,
    contractNumber: entry.contractNumber ?? null,
    before: scrub(entry.before),
    after: scrub(entry.after),
  });
}

/**
 * An entry about one share's record (a signer, its bank, a proposal, a file): the share's contract
 * and brand are read from the share itself in the same statement, so callers need not carry them.
 */
const shareAuditInsert = statement(
  'share_audit',
  () => sql`
    insert into ${auditLog} (user_id, action, object_type, object_id, adm_id, contract_number, before, after)
    select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('action')}, ${sql.placeholder('objectType')}, coalesce(${sql.placeholder('objectId')}::text, s.contract_number),
      s.adm_id, s.contract_number, ${sql.placeholder('before')}::jsonb, ${sql.placeholder('after')}::jsonb
    from ${shares} s where s.id = ${sql.placeholder('shareId')}::uuid`,
);

export async function writeShareAudit(db: Writer, shareId: string, entry: Omit<AuditEntry, 'admId' | 'contractNumber' | 'objectId'> & { objectId?: string | number }): Promise<void> {
  await shareAuditInsert(db, {
    userId: entry.userId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined ? null : String(entry.objectId),
    before: jsonOf(entry.before),
    after: jsonOf(entry.after),
    shareId,
  });
}

/** One row per share of a move, set-based: a 500-share chunk is one statement with one JSON parameter. */
export interface ShareMoveAudit {
  shareId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export async function writeShareMoveAudits(db: Writer, userId: string, action: string, rows: readonly ShareMoveAudit[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => [r.shareId, scrub(r.before), scrub(r.after)]));
  await db.execute(sql`
    insert into ${auditLog} (user_id, action, object_type, object_id, adm_id, contract_number, before, after)
    select ${userId}::uuid, ${action}, 'share', s.contract_number, s.adm_id, s.contract_number, r->1, r->2
    from jsonb_array_elements(${json}::jsonb) as r
    join ${shares} s on s.id = (r->>0)::uuid`);
}

/** Bookkeeping columns that would make every diff noisy (a new updated_at on each save). */
const BOOKKEEPING = new Set(['id', 'shareId', 'createdAt', 'updatedAt']);

/** A database row as the trail keeps it: its own fields, without ids and timestamps. */
export const recordOf = (row: object | null | undefined): Record<string, unknown> | null =>
  row ? Object.fromEntries(Object.entries(row).filter(([k]) => !BOOKKEEPING.has(k))) : null;

/**
 * Enables or disables a managed record (a fund, a player, a cancellation reason) already read and
 * locked as `before`: nothing is written when it already is so; otherwise the write and its
 * `<type>.enable`/`<type>.disable` entry, in the caller's transaction. Answers the record as shown.
 */
export async function setEnabledAudited<Row extends { enabled: boolean }, Shown extends object>(
  tx: Pick<Db, 'insert'> | Pick<Tx, 'insert'>,
  caller: { id: string },
  o: { objectType: AuditObjectType; objectId: string | number; before: Row; enabled: boolean; write: () => Promise<Row>; shown: (row: Row) => Shown },
): Promise<Shown> {
  if (o.before.enabled === o.enabled) return o.shown(o.before);
  const after = o.shown(await o.write());
  await writeAudit(tx, {
    userId: caller.id,
    action: `${o.objectType}.${o.enabled ? 'enable' : 'disable'}`,
    objectType: o.objectType,
    objectId: o.objectId,
    before: { ...o.shown(o.before) } as Record<string, unknown>,
    after: { ...after } as Record<string, unknown>,
  });
  return after;
}
