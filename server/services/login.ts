/**
 * POST /user/login. A wrong e-mail and a wrong password answer the same 401 after the same work, and
 * count in the same throttles, so accounts cannot be enumerated. There is no account lockout: five
 * failures from anyone used to lock the owner out, so any anonymous client could keep an operator
 * out with five requests. Failures are counted per (e-mail, client address) instead, each beyond a
 * few free ones making that client alone wait longer, and per address across e-mails; the right
 * password from a client that did not fail gets in at once (docs/security.md, docs/decisions.md).
 * A right but expired password answers 401 "Password has expired" with a `publicId` for
 * auth_change_password.
 */
import type { Logger } from './logger';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users, whiteLabelConfigs } from '../db/schema';
import { labelIdFromHost, mayUseBrandHost } from '../../src/domain/whiteLabel';
import { DomainError, MESSAGES, unauthenticated, denied, tooMany, secondsUntil } from './errors';
import { openVerifiedFlow } from './accountFlow';
import { type CounterStore, counterKey } from './counters';
import { HashGate } from './hashGate';
import { hashPassword, verifyPassword } from './password';
import { issueSession, purgeExpiredSessions } from './sessions';
import { writeAudit } from './audit';

export interface LoginResult {
  token: string;
  /** The account must change its password before anything else (first access). */
  firstAccess: boolean;
}

/** One login in this many deletes up to a hundred sessions that expired over a day ago. */
const PURGE_EVERY = 20;

/** Failures on one e-mail from all clients in an hour that make the log warn (once per hundred). */
export const ACCOUNT_ALERT_FAILURES = 100;


export const normalizeEmail = (username: string): string => username.trim().toLowerCase();

/**
 * The throttle's identity of an account: its normalised e-mail and, for an existing account, when
 * its password last changed, so a new password (a recovery after many typos) starts with clean
 * counts. Unknown e-mails have no change: the same shape, the same counters.
 */
export interface ThrottleSubject {
  email: string;
  passwordChangedAt: Date | null;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(counters: CounterStore, config: Config, log?: Logger) {
  const { freeFailures, baseDelayMs, maxDelayMs, windowMs } = config.loginThrottle;
  const address = config.loginAddressLimit;
  const keysOf = ({ email, passwordChangedAt }: ThrottleSubject, ip: string) => {
    const generation = passwordChangedAt ? String(passwordChangedAt.getTime()) : '';
    return {
      failures: counterKey('login:fail', email, generation, ip),
      wait: counterKey('login:wait', email, generation, ip),
      address: counterKey('login:addr', ip),
      account: counterKey('login:acct', email),
    };
  };
  /** The wait after the nth failure: none for the free ones, then base, 2×base, 4×base… up to the cap. */
  const delayAfter = (failures: number) => {
    const beyond = failures - freeFailures;
    return beyond <= 0 ? 0 : Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(beyond - 1, 40));
  };

  return {
    /** 429 while this client must wait: its failures on this e-mail, or its failures across e-mails. */
    async check(subject: ThrottleSubject, ip: string): Promise<void> {
      const keys = keysOf(subject, ip);
      const now = Date.now();
      const wait = await counters.get(keys.wait);
      if (wait) throw tooMany(MESSAGES.tooManyAttempts, secondsUntil(wait.expiresAt - now));
      const spent = await counters.get(keys.address);
      if (spent && spent.count >= address.maxFailures) throw tooMany(MESSAGES.tooManyRequests, secondsUntil(spent.expiresAt - now));
    },

    async fail(subject: ThrottleSubject, ip: string, known: boolean): Promise<void> {
      const keys = keysOf(subject, ip);
      const { count } = await counters.increment(keys.failures, windowMs);
      await counters.increment(keys.address, address.windowMs);
      const delay = delayAfter(count);
      if (delay > 0) await counters.increment(keys.wait, delay);
      // No lock across clients (docs/decisions.md): many failures on one account from many addresses
      // are a signal for the operator, not a reason to refuse the owner.
      const across = await counters.increment(keys.account, 60 * 60_000);
      if (known && across.count % ACCOUNT_ALERT_FAILURES === 0) {
        log?.warn({ email: subject.email, failures: across.count }, 'many failed logins on one account within an hour, from any address');
      }
    },

    /** The right password: this client's count on the account starts again (other clients' do not). */
    async succeed(subject: ThrottleSubject, ip: string): Promise<void> {
      const keys = keysOf(subject, ip);
      await counters.reset(keys.failures);
      await counters.reset(keys.wait);
    },
  };
}

