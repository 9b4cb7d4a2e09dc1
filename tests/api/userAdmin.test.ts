/**
 * User management (issue 11): get, list scoping, create with a one-time password, update, disable,
 * enable and an administrator's reset — by profile, by tenant, bad input, the audit trail, the
 * self and last-operator rules, and that a disable or reset ends the user's sessions at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser, UserCreateResult, UserListItem } from '../../src/domain/management';
import { meetsPasswordPolicy, readResetLinkFragment } from '../../src/domain/account';
import type { ListResponse } from '../../src/domain/shareList';
import { PASSWORD, USERS, createTestApp, type TestApp } from './support/app';
import { expectError, expectOk } from './support/expect';
import { type SmtpInbox, startSmtpInbox } from './support/smtpInbox';

let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ shares: 0, config: { mail: { smtpUrl: inbox.url, from: 'Repasse <nao-responda@repasse.dev>', disabled: false } } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const headers = async (as: string) => ({ authorization: `Bearer ${await t.token(as)}` });
const post = async (as: string, path: string, payload: object) => t.inject({ method: 'POST', url: `/api${path}`, headers: await headers(as), payload });
const idOf = async (email: string) => (await t.query<{ id: string }>(sql`select id from users where email = ${email}`))[0].id;
const auditOf = (objectId: string) =>
  t.query<{ user_id: string | null; action: string; object_type: string; adm_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    sql`select user_id, action, object_type, adm_id, before, after from audit_log where object_id = ${objectId} order by id`,
  );
const login = (username: string, password: string) => t.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });

let seq = 0;
const freshEmail = () => `novo.${++seq}.${Date.now()}@example.com`;

describe('GET /user/get and the list', () => {
  it('an operator reads any user; the record carries enabled and first-access state, never the hash', async () => {
    const u = expectOk<ManagedUser>(await t.get(`/api/user/get?userId=${await idOf(USERS.orbita)}`));
    expect(u).toMatchObject({ email: USERS.orbita, profile: 'adm', admId: 2, fundId: null, enabled: true, mustChangePassword: false, deniedPermissions: [] });
    expect(JSON.stringify(u)).not.toMatch(/scrypt|passwordHash/);
  });

  it("an administrator reads its brand's users; another brand's user answers like a missing one", async () => {
    expectOk(await t.get(`/api/user/get?userId=${await idOf(USERS.restricted)}`, USERS.acme));
    const foreign = expectError(await t.get(`/api/user/get?userId=${await idOf(USERS.orbita)}`, USERS.acme), 404, 'User not found');
    const missing = expectError(await t.get('/api/user/get?userId=00000000-0000-4000-8000-000000000000', USERS.acme), 404);
    expect(foreign).toEqual(missing);
    expectError(await t.get(`/api/user/get?userId=${await idOf(USERS.operator)}`, USERS.acme), 404, 'User not found');
  });

  it('a fund user may not read users (403); a malformed id is a 400', async () => {
    expectError(await t.get(`/api/user/get?userId=${await idOf(USERS.fund)}`, USERS.fund), 403, 'Permission denied');
    expectError(await t.get('/api/user/get?userId=nope'), 400);
  });

  it("the list: an administrator sees only its own brand's users; items carry enabled", async () => {
    const mine = expectOk<ListResponse<UserListItem>>(await t.get('/api/user/list?limit=100', USERS.acme));
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((u) => u.admId === 1)).toBe(true);
    expect(mine.total).toBe(mine.data.length);
    const all = expectOk<ListResponse<UserListItem>>(await t.get('/api/user/list?limit=100'));
    expect(all.total).toBeGreaterThan(mine.total);
    expect(all.data.every((u) => typeof u.enabled === 'boolean')).toBe(true);
  });
});

describe('POST /user/create', () => {
  it('creates a user with a one-time password that meets the policy; only its hash is stored; the audit has no secret', async () => {
    const email = freshEmail();
    const res = expectOk<UserCreateResult>(await post(USERS.operator, '/user/create', { name: '  Nova Operadora ', email: email.toUpperCase(), profile: 'operator' }));
    expect(res.user).toMatchObject({ name: 'Nova Operadora', email, profile: 'operator', admId: null, fundId: null, enabled: true, mustChangePassword: true });
    expect(meetsPasswordPolicy(res.temporaryPassword)).toBe(true);
    const [row] = await t.query<{ password_hash: string; player_is_repasse: boolean; must_change_password: boolean; password_expires_at: string | null }>(
      sql`select password_hash, player_is_repasse, must_change_password, password_expires_at from users where id = ${res.user.userId}`,
    );
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(res.temporaryPassword);
    expect(row.player_is_repasse).toBe(true);
    expect(row.password_expires_at).not.toBeNull();
    const audit = await auditOf(res.user.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: await idOf(USERS.operator), action: 'user.create', object_type: 'user', adm_id: null, before: null });
    expect(JSON.stringify(audit)).not.toContain(res.temporaryPassword);
    expect(JSON.stringify(audit)).not.toMatch(/scrypt/);
  });

  it('the new user signs in with the one-time password and must change it before anything else', async () => {
    const email = freshEmail();
    const { temporaryPassword } = expectOk<UserCreateResult>(await post(USERS.operator, '/user/create', { name: 'Ana Fundo', email, profile: 'fund', fundId: 1 }));
    const signed = expectOk<{ token: string; firstAccess: boolean }>(await login(email, temporaryPassword));
    expect(signed.firstAccess).toBe(true);
    const blocked = await t.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: `Bearer ${signed.token}` } });
    expectError(blocked, 403, /Password change required/);
    const changed = await t.inject({
      method: 'POST',
      url: '/api/user/change_password',
      headers: { authorization: `Bearer ${signed.token}` },
      payload: { oldPassword: temporaryPassword, newPassword: 'Nova-senha-123', firstAccess: true },
    });
    const { token } = expectOk<{ token: string }>(changed);
    expectOk(await t.inject({ method: 'GET', url: '/api/share/list', headers: { authorization: `Bearer ${token}` } }));
  });

  it('an administrator creates administrators of its own brand only', async () => {
    const own = expectOk<UserCreateResult>(await post(USERS.acme, '/user/create', { name: 'Adm Acme Dois', email: freshEmail(), profile: 'adm' }));
    expect(own.user).toMatchObject({ profile: 'adm', admId: 1 });
    expect((await auditOf(own.user.userId))[0]).toMatchObject({ action: 'user.create', adm_id: 1 });
    expectError(await post(USERS.acme, '/user/create', { name: 'X', email: freshEmail(), profile: 'adm', admId: 2 }), 403, 'Permission denied');
    expectError(await post(USERS.acme, '/user/create', { name: 'X', email: freshEmail(), profile: 'operator' }), 403, 'Permission denied');
    expectError(await post(USERS.acme, '/user/create', { name: 'X', email: freshEmail(), profile: 'fund', fundId: 1 }), 403, 'Permission denied');
    expectError(await post(USERS.fund, '/user/create', { name: 'X', email: freshEmail(), profile: 'fund', fundId: 1 }), 403, 'Permission denied');
  });

  it('refuses bad input on its field, and writes nothing', async () => {
    const [{ n: before }] = await t.query<{ n: number }>(sql`select count(*)::int as n from users`);
    const cases: [object, string, RegExp][] = [
      [{ name: 'X', email: USERS.acme.toUpperCase(), profile: 'adm', admId: 1 }, 'email', /^Invalid e-mail: already in use$/],
      [{ name: 'X', email: 'not an email', profile: 'operator' }, 'email', /^Invalid email$/],
      [{ name: '   ', email: freshEmail(), profile: 'operator' }, 'name', /required/],
      [{ name: 'x'.repeat(121), email: freshEmail(), profile: 'operator' }, 'name', /at most 120/],
      [{ name: 'X', email: freshEmail(), profile: 'adm' }, 'admId', /admId is required/],
      [{ name: 'X', email: freshEmail(), profile: 'adm', admId: 999 }, 'admId', /administrator not found/],
      [{ name: 'X', email: freshEmail(), profile: 'fund' }, 'fundId', /fundId is required/],
      [{ name: 'X', email: freshEmail(), profile: 'fund', fundId: 999 }, 'fundId', /fund not found/],
      [{ name: 'X', email: freshEmail(), profile: 'operator', admId: 1 }, 'admId', /only adm users/],
      [{ name: 'X', email: freshEmail(), profile: 'adm', admId: 1, fundId: 1 }, 'fundId', /only fund users/],
      [{ name: 'X', email: freshEmail(), profile: 'operator', deniedPermissions: ['share.read', 'nope'] }, 'deniedPermissions', /unknown permission: nope/],
    ];
    for (const [payload, field, message] of cases) {
      const body = expectError(await post(USERS.operator, '/user/create', payload), 400);
      expect(body.errors?.[field], JSON.stringify(payload)).toMatch(message);
    }
    expectError(await post(USERS.operator, '/user/create', { name: 'X', email: freshEmail(), profile: 'root' }), 400);
    const [{ n: after }] = await t.query<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(after).toBe(before);
  });

  it('a disabled fund takes no new user', async () => {
    await t.query(sql`update funds set enabled = false where id = 2`);
    try {
      const body = expectError(await post(USERS.operator, '/user/create', { name: 'X', email: freshEmail(), profile: 'fund', fundId: 2 }), 400);
      expect(body.errors?.fundId).toMatch(/disabled/);
    } finally {
      await t.query(sql`update funds set enabled = true where id = 2`);
    }
  });

  it('two creations of one e-mail at once: one wins, the other is told it is in use', async () => {
    const email = freshEmail();
    const [a, b] = await Promise.all([0, 1].map(() => post(USERS.operator, '/user/create', { name: 'Par', email, profile: 'operator' })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((a.statusCode === 400 ? a : b).json().errors.email).toBe('Invalid e-mail: already in use');
  });
});

describe('POST /user/update', () => {
  it('changes name, e-mail and denied permissions; the denial holds from the next request; audited with before and after', async () => {
    const email = freshEmail();
    const { user, temporaryPassword } = expectOk<UserCreateResult>(await post(USERS.operator, '/user/create', { name: 'Editável', email, profile: 'operator' }));
    // First access done, so the user can work.
    const first = expectOk<{ token: string }>(await login(email, temporaryPassword));
    const { token } = expectOk<{ token: string }>(
      await t.inject({ method: 'POST', url: '/api/user/change_password', headers: { authorization: `Bearer ${first.token}` }, payload: { oldPassword: temporaryPassword, newPassword: 'Outra-senha-9', firstAccess: true } }),
    );
    const auth = { authorization: `Bearer ${token}` };
    expectOk(await t.inject({ method: 'GET', url: '/api/fund/list', headers: auth }));

    const newEmail = freshEmail();
    const updated = expectOk<ManagedUser>(await post(USERS.operator, '/user/update', { userId: user.userId, name: 'Editada', email: newEmail.toUpperCase(), deniedPermissions: ['fund.list'] }));
    expect(updated).toMatchObject({ name: 'Editada', email: newEmail, deniedPermissions: ['fund.list'] });
    expectError(await t.inject({ method: 'GET', url: '/api/fund/list', headers: auth }), 403, 'Permission denied');

    const audit = await auditOf(user.userId);
    expect(audit.at(-1)).toMatchObject({ action: 'user.update', before: { name: 'Editável', email, deniedPermissions: [] }, after: { name: 'Editada', email: newEmail, deniedPermissions: ['fund.list'] } });
  });

  it('refuses a taken e-mail, unknown permissions and an empty name on their fields', async () => {
    const userId = await idOf('caio@repasse.dev');
    expect(expectError(await post(USERS.operator, '/user/update', { userId, email: USERS.acme }), 400).errors?.email).toBe('Invalid e-mail: already in use');
    expect(expectError(await post(USERS.operator, '/user/update', { userId, deniedPermissions: ['x'] }), 400).errors?.deniedPermissions).toMatch(/unknown permission/);
    expect(expectError(await post(USERS.operator, '/user/update', { userId, name: '' }), 400).errors?.name).toBe('name is required');
  });

  it("nobody changes their own denied permissions; an administrator edits only its brand's users", async () => {
    expectError(await post(USERS.restricted, '/user/update', { userId: await idOf(USERS.restricted), deniedPermissions: [] }), 403, 'Permission denied');
    expectOk(await post(USERS.restricted, '/user/update', { userId: await idOf(USERS.restricted), name: 'Renato Ribeiro' }));
    expectError(await post(USERS.acme, '/user/update', { userId: await idOf(USERS.orbita), name: 'Hack' }), 404, 'User not found');
    expectError(await post(USERS.fund, '/user/update', { userId: await idOf(USERS.fund), name: 'Hack' }), 403, 'Permission denied');
  });
});

describe('POST /user/disable and /user/enable', () => {
  it("disabling ends the user's sessions at once and refuses its login; enabling lets it back in", async () => {
    const email = 'adm@vertice.repasse.dev';
    const token = await t.token(email);
    const auth = { authorization: `Bearer ${token}` };
    expectOk(await t.inject({ method: 'GET', url: '/api/share/list', headers: auth }));
    const userId = await idOf(email);
    const off = expectOk<ManagedUser>(await post(USERS.operator, '/user/disable', { userId }));
    expect(off.enabled).toBe(false);
    expectError(await t.inject({ method: 'GET', url: '/api/share/list', headers: auth }), 401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    const [{ open }] = await t.query<{ open: number }>(sql`select count(*)::int as open from sessions where user_id = ${userId} and revoked_at is null`);
    expect(open).toBe(0);
    const audit = await auditOf(userId);
    expect(audit.at(-1)).toMatchObject({ action: 'user.disable', adm_id: 3, before: { enabled: true }, after: { enabled: false } });

    const list = expectOk<ListResponse<UserListItem>>(await t.get(`/api/user/list?filters=${encodeURIComponent(JSON.stringify({ search: email }))}`));
    expect(list.data.find((u) => u.userId === userId)?.enabled).toBe(false);

    expect(expectOk<ManagedUser>(await post(USERS.operator, '/user/enable', { userId })).enabled).toBe(true);
    expect((await auditOf(userId)).at(-1)?.action).toBe('user.enable');
    t.forgetToken(email);
    expectOk(await t.get('/api/share/list', email));
  });

  it('nobody disables themselves', async () => {
    expectError(await post(USERS.acme, '/user/disable', { userId: await idOf(USERS.acme) }), 409, 'Invalid operation: cannot disable yourself');
    expectError(await post(USERS.operator, '/user/disable', { userId: await idOf(USERS.operator) }), 409, 'Invalid operation: cannot disable yourself');
  });

  it("an administrator disables only its brand's users; a fund disables nobody", async () => {
    expectError(await post(USERS.acme, '/user/disable', { userId: await idOf(USERS.orbita) }), 404, 'User not found');
    expectError(await post(USERS.acme, '/user/enable', { userId: await idOf(USERS.orbita) }), 404, 'User not found');
    expectError(await post(USERS.fund, '/user/disable', { userId: await idOf(USERS.fundBeta) }), 403, 'Permission denied');
    expectError(await post(USERS.operator, '/user/disable', { userId: '00000000-0000-4000-8000-000000000000' }), 404, 'User not found');
  });

  it('the last active operator cannot be disabled, even by two concurrent calls on the last two', async () => {
    // An active operator caller is itself an active operator, so only a race can reach the last one:
    // the main operator and one other remain, and each disables the other at the same moment.
    const others = await t.query<{ id: string; email: string }>(
      sql`select id, email from users where profiles[1] = 'operator' and disabled_at is null and email <> ${USERS.operator} order by email`,
    );
    const [b, ...rest] = others;
    for (const o of rest) expectOk(await post(USERS.operator, '/user/disable', { userId: o.id }));
    try {
      const main = await idOf(USERS.operator);
      // Both sign in first: a login racing the disable would be refused as the disabled user it is,
      // before the call the test is about.
      const [mainAuth, otherAuth] = [await headers(USERS.operator), await headers(b.email)];
      const disable = (auth: Record<string, string>, userId: string) => t.inject({ method: 'POST', url: '/api/user/disable', headers: auth, payload: { userId } });
      const [r1, r2] = await Promise.all([disable(mainAuth, b.id), disable(otherAuth, main)]);
      const [won, lost] = [r1, r2].sort((x, y) => x.statusCode - y.statusCode);
      expect(won.statusCode, won.body).toBe(200);
      // The loser is refused as the last operator, or finds its own session already ended.
      if (lost.statusCode === 409) expect(lost.json().message).toBe('Invalid operation: the last active operator cannot be disabled');
      else expect(lost.statusCode, lost.body).toBe(401);
      const [{ active }] = await t.query<{ active: number }>(sql`select count(*)::int as active from users where profiles[1] = 'operator' and disabled_at is null`);
      expect(active).toBe(1);
    } finally {
      await t.query(sql`update users set disabled_at = null`);
      t.forgetToken(USERS.operator);
      t.forgetToken(b.email);
    }
  });
});

describe('POST /user/send_reset', () => {
  it('ends every session, keeps the password, and mails a code the recovery flow knows', async () => {
    const email = USERS.restricted;
    const userId = await idOf(email);
    const auth = { authorization: `Bearer ${await t.token(email)}` };
    expectOk(await t.inject({ method: 'GET', url: '/api/share/list', headers: auth }));

    const res = expectOk<{ maskedEmail: string }>(await post(USERS.acme, '/user/send_reset', { userId }));
    expect(res).toEqual({ maskedEmail: 'r***o@a***.repasse.dev' });
    expectError(await t.inject({ method: 'GET', url: '/api/share/list', headers: auth }), 401);

    const mail = await inbox.next(email);
    const code = /(\d{6})/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail.text).toContain(code!);
    const [flow] = await t.query<{ code_hash: string | null; expires_at: string }>(sql`select code_hash, expires_at from auth_codes where user_id = ${userId} order by created_at desc limit 1`);
    expect(flow.code_hash).not.toBeNull();
    expect(flow.code_hash).not.toContain(code!);

    // The current password still works.
    t.forgetToken(email);
    expectOk(await login(email, PASSWORD));

    // The mail links to the forgotten-password screen at its code step for this flow (the handle in
    // the fragment), and the mailed code verifies there and sets a new password.
    const link = /https?:\/\/\S+\/esqueci-senha#\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const flowOfLink = readResetLinkFragment(new URL(link!).hash);
    expect(flowOfLink).toMatchObject({ maskedEmail: 'r***o@a***.repasse.dev' });
    expect(flowOfLink!.expiresAt * 1000).toBeGreaterThan(Date.now());
    expectOk(await t.inject({ method: 'POST', url: '/api/user/verify_auth_code', payload: { publicId: flowOfLink!.publicId, code } }));
    expectOk(await t.inject({ method: 'POST', url: '/api/user/auth_change_password', payload: { publicId: flowOfLink!.publicId, newPassword: 'Restrito#Nova2026' } }));
    expectOk(await login(email, 'Restrito#Nova2026'));
    expectError(await login(email, PASSWORD), 401);
    // The reset by the administrator, then the user's own new password (issue 18 records it too).
    expect((await auditOf(userId)).slice(-2)).toMatchObject([
      { action: 'user.send_reset', adm_id: 1, user_id: await idOf(USERS.acme) },
      { action: 'user.change_password', adm_id: 1, user_id: userId },
    ]);
  });

  it("is scoped like the rest: another brand's user is a 404, a fund is refused, and nothing is sent", async () => {
    const before = inbox.mails.length;
    expectError(await post(USERS.acme, '/user/send_reset', { userId: await idOf(USERS.orbita) }), 404, 'User not found');
    expectError(await post(USERS.fund, '/user/send_reset', { userId: await idOf(USERS.fund) }), 403, 'Permission denied');
    expectError(await post(USERS.operator, '/user/send_reset', { userId: 'x' }), 400);
    expect(inbox.mails.length).toBe(before);
  });

  it("counts towards the account's recovery mails: past the hour's budget a 429 writes nothing", async () => {
    const userId = await idOf('rafaela@repasse.dev');
    for (let i = 0; i < 5; i++) expectOk(await post(USERS.operator, '/user/send_reset', { userId }));
    const [{ n: before }] = await t.query<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    const res = await post(USERS.operator, '/user/send_reset', { userId });
    expectError(res, 429);
    expect(res.headers['retry-after']).toBeDefined();
    const [{ n: after }] = await t.query<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    expect(after).toBe(before);
  });
});
