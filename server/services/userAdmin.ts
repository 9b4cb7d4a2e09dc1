/**
 * User management (issue 11; docs/decisions.md, Management): the user list and record, creation with
 * a one-time password, edits, disable/enable and an administrator's password reset. An operator
 * manages every user; an administrator only its own brand's users, and another brand's user answers
 * 404 exactly like a missing one. Every write leaves an audit entry in its own transaction.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { type SQL, and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Logger } from './logger';
import { ACCOUNT_ROUTES, AUTH_CODE, resetLinkFragment } from '../../src/domain/account';
import { NAME_MAX_LENGTH, type ManagedUser, type UserCreateInput, type UserCreateResult, type UserListItem, type UserUpdateInput } from '../../src/domain/management';
import { PERMISSION_NAMES } from '../../src/domain/permissions';
import type { Profile } from '../../src/domain/profiles';
import { USER_FILTER_KEYS, type UserSortField } from '../../src/domain/referenceLists';
import type { ListResponse, SortOrder } from '../../src/domain/shareList';
import { isEmail } from '../../src/domain/validation';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { administrators, authCodes, funds, users } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { type FieldErrors, MESSAGES, denied, invalid, notFound, conflict, tooMany, unavailable, secondsUntil } from './errors';
import { generateCode, hashCode, maskEmail } from './accountCodes';
import { countedSince, sendsWait } from './accountLimits';
import { writeAudit } from './audit';
import type { MailMessage, Mailer } from './mailer';
import { hashPassword } from './password';
import { type ReferenceListQuery, orderBy, parseReferenceFilters, searchCondition } from './referenceLists';
import { revokeUserSessions } from './sessions';
import type { AuthUser } from './users';

type UserRow = typeof users.$inferSelect;

export const USER_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'Invalid e-mail: already in use',
  emailInvalid: 'Invalid email',
  nameRequired: 'name is required',
  nameTooLong: `Invalid name: at most ${NAME_MAX_LENGTH} characters`,
  permissionsInvalid: 'Invalid deniedPermissions: unknown permission',
  admIdRequired: 'admId is required',
  admIdUnknown: 'Invalid admId: administrator not found',
  admIdNotAllowed: 'Invalid admId: only adm users belong to an administrator',
  fundIdRequired: 'fundId is required',
  fundIdUnknown: 'Invalid fundId: fund not found or disabled',
  fundIdNotAllowed: 'Invalid fundId: only fund users belong to a fund',
  disableSelf: 'Invalid operation: cannot disable yourself',
  lastOperator: 'Invalid operation: the last active operator cannot be disabled',
} as const;

/** The caller's reach: everything for an operator, its own brand for an administrator. */
function scopeOf(caller: AuthUser): SQL | undefined {
  if (caller.profile === 'operator') return undefined;
  if (caller.profile === 'adm' && caller.admId !== null) return eq(users.admId, caller.admId);
  return sql`false`;
}

export const toManagedUser = (row: UserRow): ManagedUser => ({
  userId: row.id,
  name: row.name,
  email: row.email,
  profile: (row.profiles[0] ?? '') as Profile,
  admId: row.admId,
  fundId: row.fundId,
  deniedPermissions: row.deniedPermissions,
  enabled: row.disabledAt === null,
  mustChangePassword: row.mustChangePassword,
  lastAccess: row.lastAccess?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The audit's copy of a user: the record the API answers, so no hash or lockout counter leaks in. */
const auditRecord = (u: ManagedUser): Record<string, unknown> => ({ ...u });

const throwIfErrors = (errors: FieldErrors) => {
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
};

const nameError = (name: string): string | null => (!name ? USER_MESSAGES.nameRequired : [...name].length > NAME_MAX_LENGTH ? USER_MESSAGES.nameTooLong : null);

const permissionsError = (denied: string[]): string | null => {
  const unknown = denied.filter((p) => !(PERMISSION_NAMES as string[]).includes(p));
  return unknown.length ? `${USER_MESSAGES.permissionsInvalid}: ${unknown.join(', ')}` : null;
};

async function emailTaken(db: Db | Tx, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return !!row;
}

/** Reads one user inside the caller's scope; 404 "User not found" for a missing or foreign one. */
async function scopedUser(db: Db | Tx, caller: AuthUser, userId: string, lock?: 'update'): Promise<UserRow> {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), scopeOf(caller)))
    .limit(1);
  const [row] = lock ? await q.for(lock) : await q;
  if (!row) throw notFound('User');
  return row;
}

