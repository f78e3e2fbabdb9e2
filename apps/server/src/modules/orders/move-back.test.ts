/**
 * An order that has shipped stays shipped for the buyer (docs/shop-rules.md#order-status): once it first left the
 * shop (shipped_at), the buyer can no longer cancel it whatever its status becomes; an admin may move it back to an
 * earlier status only with a reason, which the audit trail keeps; the move keeps the shipment and never refunds,
 * restocks or issues a credit note.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES, type AuditEventDto } from '@pumpkart/shared';
import { orders, outboxMessages } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  orderBody,
  orderRowOf,
  paymentOf,
  payOnline,
  placeOrderOk,
  productStock,
  TEST_SHIPMENT,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const setStatus = (orderId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, headers: bearer(adminToken), payload });
const cancel = (orderId: string, token: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/cancel`, headers: bearer(token) });
const shipped = { status: 'shipped', shipment: TEST_SHIPMENT };

async function historyOf(orderId: string): Promise<AuditEventDto[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit?entityType=order&entityId=${orderId}&limit=100`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const mailsTo = async (email: string) =>
  (
    await t.db.select({ kind: outboxMessages.kind }).from(outboxMessages).where(eq(outboxMessages.recipient, email))
  ).map((m) => m.kind);

/** A paid online order of a fresh buyer (stock 5, 2 ordered), shipped and delivered. */
async function deliveredOrder() {
  const buyer = await createTestUser(t.app);
  const { product } = await createTestProduct(t.db, { stock: 5, price: 1200 });
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 2 }]));
  await payOnline(t.app, buyer.token, order._id);
  expect((await setStatus(order._id, shipped)).statusCode).toBe(200);
  expect((await setStatus(order._id, { status: 'delivered' })).statusCode).toBe(200);
  return { order, buyer, product };
}

describe('moving a shipped or delivered order back', () => {
  it('is refused without a reason (400), changing nothing', async () => {
    const { order } = await deliveredOrder();
    for (const payload of [{ status: 'pending' }, { status: 'processing', reason: '   ' }, shipped]) {
      const res = await setStatus(order._id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^Moving an order back from Delivered to (Pending|Processing|Shipped) needs/);
    }
    expect((await setStatus(order._id, { status: 'pending' })).json().message).toBe(
      SERVER_MESSAGES.moveBackReasonRequired('Delivered', 'Pending'),
    );
    expect((await orderRowOf(t.db, order._id)).status).toBe('delivered');
    const long = await setStatus(order._id, { status: 'pending', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(SERVER_MESSAGES.moveBackReasonTooLong);
  });

  it('with a reason: recorded in the audit trail, keeps the shipment, refunds, restocks and credits nothing', async () => {
    const { order, buyer, product } = await deliveredOrder();
    const before = await orderRowOf(t.db, order._id);
    const mailsBefore = await mailsTo(buyer.email);
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund');
    try {
      const res = await setStatus(order._id, { status: 'pending', reason: 'Marked delivered by mistake' });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.status).toBe('pending');
      expect(data.shipment).toMatchObject(TEST_SHIPMENT);
      expect(data.shippedAt).toBe(before.shippedAt!.toISOString());
      expect(data.creditNote).toBeNull();
      expect(data.payment.status).toBe('success');
      expect(await productStock(t.db, product.id)).toBe(3);
      expect((await paymentOf(t.db, order._id)).failureReason).toBeNull();
      expect(refund).not.toHaveBeenCalled();
      // The buyer heard of the shipment already: a correction sends nothing.
      expect(await mailsTo(buyer.email)).toEqual(mailsBefore);
    } finally {
      refund.mockRestore();
    }
    const [latest] = await historyOf(order._id);
    expect(latest).toMatchObject({
      kind: 'order.status_changed',
      summary: 'Status: Delivered → Pending (moved back)',
      changes: {
        status: { before: 'delivered', after: 'pending' },
        reason: { before: null, after: 'Marked delivered by mistake' },
      },
    });
  });

  it('leaves the buyer unable to cancel it (409 saying why), whatever its status became', async () => {
    const { order, buyer, product } = await deliveredOrder();
    for (const status of ['pending', 'processing'] as const) {
      expect((await setStatus(order._id, { status, reason: 'Courier returned the parcel' })).statusCode).toBe(200);
      const res = await cancel(order._id, buyer.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This order has already been shipped and can no longer be cancelled.');
    }
    const row = await orderRowOf(t.db, order._id);
    expect(row.status).toBe('processing');
    expect(await productStock(t.db, product.id)).toBe(3);
    expect((await paymentOf(t.db, order._id)).status).toBe('success');
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/me', headers: bearer(buyer.token) });
    expect(mine.json().orders[0]).toMatchObject({ status: 'processing', shippedAt: row.shippedAt!.toISOString() });
  });

  it('also after an order set delivered straight from processing (it left the shop then)', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await payOnline(t.app, buyer.token, order._id);
    expect((await setStatus(order._id, { status: 'delivered' })).statusCode).toBe(200);
    expect((await setStatus(order._id, { status: 'processing', reason: 'Wrong order clicked' })).statusCode).toBe(200);
    expect((await cancel(order._id, buyer.token)).statusCode).toBe(409);
  });

  it('keeps when the order first left the shop: shipping it again corrects the tracking, not that time', async () => {
    const { order } = await deliveredOrder();
    const first = (await orderRowOf(t.db, order._id)).shippedAt!;
    expect((await setStatus(order._id, { ...shipped, reason: 'Parcel came back; sent again' })).statusCode).toBe(200);
    const again = await setStatus(order._id, {
      status: 'shipped',
      shipment: { ...TEST_SHIPMENT, trackingNumber: 'NEW-1' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.shipment).toMatchObject({ trackingNumber: 'NEW-1', shippedAt: first.toISOString() });
  });

  it('needs no reason for a move forward or a correction of the same status', async () => {
    const { order } = await deliveredOrder();
    expect((await setStatus(order._id, { status: 'delivered' })).statusCode).toBe(200);
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const fresh = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await payOnline(t.app, buyer.token, fresh._id);
    expect((await setStatus(fresh._id, { status: 'pending' })).statusCode).toBe(200);
    expect((await setStatus(fresh._id, shipped)).statusCode).toBe(200);
    expect((await setStatus(fresh._id, shipped)).statusCode).toBe(200);
  });
});

describe('the migration that records when existing orders left the shop', () => {
  const folder = new URL('../../../drizzle/', import.meta.url);
  const file = readdirSync(folder).find((name) => name.endsWith('_shipped_at_backfill.sql'))!;
  const backfill = readFileSync(new URL(file, folder), 'utf8');

  it('gives shipped and delivered orders without the time one, and leaves the others', async () => {
    const { order: delivered } = await deliveredOrder();
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const processing = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    const deliveredAt = new Date('2026-10-02T08:00:00.000Z');
    // As a shop that shipped before shipped_at was kept for good would hold them.
    await t.db.update(orders).set({ shippedAt: null, deliveredAt }).where(eq(orders.id, delivered._id));
    await t.db.execute(sql.raw(backfill));
    expect((await orderRowOf(t.db, delivered._id)).shippedAt).toEqual(deliveredAt);
    expect((await orderRowOf(t.db, processing._id)).shippedAt).toBeNull();
  });
});
