/**
 * Tokens are trusted only as far as the database agrees: HS256 only, `exp` required, the account
 * must exist, its role comes from the database and the token's version must be the account's.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@pumpkart/shared';
import { users } from '../../db/schema';
import { bearer, createTestApp, TEST_SECRETS, type TestApp } from '../../test/app';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { bumpTokenVersion } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token built by hand, as an attacker would, signed with the server's own secret unless told otherwise. */
function handmade(payload: Record<string, unknown>, alg: 'HS256' | 'HS512' | 'none' = 'HS256') {
  const head = `${base64url({ alg, typ: 'JWT' })}.${base64url(payload)}`;
  if (alg === 'none') return `${head}.`;
  const digest = alg === 'HS256' ? 'sha256' : 'sha512';
  return `${head}.${createHmac(digest, TEST_SECRETS.jwtSecret).update(head).digest('base64url')}`;
}

const inHour = () => Math.floor(Date.now() / 1000) + 3600;
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('what a token must be', () => {
  it('is signed HS256 and carries exp, sub and the account version', async () => {
    const { token, user } = await createTestUser(t.app);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: user.id, ver: 0, exp: expect.any(Number) });
    expect((await get('/api/cart', token)).statusCode).toBe(200);
  });

  it('a handmade HS256 token with exp for a real account is accepted (the helper is right)', async () => {
    const { user } = await createTestUser(t.app);
    const token = handmade({ sub: user.id, role: 'customer', ver: 0, exp: inHour() });
    expect((await get('/api/cart', token)).statusCode).toBe(200);
  });

  it('refuses a token without exp', async () => {
    const { user } = await createTestUser(t.app);
    const res = await get('/api/cart', handmade({ sub: user.id, role: 'customer', ver: 0 }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.authRequired });
  });

  it.each(['HS512', 'none'] as const)('refuses a token signed %s', async (alg) => {
    const { user } = await createTestUser(t.app);
    const res = await get('/api/cart', handmade({ sub: user.id, role: 'customer', ver: 0, exp: inHour() }, alg));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token whose sub is not an account id with 401, not 500', async () => {
    for (const sub of ['x', 42, undefined]) {
      const res = await get('/api/cart', handmade({ sub, role: 'admin', ver: 0, exp: inHour() }));
      expect(res.statusCode).toBe(401);
    }
    const { user } = await createTestUser(t.app);
    const badVersion = handmade({ sub: user.id, role: 'customer', ver: '0', exp: inHour() });
    expect((await get('/api/cart', badVersion)).statusCode).toBe(401);
  });
});

describe('the database has the last word', () => {
  it('refuses an admin token for an account that does not exist (GET /api/orders)', async () => {
    const forged = t.app.signToken({ sub: randomUUID(), role: 'admin' });
    const res = await get('/api/orders', forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.authRequired });
  });

  it('refuses a token whose account was deleted', async () => {
    const { token, user } = await createTestUser(t.app);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await get('/api/orders/me', token)).statusCode).toBe(401);
  });

  it("reads the role from the account: a customer's token claiming admin is still a customer", async () => {
    const { user } = await createTestUser(t.app);
    const claimsAdmin = t.app.signToken({ sub: user.id, role: 'admin' });
    const list = await get('/api/orders', claimsAdmin);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: SERVER_MESSAGES.ordersAreaOnly });
    expect((await get('/api/products/stats', claimsAdmin)).statusCode).toBe(403);

    // Another buyer's order stays hidden: request.user.role is the database's 'customer'.
    const other = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const order = await placeOrderOk(t.app, other.token, orderBody([{ product }]));
    expect((await get(`/api/orders/${order._id}`, claimsAdmin)).statusCode).toBe(404);
  });

  it("an admin's token works on admin routes", async () => {
    const { token } = await createTestAdmin(t.app);
    expect((await get('/api/orders', token)).statusCode).toBe(200);
  });

  it('refuses every earlier token at once after the version is bumped, in this process', async () => {
    const { token, user } = await createTestUser(t.app);
    const otherDevice = t.app.signToken({ sub: user.id, role: user.role, ver: 0 });
    // Both are cached as valid first.
    expect((await get('/api/cart', token)).statusCode).toBe(200);
    expect((await get('/api/cart', otherDevice)).statusCode).toBe(200);
    expect(await bumpTokenVersion(t.app.ctx, user.id)).toBe(1);
    for (const old of [token, otherDevice]) {
      const res = await get('/api/cart', old);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    }
    expect((await get('/api/cart', t.app.signToken({ sub: user.id, role: user.role, ver: 1 }))).statusCode).toBe(200);
    expect(await bumpTokenVersion(t.app.ctx, randomUUID())).toBeUndefined();
  });
});
