/**
 * The audit trail (issue 11): who changed what, when, with the record before and after. Written in
 * the same transaction as the change it describes, so a change never lands without its entry.
 */
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** The acting user; null for the command line. */
  userId: string | null;
  /** `<objectType>.<verb>`, e.g. user.create, administrator.update, fund.disable. */
  action: string;
  objectType: 'user' | 'administrator' | 'fund' | 'player';
  objectId: string | number;
  /** The brand the object belongs to, when it belongs to one. */
  admId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields that never go into the trail, whatever record is written. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'temporaryPassword', 'codeHash']);

const scrub = (record: Record<string, unknown> | null | undefined): Record<string, unknown> | null => {
  if (!record) return null;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([k]) => !SECRET_FIELDS.has(k))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
};

export async function writeAudit(db: Pick<Db, 'insert'> | Pick<Tx, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    admId: entry.admId ?? null,
    before: scrub(entry.before),
    after: scrub(entry.after),
  });
}
