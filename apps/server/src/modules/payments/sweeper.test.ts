import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
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
} from '../../test/commerce-factories';
import { createTestProduct, createTestUser } from '../../test/factories';
import { MAX_REFUND_ATTEMPTS, REFUND_IN_PROGRESS } from './refund';
import { sweepExpiredOrders } from './sweeper';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('sweepExpiredOrders (ORDER_PAYMENT_TIMEOUT_MIN=30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORDER_PAYMENT_TIMEOUT_MIN: '30' });
  });
  afterAll(() => t?.close());

  it('cancels unpaid online orders older than the timeout, marks them expired and returns stock once', async () => {
    const { token } = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, { variants: [{ size: 'XL', price: 700, stock: 5 }] });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, variant: variants[0], quantity: 3 }]));
    expect(await variantStock(t.db, variants[0]!.id)).toBe(2);

    // 29 minutes later: still within the timeout.
    await sweepExpiredOrders(t.app.ctx, silent, minutes(29));
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');

    const [first, second] = await Promise.all([
      sweepExpiredOrders(t.app.ctx, silent, minutes(31)),
      sweepExpiredOrders(t.app.ctx, silent, minutes(31)),
    ]);
    expect(first.expired + second.expired).toBeGreaterThanOrEqual(1);
    expect((await orderRowOf(t.db, order._id)).status).toBe('cancelled');
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'failed', failureReason: 'expired' });
    expect(await variantStock(t.db, variants[0]!.id)).toBe(5);
    expect(await productStock(t.db, product.id)).toBe(5);

    // Later sweeps find nothing more to do with it.
    await sweepExpiredOrders(t.app.ctx, silent, minutes(120));
    expect(await variantStock(t.db, variants[0]!.id)).toBe(5);
  });

  it('leaves COD orders, paid orders and fresh orders alone', async () => {
    const cod = await createTestApp({ COD_ENABLED: 'true' });
    try {
      const { token } = await createTestUser(cod.app);
      const { product } = await createTestProduct(cod.db, { stock: 10 });
      const codOrder = await placeOrderOk(cod.app, token, orderBody([{ product }], { paymentMode: 'cod' }));
      const fresh = await placeOrderOk(cod.app, token, orderBody([{ product }]));
      const paid = await placeOrderOk(cod.app, token, orderBody([{ product }]));
      deliverWebhooksByInject(cod.app);
      await payOnline(cod.app, token, paid._id);
      await backdateOrder(cod.db, codOrder._id, 90);
      await backdateOrder(cod.db, paid._id, 90);
      const result = await sweepExpiredOrders(cod.app.ctx, silent);
      expect(result.expired).toBe(0);
      expect((await orderRowOf(cod.db, codOrder._id)).status).toBe('pending');
      expect((await orderRowOf(cod.db, fresh._id)).status).toBe('pending');
      expect((await orderRowOf(cod.db, paid._id)).status).toBe('processing');
      expect(await productStock(cod.db, product.id)).toBe(7);
      await cod.app.ctx.payments.webhooks.drain();
    } finally {
      await cod.close();
    }
  });
});

