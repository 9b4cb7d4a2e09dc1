/**
 * Account flows (SPEC §7 User; docs/account.md): changing the password in a session (first access
 * included), and the public forgotten/expired-password flow, whose handle is an auth_codes row's
 * publicId. Every state test that guards a single use is the WHERE clause of the UPDATE that
 * consumes it, so two concurrent calls cannot both pass.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Logger } from './logger';
import { AUTH_CODE, passwordPolicyFailures, type SendAuthCodeResponse, type VerifyUsernameResponse } from '../../src/domain/account';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { authCodes, decoyFlows, users } from '../db/schema';
import { MESSAGES, invalid, unauthenticated, tooMany, unavailable, secondsUntil } from './errors';
import { codeMatches, generateCode, hashCode, maskEmail } from './accountCodes';
import { type DecoyRow, FLOW_LIFETIME_MS, FLOW_MAX_AGE_MS, FLOW_RETENTION_MS, countDecoyAttempt, openDecoy, resendDecoy } from './accountDecoys';
import { type SentCode, countedSince, failuresWait, sendsWait } from './accountLimits';
import type { CounterStore } from './counters';
import { createLoginThrottle } from './login';
import { authCodeMessage, type Mailer } from './mailer';
import { hashPassword, verifyPassword } from './password';
import { issueSession, revokeUserSessions } from './sessions';
import type { AuthUser } from './users';
import { writeAudit } from './audit';

export { FLOW_MAX_AGE_MS } from './accountDecoys';

/**
 * For the transaction it runs in: commit without waiting for the WAL flush. A call that writes a
 * row (a real flow) and one that writes nothing (a decoy) then commit at about the same speed.
 */
const NO_FLUSH = sql.raw(`set_config('synchronous_commit', 'off', true)`);

/** Stands for the user of a handle that has none (a decoy's, or an unknown one): matches no row. */
const NO_ROW = '00000000-0000-0000-0000-000000000000';

/** Rows past their retention one verify_username deletes at most: more calls than expired flows keep up. */
const PURGE_BATCH = 50;

const recoveryExpired = () => invalid(MESSAGES.passwordRecoveryExpired);
// On `code` too, so a code form shows the refusal on its field (the catalogue translates the text).
const codeInvalid = () => invalid(MESSAGES.authCodeInvalid, { code: MESSAGES.authCodeInvalid });
const attemptsExhausted = () => invalid(MESSAGES.authCodeAttempts, { code: MESSAGES.authCodeAttempts });
// The account's budget of wrong codes is spent: no code verifies, the right one included, until it recovers.
const accountGuessesSpent = (wait: number) => tooMany(MESSAGES.tooManyAttempts, secondsUntil(wait), { code: MESSAGES.tooManyAttempts });
const accountSendsSpent = (wait: number) => tooMany(MESSAGES.tooManyRequests, secondsUntil(wait));

/** i18n keys the app shows on the password fields. */
export const FIELD_KEYS = {
  currentWrong: 'account.password.currentWrong',
  policy: (rule: string) => `account.policy.${rule}`,
} as const;

/** 400 with the first broken rule's i18n key (`account.policy.<rule>`) on `newPassword`. */
export function checkPasswordPolicy(newPassword: string): void {
  const [first] = passwordPolicyFailures(newPassword);
  if (first) throw invalid(MESSAGES.passwordPolicy, { newPassword: FIELD_KEYS.policy(first) });
}

const tooSoon = (sentAt: number | null, now: number) => {
  const wait = sentAt === null ? 0 : sentAt + AUTH_CODE.resendIntervalMs - now;
  return wait > 0 ? tooMany(MESSAGES.tooManyRequests, secondsUntil(wait)) : null;
};

type FlowRow = typeof authCodes.$inferSelect;

/** When the current code was sent: its expiry minus its lifetime; null when none awaits verification. */
const sentAtOf = (row: FlowRow) => (row.codeHash && row.expiresAt ? row.expiresAt.getTime() - AUTH_CODE.ttlMs : null);

/** When a decoy's current code was "sent"; null before the first. */
const decoySentAt = (row: DecoyRow) => (row.expiresAt ? row.expiresAt.getTime() - AUTH_CODE.ttlMs : null);

/** A code's failures: its attempts, less the one that verified it. */
const sentCodeOf = (row: FlowRow): SentCode => ({ expiresAt: row.expiresAt!.getTime(), failures: Math.max(0, row.attempts - (row.verifiedAt ? 1 : 0)) });

