/**
 * The admin command's password change, on the test database (embedded or PostgreSQL): the new
 * password logs in, the old one no longer does, the token version goes up so earlier tokens are
 * revoked, and a short password or an unknown email changes nothing. The command itself (lock,
 * stdin, exit codes) is run as a process in src/main.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../db/schema';
import { createPasswordLink } from '../modules/auth';
import { createTestApp, type TestApp } from '../test/app';
import { PASSWORD_TOO_COMMON } from '@pumpkart/shared';
import { createTestUser } from '../test/factories';
import { CommandError, setPassword } from './set-password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const stored = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('setPassword', () => {
  it('sets the new password and bumps the token version', async () => {
    const { email, password } = await createTestUser(t.app, { role: 'admin' });
    const before = await stored(email);
    const result = await setPassword(t.db, email.toUpperCase(), 'a brand new password');
    expect(result.tokenVersion).toBe(before.tokenVersion + 1);
    const after = await stored(email);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect((await login(email, 'a brand new password')).statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(401);
  });

  it.each([
    ['admin', 'elevenchars', 'An admin password must be at least 12 characters.'],
    ['orders_staff', 'elevenchars', 'A staff password must be at least 12 characters.'],
    ['customer', 'seven-7', 'Password must be at least 8 characters.'],
    ['customer', 'Password123', PASSWORD_TOO_COMMON],
    ['admin', 'qwertyuiop123', PASSWORD_TOO_COMMON],
  ] as const)("applies the policy of the account's role (%s, %s) and changes nothing", async (role, weak, refusal) => {
    const { email, password } = await createTestUser(t.app, { role });
    const before = await stored(email);
    await expect(setPassword(t.db, email, weak)).rejects.toThrow(new CommandError(`${refusal} Nothing was changed.`));
    expect(await stored(email)).toEqual(before);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it("takes a buyer's password of 8 characters", async () => {
    const { email } = await createTestUser(t.app);
    await setPassword(t.db, email, 'eight-ch');
    expect((await login(email, 'eight-ch')).statusCode).toBe(200);
  });

  it("ends the account's outstanding password links", async () => {
    const { user, email } = await createTestUser(t.app, { role: 'admin' });
    await createPasswordLink(t.db, user.id, 30, new Date());
    await setPassword(t.db, email, 'a brand new password');
    const links = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.usedAt).not.toBeNull();
  });

  it('refuses an unknown email', async () => {
    await expect(setPassword(t.db, 'nobody@example.com', 'long enough password')).rejects.toThrow(
      'No account has the email nobody@example.com.',
    );
  });
});