const userOrder = (sort: string | undefined, order: SortOrder | undefined) => {
  const field = (sort ?? 'name') as UserSortField;
  const column = { name: users.name, email: users.email, lastAccess: users.lastAccess }[field];
  return orderBy(column, order ?? 'asc', users.id, { text: field !== 'lastAccess' });
};

export async function listUsers(db: Db, caller: AuthUser, query: ReferenceListQuery & { profile?: Profile }): Promise<ListResponse<UserListItem>> {
  const { profile, page, limit } = query;
  const f = parseReferenceFilters(query.filters, USER_FILTER_KEYS);
  // profiles[1] is the profile (SPEC §6) and has its own index.
  const where = and(scopeOf(caller), profile ? sql`${users.profiles}[1] = ${profile}` : undefined, searchCondition(f, [users.name, users.email]));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        profiles: users.profiles,
        admId: users.admId,
        fundId: users.fundId,
        lastAccess: users.lastAccess,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(where)
      .orderBy(...userOrder(query.sort, query.order))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    data: rows.map(({ profiles, lastAccess, disabledAt, ...u }) => ({
      ...u,
      profile: profiles[0] ?? '',
      lastAccess: lastAccess?.toISOString() ?? null,
      enabled: disabledAt === null,
    })),
    total: Number(total),
    page,
    limit,
  };
}

export async function getUser(db: Db, caller: AuthUser, userId: string): Promise<ManagedUser> {
  return toManagedUser(await scopedUser(db, caller, userId));
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#$%&*+-=?@';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;
const TEMPORARY_PASSWORD_LENGTH = 16;

/**
 * A one-time password that meets PASSWORD_RULES: one character of each class, the rest from all of
 * them, shuffled (CSPRNG throughout). Look-alike characters (l, 1, O, 0, o, I) are left out because
 * the password is read off a screen and typed once.
 */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < TEMPORARY_PASSWORD_LENGTH) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export interface UserAdminDeps {
  db: Db;
  config: Config;
  /** Drops the auth hook's cached row, so a change of rights or a disable holds from the next request. */
  forget: (userId: string) => void;
}

/** `caller` null is the command line (npm run user:create): an operator's reach, audited without a user. */
export async function createUser({ db, config }: UserAdminDeps, caller: AuthUser | null, input: UserCreateInput): Promise<UserCreateResult> {
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  const deniedList = [...new Set(input.deniedPermissions ?? [])];
  let admId = input.admId ?? null;
  const fundId = input.fundId ?? null;
  // An administrator creates its own brand's administrators and nothing else.
  if (caller?.profile === 'adm') {
    admId ??= caller.admId;
    if (input.profile !== 'adm' || admId !== caller.admId) throw denied();
  }

  const errors: FieldErrors = {};
  const nameProblem = nameError(name);
  if (nameProblem) errors.name = nameProblem;
  if (!isEmail(email)) errors.email = USER_MESSAGES.emailInvalid;
  const permissionsProblem = permissionsError(deniedList);
  if (permissionsProblem) errors.deniedPermissions = permissionsProblem;
  if (input.profile === 'adm' && admId === null) errors.admId = USER_MESSAGES.admIdRequired;
  if (input.profile !== 'adm' && admId !== null) errors.admId = USER_MESSAGES.admIdNotAllowed;
  if (input.profile === 'fund' && fundId === null) errors.fundId = USER_MESSAGES.fundIdRequired;
  if (input.profile !== 'fund' && fundId !== null) errors.fundId = USER_MESSAGES.fundIdNotAllowed;
  throwIfErrors(errors);

  if (admId !== null) {
    const [adm] = await db.select({ id: administrators.id }).from(administrators).where(eq(administrators.id, admId)).limit(1);
    if (!adm) errors.admId = USER_MESSAGES.admIdUnknown;
  }
  if (fundId !== null) {
    const [fund] = await db
      .select({ id: funds.id })
      .from(funds)
      .where(and(eq(funds.id, fundId), eq(funds.enabled, true)))
      .limit(1);
    if (!fund) errors.fundId = USER_MESSAGES.fundIdUnknown;
  }
  if (!errors.email && (await emailTaken(db, email))) errors.email = USER_MESSAGES.emailTaken;
  throwIfErrors(errors);

  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  try {
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          name,
          passwordHash,
          profiles: [input.profile],
          admId,
          fundId,
          // The platform's own staff, like every seeded operator (SPEC §6 playerIs{product}).
          playerIsRepasse: input.profile === 'operator',
          deniedPermissions: deniedList,
          mustChangePassword: true,
          passwordExpiresAt: config.passwordMaxAgeDays > 0 ? new Date(now + config.passwordMaxAgeDays * 86_400_000) : null,
        })
        .returning();
      const managed = toManagedUser(row);
      await writeAudit(tx, { userId: caller?.id ?? null, action: 'user.create', objectType: 'user', objectId: row.id, admId: row.admId, before: null, after: auditRecord(managed) });
      return managed;
    });
    return { user, temporaryPassword: password };
  } catch (err) {
    // Two creations of one address at once: the unique index decides, the loser reads as taken.
    if (isUniqueViolation(err)) throw invalid(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
    throw err;
  }
}

