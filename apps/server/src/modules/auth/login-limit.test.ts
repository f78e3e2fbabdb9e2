/**
 * Failed logins are counted per e-mail and client address together, and per e-mail from everywhere
 * (docs/shop-rules.md#accounts): an address with LOGIN_ACCOUNT_MAX_FAILURES failures gets 429 for that e-mail until
 * the window is over, whatever the password, while the owner at another address still logs in; an e-mail attacked
 * from many addresses slows down (growing, capped delays) instead of locking its owner out. Known account or not,
 * the answers are the same. The clock is passed to the service, so windows and delays pass without waiting.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestUser, TEST_PASSWORD } from '../../test/factories';
import {
  LOGIN_ACCOUNT_LOCKED_MESSAGE,
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_ACCOUNT_WINDOW_MINUTES,
  LOGIN_DELAY_FREE_FAILURES,
  LOGIN_DELAY_MAX_SECONDS,
  loginDelayMessage,
  loginDelaySeconds,
} from './login-limit';
import { login } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const seconds = (from: Date, n: number) => new Date(from.getTime() + n * 1000);
const minutes = (from: Date, n: number) => seconds(from, n * 60);
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

/** How a login at `now` from `address` ends: 200, 401, or the 429's message. */
async function attempt(email: string, password: string, now: Date, address = ATTACKER): Promise<number | string> {
  try {
    await login(t.app.ctx, { email, password }, now, address);
    return 200;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.statusCode === 429 ? error.message : error.statusCode;
  }
}

/** `n` wrong passwords from `address`, each once the account's delay allows it; answers the time after the last. */
async function failTimes(email: string, n: number, start: Date, address = ATTACKER): Promise<Date> {
  let now = start;
  for (let i = 0; i < n; i += 1) {
    expect(await attempt(email, `wrong-${i}`, now, address)).toBe(401);
    now = seconds(now, LOGIN_DELAY_MAX_SECONDS);
  }
  return now;
}

const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

describe('failed logins from one address', () => {
  it(`lock that address out of the e-mail after ${LOGIN_ACCOUNT_MAX_FAILURES}, right password or not, and only that address`, async () => {
    const { email } = await createTestUser(t.app);
    const start = new Date();
    const after = await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES, start);
    expect(await attempt(email, TEST_PASSWORD, after)).toBe(LOGIN_ACCOUNT_LOCKED_MESSAGE);
    // Letter case and spaces make no other account.
    expect(await attempt(` ${email.toUpperCase()} `, TEST_PASSWORD, after)).toBe(LOGIN_ACCOUNT_LOCKED_MESSAGE);
    // The owner, elsewhere, is not locked out: 10 failures in all is 1 second of delay, already over.
    expect(await attempt(email, TEST_PASSWORD, after, OWNER)).toBe(200);
    expect(await attempt(email, TEST_PASSWORD, minutes(start, LOGIN_ACCOUNT_WINDOW_MINUTES - 1))).toBe(
      LOGIN_ACCOUNT_LOCKED_MESSAGE,
    );
    // Once the window is over, the address may try again.
    expect(await attempt(email, TEST_PASSWORD, minutes(start, LOGIN_ACCOUNT_WINDOW_MINUTES))).toBe(200);
  });

  it('lock an unknown e-mail address the same way, with the same message', async () => {
    const email = unknownEmail();
    const after = await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES, new Date());
    expect(await attempt(email, TEST_PASSWORD, after)).toBe(LOGIN_ACCOUNT_LOCKED_MESSAGE);
  });

  it("start again after the address's successful login", async () => {
    const { email } = await createTestUser(t.app);
    const after = await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES - 1, new Date(), OWNER);
    expect(await attempt(email, TEST_PASSWORD, after, OWNER)).toBe(200);
    const rows = await t.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `${email}|${OWNER}`));
    expect(rows).toEqual([]);
    const again = await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES - 1, after, OWNER);
    expect(await attempt(email, TEST_PASSWORD, again, OWNER)).toBe(200);
  });
});

describe('an e-mail attacked from many addresses', () => {
  it('slows down with growing delays, capped, and lets its owner in once a delay is over', async () => {
    const { email } = await createTestUser(t.app);
    let now = new Date();
    // A botnet: each address fails twice, far below its own limit.
    const waits: number[] = [];
    for (let i = 0; i < LOGIN_DELAY_FREE_FAILURES + 8; i += 1) {
      expect(await attempt(email, `wrong-${i}`, now, `192.0.2.${i}`)).toBe(401);
      const wait = loginDelaySeconds(i + 1);
      waits.push(wait);
      if (wait > 0) {
        // The next attempt, from anywhere, waits; the owner's right password too, but only that long.
        expect(await attempt(email, TEST_PASSWORD, now, OWNER)).toBe(loginDelayMessage(wait));
      }
      now = seconds(now, wait);
    }
    expect(waits.slice(LOGIN_DELAY_FREE_FAILURES - 1)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(await attempt(email, TEST_PASSWORD, now, OWNER)).toBe(200);
  });

  it('checks at most the free failures when guesses arrive at the same time', async () => {
    const { email } = await createTestUser(t.app);
    const start = new Date();
    const codes = await Promise.all(
      Array.from({ length: LOGIN_DELAY_FREE_FAILURES + 5 }, (_, i) =>
        attempt(email, `wrong-${i}`, start, `192.0.2.${i}`),
      ),
    );
    expect(codes.filter((code) => code === 401)).toHaveLength(LOGIN_DELAY_FREE_FAILURES);
    expect(codes.filter((code) => code === loginDelayMessage(1))).toHaveLength(5);
  });
});

describe('over HTTP', () => {
  it('answers 429 with the same body for an existing and an unknown account', async () => {
    const { email } = await createTestUser(t.app);
    const unknown = unknownEmail();
    const post = (who: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who, password } });
    for (const who of [email, unknown]) {
      for (let i = 0; i < LOGIN_ACCOUNT_MAX_FAILURES; i += 1) {
        expect((await post(who, `wrong-${i}`)).statusCode).toBe(401);
      }
    }
    const known = await post(email, TEST_PASSWORD);
    const stranger = await post(unknown, TEST_PASSWORD);
    for (const res of [known, stranger]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: LOGIN_ACCOUNT_LOCKED_MESSAGE });
    }
  });
});
