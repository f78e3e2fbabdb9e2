/**
 * Sensitive account changes: a new e-mail or password needs the current password and revokes every
 * earlier token (the caller gets a fresh one); POST /change-password (admins need 12 characters)
 * and POST /logout-all do the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_TOO_SHORT, SERVER_MESSAGES } from '@pumpkart/shared';
import { users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestUser, TEST_PASSWORD } from '../../test/factories';
import { LOGIN_ACCOUNT_LOCKED_MESSAGE, LOGIN_ACCOUNT_MAX_FAILURES } from './login-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const cart = (token: string) => t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) });
const updateProfile = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(token), payload });
const changePassword = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const stored = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/auth/update-profile: e-mail and password need the current password', () => {
  it.each([
    ['a new e-mail', { email: 'someone-new@example.com' }],
    ['a new password', { password: 'another123' }],
  ])('refuses %s without the current password (400) and changes nothing', async (_case, change) => {
    const { token, user } = await createTestUser(t.app);
    const missing = await updateProfile(token, { name: 'Changed', ...change });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: SERVER_MESSAGES.currentPasswordRequired });
    const wrong = await updateProfile(token, { name: 'Changed', ...change, currentPassword: 'not-it-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SERVER_MESSAGES.currentPasswordWrong });
    expect(await stored(user.id)).toEqual(user);
    expect((await cart(token)).statusCode).toBe(200);
  });

  it('needs no password for the name, phone, addresses or the same e-mail, and keeps the token', async () => {
    const { token, user, email } = await createTestUser(t.app);
    const res = await updateProfile(token, { name: 'Renamed', phone: '9000000002', email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect((await stored(user.id)).tokenVersion).toBe(0);
    expect((await cart(token)).statusCode).toBe(200);
  });

  it('changes the e-mail with the current password, revokes earlier tokens and answers a fresh one', async () => {
    const { token, user } = await createTestUser(t.app);
    const otherDevice = t.app.signToken({ sub: user.id, role: user.role, ver: user.tokenVersion });
    expect((await cart(otherDevice)).statusCode).toBe(200);
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com`;
    const res = await updateProfile(token, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: newEmail, user: { email: newEmail }, token: expect.any(String) });
    for (const old of [token, otherDevice]) expect((await cart(old)).statusCode).toBe(401);
    expect((await cart(res.json().token)).statusCode).toBe(200);
    expect((await login(newEmail, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('changes the password with the current password and revokes earlier tokens', async () => {
    const { token, email } = await createTestUser(t.app);
    const res = await updateProfile(token, { password: 'brandnew123', currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await cart(token)).statusCode).toBe(401);
    expect((await cart(res.json().token)).statusCode).toBe(200);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'brandnew123')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'whatever123' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("changes a customer's password, revokes every earlier token and answers a fresh one", async () => {
    const { token, user, email } = await createTestUser(t.app);
    const otherDevice = t.app.signToken({ sub: user.id, role: user.role, ver: user.tokenVersion });
    expect((await cart(otherDevice)).statusCode).toBe(200);
    const res = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: 'eight-ch' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), token: expect.any(String) });
    for (const old of [token, otherDevice]) {
      const refused = await cart(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    }
    expect((await cart(res.json().token)).statusCode).toBe(200);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'eight-ch')).statusCode).toBe(200);
  });

  it(`needs ${ADMIN_PASSWORD_MIN_LENGTH} characters for an admin`, async () => {
    const { token, user, email } = await createTestAdmin(t.app);
    const short = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: 'elevenchars' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: ADMIN_PASSWORD_TOO_SHORT });
    expect(await stored(user.id)).toEqual(user);

    const ok = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: 'twelve chars' });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(token) })).statusCode).toBe(401);
    const fresh = bearer(ok.json().token);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: fresh })).statusCode).toBe(200);
    expect((await login(email, 'twelve chars')).json().user.role).toBe('admin');
  });

  it('refuses a missing or wrong current password with 400 and changes nothing', async () => {
    const { token, user } = await createTestUser(t.app);
    const missing = await changePassword(token, { newPassword: 'another123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SERVER_MESSAGES.currentPasswordRequired);
    const empty = await changePassword(token, { currentPassword: '', newPassword: 'another123' });
    expect(empty.json().message).toBe(SERVER_MESSAGES.currentPasswordRequired);
    const wrong = await changePassword(token, { currentPassword: 'not-it-123', newPassword: 'another123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SERVER_MESSAGES.currentPasswordWrong });
    const tooShort = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: '12345' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('newPassword: Password must be at least 8 characters.');
    expect(await stored(user.id)).toEqual(user);
    expect((await cart(token)).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the per-account login limit', async () => {
    const { token, email } = await createTestUser(t.app);
    for (let i = 0; i < LOGIN_ACCOUNT_MAX_FAILURES; i += 1) {
      expect(
        (await changePassword(token, { currentPassword: `guess-${i}`, newPassword: 'another123' })).statusCode,
      ).toBe(400);
    }
    const locked = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: 'another123' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: LOGIN_ACCOUNT_LOCKED_MESSAGE });
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout-all' })).statusCode).toBe(401);
  });

  it('revokes every token of the account, this one included; a new login works', async () => {
    const { token, user, email } = await createTestUser(t.app);
    const otherDevice = t.app.signToken({ sub: user.id, role: user.role, ver: user.tokenVersion });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    for (const old of [token, otherDevice]) expect((await cart(old)).statusCode).toBe(401);
    const again = await login(email, TEST_PASSWORD);
    expect((await cart(again.json().token)).statusCode).toBe(200);
  });
});
