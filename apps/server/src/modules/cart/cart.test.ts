import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@pumpkart/shared';
import { cartItems, carts, products, productVariants } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/cart${url}`, headers: token ? bearer(token) : {}, payload });

describe('cart permissions', () => {
  it.each([
    ['GET', '/'],
    ['POST', '/add'],
    ['PUT', '/update'],
    ['DELETE', '/remove'],
    ['DELETE', '/clear'],
  ] as const)('%s %s needs a login (401)', async (method, url) => {
    const res = await call(method, url, undefined, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/cart', () => {
  it('answers an empty cart for a new user without creating one', async () => {
    const { token, user } = await createTestUser(t.app);
    const res = await call('GET', '/', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    expect(await t.db.select().from(carts).where(eq(carts.userId, user.id))).toHaveLength(0);
  });
});

describe('POST /api/cart/add', () => {
  it('adds a line with the product summary, current price and stock', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { title: 'Nozzle', price: 499.5, stock: 7, brand: 'Tokheim' });
    const res = await call('POST', '/add', token, { productId: product.id, variantId: null, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        _id: expect.any(String),
        product: {
          _id: product.id,
          title: 'Nozzle',
          brand: 'Tokheim',
          category: 'Testing Equipment',
          price: 499.5,
          stock: 7,
          active: true,
          images: [],
          minOrderQty: 1,
          packSize: 1,
          kind: 'goods',
        },
        variant: null,
        variantId: null,
        quantity: 2,
        serviceDate: null,
        price: 499.5,
        stock: 7,
      },
    ]);
  });

  it('merges quantities of the same line and caps them at the stock', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    await call('POST', '/add', token, { productId: product.id, quantity: 2 });
    const merged = await call('POST', '/add', token, { productId: product.id, variantId: 'base', quantity: 2 });
    expect(merged.json().items).toHaveLength(1);
    expect(merged.json().items[0].quantity).toBe(4);
    const capped = await call('POST', '/add', token, { productId: product.id, quantity: 10 });
    expect(capped.json().items[0].quantity).toBe(5);
  });

  it('adds at least 1 and never more than the stock on a first add', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    const zero = await call('POST', '/add', token, { productId: product.id, quantity: 0 });
    expect(zero.json().items[0].quantity).toBe(1);
    const other = await createTestProduct(t.db, { stock: 3 });
    const many = await call('POST', '/add', token, { productId: other.product.id, quantity: 99 });
    expect(
      many.json().items.find((l: { product: { _id: string } }) => l.product._id === other.product.id).quantity,
    ).toBe(3);
  });

  it('keeps variants of one product as separate lines with the variant price and stock', async () => {
    const { token } = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, {
      variants: [
        { size: 'M', price: 300, stock: 2 },
        { size: 'L', price: 350, stock: 4 },
      ],
    });
    await call('POST', '/add', token, { productId: product.id, variantId: variants[0]!.id, quantity: 1 });
    const res = await call('POST', '/add', token, { productId: product.id, variantId: variants[1]!.id, quantity: 9 });
    const items = res.json().items;
    expect(items).toHaveLength(2);
    // Oldest line first.
    expect(items[0]).toMatchObject({ variantId: variants[0]!.id, price: 300, stock: 2, quantity: 1 });
    expect(items[0].variant).toEqual({ _id: variants[0]!.id, size: 'M', price: 300, mrp: null, stock: 2 });
    expect(items[1]).toMatchObject({ variantId: variants[1]!.id, price: 350, stock: 4, quantity: 4 });
  });

  it('requires a variant of that product when the product has variants (400)', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, {
      title: 'Uniform',
      variants: [{ size: 'M', price: 300, stock: 2 }],
    });
    const other = await createTestProduct(t.db, { variants: [{ size: 'S', price: 100, stock: 2 }] });
    const missing = await call('POST', '/add', token, { productId: product.id, quantity: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Uniform/);
    const foreign = await call('POST', '/add', token, {
      productId: product.id,
      variantId: other.variants[0]!.id,
      quantity: 1,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses a variant for a product without variants (400)', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db);
    const other = await createTestProduct(t.db, { variants: [{ size: 'S', price: 100, stock: 2 }] });
    const res = await call('POST', '/add', token, { productId: product.id, variantId: other.variants[0]!.id });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an out-of-stock product, variant or inactive product with 409 and the shared message', async () => {
    const { token } = await createTestUser(t.app);
    const empty = await createTestProduct(t.db, { stock: 0 });
    const inactive = await createTestProduct(t.db, { stock: 5, active: false });
    const variantEmpty = await createTestProduct(t.db, {
      variants: [
        { size: 'S', price: 100, stock: 0 },
        { size: 'M', price: 100, stock: 3 },
      ],
    });
    for (const payload of [
      { productId: empty.product.id },
      { productId: inactive.product.id },
      { productId: variantEmpty.product.id, variantId: variantEmpty.variants[0]!.id },
    ]) {
      const res = await call('POST', '/add', token, { ...payload, quantity: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MESSAGES.productOutOfStock });
    }
    expect((await call('GET', '/', token)).json().items).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const { token } = await createTestUser(t.app);
    const unknown = await call('POST', '/add', token, { productId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call('POST', '/add', token, { productId: 'nope' });
    expect(malformed.statusCode).toBe(400);
  });

  it('creates exactly one cart when a new user adds twice at the same moment', async () => {
    const { token, user } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 10 });
    const other = await createTestProduct(t.db, { stock: 10 });
    const results = await Promise.all([
      call('POST', '/add', token, { productId: product.id, quantity: 1 }),
      call('POST', '/add', token, { productId: other.product.id, quantity: 1 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await t.db.select().from(carts).where(eq(carts.userId, user.id))).toHaveLength(1);
    expect((await call('GET', '/', token)).json().items).toHaveLength(2);
  });
});

describe('PUT /api/cart/update', () => {
  it('sets the quantity, clamped between 1 and the stock', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 4 });
    await call('POST', '/add', token, { productId: product.id, quantity: 1 });
    const set = await call('PUT', '/update', token, { productId: product.id, variantId: null, quantity: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json().items[0].quantity).toBe(3);
    expect(
      (await call('PUT', '/update', token, { productId: product.id, quantity: 40 })).json().items[0].quantity,
    ).toBe(4);
    expect((await call('PUT', '/update', token, { productId: product.id, quantity: 0 })).json().items[0].quantity).toBe(
      1,
    );
    expect(
      (await call('PUT', '/update', token, { productId: product.id, quantity: -5 })).json().items[0].quantity,
    ).toBe(1);
  });

  it('answers 404 for a line that is not in the cart', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db);
    const res = await call('PUT', '/update', token, { productId: product.id, quantity: 2 });
    expect(res.statusCode).toBe(404);
  });

  it("never touches another user's cart", async () => {
    const owner = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 9 });
    await call('POST', '/add', owner.token, { productId: product.id, quantity: 2 });
    expect((await call('PUT', '/update', other.token, { productId: product.id, quantity: 5 })).statusCode).toBe(404);
    expect((await call('GET', '/', owner.token)).json().items[0].quantity).toBe(2);
  });
});

describe('DELETE /api/cart/remove and /clear', () => {
  it('removes one line (by product and variant) and clears the rest', async () => {
    const { token } = await createTestUser(t.app);
    const a = await createTestProduct(t.db);
    const b = await createTestProduct(t.db);
    await call('POST', '/add', token, { productId: a.product.id });
    await call('POST', '/add', token, { productId: b.product.id });
    const removed = await call('DELETE', '/remove', token, { productId: a.product.id, variantId: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.map((l: { product: { _id: string } }) => l.product._id)).toEqual([b.product.id]);
    // Removing it again is harmless.
    expect((await call('DELETE', '/remove', token, { productId: a.product.id })).statusCode).toBe(200);
    const cleared = await call('DELETE', '/clear', token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ items: [] });
    expect((await call('GET', '/', token)).json()).toEqual({ items: [] });
  });
});

describe('stock shown in the cart', () => {
  it('shows 0 stock for a line whose product became inactive, and the current price', async () => {
    const { token } = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, { variants: [{ size: 'M', price: 300, stock: 5 }] });
    await call('POST', '/add', token, { productId: product.id, variantId: variants[0]!.id, quantity: 2 });
    await t.db.update(products).set({ active: false }).where(eq(products.id, product.id));
    const line = (await call('GET', '/', token)).json().items[0];
    expect(line).toMatchObject({ stock: 0, quantity: 2, price: 300 });
    expect(line.product).toMatchObject({ active: false, stock: 0 });
    expect(line.variant.stock).toBe(0);
  });
});

describe('the cart clamps to the live stock (docs/shop-rules.md#cart)', () => {
  it('answers a line whose stock fell below its quantity at the stock, saying "Only 1 item in stock."', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    await call('POST', '/add', token, { productId: product.id, quantity: 2 });
    expect((await call('GET', '/', token)).json().items[0].notice).toBeUndefined();
    // Another buyer takes 4: 1 is left.
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const line = (await call('GET', '/', token)).json().items[0];
    expect(line).toMatchObject({ quantity: 1, stock: 1, notice: 'Only 1 item in stock.' });
    // What the buyer asked for is kept: the line holds 2 again once the stock is back.
    await t.db.update(products).set({ stock: 6 }).where(eq(products.id, product.id));
    const back = (await call('GET', '/', token)).json().items[0];
    expect(back).toMatchObject({ quantity: 2, stock: 6 });
    expect(back.notice).toBeUndefined();
  });

  it('clamps a size whose stock fell, in the plural above one', async () => {
    const { token } = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, { variants: [{ size: 'L', price: 300, stock: 9 }] });
    await call('POST', '/add', token, { productId: product.id, variantId: variants[0]!.id, quantity: 8 });
    await t.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variants[0]!.id));
    const line = (await call('GET', '/', token)).json().items[0];
    expect(line).toMatchObject({ quantity: 3, stock: 3, notice: 'Only 3 items in stock.' });
  });

  it('says so when an add asks for more than the stock, on a first add and on a merge', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 1 });
    const first = await call('POST', '/add', token, { productId: product.id, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json().items[0]).toMatchObject({ quantity: 1, notice: 'Only 1 item in stock.' });
    const again = await call('POST', '/add', token, { productId: product.id, quantity: 1 });
    expect(again.json().items[0]).toMatchObject({ quantity: 1, notice: 'Only 1 item in stock.' });
    const { product: other } = await createTestProduct(t.db, { stock: 4 });
    const fits = await call('POST', '/add', token, { productId: other.id, quantity: 4 });
    expect(fits.json().items.find((l: { product: { _id: string } }) => l.product._id === other.id).notice).toBe(
      undefined,
    );
  });

  it('says so when an update asks for more than the stock, and stores the stock', async () => {
    const { token, user } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 180 });
    await call('POST', '/add', token, { productId: product.id, quantity: 1 });
    const typed = await call('PUT', '/update', token, { productId: product.id, variantId: null, quantity: 500 });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().items[0]).toMatchObject({ quantity: 180, notice: 'Only 180 items in stock.' });
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, user.id));
    const [stored] = await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id));
    expect(stored!.quantity).toBe(180);
    const fits = await call('PUT', '/update', token, { productId: product.id, variantId: null, quantity: 179 });
    expect(fits.json().items[0].quantity).toBe(179);
    expect(fits.json().items[0].notice).toBeUndefined();
  });

  it('leaves an out-of-stock line as it is: it is shown out of stock, not clamped', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    await call('POST', '/add', token, { productId: product.id, quantity: 2 });
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const line = (await call('GET', '/', token)).json().items[0];
    expect(line).toMatchObject({ quantity: 2, stock: 0 });
    expect(line.notice).toBeUndefined();
  });
});
