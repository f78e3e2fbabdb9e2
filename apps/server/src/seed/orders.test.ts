import { asc, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentInputSchema } from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { createTestAdmin } from '../test/factories';
import { sweepExpiredOrders } from '../modules/payments';
import { paymentSignature } from '../gateways/signature';
import { orders, payments, products, taxDocuments } from '../db/schema';
import { seedDatabase } from './index';
import { seedDemoOrders } from './orders';

let t: TestApp;
let ordersCreated: number;
const stockTotal = async () => Number((await t.db.select({ total: sum(products.stock) }).from(products))[0]!.total);
let stockAfterCatalog: number;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  const seeded = await seedDatabase(t.app.ctx);
  ordersCreated = seeded.ordersCreated;
  stockAfterCatalog = await stockTotal();
});
afterAll(() => t?.close());

describe('demo order history', () => {
  it('gives the dashboard six months of figures, its statuses and its top products', async () => {
    expect(ordersCreated).toBeGreaterThanOrEqual(18);
    const { token } = await createTestAdmin(t.app);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(token) })).json();
    expect(stats.orders).toBe(ordersCreated);
    expect(stats.revenue).toBeGreaterThan(0);
    expect(stats.monthlyRevenue).toHaveLength(6);
    for (const month of stats.monthlyRevenue) expect(month.orders).toBeGreaterThan(0);
    expect(stats.topProducts).toHaveLength(5);
    expect(stats.ordersStatus.delivered).toBeGreaterThan(0);
  });

  it('never leaves an online order unpaid, and signs online payments like the sandbox', async () => {
    const rows = await t.db.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId));
    for (const { payments: payment, orders: order } of rows) {
      expect(payment.amountPaise).toBe(order.totalPaise);
      if (payment.mode === 'online') {
        expect(payment.status).toBe(order.status === 'cancelled' ? 'refunded' : 'success');
        expect(payment.signature).toBe(
          paymentSignature(t.app.ctx.secrets.sandboxKeySecret, payment.gatewayOrderId!, payment.gatewayPaymentId!),
        );
      }
    }
  });

  it('moves no order past pending before its payment succeeded, and leaves some COD cash to collect', async () => {
    const rows = await t.db.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId));
    for (const { payments: payment, orders: order } of rows) {
      if (order.status === 'processing' || order.status === 'shipped' || order.status === 'delivered') {
        expect(payment.status).toBe('success');
      }
      if (payment.status === 'pending') expect([order.status, payment.mode]).toEqual(['pending', 'cod']);
    }
    expect(rows.some(({ payments: payment }) => payment.mode === 'cod' && payment.status === 'pending')).toBe(true);
  });

  it('is history: it moves no stock, the expiry sweeper leaves it alone, and it is seeded once', async () => {
    const before = await t.db.select({ id: orders.id, status: orders.status }).from(orders);
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    await sweepExpiredOrders(t.app.ctx, silent, new Date(Date.now() + 365 * 24 * 60 * 60 * 1000));
    const after = await t.db.select({ id: orders.id, status: orders.status }).from(orders);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(await stockTotal()).toBe(stockAfterCatalog);
    expect(await seedDemoOrders(t.app.ctx)).toBe(0);
  });

  it('has the tax invoices of its paid orders and the credit notes of those cancelled, numbered by date', async () => {
    const rows = await t.db.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId));
    const documents = await t.db.select().from(taxDocuments).orderBy(asc(taxDocuments.issuedAt));
    const invoices = documents.filter((row) => row.kind === 'invoice');
    const notes = documents.filter((row) => row.kind === 'credit-note');
    const paid = rows.filter(({ payments: p }) => p.status === 'success' || p.status === 'refunded');
    expect(new Set(invoices.map((row) => row.orderId))).toEqual(new Set(paid.map(({ orders: o }) => o.id)));
    const cancelledPaid = paid.filter(({ orders: o }) => o.status === 'cancelled');
    expect(cancelledPaid.length).toBeGreaterThan(0);
    expect(new Set(notes.map((row) => row.orderId))).toEqual(new Set(cancelledPaid.map(({ orders: o }) => o.id)));
    for (const { payments: p, orders: o } of paid) {
      const invoice = invoices.find((row) => row.orderId === o.id)!;
      expect(invoice.issuedAt).toEqual(p.paidAt);
      expect(invoice.totalPaise).toBe(o.totalPaise);
    }
    // Within each kind and financial year, the numbers follow the dates: 1, 2, 3 ...
    for (const kind of [invoices, notes]) {
      const byYear = new Map<string, number[]>();
      for (const row of kind) byYear.set(row.financialYear, [...(byYear.get(row.financialYear) ?? []), row.sequence]);
      for (const sequences of byYear.values()) {
        expect(sequences).toEqual(sequences.map((_, i) => i + 1));
      }
    }
    expect(invoices[0]!.number).toMatch(/^PK\/\d\d-\d\d\/000001$/);
  });

  it("appears in the demo customer's My Orders, newest first", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@pumpkart.in', password: 'customer123' },
    });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/orders/me', headers: bearer(login.json().token) })
    ).json().orders;
    expect(mine).toHaveLength(ordersCreated);
    const dates = mine.map((order: { createdAt: string }) => Date.parse(order.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(mine[0].items[0].image).toMatch(/^\/uploads\/products\/.+\.webp$/);
  });

  it('ships its shipped and delivered orders with a courier and a valid tracking number', async () => {
    const rows = await t.db.select().from(orders);
    const sent = rows.filter((order) => order.status === 'shipped' || order.status === 'delivered');
    expect(sent.some((order) => order.status === 'shipped')).toBe(true);
    for (const order of sent) {
      expect(['Delhivery', 'Blue Dart', 'DTDC']).toContain(order.courier);
      const input = { courier: order.courier, trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl };
      expect(shipmentInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(true);
      expect(order.shippedAt!.getTime()).toBeGreaterThan(order.createdAt.getTime());
      if (order.status === 'delivered')
        expect(order.deliveredAt!.getTime()).toBeGreaterThanOrEqual(order.shippedAt!.getTime());
      else expect(order.deliveredAt).toBeNull();
    }
    for (const order of rows.filter((row) => !sent.includes(row))) {
      expect([order.courier, order.trackingNumber, order.shippedAt, order.deliveredAt]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    expect(new Set(sent.map((order) => order.courier)).size).toBeGreaterThan(1);
  });
});
