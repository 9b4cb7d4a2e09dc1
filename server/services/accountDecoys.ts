/**
 * Handles given out for e-mails that have no account (docs/account.md, "Enumeration stance"). They
 * behave like real ones until the very end: a masked e-mail, the resend interval, attempts counted
 * per code and per address (the same per-account limits as a real account), "invalid code" every
 * time.
 *
 * Kept in the decoy_flows table, shaped like auth_codes and written by the same statements a real
 * flow runs (each matching nothing for the other kind), so a decoy opened on one instance answers
 * the same on any other and after a restart, and a real flow and a decoy cost the same work. A decoy
 * answers as alive for as long as a real flow (FLOW_LIFETIME_MS) and is deleted, like a real flow's
 * rows, past FLOW_RETENTION_MS.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { decoyFlows } from '../db/schema';
import type { SentCode } from './accountLimits';
import { AUTH_CODE, AUTH_CODE_ACCOUNT_LIMITS } from '../../src/domain/account';

/** A flow accepts new codes for this long after verify_username; then the user starts again. */
export const FLOW_MAX_AGE_MS = 60 * 60_000;
/** After this, every call with the handle answers "start again": its last code has expired too. */
export const FLOW_LIFETIME_MS = FLOW_MAX_AGE_MS + AUTH_CODE.ttlMs;
/**
 * An auth_codes (or decoy_flows) row older than this serves nothing: its handle answers "start
 * again", its code no longer counts in the account's limits, and a change it verified has closed.
 * verify_username deletes such rows as it opens new ones.
 */
export const FLOW_RETENTION_MS = FLOW_LIFETIME_MS + AUTH_CODE_ACCOUNT_LIMITS.windowMs + AUTH_CODE.changeWindowMs;

/** Stands for the decoy of a handle that has none (a real flow's, or an unknown one): matches no row. */
const NO_ROW = '00000000-0000-0000-0000-000000000000';

export type DecoyRow = typeof decoyFlows.$inferSelect;

/**
 * The decoy of the handle, if any, and the codes its address was "sent" that the limits still count,
 * the address's decoys locked like a real account's row (two concurrent calls read a settled state).
 * Runs for every handle: for a real one it matches nothing.
 */
export async function openDecoy(tx: Tx, publicId: string, since: Date): Promise<{ decoy: DecoyRow | null; codes: SentCode[] }> {
  const rows = await tx
    .select()
    .from(decoyFlows)
    .where(
      and(
        eq(decoyFlows.email, sql`(select ${decoyFlows.email} from ${decoyFlows} where ${decoyFlows.publicId} = ${publicId}::uuid)`),
        or(gt(decoyFlows.expiresAt, since), eq(decoyFlows.publicId, publicId)),
      ),
    )
    .for('no key update');
  return {
    decoy: rows.find((r) => r.publicId === publicId) ?? null,
    codes: rows.filter((r) => r.expiresAt && r.expiresAt > since).map((r) => ({ expiresAt: r.expiresAt!.getTime(), failures: r.attempts })),
  };
}

/**
 * A new code "sent": the current row is retired under a fresh handle (its attempts stay counted) and
 * a new one takes over the handle, as send_auth_code does with auth_codes.
 */
export async function resendDecoy(tx: Tx, decoyId: string | undefined, publicId: string, retiredId: string, expiresAt: number, now: number): Promise<void> {
  await tx
    .update(decoyFlows)
    .set({ publicId: retiredId, usedAt: new Date(now) })
    .where(eq(decoyFlows.id, decoyId ?? NO_ROW));
  await tx.execute(sql`
    insert into ${decoyFlows} (public_id, email, expires_at, created_at)
    select ${publicId}::uuid, ${decoyFlows.email}, ${new Date(expiresAt).toISOString()}::timestamptz, ${decoyFlows.createdAt}
    from ${decoyFlows} where ${decoyFlows.id} = ${decoyId ?? NO_ROW}::uuid`);
}

/** One more wrong code on the decoy's current code. */
export async function countDecoyAttempt(tx: Tx, decoyId: string | undefined): Promise<void> {
  await tx
    .update(decoyFlows)
    .set({ attempts: sql`${decoyFlows.attempts} + 1` })
    .where(eq(decoyFlows.id, decoyId ?? NO_ROW));
}
