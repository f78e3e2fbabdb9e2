/**
 * Admin product writes against live stock: a stale edit form never overwrites stock that orders
 * moved meanwhile (the product's version), and a variant or product that an open order holds is
 * never removed, so a later cancellation always finds the rows it puts units back on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sum } from 'drizzle-orm';
import { productSchema } from '@pumpkart/shared';
import { orders, products, productVariants } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm, type FormVariant } from '../../test/catalog-factories';
import {
  deliverWebhooksByInject,
  orderBody,
  payOnline,
  placeOrder,
  placeOrderOk,
  productStock,
  variantStock,
  statusBody,
} from '../../test/commerce-factories';
import { createTestAdmin, addTestPicture, createTestProduct, createTestUser } from '../../test/factories';
import { returnStock } from '../orders';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const CHANGED = 'This product changed since you opened it.';

/** What the admin's edit form loads: the product as the admin API answers it. */
async function openForm(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/admin/${id}`, headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return productSchema.parse(res.json());
}

const edit = (id: string, form: FormData) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(adminToken), payload: form });
const cancelAsBuyer = (orderId: string, token: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/cancel`, headers: bearer(token) });
const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(adminToken),
    payload: statusBody(status),
  });
const destroy = (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/products/${id}/destroy`, headers: bearer(adminToken) });

async function productRow(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  return row;
}

async function variantsSum(productId: string) {
  const [row] = await t.db
    .select({ total: sum(productVariants.stock).mapWith(Number) })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return row?.total ?? 0;
}

/** The form as the loaded product fills it, with `changes` on top (variants given in full). */
function formOf(
  loaded: ReturnType<typeof productSchema.parse>,
  changes: Record<string, string | number> = {},
  variants: FormVariant[] = loaded.variants.map(({ _id, size, price, stock }) => ({
    _id,
    size: size ?? undefined,
    price,
    stock,
  })),
) {
  return productForm(
    {
      title: loaded.title,
      description: loaded.description,
      category: loaded.category,
      brand: loaded.brand,
      price: loaded.price,
      stock: loaded.stock,
      lowStockThreshold: loaded.lowStockThreshold,
      active: String(loaded.active),
      version: loaded.version,
      ...changes,
    },
    { variants },
  );
}

describe('an edit form opened before an order', () => {
  it('is refused with 409 and writes nothing; the stock stays true through the cancel', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { title: 'Nozzle', description: 'Brass', stock: 5 });

    const loaded = await openForm(product.id);
    expect(loaded.stock).toBe(5);
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 2 }]));
    expect(await productStock(t.db, product.id)).toBe(3);

    const res = await edit(product.id, formOf(loaded, { description: 'Brass, now with a swivel' }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(CHANGED);
    expect(await productRow(product.id)).toMatchObject({ stock: 3, description: 'Brass' });

    expect((await cancelAsBuyer(order._id, buyer.token)).statusCode).toBe(200);
    expect(await productStock(t.db, product.id)).toBe(5);

    // Reloaded, the same change goes through with the live stock.
    const reloaded = await openForm(product.id);
    expect(reloaded.version).toBeGreaterThan(loaded.version);
    const saved = await edit(product.id, formOf(reloaded, { description: 'Brass, now with a swivel' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ stock: 5, description: 'Brass, now with a swivel' });
    expect(saved.json().version).toBeGreaterThan(reloaded.version);
  });

  it('with variants: a stale form cannot write back the variants stock either', async () => {
    const buyer = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, {
      variants: [
        { size: 'M', price: 500, stock: 4 },
        { size: 'L', price: 550, stock: 4 },
      ],
    });
    const loaded = await openForm(product.id);
    await placeOrderOk(t.app, buyer.token, orderBody([{ product, variant: variants[1], quantity: 3 }]));
    const res = await edit(product.id, formOf(loaded, { title: 'Renamed' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHANGED);
    expect(await variantStock(t.db, variants[1]!.id)).toBe(1);
    expect(await productRow(product.id)).toMatchObject({ stock: 5, title: product.title });
  });

  it('every admin write and every stock move changes the version', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const versions = [(await openForm(product.id)).version];
    const step = async () => versions.push((await openForm(product.id)).version);

    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 1 }]));
    await step();
    await cancelAsBuyer(order._id, buyer.token);
    await step();
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(adminToken),
      payload: { active: false },
    });
    await step();
    expect((await edit(product.id, formOf(await openForm(product.id), { title: 'Edited' }))).statusCode).toBe(200);
    await step();
    for (let i = 1; i < versions.length; i++) expect(versions[i]).toBeGreaterThan(versions[i - 1]!);
    // The toggle bumped it too: a form opened before the toggle is stale.
    expect(
      (await edit(product.id, formOf({ ...(await openForm(product.id)), version: versions[2]! }))).statusCode,
    ).toBe(409);
  });

  it('racing an order, the edit either goes first (the order takes from its stock) or is refused', async () => {
    for (let round = 0; round < 6; round++) {
      const buyer = await createTestUser(t.app);
      const { product } = await createTestProduct(t.db, { stock: 5 });
      await addTestPicture(t.db, product.id); // the edit keeps it on sale (docs/shop-rules.md#on-sale)
      const loaded = await openForm(product.id);
      const [edited, ordered] = await Promise.all([
        edit(product.id, formOf(loaded, { stock: 10 })),
        placeOrder(t.app, buyer.token, orderBody([{ product, quantity: 2 }])),
      ]);
      expect(ordered.statusCode, ordered.body).toBe(201);
      expect([200, 409]).toContain(edited.statusCode);
      expect(await productStock(t.db, product.id)).toBe(edited.statusCode === 200 ? 8 : 3);
    }
  });

  it('an API edit without a version is still accepted (not checked)', async () => {
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const res = await edit(product.id, productForm({ title: 'No version', stock: 7 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'No version', stock: 7 });
  });

  it('refuses a malformed version with 400', async () => {
    const { product } = await createTestProduct(t.db);
    const res = await edit(product.id, productForm({ title: 'X', version: 'old' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/version/);
  });
});

describe('removing a variant that an order holds', () => {
  async function orderedProduct() {
    const buyer = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, {
      variants: [
        { size: 'M', price: 500, stock: 4 },
        { size: 'L', price: 550, stock: 4 },
      ],
    });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, variant: variants[1], quantity: 2 }]));
    return { buyer, product, variants, order };
  }
  const withoutL = (loaded: ReturnType<typeof productSchema.parse>) =>
    formOf(
      loaded,
      {},
      loaded.variants
        .filter((variant) => variant.size !== 'L')
        .map(({ _id, size, price, stock }) => ({ _id, size: size ?? undefined, price, stock })),
    );

  it('is refused with 409 naming the size while the order is open, writing nothing', async () => {
    const { product, variants, order } = await orderedProduct();
    for (const status of ['pending', 'processing', 'shipped'] as const) {
      await t.db.update(orders).set({ status }).where(eq(orders.id, order._id));
      const loaded = await openForm(product.id);
      const res = await edit(product.id, withoutL(loaded));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(
        'Size "L" has open orders and cannot be removed yet. Set its stock to 0 instead.',
      );
      expect(await variantStock(t.db, variants[1]!.id)).toBe(2);
      expect((await openForm(product.id)).version).toBe(loaded.version);
    }
    // Setting its stock to 0 instead is fine.
    const loaded = await openForm(product.id);
    const res = await edit(
      product.id,
      formOf(
        loaded,
        {},
        loaded.variants.map(({ _id, size, price, stock }) => ({
          _id,
          size: size ?? undefined,
          price,
          stock: size === 'L' ? 0 : stock,
        })),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stock: 4 });
  });

  it('is allowed once the order is cancelled', async () => {
    const { buyer, product, variants, order } = await orderedProduct();
    expect((await cancelAsBuyer(order._id, buyer.token)).statusCode).toBe(200);
    const res = await edit(product.id, withoutL(await openForm(product.id)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stock: 4, variants: [expect.objectContaining({ size: 'M' })] });
    expect(await t.db.select().from(productVariants).where(eq(productVariants.id, variants[1]!.id))).toEqual([]);
  });

  it('is allowed once the order is delivered; cancelling it afterwards keeps stock = sum of variants', async () => {
    const { buyer, product, order } = await orderedProduct();
    await payOnline(t.app, buyer.token, order._id);
    expect((await setStatus(order._id, 'delivered')).statusCode).toBe(200);
    const res = await edit(product.id, withoutL(await openForm(product.id)));
    expect(res.statusCode, res.body).toBe(200);
    expect(await productStock(t.db, product.id)).toBe(4);

    // An admin cancels the delivered order: its line has no variant left to take the units back.
    const cancelled = await setStatus(order._id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await productStock(t.db, product.id)).toBe(await variantsSum(product.id));
    expect(await productStock(t.db, product.id)).toBe(4);
  });

  it('dropping every variant is refused too while an order holds one', async () => {
    const { product } = await orderedProduct();
    const res = await edit(product.id, formOf(await openForm(product.id), { stock: 9 }, []));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Size "L" has open orders/);
    expect(await variantsSum(product.id)).toBe(6);
  });
});

describe('permanent delete of a product that an order holds', () => {
  it('is refused with 409 while the order is open, and allowed once it is delivered', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 1 }]));
    const refused = await destroy(product.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/open orders.*Deactivate it instead/);
    expect(await productRow(product.id)).toMatchObject({ stock: 4 });

    await payOnline(t.app, buyer.token, order._id);
    expect((await setStatus(order._id, 'delivered')).statusCode).toBe(200);
    expect((await destroy(product.id)).statusCode).toBe(200);
    expect(await productRow(product.id)).toBeUndefined();
  });
});

describe('returnStock', () => {
  it('puts a variant-less line back on a product without variants, but not on one that has variants now', async () => {
    const plain = (await createTestProduct(t.db, { stock: 5 })).product;
    const sized = await createTestProduct(t.db, { variants: [{ size: 'M', price: 100, stock: 3 }] });
    await t.db.transaction((tx) =>
      returnStock(tx, [
        { productId: plain.id, variantId: null, quantity: 2 },
        { productId: sized.product.id, variantId: null, quantity: 2 },
        { productId: sized.product.id, variantId: sized.variants[0]!.id, quantity: 1 },
      ]),
    );
    expect(await productStock(t.db, plain.id)).toBe(7);
    expect(await variantStock(t.db, sized.variants[0]!.id)).toBe(4);
    expect(await productStock(t.db, sized.product.id)).toBe(4);
  });
});
