import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { statsResponseSchema, type OrderStatus, type PaymentMode, type PaymentStatus } from '@pumpkart/shared';
import { orderItems, orders, payments } from '../../db/schema';
import { foldDeltas } from './store';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';

let t: TestApp;
let adminToken: string;
let customerToken: string;
/** 'YYYY-MM' of the current month (index 0) and the six before it, by the database's clock, in UTC. */
let months: string[];

const at = (monthIndex: number, day = 15) =>
  new Date(`${months[monthIndex]}-${String(day).padStart(2, '0')}T12:00:00Z`);

interface FixtureOrder {
  month: number;
  status: OrderStatus;
  mode?: PaymentMode;
  payment?: { status: PaymentStatus; rupees: number; paidMonth?: number };
  lines: { productId: string | null; title: string; quantity: number }[];
}

async function insertOrder(userId: string, order: FixtureOrder, db = t.db) {
  const totalPaise = order.payment ? Math.round(order.payment.rupees * 100) : 10_000;
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      status: order.status,
      paymentMode: order.mode ?? 'online',
      customerName: 'Buyer',
      customerEmail: 'buyer@example.com',
      customerPhone: '9876543210',
      address: testAddress(),
      subtotalPaise: totalPaise,
      shippingPaise: 0,
      totalPaise,
      createdAt: at(order.month),
    })
    .returning();
  await db.insert(orderItems).values(
    order.lines.map((line) => ({
      orderId: row!.id,
      productId: line.productId,
      title: line.title,
      unitPricePaise: 10_000,
      quantity: line.quantity,
      subtotalPaise: 10_000 * line.quantity,
    })),
  );
  if (order.payment) {
    const { status, rupees, paidMonth } = order.payment;
    await db.insert(payments).values({
      orderId: row!.id,
      mode: order.mode ?? 'online',
      status,
      amountPaise: Math.round(rupees * 100),
      gateway: order.mode === 'cod' ? 'cod' : 'sandbox',
      paidAt: paidMonth === undefined ? null : at(paidMonth, 20),
      createdAt: at(order.month),
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  const customer = await createTestUser(t.app);
  customerToken = customer.token;
  const other = await createTestUser(t.app);

  const result = await t.db.execute(sql`
    select to_char(date_trunc('month', now() at time zone 'UTC') - make_interval(months => n), 'YYYY-MM') as month
    from generate_series(0, 6) as n order by n`);
  months = (result as unknown as { rows: { month: string }[] }).rows.map((row) => row.month);

  const product = async (title: string, active = true) => (await createTestProduct(t.db, { title, active })).product.id;
  const gilbarco = await product('Gilbarco SK700');
  const vest = await product('Karam Vest');
  const bucket = await product('Fire Bucket');
  const dogFood = await product('Dog Food');
  const helmet = await product('Helmet');
  await product('Retired Listing', false);

  const fixture: [string, FixtureOrder][] = [
    // Current month, paid this month. The line's copied title is older than the product's.
    [
      customer.user.id,
      {
        month: 0,
        status: 'delivered',
        payment: { status: 'success', rupees: 1000.5, paidMonth: 0 },
        lines: [
          { productId: vest, title: 'Old Vest Name', quantity: 10 },
          { productId: gilbarco, title: 'Gilbarco SK700', quantity: 1 },
        ],
      },
    ],
    [
      customer.user.id,
      {
        month: 1,
        status: 'processing',
        payment: { status: 'success', rupees: 2500, paidMonth: 1 },
        lines: [
          { productId: vest, title: 'Karam Vest', quantity: 5 },
          { productId: bucket, title: 'Fire Bucket', quantity: 3 },
        ],
      },
    ],
    // Cancelled (refunded): counts as an order, but neither as revenue nor as units sold.
    [
      other.user.id,
      {
        month: 2,
        status: 'cancelled',
        payment: { status: 'refunded', rupees: 700, paidMonth: 2 },
        lines: [{ productId: dogFood, title: 'Dog Food', quantity: 100 }],
      },
    ],
    // A failed payment: no revenue; the pending order's units still count.
    [
      other.user.id,
      {
        month: 2,
        status: 'pending',
        payment: { status: 'failed', rupees: 999 },
        lines: [{ productId: helmet, title: 'Helmet', quantity: 2 }],
      },
    ],
    // Cash on delivery marked paid without paid_at: counted by its created_at. The product was
    // deleted permanently: its lines are grouped under their copied title.
    [
      customer.user.id,
      {
        month: 5,
        status: 'shipped',
        mode: 'cod',
        payment: { status: 'success', rupees: 300 },
        lines: [
          { productId: null, title: 'Retired Nozzle', quantity: 7 },
          { productId: null, title: 'Retired Nozzle', quantity: 1 },
        ],
      },
    ],
    // Outside the six months: in the totals only.
    [
      customer.user.id,
      {
        month: 6,
        status: 'delivered',
        payment: { status: 'success', rupees: 5000, paidMonth: 6 },
        lines: [{ productId: gilbarco, title: 'Gilbarco SK700', quantity: 2 }],
      },
    ],
    // Ordered last month, paid this month: revenue this month, the order last month.
    [
      other.user.id,
      {
        month: 1,
        status: 'pending',
        payment: { status: 'success', rupees: 200, paidMonth: 0 },
        lines: [{ productId: dogFood, title: 'Dog Food', quantity: 1 }],
      },
    ],
  ];
  for (const [userId, order] of fixture) await insertOrder(userId, order);
});
afterAll(() => t?.close());

describe('GET /api/products/stats', () => {
  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products/stats' })).statusCode).toBe(401);
    const customer = await t.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(customerToken) });
    expect(customer.statusCode).toBe(403);
  });

  it('matches the hand-computed figures', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    const stats = statsResponseSchema.parse(res.json());
    expect(stats.revenue).toBe(9000.5); // 1000.50 + 2500 + 300 + 5000 + 200
    expect(stats.orders).toBe(7);
    expect(stats.products).toBe(5);
    expect(stats.monthlyRevenue).toEqual([
      { month: months[5], revenue: 300, orders: 1 },
      { month: months[4], revenue: 0, orders: 0 },
      { month: months[3], revenue: 0, orders: 0 },
      { month: months[2], revenue: 0, orders: 2 },
      { month: months[1], revenue: 2500, orders: 2 },
      { month: months[0], revenue: 1200.5, orders: 1 },
    ]);
    expect(stats.ordersStatus).toEqual({ pending: 2, processing: 1, shipped: 1, delivered: 2, cancelled: 1 });
    expect(stats.topProducts).toEqual([
      { title: 'Karam Vest', totalSold: 15 },
      { title: 'Retired Nozzle', totalSold: 8 },
      { title: 'Fire Bucket', totalSold: 3 },
      { title: 'Gilbarco SK700', totalSold: 3 },
      { title: 'Helmet', totalSold: 2 },
    ]);
  });

  it('takes equal sellers by product id and lists the five it takes by title, pending sales included', async () => {
    const shop = await createTestApp();
    try {
      const { token } = await createTestAdmin(shop.app);
      const buyer = await createTestUser(shop.app);
      // Eight products sold 2 each: a tie far past the fifth place, as a large shop has many.
      const tied: { id: string; title: string }[] = [];
      for (const title of ['Hose', 'Apron', 'Gloves', 'Nozzle', 'Boots', 'Cap', 'Meter', 'Funnel']) {
        const { product } = await createTestProduct(shop.db, { title });
        await insertOrder(
          buyer.user.id,
          { month: 0, status: 'delivered', lines: [{ productId: product.id, title, quantity: 2 }] },
          shop.db,
        );
        tied.push({ id: product.id, title });
      }
      const top = async () => {
        const res = await shop.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(token) });
        return statsResponseSchema.parse(res.json()).topProducts;
      };
      const byKey = [...tied].sort((a, b) => (`product:${a.id}` < `product:${b.id}` ? -1 : 1));
      const titles = (list: typeof tied) => list.map((product) => product.title).sort();
      const first = await top();
      expect(first.map((product) => product.title)).toEqual(titles(byKey.slice(0, 5)));
      expect(first.every((product) => product.totalSold === 2)).toBe(true);

      // Folded or pending, the last by key selling one more unit puts it first.
      await foldDeltas(shop.db);
      const last = byKey.at(-1)!;
      await insertOrder(
        buyer.user.id,
        { month: 0, status: 'delivered', lines: [{ productId: last.id, title: last.title, quantity: 1 }] },
        shop.db,
      );
      const second = await top();
      expect(second[0]).toEqual({ title: last.title, totalSold: 3 });
      expect(second.slice(1).map((product) => product.title)).toEqual(titles(byKey.slice(0, 4)));
    } finally {
      await shop.close();
    }
  });

  it('answers zeros for an empty shop, with every status and six months', async () => {
    const empty = await createTestApp();
    try {
      const { token } = await createTestAdmin(empty.app);
      const res = await empty.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(token) });
      const stats = statsResponseSchema.parse(res.json());
      expect(stats).toMatchObject({ revenue: 0, orders: 0, products: 0, topProducts: [] });
      expect(stats.ordersStatus).toEqual({ pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 });
      expect(stats.monthlyRevenue.map((month) => month.month)).toEqual(months.slice(0, 6).reverse());
      expect(stats.monthlyRevenue.every((month) => month.revenue === 0 && month.orders === 0)).toBe(true);
    } finally {
      await empty.close();
    }
  });
});