/** The administrator whose brand the host names, or null for the default brand or an unknown label. */
async function brandOfHost(db: Db, host: string | undefined): Promise<number | null> {
  const labelId = labelIdFromHost(host);
  if (!labelId) return null;
  const [row] = await db.select({ admId: whiteLabelConfigs.admId }).from(whiteLabelConfigs).where(eq(whiteLabelConfigs.labelId, labelId)).limit(1);
  return row?.admId ?? null;
}

export interface LoginServiceOptions {
  db: Db;
  config: Config;
  counters: CounterStore;
  log?: Logger;
}

export function createLoginService({ db, config, counters, log }: LoginServiceOptions) {
  const throttle = createLoginThrottle(counters, config, log);
  // One per process: what it bounds is this process's CPU and thread pool.
  const gate = new HashGate(config.loginHashGate);
  // Verifying against a real hash when the account does not exist costs the same time as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hashPassword('repasse-timing-equaliser'));

  /**
   * A refused login in the trail (issue 18): the address typed and why, never the password. An
   * e-mail without an account has no user; the entry still says which address was tried.
   */
  const auditFailure = (user: { id: string; admId: number | null } | null, email: string, ip: string, reason: string) =>
    writeAudit(db, {
      userId: user?.id ?? null,
      action: 'session.login_failed',
      objectType: 'session',
      objectId: email.slice(0, 254),
      admId: user?.admId ?? null,
      before: null,
      after: { email: email.slice(0, 254), ip, reason },
    });

  return {
    /** Admits a login of the address before any of its work (server/services/hashGate.ts); answers its `leave`. */
    enter: (ip: string) => gate.enter(ip),

    /** `host` is the address the user typed (Host, or X-Forwarded-Host behind a trusted proxy): it picks the brand. */
    async login(username: string, password: string, ip: string, host?: string): Promise<LoginResult> {
      const email = normalizeEmail(username);
      const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
      const subject: ThrottleSubject = { email, passwordChangedAt: user?.passwordChangedAt ?? null };
      await throttle.check(subject, ip);
      const hash = user?.passwordHash ?? (await dummy());
      const right = await gate.hash(ip, () => verifyPassword(password, hash));
      if (!user || !right) {
        await throttle.fail(subject, ip, Boolean(user));
        await auditFailure(user ?? null, email, ip, 'invalidCredentials');
        throw unauthenticated(MESSAGES.invalidCredentials);
      }
      const now = Date.now();
      await throttle.succeed(subject, ip);
      // Only someone who knows the password learns that the host is the wrong brand's; a disabled
      // user still reads "invalid credentials" below.
      if (!user.disabledAt && !mayUseBrandHost({ profile: user.profiles[0] ?? null, admId: user.admId }, await brandOfHost(db, host))) {
        await auditFailure(user, email, ip, 'wrongBrandHost');
        throw denied(MESSAGES.wrongBrandHost);
      }
      // Only someone who knows the password learns that it expired, and gets the handle that lets the
      // change screen set a new one without an e-mail round trip (docs/account.md).
      if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= now) {
        const publicId = await openVerifiedFlow(db, user.id, now);
        await auditFailure(user, email, ip, 'passwordExpired');
        throw new DomainError('unauthenticated', MESSAGES.passwordExpired, { extra: { publicId } });
      }

      // A disabled user is refused like a wrong password: the answer must not tell whether the
      // account exists, and the password was right, so no failure is counted.
      if (user.disabledAt) {
        await auditFailure(user, email, ip, 'disabled');
        throw unauthenticated(MESSAGES.invalidCredentials);
      }
      const { token } = await db.transaction(async (tx) => {
        await tx.update(users).set({ lastAccess: new Date(now) }).where(eq(users.id, user.id));
        // The access before this one: what a "last access" line shows the user who just signed in.
        const session = await issueSession(tx, config, user, user.lastAccess ? user.lastAccess.toISOString() : null, now);
        await writeAudit(tx, { userId: user.id, action: 'session.login', objectType: 'session', objectId: session.sid, admId: user.admId, before: null, after: { email: user.email, ip } });
        return session;
      });
      // Keeps the table to live sessions: a bounded batch after one login in PURGE_EVERY, so logins
      // neither pay for a backlog nor add a statement each (on PGlite it would queue before the
      // first list's query that follows a login).
      if (Math.random() * PURGE_EVERY < 1) purgeExpiredSessions(db).catch(() => undefined);
      return { token, firstAccess: user.mustChangePassword };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
