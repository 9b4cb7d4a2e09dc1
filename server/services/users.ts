/**
 * The signed-in user as the server trusts it: read from the users row, never from the token's
 * claims (those are the client's copy), and kept for a moment to spare a query per request.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Profile, profileOf } from '../../src/domain/profiles';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  profiles: string[];
  profile: Profile | null;
  admId: number | null;
  fundId: number | null;
  playerIsRepasse: boolean;
  deniedPermissions: string[];
  /** First access: every call but change_password is refused until the password is changed. */
  mustChangePassword?: boolean;
}

export type UserRow = typeof users.$inferSelect;

export const toAuthUser = (row: UserRow): AuthUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  profiles: row.profiles,
  profile: profileOf(row),
  admId: row.admId,
  fundId: row.fundId,
  playerIsRepasse: row.playerIsRepasse,
  deniedPermissions: row.deniedPermissions,
  mustChangePassword: row.mustChangePassword,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_CACHED = 10_000;

export interface UserLoader {
  /**
   * The user of a session that is open (not revoked, not expired) and belongs to `userId`, and whose
   * user is enabled; null for anything else.
   */
  load(sessionId: string, userId: string): Promise<AuthUser | null>;
  /** Drops every cached session of the user: its next request reads the database again. */
  forget(userId: string): void;
}

/**
 * One query per session and TTL: the session joined to its user. The answer is kept for `ttlMs`
 * (at most a second in production, server/config.ts), which bounds how long a revocation written
 * by another API instance can go unseen here.
 */
export function createUserLoader(db: Db, ttlMs: number): UserLoader {
  const cache = new Map<string, { user: AuthUser | null; userId: string; until: number }>();
  // Lookups of a session already under way: concurrent requests with the same token (a page's
  // parallel calls, or every request right after the entry expires) share one query (issue 17).
  const inFlight = new Map<string, Promise<{ user: AuthUser | null; userId: string | null }>>();
  const tickets = new Map<string, object>();
  const lookup = async (sessionId: string, now: number, ticket: object) => {
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.disabledAt)))
      .limit(1);
    const found = row ? { user: toAuthUser(row.user), userId: row.user.id } : { user: null, userId: null };
    // A forget() while the query ran may have dropped a newer state: keep this answer only if none came.
    if (ttlMs > 0 && tickets.get(sessionId) === ticket) {
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(sessionId, { user: found.user, userId: found.userId ?? '', until: now + ttlMs });
    }
    return found;
  };
  return {
    async load(sessionId, userId) {
      // A malformed id would make PostgreSQL raise on the uuid cast: it is simply no session.
      if (!UUID.test(sessionId) || !UUID.test(userId)) return null;
      const now = Date.now();
      const hit = cache.get(sessionId);
      if (hit && hit.until > now) return hit.userId === userId ? hit.user : null;
      let pending = inFlight.get(sessionId);
      if (!pending) {
        const ticket = {};
        tickets.set(sessionId, ticket);
        const mine = lookup(sessionId, now, ticket).finally(() => {
          if (tickets.get(sessionId) !== ticket) return;
          tickets.delete(sessionId);
          inFlight.delete(sessionId);
        });
        inFlight.set(sessionId, mine);
        pending = mine;
      }
      const found = await pending;
      return found.userId === userId ? found.user : null;
    },
    forget(userId) {
      for (const [sid, entry] of cache) if (entry.userId === userId) cache.delete(sid);
      // A lookup under way may have read the row before the change: its answer is not kept.
      inFlight.clear();
      tickets.clear();
    },
  };
}
