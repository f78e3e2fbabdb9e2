/**
 * Large orders (money in bigint paise): a pump chain buying a dozen dispensers at ₹25 lakh each
 * pays ₹3.06 crore, above the ₹2,14,74,836.47 that a 32-bit paise column could hold. Such an order is
 * a real shop's business: it is stored exactly, paid in integer paise and counted in the dashboard.
 * What no order can reach (the caps in packages/shared/src/constants.ts) is refused with a 400.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_LINE_QUANTITY, MAX_ORDER_AMOUNT, MAX_PRODUCT_PRICE } from '@pumpkart/shared';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { ensureStoreSettings } from '../settings';
import { orderItems } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm } from '../../test/catalog-factories';
import {
  deliverWebhooksByInject,
  orderBody,
  orderRowOf,
  paymentOf,
  payOnline,
  placeOrder,
  placeOrderOk,
  rowCounts,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

const INT4_MAX = 2_147_483_647;

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
  // A pump chain's order of a dozen dispensers: the owner raised the units one unpaid order may hold (store settings).
  await ensureStoreSettings(t.app.ctx, { ...demoStoreSettings(), maxUnitsPerProduct: MAX_LINE_QUANTITY });
});
afterAll(() => t?.close());

describe('an order above ₹2.2 crore', () => {
  it('is placed, stored to the paisa, paid in integer paise and counted in the stats', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { title: 'Wayne Helix 6000', price: 25_00_000, stock: 20 });
    // 12 x ₹25,00,000 = ₹3,00,00,000; 2 % delivery = ₹6,00,000; total ₹3,06,00,000.
    const body = orderBody([{ product, quantity: 12 }]);
    expect(body.total).toBe(3_06_00_000);
    const createOrder = vi.spyOn(t.app.ctx.payments.gateway, 'createOrder');
    try {
      const order = await placeOrderOk(t.app, token, body);
      expect(order.total).toBe(3_06_00_000);
      const row = await orderRowOf(t.db, order._id);
      expect(row).toMatchObject({
        subtotalPaise: 3_000_000_000,
        shippingPaise: 60_000_000,
        totalPaise: 3_060_000_000,
      });
      expect(row.totalPaise).toBeGreaterThan(INT4_MAX);
      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
      expect(line).toMatchObject({ unitPricePaise: 250_000_000, quantity: 12, subtotalPaise: 3_000_000_000 });
      expect((await paymentOf(t.db, order._id)).amountPaise).toBe(3_060_000_000);

      const { verified } = await payOnline(t.app, token, order._id);
      expect(verified.status).toBe('success');
      // The gateway is asked for the exact amount, in integer paise.
      expect(createOrder).toHaveBeenCalledWith({ amountPaise: 3_060_000_000, receipt: order._id });
      expect(Number.isInteger(createOrder.mock.calls[0]![0].amountPaise)).toBe(true);

      const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(token) });
      expect(read.json().data).toMatchObject({
        subtotal: 3_00_00_000,
        shipping: 6_00_000,
        total: 3_06_00_000,
        items: [{ price: 25_00_000, quantity: 12, subtotal: 3_00_00_000 }],
        payment: { status: 'success', amount: 3_06_00_000 },
      });
    } finally {
      createOrder.mockRestore();
    }
  });

  it('adds up in the dashboard revenue beyond 32 bits of paise', async () => {
    // A second big order, paid: the revenue sum (₹3.06 crore + ₹6.12 crore) is far above int4 paise.
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { title: 'Tokheim Quantium', price: 50_00_000, stock: 12 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, quantity: 12 }]));
    expect(order.total).toBe(6_12_00_000);
    await payOnline(t.app, token, order._id);

    const res = await t.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.revenue).toBe(9_18_00_000);
    expect(stats.monthlyRevenue.at(-1)).toMatchObject({ revenue: 9_18_00_000, orders: 2 });
    expect(stats.topProducts).toEqual([
      { title: 'Tokheim Quantium', totalSold: 12 },
      { title: 'Wayne Helix 6000', totalSold: 12 },
    ]);
  });

  it('at the caps (₹1 crore a unit, 1000 units) is still stored exactly', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: MAX_PRODUCT_PRICE, stock: MAX_LINE_QUANTITY });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, quantity: MAX_LINE_QUANTITY }]));
    // ₹1000 crore + 2 % delivery.
    expect(order.total).toBe(10_20_00_00_000);
    expect((await orderRowOf(t.db, order._id)).totalPaise).toBe(1_020_000_000_000);
  });
});

describe('what no order can reach', () => {
  it('refuses more than 1000 units on a line with a 400 and writes nothing', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 100, stock: 5000 });
    const before = await rowCounts(t.db);
    const res = await placeOrder(t.app, token, orderBody([{ product, quantity: MAX_LINE_QUANTITY + 1 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Quantity must be at most 1000.');
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses a total or price above any possible order with a 400, never a 500', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 100 });
    const before = await rowCounts(t.db);
    const good = orderBody([{ product }]);
    for (const override of [
      { total: MAX_ORDER_AMOUNT + 1 },
      { total: 1e300 },
      { shipping: Number.MAX_VALUE },
      { items: [{ ...good.items[0]!, price: 1e20 }] },
    ]) {
      const res = await placeOrder(t.app, token, { ...good, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toMatch(/Amount is larger than any order can be/);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses a product price above ₹1 crore in the admin form with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(adminToken),
      payload: productForm({ title: 'Golden Pump', price: MAX_PRODUCT_PRICE + 1, stock: 1 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Price must be at most ${MAX_PRODUCT_PRICE}.`);
  });
});
