import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const toggle = (token: string | undefined, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/favorites/${productId}/toggle`,
    headers: token ? bearer(token) : {},
  });
const list = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/favorites/', headers: token ? bearer(token) : {} });

describe('favorites', () => {
  it('need a login (401)', async () => {
    const { product } = await createTestProduct(t.db);
    expect((await list()).statusCode).toBe(401);
    expect((await toggle(undefined, product.id)).statusCode).toBe(401);
  });

  it('toggle adds and removes a product and answers the ids, newest first', async () => {
    const { token } = await createTestUser(t.app);
    const a = await createTestProduct(t.db);
    const b = await createTestProduct(t.db);
    expect((await list(token)).json()).toEqual({ ids: [] });
    expect((await toggle(token, a.product.id)).json()).toEqual({ ids: [a.product.id] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const both = await toggle(token, b.product.id);
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ ids: [b.product.id, a.product.id] });
    expect((await toggle(token, a.product.id)).json()).toEqual({ ids: [b.product.id] });
    expect((await list(token)).json()).toEqual({ ids: [b.product.id] });
  });

  it('are kept per user', async () => {
    const one = await createTestUser(t.app);
    const two = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db);
    await toggle(one.token, product.id);
    expect((await list(two.token)).json()).toEqual({ ids: [] });
  });

  it('answer 404 for an unknown product and 400 for a malformed id', async () => {
    const { token } = await createTestUser(t.app);
    expect((await toggle(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await toggle(token, 'not-an-id')).statusCode).toBe(400);
  });
});
