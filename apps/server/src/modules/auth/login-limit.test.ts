/**
 * Logins are limited per e-mail address as well as per client address: after
 * LOGIN_ACCOUNT_MAX_FAILURES failures in a window every attempt for that address gets 429 with the
 * same message, known account or not, right password or not, until the window is over. The clock
 * is passed to the service, so the window can pass without waiting.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema';
import { DomainError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestUser, TEST_PASSWORD } from '../../test/factories';
import {
  login,
  LOGIN_ACCOUNT_LOCKED_MESSAGE,
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_ACCOUNT_WINDOW_MINUTES,
} from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

/** The status a login at `now` ends with: 200, or the DomainError's status (401, 429). */
async function attempt(email: string, password: string, now: Date): Promise<number> {
  try {
    await login(t.app.ctx, { email, password }, now);
    return 200;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.statusCode === 429) expect(error.message).toBe(LOGIN_ACCOUNT_LOCKED_MESSAGE);
    return error.statusCode;
  }
}

async function failTimes(email: string, n: number, now: Date) {
  for (let i = 0; i < n; i += 1) expect(await attempt(email, `wrong-${i}`, now)).toBe(401);
}

const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

describe('the per-account login limit', () => {
  it(`locks an account after ${LOGIN_ACCOUNT_MAX_FAILURES} failures, even for the right password`, async () => {
    const { email } = await createTestUser(t.app);
    const start = new Date();
    await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES, start);
    expect(await attempt(email, 'wrong-again', minutes(start, 1))).toBe(429);
    expect(await attempt(email, TEST_PASSWORD, minutes(start, 2))).toBe(429);
    // Letter case and spaces make no other account.
    expect(await attempt(` ${email.toUpperCase()} `, TEST_PASSWORD, minutes(start, 3))).toBe(429);
    expect(await attempt(email, TEST_PASSWORD, minutes(start, LOGIN_ACCOUNT_WINDOW_MINUTES - 1))).toBe(429);
  });

  it('locks an unknown e-mail address the same way, with the same message', async () => {
    const email = unknownEmail();
    const start = new Date();
    await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES, start);
    expect(await attempt(email, TEST_PASSWORD, start)).toBe(429);
  });

  it('lets the right password in once the window is over, and never blocks for ever', async () => {
    const { email } = await createTestUser(t.app);
    const start = new Date();
    await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES, start);
    // Attempts during the lock do not extend it.
    expect(await attempt(email, TEST_PASSWORD, minutes(start, LOGIN_ACCOUNT_WINDOW_MINUTES - 1))).toBe(429);
    const later = minutes(start, LOGIN_ACCOUNT_WINDOW_MINUTES);
    expect(await attempt(email, TEST_PASSWORD, later)).toBe(200);
    // A new window: wrong guesses are counted again from zero.
    await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES, later);
    expect(await attempt(email, TEST_PASSWORD, later)).toBe(429);
  });

  it('starts the count again after a successful login', async () => {
    const { email } = await createTestUser(t.app);
    const start = new Date();
    await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES - 1, start);
    expect(await attempt(email, TEST_PASSWORD, start)).toBe(200);
    expect(await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, email))).toEqual([]);
    await failTimes(email, LOGIN_ACCOUNT_MAX_FAILURES - 1, start);
    expect(await attempt(email, TEST_PASSWORD, start)).toBe(200);
  });

  it('checks at most the limit of passwords when guesses arrive at the same time', async () => {
    const { email } = await createTestUser(t.app);
    const start = new Date();
    const codes = await Promise.all(
      Array.from({ length: LOGIN_ACCOUNT_MAX_FAILURES + 5 }, (_, i) => attempt(email, `wrong-${i}`, start)),
    );
    expect(codes.filter((code) => code === 401)).toHaveLength(LOGIN_ACCOUNT_MAX_FAILURES);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
  });

  it('answers 429 over HTTP with the same body for an existing and an unknown account', async () => {
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
