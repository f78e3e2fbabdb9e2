import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrder, placeOrderOk, productStock, variantStock } from '../../test/commerce-factories';
import { createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('stock under concurrent orders', () => {
  it('50 buyers ordering the last 10 units at the same moment produce exactly 10 orders and stock 0', async () => {
    const { product, variants } = await createTestProduct(t.db, {
      title: 'Last Ten Dispenser',
      variants: [
        { size: 'Single', price: 2500, stock: 10 },
        { size: 'Double', price: 4000, stock: 3 },
      ],
    });
    const variant = variants[0]!;
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createTestUser(t.app)));
    const body = orderBody([{ product, variant, quantity: 1 }]);

    const started = performance.now();
    const results = await Promise.all(buyers.map((buyer) => placeOrder(t.app, buyer.token, body)));
    const wallMs = performance.now() - started;
    console.log(
      `[50-buyer test] ${t.database.kind}: 50 concurrent orders for the last 10 units took ${wallMs.toFixed(0)} ms`,
    );

    const accepted = results.filter((res) => res.statusCode === 201);
    const refused = results.filter((res) => res.statusCode !== 201);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/"Last Ten Dispenser \(Single\)"/);
    }
    expect(await variantStock(t.db, variant.id)).toBe(0);
    expect(await variantStock(t.db, variants[1]!.id)).toBe(3);
    expect(await productStock(t.db, product.id)).toBe(3);

    const buyerIds = buyers.map((b) => b.user.id);
    const written = await t.db.select().from(orders).where(inArray(orders.userId, buyerIds));
    expect(written).toHaveLength(10);
    expect(new Set(written.map((o) => o.userId)).size).toBe(10);
    const writtenPayments = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.orderId,
          written.map((o) => o.id),
        ),
      );
    expect(writtenPayments).toHaveLength(10);
    const [one] = await t.db.select().from(orders).where(eq(orders.id, accepted[0]!.json().order._id));
    expect(one!.status).toBe('pending');
  });
});

describe('orders and cancellations of the same products at once', () => {
  it('never deadlock: placing locks the products in the same order as cancelling does', async () => {
    // Two products without sizes; the lines name them against the id order, so an order's lines reference the
    // products (its order_items) in the opposite order to the one in which stock moves lock them (store/stock.ts).
    const made = [await createTestProduct(t.db, { stock: 10_000 }), await createTestProduct(t.db, { stock: 10_000 })];
    const [low, high] = made.map(({ product }) => product).sort((a, b) => (a.id < b.id ? -1 : 1));
    const body = orderBody([
      { product: high!, quantity: 1 },
      { product: low!, quantity: 2 },
    ]);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createTestUser(t.app)));
    const cancel = (token: string, orderId: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/cancel`, headers: bearer(token) });

    let held = await Promise.all(buyers.map((buyer) => placeOrderOk(t.app, buyer.token, body)));
    for (let round = 0; round < 6; round += 1) {
      // Each buyer cancels the order it holds while placing the next one.
      const [placed, cancelled] = await Promise.all([
        Promise.all(buyers.map((buyer) => placeOrder(t.app, buyer.token, body))),
        Promise.all(buyers.map((buyer, index) => cancel(buyer.token, held[index]!._id))),
      ]);
      expect(placed.map((res) => res.statusCode)).toEqual(buyers.map(() => 201));
      expect(cancelled.map((res) => res.statusCode)).toEqual(buyers.map(() => 200));
      held = placed.map((res) => res.json().order);
    }
    // Only the orders still held keep stock: one each.
    expect(await productStock(t.db, high!.id)).toBe(10_000 - buyers.length);
    expect(await productStock(t.db, low!.id)).toBe(10_000 - 2 * buyers.length);
  });
});