describe('the sweeper inside the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SWEEP_INTERVAL_SEC: '1', ORDER_PAYMENT_TIMEOUT_MIN: '1' });
  });

  it('runs every SWEEP_INTERVAL_SEC once the app is ready, and stops on close without hanging', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 4 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product, quantity: 4 }]));
    await backdateOrder(t.db, order._id, 2);
    const deadline = Date.now() + 8_000;
    while ((await orderRowOf(t.db, order._id)).status !== 'cancelled' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await orderRowOf(t.db, order._id)).status).toBe('cancelled');
    expect(await productStock(t.db, product.id)).toBe(4);
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('refund retries (refund.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    deliverWebhooksByInject(t.app);
  });
  afterAll(() => t?.close());

  /** A paid online order, cancelled, whose refund is left in the given state (as a crash or failure leaves it). */
  async function cancelledPaidOrder(state: { failureReason: string; refundAttempts: number; minutesAgo: number }) {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 500, stock: 3 });
    const order = await placeOrderOk(t.app, token, orderBody([{ product }]));
    const { paymentId } = await payOnline(t.app, token, order._id);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order._id));
    await t.db
      .update(payments)
      .set({
        failureReason: state.failureReason,
        refundAttempts: state.refundAttempts,
        updatedAt: minutes(-state.minutesAgo),
      })
      .where(eq(payments.orderId, order._id));
    // 500 + 8 % delivery = 540 rupees.
    return { order, paymentId, amountPaise: 54_000 };
  }

  it('retries a refund left in progress once overdue, and records the refund the lost call had made', async () => {
    const { order, paymentId, amountPaise } = await cancelledPaidOrder({
      failureReason: REFUND_IN_PROGRESS,
      refundAttempts: 1,
      minutesAgo: 1,
    });
    // The lost call did reach the gateway before the process stopped.
    const earlier = await t.app.ctx.payments.gateway.refund({ paymentId, amountPaise, receipt: order._id });
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund');
    const findRefund = vi.spyOn(t.app.ctx.payments.gateway, 'findRefund');
    try {
      // One minute after the attempt began: it may still be under way.
      expect((await sweepExpiredOrders(t.app.ctx, silent)).refundsRetried).toBe(0);
      expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'success', failureReason: REFUND_IN_PROGRESS });

      const swept = await sweepExpiredOrders(t.app.ctx, silent, minutes(5));
      expect(swept.refundsRetried).toBe(1);
      expect(findRefund).toHaveBeenCalledWith({ paymentId, amountPaise });
      expect(refund).not.toHaveBeenCalled();
      expect(await paymentOf(t.db, order._id)).toMatchObject({
        status: 'refunded',
        refundId: earlier.id,
        failureReason: null,
        refundAttempts: 2,
      });
      expect((await sweepExpiredOrders(t.app.ctx, silent, minutes(600))).refundsRetried).toBe(0);
    } finally {
      refund.mockRestore();
      findRefund.mockRestore();
    }
  });

  it('issues a lost refund the gateway never saw exactly once, however many sweepers race', async () => {
    const { order, paymentId, amountPaise } = await cancelledPaidOrder({
      failureReason: REFUND_IN_PROGRESS,
      refundAttempts: 1,
      minutesAgo: 30,
    });
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund');
    try {
      const results = await Promise.all([1, 2, 3].map(() => sweepExpiredOrders(t.app.ctx, silent)));
      expect(results.reduce((sum, result) => sum + result.refundsRetried, 0)).toBe(1);
      expect(refund).toHaveBeenCalledTimes(1);
      expect(refund).toHaveBeenCalledWith({ paymentId, amountPaise, receipt: order._id });
      expect(await paymentOf(t.db, order._id)).toMatchObject({
        status: 'refunded',
        refundId: expect.stringMatching(/^rfnd_/),
        refundAttempts: 2,
      });
    } finally {
      refund.mockRestore();
    }
  });

  it(`waits longer after each failure and gives up after ${MAX_REFUND_ATTEMPTS} calls`, async () => {
    const { order } = await cancelledPaidOrder({
      failureReason: 'refund_failed: gateway down',
      refundAttempts: 1,
      minutesAgo: 0,
    });
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund').mockRejectedValue(new Error('gateway down'));
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    try {
      // Due 5 minutes after the first attempt, then 10 minutes after the second.
      expect((await sweepExpiredOrders(t.app.ctx, log, minutes(4))).refundsRetried).toBe(0);
      expect(refund).toHaveBeenCalledTimes(0);
      await sweepExpiredOrders(t.app.ctx, log, minutes(6));
      expect(refund).toHaveBeenCalledTimes(1);
      await sweepExpiredOrders(t.app.ctx, log, minutes(14));
      expect(refund).toHaveBeenCalledTimes(1);
      await sweepExpiredOrders(t.app.ctx, log, minutes(17));
      expect(refund).toHaveBeenCalledTimes(2);
      // Days later, sweep after sweep: the attempts stop at the bound.
      for (let day = 1; day <= 12; day += 1) await sweepExpiredOrders(t.app.ctx, log, minutes(day * 24 * 60));
      expect(refund).toHaveBeenCalledTimes(MAX_REFUND_ATTEMPTS - 1);
      expect(await paymentOf(t.db, order._id)).toMatchObject({
        status: 'success',
        failureReason: 'refund_failed: gateway down',
        refundAttempts: MAX_REFUND_ATTEMPTS,
      });
      const gaveUp = log.error.mock.calls.filter(([, message]) => /refund this payment by hand/.test(String(message)));
      expect(gaveUp).toHaveLength(1);
    } finally {
      refund.mockRestore();
    }
  });

  it('retries a failed refund that the gateway did make, without refunding again', async () => {
    const { order, paymentId, amountPaise } = await cancelledPaidOrder({
      failureReason: 'refund_failed: timeout',
      refundAttempts: 1,
      minutesAgo: 10,
    });
    // The call timed out on our side but the gateway had refunded the payment.
    const earlier = await t.app.ctx.payments.gateway.refund({ paymentId, amountPaise, receipt: order._id });
    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund');
    try {
      expect((await sweepExpiredOrders(t.app.ctx, silent)).refundsRetried).toBe(1);
      expect(refund).not.toHaveBeenCalled();
      expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'refunded', refundId: earlier.id });
    } finally {
      refund.mockRestore();
    }
  });
});
