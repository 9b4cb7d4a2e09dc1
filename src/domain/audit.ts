/**
 * The audit trail (issue 18): what an entry is, the filters of GET /audit/list, and the field-by-field
 * difference between an entry's record before and after, shared by the server and the viewer.
 */

/** What an entry speaks of. A share's signers, company, bank accounts, proposals and files carry its contract too. */
export const AUDIT_OBJECT_TYPES = ['share', 'person', 'company', 'bank', 'proposal', 'file', 'player_file', 'auction', 'user', 'administrator', 'fund', 'player', 'cancel_reason', 'session'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const isAuditObjectType = (v: unknown): v is AuditObjectType => typeof v === 'string' && (AUDIT_OBJECT_TYPES as readonly string[]).includes(v);

/**
 * Every action the server writes, `<objectType>.<verb>`. The viewer offers them as its action filter
 * (in Portuguese); the server refuses a filter on anything else.
 */
export const AUDIT_ACTIONS = [
  'share.share_send_autoservice',
  'share.start_sale',
  'share.client_accept',
  'share.contract_received',
  'share.set_transfer',
  'share.set_paid',
  'share.cancel_sale',
  'share.raise_pendency',
  'share.clear_pendency',
  // Pendencies as records (issue 15): each move on one share's pendency.
  'share.pendency_open',
  'share.pendency_add_ticket',
  'share.pendency_register_payment',
  'share.pendency_clear',
  'share.release_proposals',
  'share.proof_attach',
  'share.transfer_responsible',
  'person.save',
  'person.delete',
  'company.save',
  'bank.save',
  'proposal.select',
  'proposal.edit_price',
  'file.upload',
  'player_file.send',
  'auction.create',
  'auction.save_config',
  'auction.next_step',
  'auction.cancel',
  'auction.add_file',
  'auction.remove_file',
  'auction.pricing_retry',
  'user.create',
  'user.update',
  'user.disable',
  'user.enable',
  'user.send_reset',
  'user.change_password',
  'administrator.create',
  'administrator.update',
  'fund.create',
  'fund.update',
  'fund.disable',
  'fund.enable',
  'player.create',
  'player.update',
  'player.disable',
  'player.enable',
  'cancel_reason.create',
  'cancel_reason.update',
  'cancel_reason.disable',
  'cancel_reason.enable',
  'session.login',
  'session.login_failed',
  'session.logout',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (v: unknown): v is AuditAction => typeof v === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(v);

/** One row of GET /audit/list. */
export interface AuditListItem {
  auditId: number;
  at: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  objectType: string;
  objectId: string;
  contractNumber: string | null;
  admId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The `filters` of GET /audit/list. `object` is an object's id or a share's contract number: a
 * contract finds the share's moves and everything written about it (signers, bank, files…).
 * `from`/`to` are ISO instants, `to` exclusive.
 */
export interface AuditListFilters {
  userId?: string;
  objectType?: AuditObjectType;
  object?: string;
  action?: AuditAction[];
  from?: string;
  to?: string;
}

/** One field that differs between before and after. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
  kind: 'added' | 'removed' | 'changed';
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The fields that differ, in the record's own order (after's, then fields only before had). Nested
 * records (an address, a brand's colours) are compared field by field as `address.city`.
 */
export function auditChanges(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined, prefix = ''): AuditChange[] {
  const b = before ?? {};
  const a = after ?? {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const out: AuditChange[] = [];
  for (const k of keys) {
    const field = prefix ? `${prefix}.${k}` : k;
    const was = b[k];
    const now = a[k];
    if (same(was, now)) continue;
    if (isPlainObject(was) && isPlainObject(now)) {
      out.push(...auditChanges(was, now, field));
      continue;
    }
    const absent = (v: unknown) => v === null || v === undefined;
    const kind = absent(was) ? 'added' : absent(now) ? 'removed' : 'changed';
    out.push({ field, before: was ?? null, after: now ?? null, kind });
  }
  return out;
}

/** A share changed (SSE event `share` of GET /live/events). `by` is the user who changed it. */
export interface LiveShareEvent {
  contractNumber: string;
  action: string;
  by: { userId: string | null; name: string | null };
  state?: string | null;
}

/** The SSE events of GET /live/events. */
export const LIVE_EVENTS = { share: 'share', many: 'shares', heartbeat: 'ping', end: 'end' } as const;

/** Heartbeat period of the stream: below the idle timeouts of the usual proxies (60 s). */
export const LIVE_HEARTBEAT_MS = 20_000;
