import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  backdateOrder,
  capturedEvent,
  failedEvent,
  openPayment,
  orderBody,
  orderRowOf,
  paymentOf,
  paymentSignature,
  placeOrderOk,
  productStock,
  rowCounts,
  signedWebhook,
  verify,
} from '../../test/commerce-factories';
import { createTestProduct, createTestUser } from '../../test/factories';
import { sweepExpiredOrders } from './sweeper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A buyer's pending online order with its gateway order opened. */
async function openedOrder(stock = 5, quantity = 1) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTestProduct(t.db, { stock, price: 800 });
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: bearer(buyer.token),
    payload: { productId: product.id, quantity },
  });
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity }]));
  const { rzpOrderId, amount } = await openPayment(t.app, buyer.token, order._id);
  return { buyer, product, order, rzpOrderId, amount };
}

const cartSize = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json().items.length as number;

describe('POST /api/payments/webhook: signatures', () => {
  it('refuses a forged, unsigned or tampered webhook with 400 and changes nothing', async () => {
    const { order, rzpOrderId, amount, product } = await openedOrder();
    const before = { counts: await rowCounts(t.db), payment: await paymentOf(t.db, order._id) };
    const forged = signedWebhook('payment.captured', capturedEvent(rzpOrderId, 'pay_Forged', amount), {
      secret: 'not-the-secret',
    });
    const unsigned = signedWebhook('payment.captured', capturedEvent(rzpOrderId, 'pay_Unsigned', amount));
    delete (unsigned.headers as Record<string, string>)['x-razorpay-signature'];
    const genuine = signedWebhook('payment.captured', capturedEvent(rzpOrderId, 'pay_Tampered', amount));
    const tampered = { ...genuine, payload: genuine.payload.replace('pay_Tampered', 'pay_Tamperex') };
    // Re-serialised JSON (same meaning, other bytes) does not match the signature either.
    const reformatted = { ...genuine, payload: JSON.stringify(JSON.parse(genuine.payload), null, 2) };
    for (const call of [forged, unsigned, tampered, reformatted]) {
      const res = await t.app.inject(call);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid webhook signature.' });
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/payments/webhook' });
    expect(empty.statusCode).toBe(400);
    expect({ counts: await rowCounts(t.db), payment: await paymentOf(t.db, order._id) }).toEqual(before);
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    expect(await productStock(t.db, product.id)).toBe(4);
  });

  it('keeps the JSON body parser of every other route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: { ...bearer((await createTestUser(t.app)).token), 'content-type': 'application/json' },
      payload: '{"orderId":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });
});

describe('POST /api/payments/webhook: events', () => {
  it('payment.captured settles the payment like verify does', async () => {
    const { buyer, order, rzpOrderId, amount } = await openedOrder();
    const res = await t.app.inject(
      signedWebhook('payment.captured', capturedEvent(rzpOrderId, 'pay_Hook0001', amount)),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'processed' });
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'success', gatewayPaymentId: 'pay_Hook0001' });
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await cartSize(buyer.token)).toBe(0);
  });

  it('handles the same event id once: a duplicate answers 200 and does nothing', async () => {
    const { order, rzpOrderId, amount } = await openedOrder();
    const call = signedWebhook('payment.failed', failedEvent(rzpOrderId, 'pay_Dup'), { eventId: 'evt_SameEvent00001' });
    const first = await t.app.inject(call);
    expect(first.json()).toEqual({ status: 'processed' });
    expect((await paymentOf(t.db, order._id)).failureReason).toBe('payment_failed: Card declined');
    // Forget the recorded failure: a second handling would record it again.
    const { payments } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(payments).set({ failureReason: null }).where(eq(payments.orderId, order._id));
    const second = await t.app.inject(call);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ status: 'duplicate' });
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'pending', failureReason: null });
    expect(amount).toBeGreaterThan(0);
  });

  it('payment.failed records the failure and keeps the order pending with its stock, payable again', async () => {
    const { buyer, order, rzpOrderId, product, amount } = await openedOrder(5, 2);
    expect(await productStock(t.db, product.id)).toBe(3);
    const first = await t.app.inject(signedWebhook('payment.failed', failedEvent(rzpOrderId, 'pay_Fail1')));
    expect(first.json()).toEqual({ status: 'processed' });
    // Another failed attempt of the same order (a new event id): still pending, stock still held.
    await t.app.inject(signedWebhook('payment.failed', failedEvent(rzpOrderId, 'pay_Fail2')));
    expect(await productStock(t.db, product.id)).toBe(3);
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    expect(await paymentOf(t.db, order._id)).toMatchObject({
      status: 'pending',
      gatewayOrderId: rzpOrderId,
      gatewayPaymentId: null,
      failureReason: 'payment_failed: Card declined',
    });
    // The cart is safe on failure.
    expect(await cartSize(buyer.token)).toBe(1);

    // The buyer may open the payment again (the same gateway order) and pay.
    expect((await openPayment(t.app, buyer.token, order._id)).rzpOrderId).toBe(rzpOrderId);
    const captured = await t.app.inject(
      signedWebhook('payment.captured', capturedEvent(rzpOrderId, 'pay_AfterFail01', amount)),
    );
    expect(captured.json()).toEqual({ status: 'processed' });
    expect(await paymentOf(t.db, order._id)).toMatchObject({
      status: 'success',
      gatewayPaymentId: 'pay_AfterFail01',
      failureReason: null,
    });
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await productStock(t.db, product.id)).toBe(3);
    expect(await cartSize(buyer.token)).toBe(0);
  });

  it('an order whose payment failed still expires after ORDER_PAYMENT_TIMEOUT_MIN, its stock returned', async () => {
    const { order, rzpOrderId, product } = await openedOrder(5, 2);
    await t.app.inject(signedWebhook('payment.failed', failedEvent(rzpOrderId, 'pay_FailExpire')));
    expect(await productStock(t.db, product.id)).toBe(3);
    await backdateOrder(t.db, order._id, 45);
    await sweepExpiredOrders(t.app.ctx, silent);
    expect((await orderRowOf(t.db, order._id)).status).toBe('cancelled');
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'failed', failureReason: 'expired' });
    expect(await productStock(t.db, product.id)).toBe(5);
  });

  it('a failure reported after a success changes nothing', async () => {
    const { order, rzpOrderId, amount, product } = await openedOrder();
    await t.app.inject(signedWebhook('payment.captured', capturedEvent(rzpOrderId, 'pay_Ok', amount)));
    const late = await t.app.inject(signedWebhook('payment.failed', failedEvent(rzpOrderId, 'pay_Late')));
    expect(late.statusCode).toBe(200);
    expect((await paymentOf(t.db, order._id)).status).toBe('success');
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await productStock(t.db, product.id)).toBe(4);
  });

  it('refund.processed and payment.refunded mark the payment refunded', async () => {
    const a = await openedOrder();
    const b = await openedOrder();
    await t.app.inject(signedWebhook('payment.captured', capturedEvent(a.rzpOrderId, 'pay_RefundA', a.amount)));
    await t.app.inject(signedWebhook('payment.captured', capturedEvent(b.rzpOrderId, 'pay_RefundB', b.amount)));
    const refund = await t.app.inject(
      signedWebhook('refund.processed', {
        refund: { entity: { id: 'rfnd_Processed0001', payment_id: 'pay_RefundA', amount: a.amount } },
      }),
    );
    expect(refund.json()).toEqual({ status: 'processed' });
    expect(await paymentOf(t.db, a.order._id)).toMatchObject({ status: 'refunded', refundId: 'rfnd_Processed0001' });
    const refunded = await t.app.inject(
      signedWebhook('payment.refunded', {
        payment: { entity: { id: 'pay_RefundB', order_id: b.rzpOrderId, status: 'refunded' } },
        refund: { entity: { id: 'rfnd_Refunded0001', payment_id: 'pay_RefundB' } },
      }),
    );
    expect(refunded.json()).toEqual({ status: 'processed' });
    expect(await paymentOf(t.db, b.order._id)).toMatchObject({ status: 'refunded', refundId: 'rfnd_Refunded0001' });
  });

  it('ignores unknown events and unknown gateway orders with 200', async () => {
    const before = await rowCounts(t.db);
    const unknownEvent = await t.app.inject(signedWebhook('order.paid', { order: { entity: { id: 'order_X' } } }));
    expect(unknownEvent.statusCode).toBe(200);
    expect(unknownEvent.json()).toEqual({ status: 'ignored' });
    const unknownOrder = await t.app.inject(
      signedWebhook('payment.captured', capturedEvent('order_NotOurs000000', 'pay_NotOurs', 100)),
    );
    expect(unknownOrder.json()).toEqual({ status: 'ignored' });
    expect((await rowCounts(t.db)).orders).toBe(before.orders);
  });

  it('does not settle a capture whose amount differs from the order', async () => {
    const { order, rzpOrderId, amount } = await openedOrder();
    const res = await t.app.inject(
      signedWebhook('payment.captured', capturedEvent(rzpOrderId, 'pay_Short', amount - 1)),
    );
    expect(res.json()).toEqual({ status: 'ignored' });
    expect((await paymentOf(t.db, order._id)).status).toBe('pending');
  });

  it('does not settle a signed capture that carries no amount', async () => {
    const { order, rzpOrderId, product } = await openedOrder();
    const event = capturedEvent(rzpOrderId, 'pay_NoAmount', 0);
    delete (event.payment.entity as { amount?: number }).amount;
    const res = await t.app.inject(signedWebhook('payment.captured', event));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ignored' });
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'pending', gatewayPaymentId: null });
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    expect(await productStock(t.db, product.id)).toBe(4);
  });
});