/** A change of a user row, audited with the record before and after in the same transaction; answers the record after. */
async function auditedChange(tx: Tx, caller: AuthUser, action: string, before: UserRow, row: UserRow): Promise<ManagedUser> {
  const after = toManagedUser(row);
  await writeAudit(tx, { userId: caller.id, action, objectType: 'user', objectId: row.id, admId: row.admId, before: auditRecord(toManagedUser(before)), after: auditRecord(after) });
  return after;
}

export async function updateUser({ db, forget }: UserAdminDeps, caller: AuthUser, input: UserUpdateInput): Promise<ManagedUser> {
  const errors: FieldErrors = {};
  const values: Partial<UserRow> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    const problem = nameError(name);
    if (problem) errors.name = problem;
    else values.name = name;
  }
  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    if (!isEmail(email)) errors.email = USER_MESSAGES.emailInvalid;
    else values.email = email;
  }
  if (input.deniedPermissions !== undefined) {
    const denied = [...new Set(input.deniedPermissions)];
    const problem = permissionsError(denied);
    if (problem) errors.deniedPermissions = problem;
    else values.deniedPermissions = denied;
  }
  throwIfErrors(errors);
  // A restricted user with user.manage must not lift its own restriction.
  if (values.deniedPermissions && input.userId === caller.id) throw denied();

  try {
    const user = await db.transaction(async (tx) => {
      const before = await scopedUser(tx, caller, input.userId, 'update');
      if (values.email && values.email !== before.email.toLowerCase() && (await emailTaken(tx, values.email, before.id))) {
        throw invalid(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
      }
      const [row] = Object.keys(values).length ? await tx.update(users).set(values).where(eq(users.id, before.id)).returning() : [before];
      return auditedChange(tx, caller, 'user.update', before, row);
    });
    forget(user.userId);
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
    throw err;
  }
}

/**
 * Disable or enable. Disabling ends every session of the user. The active operators are locked
 * (in id order, before anything else) whenever an operator is disabled, so two concurrent disables
 * of the last two operators run one after the other and the second sees only one left.
 */
export async function setUserEnabled({ db, forget }: UserAdminDeps, caller: AuthUser, userId: string, enabled: boolean): Promise<ManagedUser> {
  if (!enabled && userId === caller.id) throw conflict(USER_MESSAGES.disableSelf);
  const user = await db.transaction(async (tx) => {
    const peek = await scopedUser(tx, caller, userId);
    if (!enabled && peek.profiles[0] === 'operator' && peek.disabledAt === null) {
      const active = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`${users.profiles}[1] = 'operator'`, isNull(users.disabledAt)))
        .orderBy(asc(users.id))
        .for('update');
      if (active.some((a) => a.id === userId) && active.length <= 1) throw conflict(USER_MESSAGES.lastOperator);
    }
    const before = await scopedUser(tx, caller, userId, 'update');
    if ((before.disabledAt === null) === enabled) return toManagedUser(before);
    const [row] = await tx
      .update(users)
      .set({ disabledAt: enabled ? null : new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!enabled) await revokeUserSessions(tx, userId);
    return auditedChange(tx, caller, enabled ? 'user.enable' : 'user.disable', before, row);
  });
  forget(userId);
  return user;
}

