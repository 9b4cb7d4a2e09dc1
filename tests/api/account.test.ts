/**
 * Account flows as a client sees them (docs/account.md): first access, expired password and the
 * forgotten-password flow, with the codes read from mail delivered to a real local SMTP server.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CODE } from '../../src/domain/account';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import { authCodes, counters, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/password';
import { PASSWORD, type TestApp, USERS, createTestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { type SmtpInbox, startSmtpInbox } from './support/smtpInbox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NEW_PASSWORD = 'Nova#Senha2026';

let t: TestApp;
let inbox: SmtpInbox;

const post = (path: string, payload: object, token?: string) =>
  t.inject({ method: 'POST', url: `/api${path}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const login = (username: string, password: string) => post('/user/login', { username, password });
const tokenOf = async (username: string, password: string) => expectOk<{ token: string; firstAccess: boolean }>(await login(username, password));
const userRow = async (email: string) => (await t.handle.db.select().from(users).where(eq(users.email, email)))[0];
const flowRow = async (publicId: string) => (await t.handle.db.select().from(authCodes).where(eq(authCodes.publicId, publicId)))[0];

/** Sets a known password (one that meets the policy when the test needs it) and clears the login throttles. */
const resetUser = async (email: string, password = PASSWORD, extra: Partial<typeof users.$inferInsert> = {}) => {
  await t.handle.db.delete(counters);
  await t.handle.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false, passwordExpiresAt: null, ...extra })
    .where(eq(users.email, email));
};

