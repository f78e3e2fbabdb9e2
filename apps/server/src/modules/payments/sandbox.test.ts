import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  deliverWebhooksByInject,
  openPayment,
  orderBody,
  orderRowOf,
  paymentOf,
  paymentSignature,
  placeOrderOk,
  productStock,
  sandboxPay,
  verify,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let webhooks: ReturnType<typeof deliverWebhooksByInject>;
beforeAll(async () => {
  t = await createTestApp();
  webhooks = deliverWebhooksByInject(t.app);
});
afterAll(() => t?.close());

const cartOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json().items as {
    product: { _id: string };
  }[];

/** A buyer with two products in the cart who orders the first one online. */
async function buyerWithOrder() {
  const buyer = await createTestUser(t.app);
  const ordered = await createTestProduct(t.db, { title: 'Diesel Pump', price: 1500, stock: 6 });
  const kept = await createTestProduct(t.db, { title: 'Funnel', price: 90, stock: 6 });
  for (const product of [ordered.product, kept.product]) {
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(buyer.token),
      payload: { productId: product.id, quantity: 2 },
    });
  }
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product: ordered.product, quantity: 2 }]));
  return { buyer, ordered: ordered.product, kept: kept.product, order };
}

describe('sandbox browser files', () => {
  it('serves checkout.js defining the Razorpay Checkout API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    for (const surface of [
      'window.Razorpay = Razorpay',
      'Razorpay.prototype.open',
      'Razorpay.prototype.close',
      'Razorpay.prototype.on',
      "'payment.failed'",
      'ondismiss',
      'options.handler',
      'order_id',
      'event.origin !== gatewayOrigin',
      "addEventListener('message'",
    ]) {
      expect(res.body).toContain(surface);
    }
  });

  it('serves the payment window as HTML with a separate script (no inline script) and its script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/window?order_id=order_X' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="/api/payments/sandbox/window.js"></script>');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.body).toContain('Fail payment');
    expect(page.body).toContain('Cancel');
    expect(page.body).toContain('name="viewport"');
    // The security headers still apply: no inline scripts, same-origin framing only.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(String(page.headers['x-frame-options']).toUpperCase()).toBe('SAMEORIGIN');
    const script = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/window.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('postMessage(message, parentOrigin)');
    expect(script.body).toContain("'Pay ' + amount");
    expect(script.body).toContain('Escape');
    // Pay and fail go out as the logged-in buyer (the shop's token, same origin).
    expect(script.body).toContain("window.localStorage.getItem('token')");
    expect(script.body).toContain("headers.authorization = 'Bearer ' + token");
  });
});

