/**
 * User calls: login (public), the user list, and the account flows (docs/account.md): the password
 * change in a session, and the public forgotten/expired-password flow.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { API } from '../../src/domain/apiPaths';
import { PROFILES } from '../../src/domain/profiles';
import { NAME_MAX_LENGTH } from '../../src/domain/management';
import { PERMISSION_NAMES } from '../../src/domain/permissions';
import { LOGIN_FOLLOW_UPS_MAX, LOGIN_FOLLOW_UP_MAX_LENGTH, LOGIN_FOLLOW_UP_PATTERN, loginFollowUpEndpoint } from '../../src/domain/loginFollowUps';
import { MESSAGES, invalid, tooMany } from '../services/errors';
import { answerLoginFollowUps } from '../http/loginFollowUps';
import { defineRoute, userOf } from '../http/route';
import { listResponse, referenceListQuerySchema } from '../http/schemas';
import { AUTH_CODE, PASSWORD_MAX_LENGTH } from '../../src/domain/account';
import { createAccountService } from '../services/account';
import { createLoginService } from '../services/login';
import { createMailer, outboxDirOf } from '../services/mailer';
import { bearerOf } from '../services/tokens';
import { USER_FILTER_KEYS, USER_SORT_FIELDS } from '../../src/domain/referenceLists';
import { USER_MESSAGES, createUser, getUser, listUsers, sendReset, setUserEnabled, updateUser } from '../services/userAdmin';

const tags = ['user'];

const loginBody = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 254, description: 'The e-mail.' },
    // Capped so that a huge body cannot make the password hasher the bottleneck.
    password: { type: 'string', minLength: 1, maxLength: 256 },
    then: {
      type: 'array',
      maxItems: LOGIN_FOLLOW_UPS_MAX,
      items: { type: 'string', pattern: LOGIN_FOLLOW_UP_PATTERN, maxLength: LOGIN_FOLLOW_UP_MAX_LENGTH },
      description:
        'Reads to make as the new session once the password is right (issue 17): each a GET of this API that needs a token, other than ' +
        '/live/events, as its address below the API path (`/share/list?page=1&limit=20`). Answered in `then`, in order.',
    },
  },
  required: ['username', 'password'],
  additionalProperties: false,
} as const;

const loginResponse = {
  type: 'object',
  properties: {
    token: { type: 'string', description: 'HS256 JWT; claims exactly SPEC §3.' },
    firstAccess: { type: 'boolean', description: 'The password must be changed before anything else.' },
    then: {
      type: 'array',
      description:
        "The answers of the body's `then`, in order: each read's status and, for a 200, its body (what the read answers on its own). " +
        'Absent when the body asked none, or when the password must be changed first (every other call is refused until then).',
      items: { type: 'object', properties: { status: { type: 'integer' }, body: {} }, required: ['status'] },
    },
  },
  required: ['token', 'firstAccess'],
} as const;

const expiredResponse = {
  type: 'object',
  description: '"Password has expired" carries `publicId`, a handle for POST /user/auth_change_password; other 401s carry only `message`.',
  properties: { message: { type: 'string' }, publicId: { type: 'string', format: 'uuid' } },
  required: ['message'],
} as const;

// Capped above the policy's own maximum so the policy answers with its rule, and a huge body cannot
// make the password hasher the bottleneck.
const passwordField = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 2 } as const;
const publicIdField = { type: 'string', format: 'uuid', description: 'The flow handle from verify_username or from the expired login.' } as const;
const empty = { type: 'object', properties: {}, additionalProperties: false } as const;

const userListQuery = referenceListQuerySchema(USER_SORT_FIELDS);

const bodyOf = <const P extends object, const R extends readonly string[]>(properties: P, required: R) => ({ type: 'object', properties, required, additionalProperties: false }) as const;

const userItem = {
  type: 'object',
  properties: {
    userId: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email: { type: 'string' },
    profile: { type: 'string' },
    admId: { type: ['integer', 'null'] },
    fundId: { type: ['integer', 'null'] },
    lastAccess: { type: ['string', 'null'], format: 'date-time' },
    enabled: { type: 'boolean' },
  },
  required: ['userId', 'name', 'email', 'profile', 'admId', 'fundId', 'lastAccess', 'enabled'],
} as const;

const managedUser = {
  type: 'object',
  properties: {
    userId: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email: { type: 'string' },
    profile: { type: 'string', enum: PROFILES },
    admId: { type: ['integer', 'null'] },
    fundId: { type: ['integer', 'null'] },
    deniedPermissions: { type: 'array', items: { type: 'string' } },
    enabled: { type: 'boolean' },
    mustChangePassword: { type: 'boolean', description: 'The one-time password has not been changed yet.' },
    lastAccess: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['userId', 'name', 'email', 'profile', 'admId', 'fundId', 'deniedPermissions', 'enabled', 'mustChangePassword', 'lastAccess', 'createdAt'],
} as const;

const userIdField = { type: 'string', format: 'uuid' } as const;
const tenantId = { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 } as const;
// Capped above the rule so the service answers the rule on its field; unknown names are its errors.deniedPermissions.
const nameField = { type: 'string', maxLength: NAME_MAX_LENGTH * 2 } as const;
const emailField = { type: 'string', maxLength: 254 } as const;
const deniedField = { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 100, description: `Permission names: ${PERMISSION_NAMES.join(', ')}.` } as const;
const scopeNote =
  'An administrator reaches only its own brand\'s users: another brand\'s user answers 404 "User not found", exactly like a missing one.';

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const loginService = createLoginService({ db: app.db, config: app.config, counters: app.counters, log: app.log });
  const { freeFailures, baseDelayMs, maxDelayMs } = app.config.loginThrottle;
  const { max, windowMs } = app.config.loginRateLimit;
  // Logins are admitted from memory before any database work, the rate limit's count included, so a
  // flood from one address is refused without a round trip per request (server/services/hashGate.ts).
  const leaveOf = new WeakMap<FastifyRequest, () => void>();
  const leave = async (request: FastifyRequest) => leaveOf.get(request)?.();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.endpoint === API.user.login) leaveOf.set(request, loginService.enter(request.ip));
  });
  app.addHook('onResponse', leave);
  app.addHook('onRequestAbort', leave);

  defineRoute(app, API.user.login, {
    schema: {
      tags,
      summary: 'Sign in with e-mail and password',
      description:
        'A wrong e-mail and a wrong password give the same 401 "Invalid credentials". A right password that expired gives 401 ' +
        `"Password has expired". No account is ever locked: after ${freeFailures} failures on one e-mail from one address, each further ` +
        `failure makes that address wait ${baseDelayMs / 1000} s, doubled each time up to ${maxDelayMs / 60_000} minutes, before its next attempt on that e-mail ` +
        '(429 "Too many attempts" with Retry-After); other addresses, and the right password from them, are not affected. ' +
        `More than ${max} attempts a minute for one e-mail from one address, or ${app.config.loginAddressLimit.maxFailures} failures a minute ` +
        'from one address across e-mails, give 429 "Too many requests"; so do more than a few logins in progress from one address. ' +
        'Unknown e-mails count and answer exactly like existing ones. On a brand\'s host (its first label names a white label), ' +
        'an administrator\'s user of another brand gets 403 "Wrong brand host" after a right password; operators and funds may use any host.',
      body: loginBody,
      response: { 200: loginResponse, 401: expiredResponse },
    },
    config: {
      rateLimit: {
        max,
        timeWindow: windowMs,
        // After body validation, so the key can include the username.
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${String((request.body as { username?: unknown })?.username ?? '').trim().toLowerCase()}`,
        errorResponseBuilder: () => tooMany(MESSAGES.tooManyRequests),
      },
    },
    handler: async (request) => {
      const { username, password, then } = request.body;
      // Checked before the password, so a wrong read costs no hash.
      const wrong = then?.findIndex((url) => !loginFollowUpEndpoint(url)) ?? -1;
      if (wrong >= 0) throw invalid('Invalid information: a login may carry only reads of this API that need a session', { [`then.${wrong}`]: 'must be a read of this API that needs a session' });
      const session = await loginService.login(username, password, request.ip, request.host);
      // The login's work is done: its reads do not hold one of the address's few login slots.
      await leave(request);
      if (!then?.length || session.firstAccess) return session;
      return { ...session, then: await answerLoginFollowUps(app, request, session.token, then) };
    },
  });

  const mailer = createMailer(app.config.mail, app.log, app.config.production, outboxDirOf(app.config.dataDir));
  app.addHook('onClose', async () => mailer.close());
  const account = createAccountService({
    db: app.db,
    config: app.config,
    mailer,
    log: app.log,
    counters: app.counters,
    onPasswordChanged: (id) => app.forgetAuthUser(id),
  });

  /** The public recovery calls are throttled like login: per IP and the given e-mail or handle. */
  const throttled = (keyOf: (body: Record<string, unknown>) => string) => ({
    rateLimit: {
      max: app.config.accountRateLimit.max,
      timeWindow: app.config.accountRateLimit.windowMs,
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => `${request.ip}|${keyOf((request.body ?? {}) as Record<string, unknown>)}`,
      errorResponseBuilder: () => tooMany(MESSAGES.tooManyRequests),
    },
  });
  const publicIdKey = (b: Record<string, unknown>) => String(b.publicId ?? '').toLowerCase();
  const codeRules =
    `Codes have ${AUTH_CODE.digits} digits, expire after ${AUTH_CODE.ttlMs / 60_000} minutes, allow ${AUTH_CODE.maxAttempts} attempts and are single use; ` +
    `a verified flow may change the password for ${AUTH_CODE.changeWindowMs / 60_000} minutes.`;

  defineRoute(app, API.user.changePassword, {
    schema: {
      tags,
      summary: "Change the signed-in user's password (first access included)",
      description:
        'The only call a user on first access may make (others answer 403 "Password change required before continuing"). ' +
        'A wrong old password answers 400 "Invalid credentials" with errors.oldPassword = account.password.currentWrong (not 401, which would end the session) and counts ' +
        'in the login throttle of this address (429 "Too many attempts" while it must wait); a new password that breaks the policy answers 400 with errors.newPassword = the first broken rule ' +
        'as an i18n key, account.policy.<length|lower|upper|digit|symbol>; the same password answers 400 "New password must differ from current". ' +
        '`firstAccess` is informational: the server knows from the account whether this is a first access. ' +
        'The change ends every session opened before it, this one included: the answer carries the token to go on with.',
      body: bodyOf({ oldPassword: passwordField, newPassword: passwordField, firstAccess: { type: 'boolean' } }, ['oldPassword', 'newPassword']),
      response: {
        200: {
          type: 'object',
          properties: { token: { type: 'string', description: 'A new session token (claims as login); the old one is no longer accepted.' } },
          required: ['token'],
        },
      },
    },
    handler: async (request) => {
      const current = decodeJwt(bearerOf(request.headers.authorization) ?? '');
      const lastAccess = typeof current.lastAccess === 'string' ? current.lastAccess : null;
      return account.changePassword(userOf(request), request.body.oldPassword, request.body.newPassword, lastAccess, request.ip);
    },
  });

  defineRoute(app, API.user.verifyUsername, {
    schema: {
      tags,
      summary: 'Start a forgotten-password flow',
      description:
        'Always answers 200 with a flow handle, whether or not the e-mail has an account: an unknown e-mail gets a handle that behaves ' +
        'the same except that no code ever verifies.',
      body: bodyOf({ username: { type: 'string', minLength: 1, maxLength: 254, description: 'The e-mail.' } }, ['username']),
      response: { 200: { type: 'object', properties: { publicId: { type: 'string', format: 'uuid' } }, required: ['publicId'] } },
    },
    config: throttled((b) => String(b.username ?? '').trim().toLowerCase()),
    handler: async (request) => account.verifyUsername(request.body.username),
  });

  defineRoute(app, API.user.sendAuthCode, {
    schema: {
      tags,
      summary: 'E-mail a verification code for the flow',
      description:
        `${codeRules} A new code replaces the previous one; another send within ${AUTH_CODE.resendIntervalMs / 1000} s answers 429. ` +
        'A handle unknown, used or older than an hour answers 400 "Password recovery expired, start again".',
      body: bodyOf({ publicId: publicIdField }, ['publicId']),
      response: {
        200: {
          type: 'object',
          properties: { maskedEmail: { type: 'string', description: 'm***a@e***.com' }, expiresInSeconds: { type: 'integer' } },
          required: ['maskedEmail', 'expiresInSeconds'],
        },
      },
    },
    // Per address only: one client cannot flood inboxes by opening many flows.
    config: throttled(() => 'send'),
    handler: async (request) => account.sendAuthCode(request.body.publicId),
  });

  defineRoute(app, API.user.verifyAuthCode, {
    schema: {
      tags,
      summary: 'Check the mailed code',
      description:
        `${codeRules} A wrong, expired or unsent code answers 400 "Invalid or expired code"; after ${AUTH_CODE.maxAttempts} attempts ` +
        '400 "Too many wrong codes, request a new code" until a new code is sent.',
      body: bodyOf({ publicId: publicIdField, code: { type: 'string', pattern: `^[0-9]{${AUTH_CODE.digits}}$` } }, ['publicId', 'code']),
      response: { 200: empty },
    },
    config: throttled(publicIdKey),
    handler: async (request) => {
      await account.verifyAuthCode(request.body.publicId, request.body.code);
      return {};
    },
  });

  defineRoute(app, API.user.authChangePassword, {
    schema: {
      tags,
      summary: 'Set a new password with a verified flow',
      description:
        `Only within ${AUTH_CODE.changeWindowMs / 60_000} minutes of the flow's verification (a mailed code, or the expired login), once: ` +
        'otherwise 400 "Password recovery expired, start again". Same policy and must-differ answers as change_password. ' +
        'Clears the first-access demand, starts the login throttles afresh and starts a new expiry period.',
      body: bodyOf({ publicId: publicIdField, newPassword: passwordField }, ['publicId', 'newPassword']),
      response: { 200: empty },
    },
    config: throttled(publicIdKey),
    handler: async (request) => {
      await account.authChangePassword(request.body.publicId, request.body.newPassword);
      return {};
    },
  });

  defineRoute(app, API.user.list, {
    schema: {
      tags,
      summary: 'Users, optionally of one profile',
      description:
        `\`filters\` keys: ${USER_FILTER_KEYS.join(', ')} (search: name or e-mail, accent-insensitive); \`profile\` (SPEC §7) filters by profile. ` +
        'An administrator sees only its own brand\'s users.',
      querystring: { ...userListQuery, properties: { ...userListQuery.properties, profile: { type: 'string', enum: PROFILES } } },
      response: { 200: listResponse(userItem) },
    },
    handler: async (request) => listUsers(app.db, userOf(request), request.query),
  });

  const deps = { db: app.db, config: app.config, forget: (id: string) => app.forgetAuthUser(id) };

  defineRoute(app, API.user.get, {
    schema: {
      tags,
      summary: 'One user, as the management screens show it',
      description: scopeNote,
      querystring: { type: 'object', properties: { userId: userIdField }, required: ['userId'], additionalProperties: false },
      response: { 200: managedUser },
    },
    handler: async (request) => getUser(app.db, userOf(request), request.query.userId),
  });

  defineRoute(app, API.user.create, {
    schema: {
      tags,
      summary: 'Create a user with a one-time password',
      description:
        'Answers the user and `temporaryPassword`, shown once: only its hash is stored, and the user must change it at the first login. ' +
        '`adm` users need `admId`, `fund` users an enabled `fundId`, operators neither; any other tenant id is a 400 on its field. ' +
        `An e-mail in use (any case) is a 400 with errors.email = "${USER_MESSAGES.emailTaken}"; an unknown permission a 400 on errors.deniedPermissions. ` +
        'An administrator creates only `adm` users of its own brand (`admId` defaults to it); anything else is a 403 "Permission denied".',
      body: {
        type: 'object',
        properties: { name: nameField, email: emailField, profile: { type: 'string', enum: PROFILES }, admId: tenantId, fundId: tenantId, deniedPermissions: deniedField },
        required: ['name', 'email', 'profile'],
        additionalProperties: false,
      },
      response: { 200: { type: 'object', properties: { user: managedUser, temporaryPassword: { type: 'string' } }, required: ['user', 'temporaryPassword'] } },
    },
    handler: async (request) => createUser(deps, userOf(request), request.body),
  });

  defineRoute(app, API.user.update, {
    schema: {
      tags,
      summary: "Change a user's name, e-mail or denied permissions",
      description:
        `${scopeNote} Fields left out keep their value; profile and tenant are fixed. A change of denied permissions holds from the user's next request. ` +
        'Nobody changes their own denied permissions (403).',
      body: {
        type: 'object',
        properties: { userId: userIdField, name: nameField, email: emailField, deniedPermissions: deniedField },
        required: ['userId'],
        additionalProperties: false,
      },
      response: { 200: managedUser },
    },
    handler: async (request) => updateUser(deps, userOf(request), request.body),
  });

  const userIdBody = { type: 'object', properties: { userId: userIdField }, required: ['userId'], additionalProperties: false } as const;

  defineRoute(app, API.user.disable, {
    schema: {
      tags,
      summary: 'Disable a user',
      description:
        `${scopeNote} The user can no longer sign in and every session of it ends at once. ` +
        `409 "${USER_MESSAGES.disableSelf}" and "${USER_MESSAGES.lastOperator}". Disabling a disabled user changes nothing.`,
      body: userIdBody,
      response: { 200: managedUser },
    },
    handler: async (request) => setUserEnabled(deps, userOf(request), request.body.userId, false),
  });

  defineRoute(app, API.user.enable, {
    schema: {
      tags,
      summary: 'Enable a disabled user',
      description: `${scopeNote} The user signs in again with its current password.`,
      body: userIdBody,
      response: { 200: managedUser },
    },
    handler: async (request) => setUserEnabled(deps, userOf(request), request.body.userId, true),
  });

  defineRoute(app, API.user.sendReset, {
    schema: {
      tags,
      summary: 'End every session of a user and mail a password-recovery code',
      description:
        `${scopeNote} The current password keeps working (a reset sent by mistake locks nobody out). ` +
        'Counts towards the account\'s 5 recovery mails an hour (429 "Too many requests" beyond, with Retry-After).',
      body: userIdBody,
      response: { 200: { type: 'object', properties: { maskedEmail: { type: 'string', description: 'm***a@e***.com' } }, required: ['maskedEmail'] } },
    },
    // The mail links to the app the administrator uses (or PUBLIC_URL): the user's own sign-in screen.
    handler: async (request) =>
      sendReset(deps, mailer, app.log, userOf(request), request.body.userId, app.config.publicUrl ?? `${request.protocol}://${request.host}`),
  });
}
