import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrder, productStock, variantStock } from '../../test/commerce-factories';
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
