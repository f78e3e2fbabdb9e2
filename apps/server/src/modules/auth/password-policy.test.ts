/**
 * One password policy per role wherever a password is set (docs/shop-rules.md#accounts): a buyer's at least 8
 * characters, an admin's or a staff member's at least 12, never one of the bundled common passwords, on signup,
 * the profile, change-password and a reset or invite link (the command line: cli/set-password.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD_TOO_SHORT,
  PASSWORD_TOO_COMMON,
  passwordTooShortMessage,
  STAFF_PASSWORD_TOO_SHORT,
  type Role,
} from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestUser, TEST_PASSWORD } from '../../test/factories';
import { createPasswordLink } from './store/password-links';
import { isCommonPassword } from './password-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, headers: token ? bearer(token) : {} });
const login = (email: string, password: string) => post('login', { email, password });
let n = 0;
const register = (password: string) =>
  post('register', {
    name: 'Buyer',
    email: `policy-${(n += 1)}-${Date.now()}@example.com`,
    phone: '9876543210',
    password,
  });

/** A reset link of a new account of the role, made as forgot-password makes one. */
async function linkOf(role: Role) {
  const account = await createTestUser(t.app, { role });
  return { ...account, link: await createPasswordLink(t.db, account.user.id, 30, new Date()) };
}

describe('the common-password list', () => {
  it('holds the usual guesses whatever their letter case, and not a made-up phrase', async () => {
    for (const common of ['password1', 'Password123', 'QWERTYUIOP', 'iloveyou123', 'admin123']) {
      expect(await isCommonPassword(common), common).toBe(true);
    }
    expect(await isCommonPassword('customer123')).toBe(false);
    expect(await isCommonPassword('tanker-lorry-blue-42')).toBe(false);
  });
});

describe('signup', () => {
  it('needs 8 characters and refuses a common password', async () => {
    const short = await register('seven-7');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(passwordTooShortMessage(8));
    expect(short.json().message).toBe('Password must be at least 8 characters.');
    const common = await register('Password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: PASSWORD_TOO_COMMON });
    expect((await register('eight-ch')).statusCode).toBe(201);
  });
});

describe('a reset link', () => {
  it.each([
    ['admin', 'six-ch', 'x'.repeat(7) + 'abcd', ADMIN_PASSWORD_TOO_SHORT],
    ['orders_staff', 'six-ch', 'elevenchars', STAFF_PASSWORD_TOO_SHORT],
    ['catalog_staff', 'six-ch', 'elevenchars', STAFF_PASSWORD_TOO_SHORT],
  ] as const)("applies the %s's rule, and keeps the link usable", async (role, six, eleven, refusal) => {
    const { email, link } = await linkOf(role);
    for (const weak of [six, eleven]) {
      const res = await post('reset-password', { token: link, password: weak });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(weak.length < 8 ? passwordTooShortMessage(8) : refusal);
    }
    const common = await post('reset-password', { token: link, password: 'qwertyuiop123' });
    expect(common.json()).toEqual({ message: PASSWORD_TOO_COMMON });
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await post('reset-password', { token: link, password: 'twelve chars' })).statusCode).toBe(200);
    expect((await login(email, 'twelve chars')).statusCode).toBe(200);
  });

  it("applies a buyer's rule to a buyer", async () => {
    const { link } = await linkOf('customer');
    expect((await post('reset-password', { token: link, password: 'password1' })).json()).toEqual({
      message: PASSWORD_TOO_COMMON,
    });
    expect((await post('reset-password', { token: link, password: 'eight-ch' })).statusCode).toBe(200);
  });
});

describe('the profile and change-password', () => {
  it.each([
    ['admin', ADMIN_PASSWORD_TOO_SHORT],
    ['catalog_staff', STAFF_PASSWORD_TOO_SHORT],
  ] as const)("apply the %s's rule", async (role, refusal) => {
    const { token } = await createTestUser(t.app, { role });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { password: 'elevenchars', currentPassword: TEST_PASSWORD },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ message: refusal });
    const change = await post('change-password', { currentPassword: TEST_PASSWORD, newPassword: 'elevenchars' }, token);
    expect(change.json()).toEqual({ message: refusal });
  });

  it('refuse a common password for a buyer', async () => {
    const { token } = await createTestUser(t.app);
    const change = await post('change-password', { currentPassword: TEST_PASSWORD, newPassword: 'iloveyou123' }, token);
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ message: PASSWORD_TOO_COMMON });
  });
});
