/**
 * A flood of logins from one address (docs/security.md, "Brute force and counters across
 * instances"): 200 at once, each with another e-mail, once took every request of the API to 2.3 s
 * because each cost a password hash. They must be refused early (429), and a login from another
 * address during the flood must still get in promptly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp, USERS, createTestApp } from './support/app';

const FLOOD = 200;
const ATTACKER = '198.51.100.66';
const OWNER = '203.0.113.77';
/** What a single login costs here, measured before the flood: the prompt answer is a few of these. */
let quietLoginMs = 0;

let t: TestApp;

const loginFrom = (remoteAddress: string, username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/user/login', payload: { username, password }, remoteAddress });

const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
};

beforeAll(async () => {
  t = await createTestApp({ shares: 0 });
  // The first login pays for the timing-equaliser hash and warm-up; the second is the baseline.
  await loginFrom('192.0.2.1', USERS.fund, PASSWORD);
  [, quietLoginMs] = await timed(() => loginFrom('192.0.2.1', USERS.fund, PASSWORD));
});
afterAll(async () => {
  await t?.close();
});

describe(`${FLOOD} concurrent logins with distinct e-mails from one address`, () => {
  it('are mostly refused with 429, and another address signs in promptly meanwhile', async () => {
    const flood = Promise.all(Array.from({ length: FLOOD }, (_, i) => loginFrom(ATTACKER, `flood-${i}@example.com`, 'wrong-password')));
    // Once the flood is queued in the server, not before it.
    await new Promise((resolve) => setImmediate(resolve));
    const [owner, ownerMs] = await timed(() => loginFrom(OWNER, USERS.operator, PASSWORD));
    const answers = await flood;

    const statuses = answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});
    console.info(`flood answers ${JSON.stringify(statuses)}; another address's login took ${ownerMs.toFixed(0)} ms (quiet: ${quietLoginMs.toFixed(0)} ms)`);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(statuses[429]).toBeGreaterThan(FLOOD / 2);
    expect(Object.keys(statuses).sort()).toEqual(['401', '429']);
    // Promptly: the wait of a few verifications, not of the flood's 200.
    expect(ownerMs).toBeLessThan(Math.max(1_000, 8 * quietLoginMs));
    for (const r of answers.filter((a) => a.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
});
