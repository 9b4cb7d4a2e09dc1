/**
 * POST /user/login. A wrong e-mail and a wrong password answer the same 401 after the same work,
 * so accounts cannot be enumerated; repeated failures lock the account for a while. A right but
 * expired password answers 401 "Password has expired" with a `publicId` for auth_change_password.
 */
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError, MESSAGES, unauthorized } from '../http/errors';
import { openVerifiedFlow } from './accountFlow';
import { hashPassword, verifyPassword } from './password';
import { issueSession, purgeExpiredSessions } from './sessions';

export interface LoginResult {
  token: string;
  /** The account must change its password before anything else (first access). */
  firstAccess: boolean;
}

type Lockout = Config['loginLockout'];

/** One login in this many deletes up to a hundred sessions that expired over a day ago. */
const PURGE_EVERY = 20;

const locked = (until: Date, now: number) =>
  new HttpError(429, MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now) / 1000))) });

/**
 * Failures for e-mails that have no account. Without this, five failures would lock a real account
 * but not an unknown one, and the difference would tell which e-mails exist.
 */
class UnknownAccountFailures {
  private readonly map = new Map<string, { failures: number; lockedUntil: number }>();
  constructor(private readonly lockout: Lockout) {}

  lockedUntil(key: string, now: number): Date | null {
    const entry = this.map.get(key);
    return entry && entry.lockedUntil > now ? new Date(entry.lockedUntil) : null;
  }

  fail(key: string, now: number): void {
    if (this.map.size > 50_000) this.map.clear();
    const entry = this.map.get(key);
    const failures = entry && !(entry.lockedUntil && entry.lockedUntil <= now) ? entry.failures + 1 : 1;
    this.map.set(key, { failures, lockedUntil: failures >= this.lockout.maxFailures ? now + this.lockout.lockMs : 0 });
  }
}

/**
 * One more wrong password for the account (login, or the old password of change_password), locking
 * it after too many. One statement, so concurrent failures cannot lose a count; an expired lock
 * starts a new count.
 */
export async function recordLoginFailure(db: Db, config: Config, userId: string): Promise<void> {
  const { maxFailures, lockMs } = config.loginLockout;
  await db
    .update(users)
    .set({
      failedLogins: sql`case when ${users.lockedUntil} is not null and ${users.lockedUntil} <= now() then 1 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case
        when ${users.lockedUntil} is not null and ${users.lockedUntil} > now() then ${users.lockedUntil}
        when (case when ${users.lockedUntil} is not null and ${users.lockedUntil} <= now() then 1 else ${users.failedLogins} + 1 end) >= ${maxFailures}
          then now() + make_interval(secs => ${lockMs / 1000})
        else null end`,
    })
    .where(eq(users.id, userId));
}

export function createLoginService(db: Db, config: Config) {
  const unknown = new UnknownAccountFailures(config.loginLockout);
  // Verifying against a real hash when the account does not exist costs the same time as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hashPassword('repasse-timing-equaliser'));
  const recordFailure = (userId: string) => recordLoginFailure(db, config, userId);

  return {
    async login(username: string, password: string): Promise<LoginResult> {
      const key = username.trim().toLowerCase();
      const now = Date.now();
      const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${key}`).limit(1);

      if (!user) {
        const until = unknown.lockedUntil(key, now);
        if (until) throw locked(until, now);
        await verifyPassword(password, await dummy());
        unknown.fail(key, now);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      if (user.lockedUntil && user.lockedUntil.getTime() > now) throw locked(user.lockedUntil, now);

      if (!(await verifyPassword(password, user.passwordHash))) {
        await recordFailure(user.id);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      // Only someone who knows the password learns that it expired, and gets the handle that lets the
      // change screen set a new one without an e-mail round trip (docs/account.md).
      if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= now) {
        await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
        const publicId = await openVerifiedFlow(db, user.id, now);
        throw new HttpError(401, MESSAGES.passwordExpired, undefined, undefined, { publicId });
      }

      // A disabled user is refused like a wrong password: the answer must not tell whether the
      // account exists, and the password was right, so no failure is counted.
      if (user.disabledAt) throw unauthorized(MESSAGES.invalidCredentials);
      await db.update(users).set({ failedLogins: 0, lockedUntil: null, lastAccess: new Date(now) }).where(eq(users.id, user.id));
      // The access before this one: what a "last access" line shows the user who just signed in.
      const { token } = await issueSession(db, config, user, user.lastAccess ? user.lastAccess.toISOString() : null, now);
      // Keeps the table to live sessions: a bounded batch after one login in PURGE_EVERY, so logins
      // neither pay for a backlog nor add a statement each (on PGlite it would queue before the
      // first list's query that follows a login).
      if (Math.random() * PURGE_EVERY < 1) purgeExpiredSessions(db).catch(() => undefined);
      return { token, firstAccess: user.mustChangePassword };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
