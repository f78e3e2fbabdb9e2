import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { homeViewResponseSchema, type ProductDto } from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  failedEvent,
  openPayment,
  orderBody,
  placeOrderOk,
  productStock,
  signedWebhook,
} from '../../test/commerce-factories';
import { createTestProduct, createTestUser, type TestProductInput } from '../../test/factories';
import { sweepExpiredOrders } from '../payments';

// Stock moves clear the cached catalog only when a product or variant sells out or comes back in
// stock (store/stock.ts, StockMove); any other stock change leaves the cached reads (and their ETags) alone.

let t: TestApp;
let buyerToken: string;
beforeAll(async () => {
  t = await createTestApp();
});
// A buyer per test: each may hold only MAX_OPEN_UNPAID_ORDERS unpaid orders.
beforeEach(async () => {
  buyerToken = (await createTestUser(t.app)).token;
});
afterAll(() => t?.close());

const HOME = '/api/products?view=home';
const getHome = (etag?: string) =>
  t.app.inject({ method: 'GET', url: HOME, headers: etag ? { 'if-none-match': etag } : {} });
const cancel = (orderId: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/cancel`, headers: bearer(buyerToken) });

let categories = 0;
/** A product alone in its own category (so the home view always shows it), then the cache cleared. */
async function productOnHome(input: TestProductInput) {
  categories += 1;
  const created = await createTestProduct(t.db, { category: `Cache Test ${categories}`, ...input });
  // Inserted behind the API's back: drop what the cache holds.
  t.app.ctx.catalogCache.invalidate();
  return created;
}

function shown(body: string, productId: string): ProductDto {
  const home = homeViewResponseSchema.parse(JSON.parse(body));
  const product = home.sections.flatMap((section) => section.products).find((p) => p._id === productId);
  if (!product) throw new Error('product not on the home view');
  return product;
}

describe('catalog cache and stock moves', () => {
  it('keeps the cached home view for an order that leaves stock, and clears it when the last unit goes', async () => {
    const { product } = await productOnHome({ stock: 3 });
    const before = await getHome();
    expect(shown(before.body, product.id)).toMatchObject({ stock: 3, availability: 'In Stock' });
    const etag = before.headers.etag as string;

    await placeOrderOk(t.app, buyerToken, orderBody([{ product, quantity: 1 }]));
    expect(await productStock(t.db, product.id)).toBe(2);
    // Still the cached answer (stock shown as 3 for at most the cache's TTL): the same ETag.
    const kept = await getHome(etag);
    expect(kept.statusCode).toBe(304);
    expect(kept.headers.etag).toBe(etag);

    await placeOrderOk(t.app, buyerToken, orderBody([{ product, quantity: 2 }]));
    const after = await getHome(etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(shown(after.body, product.id)).toMatchObject({ stock: 0, availability: 'Out of Stock' });
  });

  it('clears it when an order takes the last unit of one variant while the product has more', async () => {
    const { product, variants } = await productOnHome({
      variants: [
        { size: 'S', price: 300, stock: 1 },
        { size: 'L', price: 400, stock: 5 },
      ],
    });
    const before = await getHome();
    await placeOrderOk(t.app, buyerToken, orderBody([{ product, variant: variants[0], quantity: 1 }]));
    const after = await getHome(before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    const dto = shown(after.body, product.id);
    expect(dto).toMatchObject({ stock: 5, availability: 'In Stock' });
    expect(dto.variants.map((variant) => [variant.size, variant.stock])).toEqual([
      ['S', 0],
      ['L', 5],
    ]);
  });

  it('clears it when a cancellation brings a product back in stock, and keeps it when stock was left', async () => {
    const { product } = await productOnHome({ stock: 2 });
    const soldOut = await placeOrderOk(t.app, buyerToken, orderBody([{ product, quantity: 2 }]));
    const { product: other } = await productOnHome({ stock: 5 });
    const partial = await placeOrderOk(t.app, buyerToken, orderBody([{ product: other, quantity: 1 }]));

    const before = await getHome();
    expect(shown(before.body, product.id).availability).toBe('Out of Stock');
    const etag = before.headers.etag as string;
    // 5 -> 4 -> 5: no product crosses 0, the cached answer stays.
    expect((await cancel(partial._id)).statusCode).toBe(200);
    expect((await getHome(etag)).statusCode).toBe(304);

    expect((await cancel(soldOut._id)).statusCode).toBe(200);
    const after = await getHome(etag);
    expect(after.statusCode).toBe(200);
    expect(shown(after.body, product.id)).toMatchObject({ stock: 2, availability: 'In Stock' });
  });

  it('keeps it when a payment fails (the order holds its stock), and clears it when that order expires', async () => {
    const { product } = await productOnHome({ stock: 1 });
    const order = await placeOrderOk(t.app, buyerToken, orderBody([{ product, quantity: 1 }]));
    const { rzpOrderId } = await openPayment(t.app, buyerToken, order._id);
    const before = await getHome();
    expect(shown(before.body, product.id).availability).toBe('Out of Stock');

    const webhook = await t.app.inject(signedWebhook('payment.failed', failedEvent(rzpOrderId, 'pay_CacheFail1')));
    expect(webhook.json()).toEqual({ status: 'processed' });
    expect((await getHome(before.headers.etag as string)).statusCode).toBe(304);
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const later = new Date(Date.now() + (t.config.ORDER_PAYMENT_TIMEOUT_MIN + 1) * 60_000);
    expect((await sweepExpiredOrders(t.app.ctx, silent, later)).expired).toBeGreaterThanOrEqual(1);
    const after = await getHome(before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(shown(after.body, product.id)).toMatchObject({ stock: 1, availability: 'In Stock' });
  });
});
