/**
 * The live gateway through the official `razorpay` package, with its HTTP calls stubbed at the
 * network layer by nock: no request may leave this machine (nock.disableNetConnect()).
 */
import { createHmac } from 'node:crypto';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  capturedEvent,
  orderBody,
  orderRowOf,
  paymentOf,
  placeOrderOk,
  productStock,
  signedWebhook,
  verify,
} from '../../test/commerce-factories';
import { createTestProduct, createTestUser } from '../../test/factories';
import { GATEWAY_MESSAGES, GATEWAY_TIMEOUT_MS, PaymentGatewayError } from '../../gateways/gateway';
import { RazorpayGateway } from '../../gateways/razorpay';
import { REFUND_IN_PROGRESS } from './refund';
import { sweepExpiredOrders } from './sweeper';

const KEY_ID = 'rzp_test_PumpKartKey01';
const KEY_SECRET = 'razorpay-key-secret';
const WEBHOOK_SECRET = 'razorpay-webhook-secret';
const API = 'https://api.razorpay.com';

let t: TestApp;
beforeAll(async () => {
  nock.disableNetConnect();
  t = await createTestApp({
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterEach(() => {
  nock.abortPendingRequests();
  nock.cleanAll();
});
afterAll(async () => {
  await t?.close();
  nock.enableNetConnect();
});

const basicAuth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** Razorpay's answer to POST /v1/orders (https://razorpay.com/docs/api/orders/create/). */
const razorpayOrder = (id: string, amount: number, receipt: string) => ({
  id,
  entity: 'order',
  amount,
  amount_paid: 0,
  amount_due: amount,
  currency: 'INR',
  receipt,
  offer_id: null,
  status: 'created',
  attempts: 0,
  notes: [],
  created_at: 1_700_000_000,
});

async function pendingOrder() {
  const buyer = await createTestUser(t.app);
  const { product } = await createTestProduct(t.db, { price: 2000, stock: 5 });
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 1 }]));
  return { buyer, product, order };
}