/** Makes the flow's current code look sent `ms` ago (instead of waiting for the clock). */
const ageCode = (publicId: string, ms: number) =>
  t.handle.db
    .update(authCodes)
    .set({ expiresAt: sql`${authCodes.expiresAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(authCodes.publicId, publicId));

const codeFrom = (mail: { subject: string }) => {
  const m = /Seu código de verificação Repasse: (\d{6})$/.exec(mail.subject);
  if (!m) throw new Error(`no code in "${mail.subject}"`);
  return m[1];
};

const startFlow = async (email: string) => expectOk<{ publicId: string }>(await post('/user/verify_username', { username: email })).publicId;
const sendCode = async (publicId: string) => expectOk<{ maskedEmail: string; expiresInSeconds: number }>(await post('/user/send_auth_code', { publicId }));
/** verify_username + send_auth_code, and the code as mailed. */
const mailedCode = async (email: string) => {
  const publicId = await startFlow(email);
  await sendCode(publicId);
  return { publicId, code: codeFrom(await inbox.next(email)) };
};
const otherCode = (code: string) => String((Number(code) + 1) % 10 ** AUTH_CODE.digits).padStart(AUTH_CODE.digits, '0');

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    shares: 10,
    config: { mail: { smtpUrl: inbox.url, from: 'Repasse <nao-responda@repasse.dev>', disabled: false }, accountRateLimit: { max: 1000, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

describe('first access: POST /user/change_password', () => {
  it('refuses every other call with 403 until the password is changed, then lets the user in', async () => {
    const { token, firstAccess } = await tokenOf(USERS.firstAccess, PASSWORD);
    expect(firstAccess).toBe(true);
    const blocked = expectError(await t.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: `Bearer ${token}` } }), 403);
    expect(blocked.message).toBe('Password change required before continuing');
    expect(matchErrorMessage(blocked.message)).toEqual({ kind: 'catalogue', key: 'passwordChangeRequired' });
    expectError(await t.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${token}` } }), 403, blocked.message);

    const before = Date.now();
    const changed = expectOk<{ token: string }>(await post('/user/change_password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, firstAccess: true }, token));

    // The session goes on with the token the change answers (older tokens end with the change), now allowed everywhere.
    expectOk(await t.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: `Bearer ${changed.token}` } }));
    const after = Date.now();
    const row = await userRow(USERS.firstAccess);
    expect(row.mustChangePassword).toBe(false);
    const maxAge = t.config.passwordMaxAgeDays * 86_400_000;
    expect(row.passwordExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + maxAge);
    expect(row.passwordExpiresAt!.getTime()).toBeLessThanOrEqual(after + maxAge);
    expectError(await login(USERS.firstAccess, PASSWORD), 401, 'Invalid credentials');
    expect((await tokenOf(USERS.firstAccess, NEW_PASSWORD)).firstAccess).toBe(false);
  });

  it('releases a cached session at once when the auth cache is on', async () => {
    await resetUser(USERS.firstAccess, PASSWORD, { mustChangePassword: true });
    const cached = await createTestApp({ shares: 0, config: { authCacheTtlMs: 60_000 } });
    try {
      const auth = async (token: string) => ({ authorization: `Bearer ${token}` });
      const { token } = expectOk<{ token: string }>(
        await cached.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.firstAccess, password: PASSWORD } }),
      );
      expectError(await cached.inject({ method: 'GET', url: '/api/fund/list', headers: await auth(token) }), 403);
      const fresh = expectOk<{ token: string }>(
        await cached.inject({ method: 'POST', url: '/api/user/change_password', payload: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD }, headers: await auth(token) }),
      ).token;
      expectOk(await cached.inject({ method: 'GET', url: '/api/fund/list', headers: await auth(fresh) }));
    } finally {
      await cached.close();
    }
  });

  it('answers the policy, the wrong old password and the unchanged password with field errors', async () => {
    await resetUser(USERS.firstAccess, NEW_PASSWORD);
    const { token } = await tokenOf(USERS.firstAccess, NEW_PASSWORD);
    const change = (oldPassword: string, newPassword: string) => post('/user/change_password', { oldPassword, newPassword, firstAccess: false }, token);

    for (const [candidate, rule] of [['Ab1#', 'length'], ['SEM#MINUSC4', 'lower'], ['sem#maiusc4', 'upper'], ['Sem#Digitos', 'digit'], ['SemSimbolo4', 'symbol']]) {
      const body = expectError(await change(NEW_PASSWORD, candidate), 400, 'Invalid new password: it does not meet the password policy');
      expect(body.errors, candidate).toEqual({ newPassword: `account.policy.${rule}` });
    }
    // A wrong old password is a 400 (a 401 would end the session in the app), with the field named.
    const wrong = expectError(await change('Errada#123', 'Outra#Senha9'), 400, 'Invalid credentials');
    expect(wrong.errors).toEqual({ oldPassword: 'account.password.currentWrong' });

    const same = expectError(await change(NEW_PASSWORD, NEW_PASSWORD), 400, 'New password must differ from current');
    expect(matchErrorMessage(same.message)).toEqual({ kind: 'catalogue', key: 'newPasswordMustDiffer' });
    // Nothing changed on any refusal.
    expectOk(await login(USERS.firstAccess, NEW_PASSWORD));
  });

  it('refuses bad input and a missing session', async () => {
    await resetUser(USERS.firstAccess, NEW_PASSWORD);
    const { token } = await tokenOf(USERS.firstAccess, NEW_PASSWORD);
    expectError(await post('/user/change_password', { newPassword: 'Outra#Senha9' }, token), 400, 'oldPassword is required');
    expectError(await post('/user/change_password', { oldPassword: NEW_PASSWORD }, token), 400, 'newPassword is required');
    expectError(await post('/user/change_password', { oldPassword: NEW_PASSWORD, newPassword: 7 }, token), 400);
    expectError(await post('/user/change_password', { oldPassword: NEW_PASSWORD, newPassword: 'Outra#Senha9' }), 401, 'Unauthorized');
  });

  it('wrong old passwords count in the login throttle of that address, and only of that address', async () => {
    await resetUser(USERS.firstAccess, NEW_PASSWORD);
    const { token } = await tokenOf(USERS.firstAccess, NEW_PASSWORD);
    for (let i = 0; i <= t.config.loginThrottle.freeFailures; i++) {
      expectError(await post('/user/change_password', { oldPassword: 'Errada#123', newPassword: 'Outra#Senha9' }, token), 400, 'Invalid credentials');
    }
    const waiting = await post('/user/change_password', { oldPassword: NEW_PASSWORD, newPassword: 'Outra#Senha9' }, token);
    expectError(waiting, 429, /Too many attempts/);
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    expectError(await login(USERS.firstAccess, NEW_PASSWORD), 429, /Too many attempts/);
    // Another client is not held back: no lockout of the account.
    const elsewhere = await t.inject({ method: 'POST', url: '/api/user/login', payload: { username: USERS.firstAccess, password: NEW_PASSWORD }, remoteAddress: '203.0.113.9' });
    expectOk(elsewhere);
  });
});

