/**
 * Sessions (issue 11): a login opens a row whose id the token carries as `sid`; logout revokes that
 * row, and disabling a user, an administrator's reset and a password change revoke every row of the
 * user. The rows live in the database, so every API instance sees a revocation; the auth hook's
 * cache keeps an answer for at most AUTH_CACHE_TTL_MS (server/config.ts), so a revoked session is
 * refused everywhere within a second.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { sessions } from '../db/schema';
import { signToken } from './tokens';
import { writeAudit } from './audit';

type Writer = Pick<Db, 'insert' | 'update' | 'delete'> | Pick<Tx, 'insert' | 'update' | 'delete'>;

/** Opens a session for a login and answers its id (the token's `sid`). */
export async function openSession(db: Writer, userId: string, expiresAt: Date): Promise<string> {
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return row.id;
}

/** Revokes one session (logout). Revoking an unknown or revoked session is no error. */
export async function revokeSession(db: Writer, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every open session of a user (disable, reset, password change). */
export async function revokeUserSessions(db: Writer, userId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Drops sessions that expired more than a day ago, a batch at a time (called after logins). */
export async function purgeExpiredSessions(db: Writer, batch = 100): Promise<void> {
  await db.delete(sessions).where(
    sql`${sessions.id} IN (SELECT id FROM ${sessions} WHERE ${lt(sessions.expiresAt, sql`now() - interval '1 day'`)} LIMIT ${batch})`,
  );
}

/** What a new session's token says of its user (SPEC §3 claims). */
export interface SessionUser {
  id: string;
  profiles: string[];
  name: string;
  email: string;
  playerIsRepasse: boolean;
  deniedPermissions: string[];
}

/**
 * Opens a session and signs its token. `lastAccess` is the access before this one: what a "last
 * access" line shows the user who just signed in.
 */
export async function issueSession(
  db: Writer,
  config: Pick<Config, 'jwtSecret' | 'jwtTtlSeconds'>,
  user: SessionUser,
  lastAccess: string | null,
  now = Date.now(),
): Promise<{ token: string; sid: string }> {
  const sid = await openSession(db, user.id, new Date(now + config.jwtTtlSeconds * 1000));
  const { token } = await signToken(
    {
      userId: user.id,
      profiles: user.profiles,
      name: user.name,
      email: user.email,
      lastAccess,
      playerIsRepasse: user.playerIsRepasse,
      deniedPermissions: user.deniedPermissions,
      sid,
    },
    config.jwtSecret,
    config.jwtTtlSeconds,
    now,
  );
  return { token, sid };
}

/** Logout: the session revoked and the audit entry (issue 18) in one transaction. */
export async function endSession(db: Db, user: { id: string; admId: number | null }, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await writeAudit(tx, { userId: user.id, action: 'session.logout', objectType: 'session', objectId: sessionId, admId: user.admId, before: null, after: null });
  });
}