/**
 * What send_auth_code and verify_auth_code decide on, the same for a real flow and a decoy:
 * `createdAt` — when verify_username opened it; `usable` — false once used (a real flow only);
 * `sentAt` — when its current code went out (null: none awaits verification); `attempts` on that
 * code; `codes` — every code the address was sent in the limits' window.
 */
interface FlowView {
  createdAt: number;
  usable: boolean;
  sentAt: number | null;
  attempts: number;
  codes: SentCode[];
}

export interface AccountServiceOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: Logger;
  /** Where the login throttles count: a wrong old password counts like a failed login. */
  counters: CounterStore;
  /** Called with the user whose password changed, so cached sessions see the new state at once. */
  onPasswordChanged?: (userId: string) => void;
}

export function createAccountService({ db, config, mailer, log, counters, onPasswordChanged }: AccountServiceOptions) {
  const throttle = createLoginThrottle(counters, config, log);
  // Its own key, derived from the server secret: a code hash never shares a key with a token.
  const secret = config.codeHashSecret;
  const expiryFrom = (now: number) => (config.passwordMaxAgeDays > 0 ? new Date(now + config.passwordMaxAgeDays * 86_400_000) : null);

  /** The new password, every open flow of the user closed, first access cleared (and so the login throttles, keyed by the change). */
  async function storeNewPassword(tx: Db | Tx, userId: string, newPassword: string, now: number): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, passwordExpiresAt: expiryFrom(now), passwordChangedAt: new Date(now) })
      .where(eq(users.id, userId));
    await tx.update(authCodes).set({ usedAt: new Date(now) }).where(and(eq(authCodes.userId, userId), isNull(authCodes.usedAt)));
    // A new password ends every session opened with the old one, on every instance.
    await revokeUserSessions(tx, userId);
  }

  const sendInBackground = (to: string, code: string, name: string) => {
    // Not awaited: an SMTP round trip would make a real account's answer slower than a decoy's.
    mailer.send(authCodeMessage(to, code, name)).catch((err: unknown) => log.error({ err }, 'could not send the verification code e-mail'));
  };

  /**
   * The statements both send_auth_code and verify_auth_code start with, the same for any handle:
   * a commit that does not wait for the WAL flush (whether or not a row is written), the
   * flow, its account locked (every change to an account's flows holds that lock, so the limits
   * and the single-use checks read a settled state), the codes the limits count, and the same for
   * a decoy (server/services/accountDecoys.ts).
   */
  async function openFlow(tx: Tx, publicId: string, now: number) {
    await tx.execute(sql`select ${NO_FLUSH}`);
    const [found] = await tx
      .select({ userId: authCodes.userId, email: users.email, name: users.name })
      .from(authCodes)
      .innerJoin(users, eq(users.id, authCodes.userId))
      .where(eq(authCodes.publicId, publicId))
      .limit(1);
    const userId = found?.userId ?? NO_ROW;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const since = countedSince(now);
    const rows = await tx
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.userId, userId), or(gt(authCodes.expiresAt, since), eq(authCodes.publicId, publicId))));
    const { decoy, codes: decoyCodes } = await openDecoy(tx, publicId, since);
    const flow = rows.find((r) => r.publicId === publicId) ?? null;
    return {
      flow,
      // A handle is a real flow's or a decoy's, never both (uuids drawn at random).
      decoy: flow ? null : decoy && decoy.createdAt.getTime() + FLOW_LIFETIME_MS > now ? decoy : null,
      email: found?.email,
      name: found?.name,
      codes: rows.filter((r) => r.expiresAt && r.expiresAt > since).map(sentCodeOf),
      decoyCodes,
    };
  }

  return {
    /**
     * Answers a fresh session token: the change ends every session of the user, the caller's
     * included, and the caller goes on with a new one opened in the same transaction.
     * `lastAccess` is the current token's claim, carried over.
     */
    async changePassword(user: AuthUser, oldPassword: string, newPassword: string, lastAccess: string | null, ip: string): Promise<{ token: string }> {
      const now = Date.now();
      checkPasswordPolicy(newPassword);
      const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
      if (!row) throw unauthenticated(MESSAGES.unauthorized);
      // The login's throttle, on the same counters: a stolen session must not buy faster guesses.
      const subject = { email: row.email.trim().toLowerCase(), passwordChangedAt: row.passwordChangedAt };
      await throttle.check(subject, ip);
      // 400, not 401: a 401 ends the session in the app, and a typo in the old password should not.
      if (!(await verifyPassword(oldPassword, row.passwordHash))) {
        await throttle.fail(subject, ip, true);
        throw invalid(MESSAGES.invalidCredentials, { oldPassword: FIELD_KEYS.currentWrong });
      }
      await throttle.succeed(subject, ip);
      if (newPassword.normalize('NFC') === oldPassword.normalize('NFC')) throw invalid(MESSAGES.newPasswordMustDiffer);
      const { token } = await db.transaction(async (tx) => {
        await storeNewPassword(tx, row.id, newPassword, now);
        // What changed is the password, which the trail never holds: the entry says when and by whom.
        await writeAudit(tx, { userId: row.id, action: 'user.change_password', objectType: 'user', objectId: row.id, admId: row.admId, before: null, after: { ip } });
        return issueSession(tx, config, row, lastAccess, now);
      });
      onPasswordChanged?.(row.id);
      return { token };
    },

    async verifyUsername(username: string): Promise<VerifyUsernameResponse> {
      // Without a transport a code could only go to a log, which production forbids (server/config.ts).
      if (config.mail.disabled) throw unavailable(MESSAGES.passwordRecoveryDisabled);
      const now = Date.now();
      const email = username.trim().toLowerCase();
      const publicId = randomUUID();
      const retainedSince = new Date(now - FLOW_RETENTION_MS).toISOString();
      // One statement for both branches: it inserts the flow when the e-mail has an account, a decoy otherwise.
      // Its commit does not wait for the WAL flush (the one cost a write has that a read has not),
      // so an unknown e-mail answers about as fast; a crash may forget a flow just opened, and its
      // handle then answers "start again" (timing in docs/account.md). The same statement deletes
      // rows past FLOW_RETENTION_MS, a bounded batch, whatever the e-mail: the table holds hours, not years.
      await db.execute(sql`
        with u as (select ${users.id} as id from ${users} where lower(${users.email}) = ${email} limit 1),
             ins as (insert into ${authCodes} (user_id, public_id) select id, ${publicId}::uuid from u returning 1),
             dec as (insert into ${decoyFlows} (public_id, email) select ${publicId}::uuid, ${email} where not exists (select 1 from u) returning 1),
             old as (delete from ${authCodes} where ${authCodes.id} in (select ${authCodes.id} from ${authCodes} where ${authCodes.createdAt} < ${retainedSince}::timestamptz limit ${PURGE_BATCH})),
             olddec as (delete from ${decoyFlows} where ${decoyFlows.id} in (select ${decoyFlows.id} from ${decoyFlows} where ${decoyFlows.createdAt} < ${retainedSince}::timestamptz limit ${PURGE_BATCH}))
        select ${NO_FLUSH}`);
      return { publicId };
    },

    async sendAuthCode(publicId: string): Promise<SendAuthCodeResponse> {
      const now = Date.now();
      const outcome = await db.transaction(async (tx) => {
        const { flow, decoy, email, name, codes, decoyCodes } = await openFlow(tx, publicId, now);
        const view: FlowView | null = flow
          ? { createdAt: flow.createdAt.getTime(), usable: !flow.usedAt, sentAt: sentAtOf(flow), attempts: flow.attempts, codes }
          : decoy && { createdAt: decoy.createdAt.getTime(), usable: true, sentAt: decoySentAt(decoy), attempts: decoy.attempts, codes: decoyCodes };
        if (!view || !view.usable || view.createdAt + FLOW_MAX_AGE_MS <= now) return { error: recoveryExpired() };
        const wait = tooSoon(view.sentAt, now);
        if (wait) return { error: wait };
        const spent = sendsWait(view.codes, now);
        if (spent !== null) return { error: accountSendsSpent(spent) };
        // Each code gets its own row, so the wrong guesses of the codes before it stay counted: the
        // current row is retired (closed, under a fresh handle) and a new one takes over the handle.
        // A decoy runs the same two statements, matching nothing.
        const code = generateCode();
        const newId = randomUUID();
        await tx
          .update(authCodes)
          .set({ publicId: randomUUID(), usedAt: new Date(now) })
          .where(eq(authCodes.id, flow?.id ?? NO_ROW));
        await tx.execute(sql`
          insert into ${authCodes} (id, user_id, public_id, code_hash, expires_at, created_at)
          select ${newId}::uuid, ${users.id}, ${publicId}::uuid, ${hashCode(secret, newId, code)},
                 ${new Date(now + AUTH_CODE.ttlMs).toISOString()}::timestamptz, ${new Date(view.createdAt).toISOString()}::timestamptz
          from ${users} where ${users.id} = ${flow?.userId ?? NO_ROW}::uuid`);
        await resendDecoy(tx, decoy?.id, publicId, randomUUID(), now + AUTH_CODE.ttlMs, now);
        return { to: flow ? { email: email!, name: name!, code } : null, maskedEmail: maskEmail(flow ? email! : decoy!.email) };
      });
      if ('error' in outcome) throw outcome.error;
      if (outcome.to) sendInBackground(outcome.to.email, outcome.to.code, outcome.to.name);
      return { maskedEmail: outcome.maskedEmail, expiresInSeconds: AUTH_CODE.ttlMs / 1000 };
    },

    async verifyAuthCode(publicId: string, code: string): Promise<void> {
      const now = Date.now();
      // Outcomes are returned, not thrown, so that the attempt a wrong code took is committed.
      const error = await db.transaction(async (tx) => {
        const { flow, decoy, codes, decoyCodes } = await openFlow(tx, publicId, now);
        const view: FlowView | null = flow
          ? { createdAt: flow.createdAt.getTime(), usable: !flow.usedAt, sentAt: sentAtOf(flow), attempts: flow.attempts, codes }
          : decoy && { createdAt: decoy.createdAt.getTime(), usable: true, sentAt: decoySentAt(decoy), attempts: decoy.attempts, codes: decoyCodes };
        if (!view || !view.usable || view.createdAt + FLOW_LIFETIME_MS <= now) return recoveryExpired();
        const spent = failuresWait(view.codes, now);
        if (spent !== null) return accountGuessesSpent(spent);
        if (view.sentAt !== null && view.attempts >= AUTH_CODE.maxAttempts) return attemptsExhausted();
        if (view.sentAt === null || view.sentAt + AUTH_CODE.ttlMs <= now) return codeInvalid();
        const right = flow ? codeMatches(secret, flow.id, code, flow.codeHash!) : false;
        // One UPDATE whatever the outcome (a decoy's matches nothing). Clearing the hash makes the
        // code single use; verifiedAt opens the change window.
        await tx
          .update(authCodes)
          .set(right ? { attempts: sql`${authCodes.attempts} + 1`, verifiedAt: new Date(now), codeHash: null } : { attempts: sql`${authCodes.attempts} + 1` })
          .where(eq(authCodes.id, flow?.id ?? NO_ROW));
        await countDecoyAttempt(tx, decoy?.id);
        return right ? null : codeInvalid();
      });
      if (error) throw error;
    },

    async authChangePassword(publicId: string, newPassword: string): Promise<void> {
      const now = Date.now();
      const [flow] = await db
        .select()
        .from(authCodes)
        .where(and(eq(authCodes.publicId, publicId), isNull(authCodes.usedAt), gt(authCodes.verifiedAt, new Date(now - AUTH_CODE.changeWindowMs))))
        .limit(1);
      if (!flow) throw recoveryExpired();
      checkPasswordPolicy(newPassword);
      const [user] = await db.select().from(users).where(eq(users.id, flow.userId)).limit(1);
      if (!user) throw recoveryExpired();
      if (await verifyPassword(newPassword, user.passwordHash)) throw invalid(MESSAGES.newPasswordMustDiffer);
      await db.transaction(async (tx) => {
        // The account first, as every change to its flows does (no lock-order deadlock with a resend).
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
        const [claimed] = await tx
          .update(authCodes)
          .set({ usedAt: new Date(now) })
          .where(and(eq(authCodes.id, flow.id), isNull(authCodes.usedAt)))
          .returning({ id: authCodes.id });
        if (!claimed) throw recoveryExpired();
        await storeNewPassword(tx, user.id, newPassword, now);
        await writeAudit(tx, { userId: user.id, action: 'user.change_password', objectType: 'user', objectId: user.id, admId: user.admId, before: null, after: { recovery: true } });
      });
      onPasswordChanged?.(user.id);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