describe('expired password', () => {
  it('a right password answers 401 with a handle; the change through it works once and the new password logs in', async () => {
    await resetUser(USERS.expired, PASSWORD, { passwordExpiresAt: new Date(Date.now() - 86_400_000) });
    const res = await login(USERS.expired, PASSWORD);
    expect(res.statusCode).toBe(401);
    const body = res.json() as { message: string; publicId: string };
    expect(body).toEqual({ message: 'Password has expired', publicId: expect.stringMatching(UUID) });
    expect(matchErrorMessage(body.message)).toEqual({ kind: 'catalogue', key: 'passwordExpired' });

    const policy = expectError(await post('/user/auth_change_password', { publicId: body.publicId, newPassword: 'curta' }), 400);
    expect(policy.errors).toEqual({ newPassword: 'account.policy.length' });

    expectOk(await post('/user/auth_change_password', { publicId: body.publicId, newPassword: NEW_PASSWORD }));
    expectError(await post('/user/auth_change_password', { publicId: body.publicId, newPassword: 'Outra#Senha9' }), 400, 'Password recovery expired, start again');
    expectError(await login(USERS.expired, PASSWORD), 401, 'Invalid credentials');
    expect((await tokenOf(USERS.expired, NEW_PASSWORD)).firstAccess).toBe(false);
    expect((await userRow(USERS.expired)).passwordExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('a wrong password on an expired account stays "Invalid credentials", without a handle', async () => {
    await resetUser(USERS.expired, PASSWORD, { passwordExpiresAt: new Date(Date.now() - 86_400_000) });
    const res = await login(USERS.expired, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid credentials' });
  });

  it('the handle refuses the unchanged password, and expires after the change window', async () => {
    await resetUser(USERS.expired, NEW_PASSWORD, { passwordExpiresAt: new Date(Date.now() - 86_400_000) });
    const { publicId } = (await login(USERS.expired, NEW_PASSWORD)).json() as { publicId: string };
    expectError(await post('/user/auth_change_password', { publicId, newPassword: NEW_PASSWORD }), 400, 'New password must differ from current');
    await t.handle.db
      .update(authCodes)
      .set({ verifiedAt: new Date(Date.now() - AUTH_CODE.changeWindowMs - 1000) })
      .where(eq(authCodes.publicId, publicId));
    expectError(await post('/user/auth_change_password', { publicId, newPassword: 'Outra#Senha9' }), 400, 'Password recovery expired, start again');
  });
});

describe('forgotten password', () => {
  it('verify_username > send_auth_code > verify_auth_code > auth_change_password, then login', async () => {
    const email = 'beatriz@repasse.dev';
    await resetUser(email, PASSWORD, { mustChangePassword: true });
    // The owner fumbled the old password until this address was made to wait.
    for (let i = 0; i <= t.config.loginThrottle.freeFailures; i++) expectError(await login(email, `Errada#${i}`), 401, 'Invalid credentials');
    expectError(await login(email, PASSWORD), 429, /Too many attempts/);
    const publicId = await startFlow(email);
    expect(publicId).toMatch(UUID);
    const sent = await sendCode(publicId);
    expect(sent).toEqual({ maskedEmail: 'b***z@r***.dev', expiresInSeconds: AUTH_CODE.ttlMs / 1000 });

    const mail = await inbox.next(email);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('nao-responda@repasse.dev');
    const code = codeFrom(mail);
    expect(mail.text).toContain(`Seu código de verificação é ${code}.`);
    expect(mail.text).toContain(`${AUTH_CODE.ttlMs / 60_000} minutos`);
    // Only a keyed hash of the code is stored.
    const stored = await flowRow(publicId);
    expect(stored.codeHash).toBeTruthy();
    expect(stored.codeHash).not.toContain(code);

    expectError(await post('/user/auth_change_password', { publicId, newPassword: NEW_PASSWORD }), 400, 'Password recovery expired, start again');
    expectError(await post('/user/verify_auth_code', { publicId, code: otherCode(code) }), 400, 'Invalid or expired code');
    expectOk(await post('/user/verify_auth_code', { publicId, code }));
    // Single use: the same code does not verify twice.
    expectError(await post('/user/verify_auth_code', { publicId, code }), 400, 'Invalid or expired code');

    expectOk(await post('/user/auth_change_password', { publicId, newPassword: NEW_PASSWORD }));
    expectError(await post('/user/auth_change_password', { publicId, newPassword: 'Outra#Senha9' }), 400, 'Password recovery expired, start again');
    // The throttle and first access are gone with the old password.
    expect(await tokenOf(email, NEW_PASSWORD)).toMatchObject({ firstAccess: false });
    expect((await userRow(email)).mustChangePassword).toBe(false);
  });

  it('a resend before the interval is 429; a later one replaces the code', async () => {
    const email = 'caio@repasse.dev';
    await resetUser(email);
    const { publicId, code: first } = await mailedCode(email);
    const early = expectError(await post('/user/send_auth_code', { publicId }), 429, /Too many requests/);
    expect(early).toEqual({ message: expect.any(String) });
    await ageCode(publicId, AUTH_CODE.resendIntervalMs);
    await sendCode(publicId);
    const second = codeFrom(await inbox.next(email));
    if (second !== first) expectError(await post('/user/verify_auth_code', { publicId, code: first }), 400, 'Invalid or expired code');
    expectOk(await post('/user/verify_auth_code', { publicId, code: second }));
  });

  it('refuses a code before one is sent, an expired code, and a flow that was never verified', async () => {
    const email = 'rafaela@repasse.dev';
    await resetUser(email);
    const publicId = await startFlow(email);
    expectError(await post('/user/verify_auth_code', { publicId, code: '123456' }), 400, 'Invalid or expired code');
    await sendCode(publicId);
    const code = codeFrom(await inbox.next(email));
    await ageCode(publicId, AUTH_CODE.ttlMs + 1000);
    expectError(await post('/user/verify_auth_code', { publicId, code }), 400, 'Invalid or expired code');
    expectError(await post('/user/auth_change_password', { publicId, newPassword: NEW_PASSWORD }), 400, 'Password recovery expired, start again');
    expectOk(await login(email, PASSWORD));
  });

  it(`after ${AUTH_CODE.maxAttempts} attempts even the right code is refused until a new code is sent`, async () => {
    const email = 'operador@repasse.dev';
    const { publicId, code } = await mailedCode(email);
    for (let i = 0; i < AUTH_CODE.maxAttempts; i++) {
      expectError(await post('/user/verify_auth_code', { publicId, code: otherCode(code) }), 400, 'Invalid or expired code');
    }
    const exhausted = expectError(await post('/user/verify_auth_code', { publicId, code }), 400, 'Too many wrong codes, request a new code');
    expect(matchErrorMessage(exhausted.message)).toEqual({ kind: 'catalogue', key: 'authCodeAttempts' });
    expect(exhausted.errors).toEqual({ code: exhausted.message });
    await ageCode(publicId, AUTH_CODE.resendIntervalMs);
    await sendCode(publicId);
    expectOk(await post('/user/verify_auth_code', { publicId, code: codeFrom(await inbox.next(email)) }));
  });

  it('auth_change_password after a code applies the policy and the must-differ rule', async () => {
    const email = 'adm@orbita.repasse.dev';
    await resetUser(email, NEW_PASSWORD);
    const { publicId, code } = await mailedCode(email);
    expectOk(await post('/user/verify_auth_code', { publicId, code }));
    expect((await expectError(await post('/user/auth_change_password', { publicId, newPassword: 'semsimbolo1A' }), 400)).errors).toEqual({ newPassword: 'account.policy.symbol' });
    expectError(await post('/user/auth_change_password', { publicId, newPassword: NEW_PASSWORD }), 400, 'New password must differ from current');
    // Refusals do not spend the verified flow.
    expectOk(await post('/user/auth_change_password', { publicId, newPassword: 'Outra#Senha9' }));
    expectOk(await login(email, 'Outra#Senha9'));
  });

  it('an unknown e-mail gets a handle that looks the same but never leads anywhere, and no mail is sent', async () => {
    const unknown = 'ninguem@repasse.dev';
    const publicId = await startFlow(unknown);
    expect(publicId).toMatch(UUID);
    expect(await sendCode(publicId)).toEqual({ maskedEmail: 'n***m@r***.dev', expiresInSeconds: AUTH_CODE.ttlMs / 1000 });
    expectError(await post('/user/send_auth_code', { publicId }), 429, /Too many requests/);
    for (let i = 0; i < AUTH_CODE.maxAttempts; i++) expectError(await post('/user/verify_auth_code', { publicId, code: '000000' }), 400, 'Invalid or expired code');
    expectError(await post('/user/verify_auth_code', { publicId, code: '000000' }), 400, 'Too many wrong codes, request a new code');
    expectError(await post('/user/auth_change_password', { publicId, newPassword: NEW_PASSWORD }), 400, 'Password recovery expired, start again');
    // A real send after the decoy's arrives; nothing ever went to the unknown address.
    await mailedCode('caio@repasse.dev');
    expect(inbox.mails.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('a handle that was never issued, or was used, is refused', async () => {
    const never = '6f1c1d9e-2f7b-4c55-9a38-0b7f1c2d3e4f';
    expectError(await post('/user/send_auth_code', { publicId: never }), 400, 'Password recovery expired, start again');
    expectError(await post('/user/verify_auth_code', { publicId: never, code: '123456' }), 400, 'Password recovery expired, start again');
    expectError(await post('/user/auth_change_password', { publicId: never, newPassword: NEW_PASSWORD }), 400, 'Password recovery expired, start again');
  });

  it('a password change closes the other open flows of the user', async () => {
    const email = 'caio@repasse.dev';
    await resetUser(email);
    const a = await mailedCode(email);
    const b = await mailedCode(email);
    expectOk(await post('/user/verify_auth_code', { publicId: a.publicId, code: a.code }));
    expectOk(await post('/user/auth_change_password', { publicId: a.publicId, newPassword: NEW_PASSWORD }));
    expectError(await post('/user/verify_auth_code', { publicId: b.publicId, code: b.code }), 400, 'Password recovery expired, start again');
  });

  it('refuses malformed input', async () => {
    expectError(await post('/user/verify_username', {}), 400, 'username is required');
    expectError(await post('/user/verify_username', { username: '' }), 400);
    expectError(await post('/user/send_auth_code', { publicId: 'not-a-uuid' }), 400);
    const publicId = await startFlow('caio@repasse.dev');
    for (const code of ['12345', '1234567', 'abcdef', 123456]) expectError(await post('/user/verify_auth_code', { publicId, code }), 400);
    expectError(await post('/user/auth_change_password', { publicId }), 400, 'newPassword is required');
  });

  it('the public calls are throttled per address like login', async () => {
    const limited = await createTestApp({ shares: 0, config: { accountRateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      const call = () => limited.inject({ method: 'POST', url: '/api/user/verify_username', payload: { username: 'caio@repasse.dev' } });
      expectOk(await call());
      expectOk(await call());
      expectError(await call(), 429, /Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