describe('races and late captures', () => {
  it('webhook and verify racing settle the payment once', async () => {
    const { buyer, order, rzpOrderId, amount, product } = await openedOrder(5, 2);
    const paymentId = 'pay_Race00000001';
    const signature = paymentSignature(rzpOrderId, paymentId);
    const [verified, hooked] = await Promise.all([
      verify(t.app, buyer.token, {
        razorpay_order_id: rzpOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
        orderId: order._id,
      }),
      t.app.inject(signedWebhook('payment.captured', capturedEvent(rzpOrderId, paymentId, amount))),
    ]);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().status).toBe('success');
    expect(hooked.statusCode).toBe(200);
    const payment = await paymentOf(t.db, order._id);
    expect(payment).toMatchObject({ status: 'success', gatewayPaymentId: paymentId, signature });
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await productStock(t.db, product.id)).toBe(3);
    expect(await cartSize(buyer.token)).toBe(0);
  });

  it('a capture after the order expired is refunded automatically, once, even when verify and webhook race', async () => {
    const { buyer, order, rzpOrderId, amount, product } = await openedOrder(5, 1);
    await backdateOrder(t.db, order._id, 45);
    const swept = await sweepExpiredOrders(t.app.ctx, silent);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'failed', failureReason: 'expired' });
    expect(await productStock(t.db, product.id)).toBe(5);

    const refund = vi.spyOn(t.app.ctx.payments.gateway, 'refund');
    try {
      const paymentId = 'pay_LateCapture01';
      const [verified, hooked] = await Promise.all([
        verify(t.app, buyer.token, {
          razorpay_order_id: rzpOrderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: paymentSignature(rzpOrderId, paymentId),
          orderId: order._id,
        }),
        t.app.inject(signedWebhook('payment.captured', capturedEvent(rzpOrderId, paymentId, amount))),
      ]);
      expect(verified.statusCode).toBe(200);
      expect(hooked.statusCode).toBe(200);
      expect(refund).toHaveBeenCalledTimes(1);
      expect(refund).toHaveBeenCalledWith({ paymentId, amountPaise: amount, receipt: order._id });
      const payment = await paymentOf(t.db, order._id);
      expect(payment.status).toBe('refunded');
      expect(payment.refundId).toMatch(/^rfnd_/);
      // The order stays cancelled, its stock stays returned, the cart stays as it was.
      expect((await orderRowOf(t.db, order._id)).status).toBe('cancelled');
      expect(await productStock(t.db, product.id)).toBe(5);
      expect(await cartSize(buyer.token)).toBe(1);
    } finally {
      refund.mockRestore();
    }
  });
});