describe('sandbox payment flow', () => {
  it('create -> pay -> verify: order processing, ordered lines gone, stock reduced once', async () => {
    const { buyer, ordered, kept, order } = await buyerWithOrder();
    expect(await productStock(t.db, ordered.id)).toBe(4);
    const created = await openPayment(t.app, buyer.token, order._id);
    const window = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/orders/${created.rzpOrderId}` });
    expect(window.json()).toEqual({
      order_id: created.rzpOrderId,
      amount: created.amount,
      currency: 'INR',
      payable: true,
      shopName: 'PumpKart',
    });

    const paid = await sandboxPay(t.app, buyer.token, created.rzpOrderId);
    expect(paid.razorpay_order_id).toBe(created.rzpOrderId);
    expect(paid.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(paid.razorpay_signature).toBe(paymentSignature(created.rzpOrderId, paid.razorpay_payment_id));

    const res = await verify(t.app, buyer.token, { ...paid, orderId: order._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', orderId: order._id });
    // The signed webhook the sandbox sent to itself arrives too, and changes nothing more.
    await webhooks.drain();
    expect(webhooks.delivered.at(-1)).toMatchObject({ statusCode: 200 });

    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await paymentOf(t.db, order._id)).toMatchObject({
      status: 'success',
      gatewayPaymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    expect((await cartOf(buyer.token)).map((line) => line.product._id)).toEqual([kept.id]);
    expect(await productStock(t.db, ordered.id)).toBe(4);

    // The window now shows the order as paid, and a second "Pay" is refused.
    const after = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/orders/${created.rzpOrderId}` });
    expect(after.json().payable).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: bearer(buyer.token),
      payload: { order_id: created.rzpOrderId },
    });
    expect(again.statusCode).toBe(409);
  });

  it('the webhook alone settles the payment when the browser never comes back', async () => {
    const { buyer, order } = await buyerWithOrder();
    const created = await openPayment(t.app, buyer.token, order._id);
    await sandboxPay(t.app, buyer.token, created.rzpOrderId);
    await webhooks.drain();
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect((await paymentOf(t.db, order._id)).status).toBe('success');
  });

  it('a double click on Pay makes one payment', async () => {
    const { buyer, order } = await buyerWithOrder();
    const created = await openPayment(t.app, buyer.token, order._id);
    const clicks = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/sandbox/pay',
          headers: bearer(buyer.token),
          payload: { order_id: created.rzpOrderId },
        }),
      ),
    );
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    await webhooks.drain();
    expect((await paymentOf(t.db, order._id)).status).toBe('success');
  });

  it('fail -> webhook: the failure is recorded, the order stays payable with its stock, then Pay settles it', async () => {
    const { buyer, ordered, order } = await buyerWithOrder();
    const created = await openPayment(t.app, buyer.token, order._id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/fail',
      headers: bearer(buyer.token),
      payload: { order_id: created.rzpOrderId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: expect.any(String),
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: created.rzpOrderId, payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/) },
      },
    });
    await webhooks.drain();
    expect(webhooks.delivered.at(-1)).toMatchObject({ statusCode: 200 });
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    expect(await paymentOf(t.db, order._id)).toMatchObject({
      status: 'pending',
      failureReason: `payment_failed: ${res.json().error.description}`,
    });
    expect(await productStock(t.db, ordered.id)).toBe(4);
    expect(await cartOf(buyer.token)).toHaveLength(2);
    // The window still offers the order, and the buyer's next attempt pays it.
    const window = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/orders/${created.rzpOrderId}` });
    expect(window.json().payable).toBe(true);
    const paid = await sandboxPay(t.app, buyer.token, created.rzpOrderId);
    const verified = await verify(t.app, buyer.token, { ...paid, orderId: order._id });
    expect(verified.json()).toMatchObject({ status: 'success' });
    await webhooks.drain();
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'success', failureReason: null });
    expect(await productStock(t.db, ordered.id)).toBe(4);
  });

  it("pay and fail need the login of the order's buyer: 401 without one, 404 for another buyer", async () => {
    const { buyer, order } = await buyerWithOrder();
    const other = await createTestUser(t.app);
    const admin = await createTestAdmin(t.app);
    const created = await openPayment(t.app, buyer.token, order._id);
    for (const url of ['/api/payments/sandbox/pay', '/api/payments/sandbox/fail']) {
      const anonymous = await t.app.inject({ method: 'POST', url, payload: { order_id: created.rzpOrderId } });
      expect(anonymous.statusCode).toBe(401);
      for (const token of [other.token, admin.token]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: bearer(token),
          payload: { order_id: created.rzpOrderId },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'No such sandbox order.' });
      }
    }
    await webhooks.drain();
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'pending', gatewayPaymentId: null });
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    // The owner pays.
    const paid = await sandboxPay(t.app, buyer.token, created.rzpOrderId);
    expect(paid.razorpay_order_id).toBe(created.rzpOrderId);
    await webhooks.drain();
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
  });

  it('answers 404 for a gateway order it never opened', async () => {
    const { token } = await createTestUser(t.app);
    for (const url of ['/api/payments/sandbox/pay', '/api/payments/sandbox/fail']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { order_id: 'order_Unknown0000000' },
      });
      expect(res.statusCode).toBe(404);
    }
    const lookup = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/orders/order_Unknown0000000' });
    expect(lookup.statusCode).toBe(404);
  });

  it('logs a failed webhook delivery and never crashes', async () => {
    const { buyer, order } = await buyerWithOrder();
    const sender = t.app.ctx.payments.webhooks;
    const transport = sender.transport;
    sender.transport = async () => {
      throw new Error('connection refused');
    };
    try {
      const created = await openPayment(t.app, buyer.token, order._id);
      const paid = await sandboxPay(t.app, buyer.token, created.rzpOrderId);
      await sender.drain();
      // The browser's verify still settles it.
      const res = await verify(t.app, buyer.token, { ...paid, orderId: order._id });
      expect(res.json().status).toBe('success');
    } finally {
      sender.transport = transport;
    }
  });
});
