/**
 * Handles given out for e-mails that have no account (docs/account.md, "Enumeration stance"). They
 * behave like real ones until the very end: a masked e-mail, the resend interval, attempts counted
 * per code and per address (the same per-account limits as a real account), "invalid code" every
 * time.
 *
 * Kept in memory, bounded, evicted oldest first (a Map iterates in insertion order, which is also
 * creation order). A decoy is kept for as long as a real flow still answers as alive
 * (FLOW_LIFETIME_MS); past it, or when evicted early, its handle answers as an expired real flow.
 * An early eviction is the one remaining tell, and it takes `maxFlows` new decoys within a
 * flow's lifetime. A restart forgets them all.
 */
import type { SentCode } from './accountLimits';
import { AUTH_CODE, AUTH_CODE_ACCOUNT_LIMITS } from '../../src/domain/account';

/** A flow accepts new codes for this long after verify_username; then the user starts again. */
export const FLOW_MAX_AGE_MS = 60 * 60_000;
/** After this, every call with the handle answers "start again": its last code has expired too. */
export const FLOW_LIFETIME_MS = FLOW_MAX_AGE_MS + AUTH_CODE.ttlMs;
/**
 * An auth_codes row older than this serves nothing: its handle answers "start again", its code no
 * longer counts in the account's limits, and a change it verified has closed. verify_username
 * deletes such rows as it opens new ones.
 */
export const FLOW_RETENTION_MS = FLOW_LIFETIME_MS + AUTH_CODE_ACCOUNT_LIMITS.windowMs + AUTH_CODE.changeWindowMs;

export interface Decoy {
  email: string;
  createdAt: number;
  /** The code "sent" last, shared with the address's history below. */
  code: SentCode | null;
}

export const DEFAULT_MAX_DECOY_FLOWS = 100_000;

export class DecoyFlows {
  private readonly flows = new Map<string, Decoy>();
  /** Per address, the codes "sent" in the window: what the per-account limits count. */
  private readonly sent = new Map<string, SentCode[]>();

  constructor(private readonly maxFlows = DEFAULT_MAX_DECOY_FLOWS) {}

  create(publicId: string, email: string, now: number): void {
    this.evict(now);
    this.flows.set(publicId, { email, createdAt: now, code: null });
  }

  /** The decoy, or null when it never existed, outlived a real flow's lifetime or was evicted. */
  get(publicId: string, now: number): Decoy | null {
    const d = this.flows.get(publicId);
    return d && d.createdAt + FLOW_LIFETIME_MS > now ? d : null;
  }

  /** The address's codes still counted by the per-account limits. */
  codesOf(email: string, now: number): SentCode[] {
    const since = now - AUTH_CODE_ACCOUNT_LIMITS.windowMs;
    const live = (this.sent.get(email) ?? []).filter((c) => c.expiresAt > since);
    if (live.length) this.sent.set(email, live);
    else this.sent.delete(email);
    return live;
  }

  send(decoy: Decoy, now: number): void {
    const code: SentCode = { expiresAt: now + AUTH_CODE.ttlMs, failures: 0 };
    decoy.code = code;
    const codes = this.codesOf(decoy.email, now);
    // Re-inserted so the Map's order is least recently used first.
    this.sent.delete(decoy.email);
    this.sent.set(decoy.email, [...codes, code]);
    while (this.sent.size > this.maxFlows) this.sent.delete(this.sent.keys().next().value!);
  }

  get size(): number {
    return this.flows.size;
  }

  private evict(now: number): void {
    for (const [id, d] of this.flows) {
      if (d.createdAt + FLOW_LIFETIME_MS > now && this.flows.size < this.maxFlows) break;
      this.flows.delete(id);
    }
  }
}
