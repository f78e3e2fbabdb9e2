/**
 * The dashboard's running totals (docs/shop-rules.md#dashboard) stay exact through every change the shop makes:
 * after each step, every total plus its pending deltas equals the figure recomputed from scratch (the view
 * dashboard_from_scratch of migration 0013, which the migration's backfill uses too), and folding changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { statsResponseSchema } from '@pumpkart/shared';
import { dashboardDeltas, orderItems, orders, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  backdateOrder,
  orderBody,
  paymentOf,
  payOnline,
  placeOrder,
  placeOrderOk,
  statusBody,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { sweepExpiredOrders } from '../payments';
import { rowsOf } from '../../lib/raw-rows';
import { foldDeltas } from './store';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
  admin = await createTestAdmin(t.app);
});
afterAll(() => t?.close());

type Figure = { metric: string; key: string; value: number };
const sorted = (figures: Figure[]) =>
  figures
    .filter((figure) => figure.value !== 0)
    .sort((a, b) => (a.metric + a.key < b.metric + b.key ? -1 : a.metric + a.key > b.metric + b.key ? 1 : 0));

async function figures(query: ReturnType<typeof sql>): Promise<Figure[]> {
  const rows = rowsOf<{ metric: string; key: string; value: string | number }>(await t.db.execute(query));
  return sorted(rows.map((row) => ({ metric: row.metric, key: row.key, value: Number(row.value) })));
}

const running = () =>
  figures(sql`select metric, key, sum(value) as value from (
    select metric, key, value from dashboard_totals union all select metric, key, value from dashboard_deltas
  ) as figures group by metric, key`);
const fromScratch = () => figures(sql`select metric, key, value from dashboard_from_scratch`);

/** The running totals equal the recomputed ones, before and after a fold. */
async function expectExact() {
  const expected = await fromScratch();
  expect(await running()).toEqual(expected);
  await foldDeltas(t.db);
  expect(await t.db.select().from(dashboardDeltas)).toEqual([]);
  expect(await running()).toEqual(expected);
}

const buyer = () => createTestUser(t.app);
const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(admin.token),
    payload: statusBody(status),
  });

describe('the dashboard totals', () => {
  it('stay exact through products switched off, placing, paying, status changes, cancelling and COD', async () => {
    const { product: hose } = await createTestProduct(t.db, { title: 'Hose', price: 400, stock: 100 });
    const { product: nozzle, variants } = await createTestProduct(t.db, {
      title: 'Nozzle',
      variants: [{ size: '3/4"', price: 900, stock: 50 }],
    });
    await expectExact();
    // Switched off and on again: the active products follow.
    for (const active of [false, true]) {
      await t.db.update(products).set({ active }).where(eq(products.id, hose.id));
      await expectExact();
    }

    const asha = await buyer();
    const placed = await placeOrderOk(
      t.app,
      asha.token,
      orderBody([
        { product: hose, quantity: 3 },
        { product: nozzle, variant: variants[0], quantity: 2 },
      ]),
    );
    await expectExact();
    await payOnline(t.app, asha.token, placed._id);
    await expectExact();
    for (const status of ['shipped', 'delivered']) {
      expect((await setStatus(placed._id, status)).statusCode).toBe(200);
      await expectExact();
    }

    // The buyer cancels an unpaid order: its units leave the top products.
    const ravi = await buyer();
    const unpaid = await placeOrderOk(t.app, ravi.token, orderBody([{ product: hose, quantity: 5 }]));
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${unpaid._id}/cancel`,
      headers: bearer(ravi.token),
    });
    expect(cancelled.statusCode).toBe(200);
    await expectExact();

    // The admin cancels a paid order: the payment is refunded after the answer, and leaves the revenue.
    const paid = await placeOrderOk(t.app, ravi.token, orderBody([{ product: hose, quantity: 1 }]));
    await payOnline(t.app, ravi.token, paid._id);
    expect((await setStatus(paid._id, 'cancelled')).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await paymentOf(t.db, paid._id)).status).toBe('refunded'));
    await expectExact();

    // An unpaid order expires.
    const late = await placeOrderOk(t.app, ravi.token, orderBody([{ product: nozzle, variant: variants[0] }]));
    await backdateOrder(t.db, late._id, 24 * 60);
    expect((await sweepExpiredOrders(t.app.ctx, silent)).expired).toBe(1);
    await expectExact();

    // Cash on delivery, marked paid.
    const cod = await placeOrderOk(t.app, ravi.token, orderBody([{ product: hose }], { paymentMode: 'cod' }));
    await expectExact();
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/payments/${cod._id}/cod`,
      headers: bearer(admin.token),
    });
    expect(marked.statusCode).toBe(200);
    await expectExact();

    const stats = statsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(admin.token) })).json(),
    );
    // Hose: 3 (paid) + 1 (COD); Nozzle: 2. The cancelled and expired orders' units are out.
    expect(stats.topProducts).toEqual([
      { title: 'Hose', totalSold: 4 },
      { title: 'Nozzle', totalSold: 2 },
    ]);
    expect(stats.ordersStatus).toMatchObject({ delivered: 1, cancelled: 3, pending: 1 });
  });

  it('move a permanently deleted product’s units to its lines’ titles', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Gauge', stock: 20 });
    const asha = await buyer();
    const order = await placeOrderOk(t.app, asha.token, orderBody([{ product, quantity: 7 }]));
    await payOnline(t.app, asha.token, order._id);
    expect((await setStatus(order._id, 'shipped')).statusCode).toBe(200);
    expect((await setStatus(order._id, 'delivered')).statusCode).toBe(200);
    // The line keeps an older title than the product's current one.
    await t.db.update(orderItems).set({ title: 'Gauge (old name)' }).where(eq(orderItems.orderId, order._id));
    await expectExact();
    const destroyed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/destroy`,
      headers: bearer(admin.token),
    });
    expect(destroyed.statusCode).toBe(200);
    await expectExact();
    const stats = statsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(admin.token) })).json(),
    );
    expect(stats.topProducts[0]).toEqual({ title: 'Gauge (old name)', totalSold: 7 });
  });

  it('stay exact when orders are deleted, and after a TRUNCATE', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Bucket', stock: 20 });
    const asha = await buyer();
    const order = await placeOrderOk(t.app, asha.token, orderBody([{ product, quantity: 2 }]));
    await payOnline(t.app, asha.token, order._id);
    await t.db.delete(orders).where(eq(orders.id, order._id));
    await expectExact();
    await t.db.execute(sql`truncate orders, order_items, payments, tax_documents, outbox_messages cascade`);
    await expectExact();
    expect((await running()).map((figure) => figure.metric)).toEqual(['active_products']);
  });

  it('stay exact through concurrent checkouts and payments', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Cone', price: 250, stock: 1000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, buyer));
    const placed = await Promise.all(
      buyers.map((one, index) => placeOrder(t.app, one.token, orderBody([{ product, quantity: 1 + (index % 3) }]))),
    );
    expect(placed.map((res) => res.statusCode)).toEqual(buyers.map(() => 201));
    await Promise.all(
      placed.map((res, index) => payOnline(t.app, buyers[index]!.token, res.json().order._id as string)),
    );
    expect(await running()).toEqual(await fromScratch());
    await expectExact();
  });
});
