/**
 * The signed-in user as the server trusts it: read from the users row, never from the token's
 * claims (those are the client's copy), and kept for a moment to spare a query per request.
 */
import { eq } from 'drizzle-orm';
import { type Profile, profileOf } from '../../src/domain/profiles';
import type { Db } from '../db/client';
import { users } from '../db/schema';

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
  /** Sessions opened before the last password change end (accountSessions.ts). */
  passwordChangedAt?: Date | null;
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
  passwordChangedAt: row.passwordChangedAt,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_CACHED = 10_000;

export interface UserLoader {
  load(userId: string): Promise<AuthUser | null>;
  forget(userId: string): void;
}

export function createUserLoader(db: Db, ttlMs: number): UserLoader {
  const cache = new Map<string, { user: AuthUser | null; until: number }>();
  return {
    async load(userId) {
      // A malformed id would make PostgreSQL raise on the uuid cast: it is simply no user.
      if (!UUID.test(userId)) return null;
      const now = Date.now();
      const hit = cache.get(userId);
      if (hit && hit.until > now) return hit.user;
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      const user = row ? toAuthUser(row) : null;
      if (ttlMs > 0) {
        if (cache.size >= MAX_CACHED) cache.clear();
        cache.set(userId, { user, until: now + ttlMs });
      }
      return user;
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}
