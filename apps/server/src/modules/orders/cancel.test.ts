import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payments, REFUND_DUE } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  backdateOrder,
  deliverWebhooksByInject,
  orderBody,
  orderRowOf,
  paymentOf,
  payOnline,
  placeOrderOk,
  productStock,
  variantStock,
  statusBody,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { REFUND_IN_PROGRESS, sweepExpiredOrders } from '../payments';

let t: TestApp;
let webhooks: ReturnType<typeof deliverWebhooksByInject>;
beforeAll(async () => {
  t = await createTestApp();
  webhooks = deliverWebhooksByInject(t.app);
});
afterAll(() => t?.close());

const cancel = (orderId: string, token?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/cancel`, headers: token ? bearer(token) : {} });
const setStatus = (orderId: string, status: string, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: token ? bearer(token) : {},
    payload: statusBody(status),
  });
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('PATCH /api/orders/:id/cancel', () => {
  it('cancels a pending order, returns its stock and closes its payment', async () => {
    const { token } = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, { variants: [{ size: 'L', price: 250, stock: 5 }] });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, variant: variants[0], quantity: 2 }]));
    expect(await variantStock(t.db, variants[0]!.id)).toBe(3);
    const res = await cancel(order._id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Order cancelled successfully',
      data: { _id: order._id, status: 'cancelled' },
    });
    expect(await variantStock(t.db, variants[0]!.id)).toBe(5);
    expect(await productStock(t.db, product.id)).toBe(5);
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'failed', failureReason: 'cancelled' });
  });

  it('returns the stock exactly once when cancelled twice, even at the same moment', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 6 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, quantity: 4 }]));
    const results = await Promise.all([cancel(order._id, token), cancel(order._id, token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await cancel(order._id, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been cancelled.');
    expect(await productStock(t.db, product.id)).toBe(6);
  });

  it('returns the stock exactly once when the buyer cancels while the sweeper expires it', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 6 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, quantity: 5 }]));
    await backdateOrder(t.db, order._id, 60);
    const [cancelled, swept] = await Promise.all([cancel(order._id, token), sweepExpiredOrders(t.app.ctx, silent)]);
    // Exactly one of the two cancelled it; the other one was told (409) or counted nothing.
    expect([200, 409]).toContain(cancelled.statusCode);
    expect((cancelled.statusCode === 200 ? 1 : 0) + swept.expired).toBe(1);
    expect(await productStock(t.db, product.id)).toBe(6);
    expect((await orderRowOf(t.db, order._id)).status).toBe('cancelled');
  });

  it("answers 404 for another buyer's order and 401 without a login", async () => {
    const owner = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    const order = await placeOrderOk(t.app, owner.token, orderBody([{ product }]));
    expect((await cancel(order._id)).statusCode).toBe(401);
    expect((await cancel(order._id, other.token)).statusCode).toBe(404);
    expect((await cancel(order._id, admin.token)).statusCode).toBe(404);
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    expect(await productStock(t.db, product.id)).toBe(2);
  });

  it('refuses a shipped or delivered order with 409 saying why', async () => {
    const { token } = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    await payOnline(t.app, token, order._id);
    expect((await setStatus(order._id, 'shipped', admin.token)).statusCode).toBe(200);
    const shipped = await cancel(order._id, token);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe('This order has already been shipped and can no longer be cancelled.');
    expect((await setStatus(order._id, 'delivered', admin.token)).statusCode).toBe(200);
    const delivered = await cancel(order._id, token);
    expect(delivered.json().message).toBe('This order has already been delivered and can no longer be cancelled.');
    expect(await productStock(t.db, product.id)).toBe(2);
  });

  it('refunds a paid online order through the gateway, once', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 500, stock: 3 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, quantity: 1 }]));
    const { paymentId } = await payOnline(t.app, token, order._id);
    await webhooks.drain();
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund');
    try {
      const res = await cancel(order._id, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Order cancelled successfully. Your refund will follow shortly.',
        data: { status: 'cancelled' },
      });
      // The refund follows the answer, in the background.
      await vi.waitFor(async () => expect((await paymentOf(t.db, order._id)).status).toBe('refunded'));
      expect(refund).toHaveBeenCalledTimes(1);
      // 500 + 8 % delivery = 540 rupees.
      expect(refund).toHaveBeenCalledWith({ paymentId, amountPaise: 54000, receipt: order._id });
      const payment = await paymentOf(t.db, order._id);
      expect(payment.refundId).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
      expect(payment.refundAttempts).toBe(1);
      expect(await productStock(t.db, product.id)).toBe(3);
      // The sweeper finds nothing left to refund.
      expect((await sweepExpiredOrders(t.app.ctx, silent, new Date(Date.now() + 600 * 60_000))).refundsRetried).toBe(0);
      expect(refund).toHaveBeenCalledTimes(1);
    } finally {
      refund.mockRestore();
    }
  });

  it('answers at once while the gateway is silent: the refund is recorded as due and made after the answer', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    await payOnline(t.app, token, order._id);
    let answer!: () => void;
    const silentGateway = new Promise<void>((resolve) => (answer = resolve));
    const real = t.app.ctx.payments.gateway.refund.bind(t.app.ctx.payments.gateway);
    const refund = vi
      .spyOn(t.app.ctx.payments.gateway, 'refund')
      .mockImplementationOnce(async (input) => silentGateway.then(() => real(input)));
    try {
      const res = await cancel(order._id, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/refund will follow/);
      expect((await orderRowOf(t.db, order._id)).status).toBe('cancelled');
      expect(await productStock(t.db, product.id)).toBe(3);
      await vi.waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
      expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'success', failureReason: REFUND_IN_PROGRESS });
      answer();
      await vi.waitFor(async () =>
        expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'refunded', failureReason: null }),
      );
      expect(refund).toHaveBeenCalledTimes(1);
    } finally {
      answer();
      refund.mockRestore();
    }
  });

  it('a refund recorded as due but never started (the process stopped) is made by the sweeper', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    await payOnline(t.app, token, order._id);
    // The state a cancellation commits before its background refund starts.
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order._id));
    await t.db.update(payments).set({ failureReason: REFUND_DUE }).where(eq(payments.orderId, order._id));
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund');
    try {
      // Not while an attempt may still be starting; then once.
      expect((await sweepExpiredOrders(t.app.ctx, silent)).refundsRetried).toBe(0);
      const swept = await sweepExpiredOrders(t.app.ctx, silent, new Date(Date.now() + 2 * 60_000));
      expect(swept.refundsRetried).toBe(1);
      expect(refund).toHaveBeenCalledTimes(1);
      expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'refunded', refundAttempts: 1 });
    } finally {
      refund.mockRestore();
    }
  });

  it('keeps the order cancelled and records a failed refund for the sweeper to retry', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    await payOnline(t.app, token, order._id);
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund').mockRejectedValueOnce(new Error('gateway down'));
    try {
      const res = await cancel(order._id, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/refund will follow/);
      await vi.waitFor(async () =>
        expect(await paymentOf(t.db, order._id)).toMatchObject({
          status: 'success',
          failureReason: 'refund_failed: gateway down',
        }),
      );
      // Not retried at once: the first retry is due 5 minutes after the failed attempt.
      expect((await sweepExpiredOrders(t.app.ctx, silent)).refundsRetried).toBe(0);
      const swept = await sweepExpiredOrders(t.app.ctx, silent, new Date(Date.now() + 6 * 60_000));
      expect(swept.refundsRetried).toBeGreaterThanOrEqual(1);
      expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'refunded', failureReason: null });
      expect(refund).toHaveBeenCalledTimes(2);
    } finally {
      refund.mockRestore();
    }
  });
});

describe('PUT /api/orders/:id/status', () => {
  it('is for admins only (401, 403) and answers 404 for an unknown order', async () => {
    const { token } = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const { product } = await createTestProduct(t.db);
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    expect((await setStatus(order._id, 'shipped')).statusCode).toBe(401);
    expect((await setStatus(order._id, 'shipped', token)).statusCode).toBe(403);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'shipped', admin.token)).statusCode).toBe(404);
    expect((await setStatus(order._id, 'lost', admin.token)).statusCode).toBe(400);
  });

  it('is refused (409) until the payment succeeded, then allowed', async () => {
    const { token } = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const { product } = await createTestProduct(t.db, { stock: 3 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    const early = await setStatus(order._id, 'shipped', admin.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/payment is not complete/);
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    await payOnline(t.app, token, order._id);
    const res = await setStatus(order._id, 'shipped', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.any(String), data: { status: 'shipped' } });
    // Any order of statuses is allowed (docs/shop-rules.md#order-status); a move back from shipped needs a reason.
    expect((await setStatus(order._id, 'pending', admin.token)).statusCode).toBe(400);
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'pending', reason: 'Shipped by mistake' },
    });
    expect(back.json().data.status).toBe('pending');
  });

  it('cancelling returns stock once and refunds; a cancelled order cannot move again', async () => {
    const { token } = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const { product } = await createTestProduct(t.db, { stock: 4 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, quantity: 3 }]));
    await payOnline(t.app, token, order._id);
    await setStatus(order._id, 'delivered', admin.token);
    const results = await Promise.all([
      setStatus(order._id, 'cancelled', admin.token),
      setStatus(order._id, 'cancelled', admin.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await productStock(t.db, product.id)).toBe(4);
    await vi.waitFor(async () => expect((await paymentOf(t.db, order._id)).status).toBe('refunded'));
    const revive = await setStatus(order._id, 'processing', admin.token);
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toMatch(/cancelled/);
    expect(await productStock(t.db, product.id)).toBe(4);
  });
});