const create = (token: string, orderId: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/create', headers: bearer(token), payload: { orderId } });

describe('Razorpay gateway', () => {
  it('tells the web app to load Razorpay Checkout with the Razorpay key, and has no sandbox', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toMatchObject({
      gateway: 'razorpay',
      scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      key: KEY_ID,
      currency: 'INR',
    });
    const sandbox = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' });
    expect(sandbox.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(page.headers['content-security-policy']).toContain('https://checkout.razorpay.com');
  });

  it('creates the Razorpay order for the server total in paise with our order id as receipt, once', async () => {
    const { buyer, order } = await pendingOrder();
    // 2000 rupees + 6 % delivery = 2120 rupees = 212000 paise.
    const scope = nock(API, { reqheaders: { authorization: basicAuth } })
      .post('/v1/orders', (body) => {
        expect(body).toEqual({ amount: 212000, currency: 'INR', receipt: order._id });
        return true;
      })
      .reply(200, razorpayOrder('order_RzpOrder000001', 212000, order._id));
    const res = await create(buyer.token, order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rzpOrderId: 'order_RzpOrder000001',
      amount: 212000,
      currency: 'INR',
      key: KEY_ID,
      orderId: order._id,
    });
    expect(scope.isDone()).toBe(true);
    expect(await paymentOf(t.db, order._id)).toMatchObject({
      gateway: 'razorpay',
      gatewayOrderId: 'order_RzpOrder000001',
    });
    // A retry reuses the stored order: no second call (any call would fail, the network is off).
    const retry = await create(buyer.token, order._id);
    expect(retry.json().rzpOrderId).toBe('order_RzpOrder000001');
  });

  it('answers 502 and stores nothing when Razorpay refuses the call', async () => {
    const { buyer, order } = await pendingOrder();
    nock(API)
      .post('/v1/orders')
      .reply(400, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be at least INR 1.00', source: 'business' },
      });
    const res = await create(buyer.token, order._id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/payment provider/);
    expect((await paymentOf(t.db, order._id)).gatewayOrderId).toBeNull();
  });

  it('answers 502 when Razorpay cannot be reached', async () => {
    const { buyer, order } = await pendingOrder();
    // An Error object: nock 14 never settles the request for a plain-object replyWithError (nock#2829).
    nock(API)
      .post('/v1/orders')
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const res = await create(buyer.token, order._id);
    expect(res.statusCode).toBe(502);
  });

  it('verifies the signature with the key secret; the sandbox secret does not pass', async () => {
    const { buyer, order } = await pendingOrder();
    nock(API)
      .post('/v1/orders')
      .reply(200, razorpayOrder('order_RzpOrder000002', 212000, order._id));
    await create(buyer.token, order._id);
    const paymentId = 'pay_RzpPayment0002';
    const wrong = await verify(t.app, buyer.token, {
      razorpay_order_id: 'order_RzpOrder000002',
      razorpay_payment_id: paymentId,
      razorpay_signature: sign('test-sandbox-key-secret', `order_RzpOrder000002|${paymentId}`),
      orderId: order._id,
    });
    expect(wrong.statusCode).toBe(400);
    const right = await verify(t.app, buyer.token, {
      razorpay_order_id: 'order_RzpOrder000002',
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(KEY_SECRET, `order_RzpOrder000002|${paymentId}`),
      orderId: order._id,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().status).toBe('success');
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
  });

  it('accepts webhooks signed with the webhook secret only', async () => {
    const { buyer, order } = await pendingOrder();
    nock(API)
      .post('/v1/orders')
      .reply(200, razorpayOrder('order_RzpOrder000003', 212000, order._id));
    await create(buyer.token, order._id);
    const event = capturedEvent('order_RzpOrder000003', 'pay_RzpPayment0003', 212000);
    const withKeySecret = await t.app.inject(signedWebhook('payment.captured', event, { secret: KEY_SECRET }));
    expect(withKeySecret.statusCode).toBe(400);
    expect((await paymentOf(t.db, order._id)).status).toBe('pending');
    const genuine = await t.app.inject(signedWebhook('payment.captured', event, { secret: WEBHOOK_SECRET }));
    expect(genuine.statusCode).toBe(200);
    expect(await paymentOf(t.db, order._id)).toMatchObject({
      status: 'success',
      gatewayPaymentId: 'pay_RzpPayment0003',
    });
  });

  it('refunds a cancelled paid order through payments.refund with the amount in paise', async () => {
    const { buyer, order, product } = await pendingOrder();
    nock(API)
      .post('/v1/orders')
      .reply(200, razorpayOrder('order_RzpOrder000004', 212000, order._id));
    await create(buyer.token, order._id);
    const paymentId = 'pay_RzpPayment0004';
    await verify(t.app, buyer.token, {
      razorpay_order_id: 'order_RzpOrder000004',
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(KEY_SECRET, `order_RzpOrder000004|${paymentId}`),
      orderId: order._id,
    });
    const refund = nock(API, { reqheaders: { authorization: basicAuth } })
      .post(`/v1/payments/${paymentId}/refund`, (body) => {
        expect(body).toEqual({ amount: 212000, receipt: order._id });
        return true;
      })
      .reply(200, {
        id: 'rfnd_RzpRefund00001',
        entity: 'refund',
        amount: 212000,
        currency: 'INR',
        payment_id: paymentId,
        receipt: order._id,
        status: 'processed',
        speed_processed: 'normal',
        created_at: 1_700_000_100,
      });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'refunded', refundId: 'rfnd_RzpRefund00001' }),
    );
    expect(refund.isDone()).toBe(true);
    expect(await productStock(t.db, product.id)).toBe(5);
  });

  it('retries a lost refund by first asking Razorpay: a refund it already made is recorded, not repeated', async () => {
    const { buyer, order } = await pendingOrder();
    nock(API)
      .post('/v1/orders')
      .reply(200, razorpayOrder('order_RzpOrder000005', 212000, order._id));
    await create(buyer.token, order._id);
    const paymentId = 'pay_RzpPayment0005';
    await verify(t.app, buyer.token, {
      razorpay_order_id: 'order_RzpOrder000005',
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(KEY_SECRET, `order_RzpOrder000005|${paymentId}`),
      orderId: order._id,
    });
    // The process stopped while the refund call was under way, an hour ago.
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order._id));
    await t.db
      .update(payments)
      .set({ failureReason: REFUND_IN_PROGRESS, refundAttempts: 1, updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(payments.orderId, order._id));
    // Razorpay holds the refund; no new refund may be created (POST /refund is not stubbed: it would fail).
    const lookup = nock(API, { reqheaders: { authorization: basicAuth } })
      .get(`/v1/payments/${paymentId}/refunds`)
      .query(true)
      .reply(200, {
        entity: 'collection',
        count: 2,
        items: [
          { id: 'rfnd_RzpRefund00005', entity: 'refund', amount: 212000, payment_id: paymentId, status: 'processed' },
          { id: 'rfnd_RzpFailed00005', entity: 'refund', amount: 212000, payment_id: paymentId, status: 'failed' },
        ],
      });
    const swept = await sweepExpiredOrders(t.app.ctx, { info: () => {}, warn: () => {}, error: () => {} });
    expect(swept.refundsRetried).toBe(1);
    expect(lookup.isDone()).toBe(true);
    expect(await paymentOf(t.db, order._id)).toMatchObject({
      status: 'refunded',
      refundId: 'rfnd_RzpRefund00005',
      failureReason: null,
      refundAttempts: 2,
    });
  });

  it('retries a lost refund that Razorpay never received by creating it', async () => {
    const { buyer, order } = await pendingOrder();
    nock(API)
      .post('/v1/orders')
      .reply(200, razorpayOrder('order_RzpOrder000006', 212000, order._id));
    await create(buyer.token, order._id);
    const paymentId = 'pay_RzpPayment0006';
    await verify(t.app, buyer.token, {
      razorpay_order_id: 'order_RzpOrder000006',
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(KEY_SECRET, `order_RzpOrder000006|${paymentId}`),
      orderId: order._id,
    });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order._id));
    await t.db
      .update(payments)
      .set({ failureReason: REFUND_IN_PROGRESS, refundAttempts: 1, updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(payments.orderId, order._id));
    const scope = nock(API, { reqheaders: { authorization: basicAuth } })
      .get(`/v1/payments/${paymentId}/refunds`)
      .query(true)
      .reply(200, { entity: 'collection', count: 0, items: [] })
      .post(`/v1/payments/${paymentId}/refund`, (body) => {
        expect(body).toEqual({ amount: 212000, receipt: order._id });
        return true;
      })
      .reply(200, { id: 'rfnd_RzpRefund00006', entity: 'refund', amount: 212000, status: 'processed' });
    await sweepExpiredOrders(t.app.ctx, { info: () => {}, warn: () => {}, error: () => {} });
    expect(scope.isDone()).toBe(true);
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'refunded', refundId: 'rfnd_RzpRefund00006' });
  });
});

