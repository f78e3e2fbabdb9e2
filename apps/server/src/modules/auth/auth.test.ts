import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@pumpkart/shared';
import { users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestUser, TEST_PASSWORD, testAddress } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload });

describe('POST /api/auth/register', () => {
  it('creates a customer and lets them log in', async () => {
    const res = await register({
      name: 'Meera',
      email: 'Meera@Example.com',
      phone: '9876543210',
      password: 'pump-kart-8',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.registered });

    const ok = await login({ email: 'meera@example.com', password: 'pump-kart-8' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toEqual({
      _id: expect.any(String),
      name: 'Meera',
      email: 'meera@example.com',
      role: 'customer',
      phone: '9876543210',
      addresses: [],
      businessName: null,
      gstin: null,
    });
  });

  it('answers an email registered twice with the same 201 and keeps the first account (registration.test.ts)', async () => {
    const payload = { name: 'Dup', email: 'dup@example.com', phone: '9876543210', password: 'pump-kart-8' };
    const first = await register(payload);
    expect(first.statusCode).toBe(201);
    const again = await register({ ...payload, name: 'Dup Again', email: 'DUP@example.com', password: 'other-pass-9' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await t.db.select().from(users).where(eq(users.email, 'dup@example.com'));
    expect(rows.map((row) => row.name)).toEqual(['Dup']);
    expect((await login({ email: 'dup@example.com', password: 'pump-kart-8' })).statusCode).toBe(200);
  });

  it.each([
    [{ phone: '12345' }, /phone/i],
    [{ phone: '98765432101' }, /phone/i],
    [{ email: 'not-an-email' }, /email/i],
    [{ password: '123' }, /password/i],
    [{ name: '' }, /name/i],
  ])('refuses %o with 400 naming the problem', async (override, pattern) => {
    const res = await register({
      name: 'X',
      email: 'x@example.com',
      phone: '9876543210',
      password: 'pump-kart-8',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(pattern);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });
});

describe('POST /api/auth/login', () => {
  it('says "Invalid email or password" for an unknown email and for a wrong password', async () => {
    const { email } = await createTestUser(t.app);
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever1' });
    const wrong = await login({ email, password: 'wrong-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it.each([
    ['no email', { password: 'secret123' }],
    ['no password', { email: 'someone@example.com' }],
    ['a blank email', { email: '   ', password: 'secret123' }],
    ['an empty password', { email: 'someone@example.com', password: '' }],
    ['neither field', {}],
    ['a number for the email', { email: 42, password: 'secret123' }],
  ])('answers 400 "Email and password are required." for %s', async (_case, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.loginFieldsRequired);
    expect(res.json().message).toBe('Email and password are required.');
  });

  it('answers a failed login "Invalid email or password" whatever else was wrong', async () => {
    const { email } = await createTestUser(t.app);
    const malformed = await login({ email: 'not-an-email', password: 'whatever1' });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
    for (const payload of [
      { email, password: 'x'.repeat(129) },
      { email: `${'a'.repeat(320)}@example.com`, password: 'whatever1' },
      { email: `${email}\u0000`, password: 'whatever1' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toBe(SERVER_MESSAGES.invalidCredentials);
    }
  });

  it('gives an admin the admin role', async () => {
    const admin = await createTestUser(t.app, { role: 'admin' });
    const res = await login({ email: admin.email, password: admin.password });
    expect(res.json().user.role).toBe('admin');
  });
});

describe('accounts and sessions', () => {
  it('stores passwords as argon2id hashes, never the password itself', async () => {
    const res = await register({
      name: 'Hash',
      email: 'hash@example.com',
      phone: '9876543210',
      password: 'pump-kart-8',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('pump-kart-8');
    const { token } = await createTestUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { password: 'changed123', currentPassword: TEST_PASSWORD },
    });
    const [changed] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, t.app.jwt.decode<{ sub: string }>(token)!.sub));
    expect(changed!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 401 "session expired" to an expired token', async () => {
    const { user } = await createTestUser(t.app);
    // Signed two hours ago, valid for one hour.
    const expired = t.app.jwt.sign(
      { sub: user.id, role: user.role, ver: user.tokenVersion },
      { expiresIn: '1h', clockTimestamp: Date.now() - 7_200_000 },
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    const fresh = t.app.jwt.sign({ sub: user.id, role: user.role, ver: user.tokenVersion });
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(fresh) })).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/update-profile', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.authRequired });
  });

  it('refuses a forged token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.bad'),
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('updates name, phone, addresses and password and answers the new profile', async () => {
    const { token, email } = await createTestUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: {
        name: 'New Name',
        phone: '9000000001',
        password: 'newpass123',
        currentPassword: TEST_PASSWORD,
        addresses: [testAddress()],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'New Name', email, phone: '9000000001', addresses: [testAddress()] });
    expect(body.user).toMatchObject({ name: 'New Name' });
    expect((await login({ email, password: 'newpass123' })).statusCode).toBe(200);
  });

  it('keeps the password when it is empty', async () => {
    const { token, email, password } = await createTestUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { name: 'Same', password: '' },
    });
    expect((await login({ email, password })).statusCode).toBe(200);
  });

  it('refuses a 5-digit postal code and writes nothing', async () => {
    const { token, email } = await createTestUser(t.app, { name: 'Before' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { name: 'After', addresses: [testAddress({ postalCode: '56001' })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/postal code/i);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.name).toBe('Before');
  });

  it("refuses taking another account's email with 409", async () => {
    const a = await createTestUser(t.app);
    const b = await createTestUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(b.token),
      payload: { email: a.email, currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('rate limiting', () => {
  it('limits login attempts per minute', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@example.com', password: 'x' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per minute', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Flood', email: `flood-${i}@example.com`, phone: '9876543210', password: 'pump-kart-8' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
      }
      expect(codes).toEqual([201, 201, 201, 429, 429]);
      const [row] = await limited.db.select({ n: count() }).from(users).where(like(users.email, 'flood-%'));
      expect(row!.n).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