/** The reset e-mail, in Portuguese: the code, and where to use it. */
/**
 * The link that opens the forgotten-password screen at its code step for this flow. The handle and
 * what the step shows ride in the fragment, which no server, log or Referer ever receives.
 */
export const resetLink = (base: string, publicId: string, maskedEmail: string, expiresAt: number): string =>
  `${base.replace(/\/+$/, '')}${ACCOUNT_ROUTES.forgot}#${resetLinkFragment({ publicId, maskedEmail, expiresAt: Math.floor(expiresAt / 1000) })}`;

export function resetCodeMessage(to: string, code: string, name: string, link: string): MailMessage {
  const minutes = Math.round(AUTH_CODE.ttlMs / 60_000);
  return {
    to,
    subject: `Troca de senha solicitada no Repasse: código ${code}`,
    text: [
      `Olá, ${name}.`,
      '',
      'Um administrador do Repasse pediu que você crie uma nova senha e encerrou as sessões abertas com a sua conta.',
      '',
      `Seu código de verificação é ${code}. Ele vale por ${minutes} minutos e pode ser usado uma única vez.`,
      'Para criar a nova senha, abra o link abaixo e informe o código:',
      link,
      '',
      'Sua senha atual continua valendo até você trocá-la.',
    ].join('\n'),
  };
}

/**
 * An administrator's reset: every session of the user ends and a recovery code is mailed, through
 * the forgotten-password flow's own rows and rules (accountCodes.ts, accountLimits.ts). The password
 * is kept, so a reset sent by mistake locks nobody out. One transaction under the account's row lock
 * (as every change to its flows): a refusal (429, the account's sends for the hour are spent) writes
 * nothing.
 */
export async function sendReset(
  { db, config, forget }: UserAdminDeps,
  mailer: Mailer,
  log: Logger,
  caller: AuthUser,
  userId: string,
  /** Origin of the app the link in the mail opens (PUBLIC_URL, or the caller's own). */
  linkBase: string,
): Promise<{ maskedEmail: string }> {
  const now = Date.now();
  const target = await db.transaction(async (tx) => {
    const user = await scopedUser(tx, caller, userId);
    // Without mail the code could reach nobody: refused before any session ends.
    if (config.mail.disabled) throw unavailable(MESSAGES.passwordRecoveryDisabled);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const codes = await tx
      .select({ expiresAt: authCodes.expiresAt, attempts: authCodes.attempts })
      .from(authCodes)
      .where(and(eq(authCodes.userId, user.id), gt(authCodes.expiresAt, countedSince(now))));
    const wait = sendsWait(
      codes.map((c) => ({ expiresAt: c.expiresAt!.getTime(), failures: c.attempts })),
      now,
    );
    if (wait !== null) throw tooMany(MESSAGES.tooManyRequests, secondsUntil(wait));
    await revokeUserSessions(tx, user.id);
    const code = generateCode();
    const id = randomUUID();
    const publicId = randomUUID();
    await tx.insert(authCodes).values({
      id,
      userId: user.id,
      publicId,
      codeHash: hashCode(config.codeHashSecret, id, code),
      expiresAt: new Date(now + AUTH_CODE.ttlMs),
      createdAt: new Date(now),
    });
    await writeAudit(tx, { userId: caller.id, action: 'user.send_reset', objectType: 'user', objectId: user.id, admId: user.admId, before: null, after: null });
    return { email: user.email, name: user.name, code, publicId };
  });
  forget(userId);
  // Not awaited, like the recovery flow's own mail: a slow SMTP server must not hold the answer; a
  // failed delivery is logged and the administrator sends again.
  const link = resetLink(linkBase, target.publicId, maskEmail(target.email), now + AUTH_CODE.ttlMs);
  mailer.send(resetCodeMessage(target.email, target.code, target.name, link)).catch((err: unknown) => log.error({ err }, 'could not send the password reset e-mail'));
  return { maskedEmail: maskEmail(target.email) };
}