describe('Razorpay gateway time limits', () => {
  /**
   * How long the silent Razorpay below keeps a call waiting, and the most a call may take to fail: well under the
   * silence (so it is the 200 ms limit that ended it, as the logged message says), with room for a loaded machine
   * (the first call also loads the razorpay package).
   */
  const SILENCE_MS = 30_000;
  const FAILS_WITHIN_MS = 10_000;
  /** Razorpay as the test wants it silent: each call answers only after `ms`. */
  const silentFor = (ms: number) => {
    nock(API)
      .post('/v1/orders')
      .delay(ms)
      .reply(200, razorpayOrder('order_TooLate0000001', 212000, 'x'));
  };
  const fastGateway = (errors: string[] = []) =>
    new RazorpayGateway({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: 200,
      onError: (message) => errors.push(message),
    });

  it('gives every call about 10 seconds by default', () => {
    expect(GATEWAY_TIMEOUT_MS).toBe(10_000);
  });

  it('fails a call Razorpay does not answer in time with 503 and a clear message, fast', async () => {
    silentFor(SILENCE_MS);
    const errors: string[] = [];
    const started = Date.now();
    const failure = await fastGateway(errors)
      .createOrder({ amountPaise: 212000, receipt: 'r1' })
      .catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(FAILS_WITHIN_MS);
    expect(failure).toBeInstanceOf(PaymentGatewayError);
    expect(failure).toMatchObject({ statusCode: 503, message: GATEWAY_MESSAGES.timedOut });
    expect(errors).toEqual([expect.stringMatching(/orders\.create did not answer within 200 ms/)]);
  });

  it('answers POST /api/payments/create with 503 at once when Razorpay is silent, and stores nothing', async () => {
    const { buyer, order } = await pendingOrder();
    const configured = t.app.ctx.payments.gateway;
    t.app.ctx.payments.gateway = fastGateway();
    try {
      silentFor(SILENCE_MS);
      const started = Date.now();
      const res = await create(buyer.token, order._id);
      expect(Date.now() - started).toBeLessThan(FAILS_WITHIN_MS);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The payment provider did not answer in time. Please try again.' });
      expect((await paymentOf(t.db, order._id)).gatewayOrderId).toBeNull();
    } finally {
      t.app.ctx.payments.gateway = configured;
    }
  });

  it('records a refund Razorpay does not answer in time as failed, for the sweeper to retry', async () => {
    const { buyer, order } = await pendingOrder();
    nock(API)
      .post('/v1/orders')
      .reply(200, razorpayOrder('order_RzpOrder000007', 212000, order._id));
    await create(buyer.token, order._id);
    const paymentId = 'pay_RzpPayment0007';
    await verify(t.app, buyer.token, {
      razorpay_order_id: 'order_RzpOrder000007',
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(KEY_SECRET, `order_RzpOrder000007|${paymentId}`),
      orderId: order._id,
    });
    const configured = t.app.ctx.payments.gateway;
    t.app.ctx.payments.gateway = fastGateway();
    try {
      nock(API).post(`/v1/payments/${paymentId}/refund`).delay(SILENCE_MS).reply(200, { id: 'rfnd_TooLate000001' });
      const started = Date.now();
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order._id}/cancel`,
        headers: bearer(buyer.token),
      });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(FAILS_WITHIN_MS);
      await vi.waitFor(async () =>
        expect(await paymentOf(t.db, order._id)).toMatchObject({
          status: 'success',
          failureReason: 'refund_failed: The payment provider did not answer the refund in time.',
          refundAttempts: 1,
        }),
      );
    } finally {
      t.app.ctx.payments.gateway = configured;
    }
  });
});
