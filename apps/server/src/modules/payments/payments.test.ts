import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  deliverWebhooksByInject,
  openPayment,
  orderBody,
  orderRowOf,
  paymentOf,
  paymentSignature,
  payOnline,
  placeOrderOk,
  productStock,
  rowCounts,
  sandboxPay,
  verify,
  statusBody,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let webhooks: ReturnType<typeof deliverWebhooksByInject>;
beforeAll(async () => {
  t = await createTestApp();
  webhooks = deliverWebhooksByInject(t.app);
});
afterAll(() => t?.close());

const create = (orderId: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: token ? bearer(token) : {},
    payload: { orderId },
  });

async function pendingOrder(options: { stock?: number; price?: number; quantity?: number } = {}) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTestProduct(t.db, { stock: options.stock ?? 5, price: options.price ?? 1000 });
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: bearer(buyer.token),
    payload: { productId: product.id, quantity: options.quantity ?? 1 },
  });
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: options.quantity ?? 1 }]));
  return { buyer, product, order };
}

const cartSize = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json().items.length as number;

describe('GET /api/payments/config', () => {
  it('tells the web app to load the sandbox script with the sandbox key (public)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      gateway: 'sandbox',
      scriptUrl: '/api/payments/sandbox/checkout.js',
      key: 'rzp_test_sandbox',
      currency: 'INR',
      codEnabled: false,
      // Not offered until the owner enters the store's bank details (docs/shop-rules.md#bank-transfer).
      bankTransfer: null,
      shopName: 'PumpKart',
      themeColor: '#1d4ed8',
    });
  });
});

describe('POST /api/payments/create', () => {
  it("opens a gateway order for the server's total in paise, and reuses it on a retry", async () => {
    const { buyer, order } = await pendingOrder({ price: 1234.5, quantity: 2 });
    const res = await create(order._id, buyer.token);
    expect(res.statusCode).toBe(200);
    // 2469 rupees + 6 % = 2617.14 rupees.
    expect(res.json()).toEqual({
      rzpOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 261714,
      currency: 'INR',
      key: 'rzp_test_sandbox',
      orderId: order._id,
    });
    expect(order.total).toBe(2617.14);
    const again = await create(order._id, buyer.token);
    expect(again.json().rzpOrderId).toBe(res.json().rzpOrderId);
    expect((await paymentOf(t.db, order._id)).gatewayOrderId).toBe(res.json().rzpOrderId);
  });

  it('opens one gateway order when two creates race', async () => {
    const { buyer, order } = await pendingOrder();
    const [a, b] = await Promise.all([create(order._id, buyer.token), create(order._id, buyer.token)]);
    expect(a.json().rzpOrderId).toBe(b.json().rzpOrderId);
  });

  it("answers 401 without a login and 404 for another buyer's order", async () => {
    const { order } = await pendingOrder();
    const other = await createTestUser(t.app);
    expect((await create(order._id)).statusCode).toBe(401);
    const res = await create(order._id, other.token);
    expect(res.statusCode).toBe(404);
    expect((await paymentOf(t.db, order._id)).gatewayOrderId).toBeNull();
  });

  it('refuses an order that is cancelled or already paid (409)', async () => {
    const cancelled = await pendingOrder();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${cancelled.order._id}/cancel`,
      headers: bearer(cancelled.buyer.token),
    });
    expect((await create(cancelled.order._id, cancelled.buyer.token)).statusCode).toBe(409);
    const paid = await pendingOrder();
    await payOnline(t.app, paid.buyer.token, paid.order._id);
    const res = await create(paid.order._id, paid.buyer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order has already been paid.');
  });
});

describe('POST /api/payments/verify', () => {
  it('settles a correctly signed payment: success, order processing, ordered lines out of the cart', async () => {
    const { buyer, order, product } = await pendingOrder({ quantity: 2 });
    expect(await cartSize(buyer.token)).toBe(1);
    const { rzpOrderId } = await openPayment(t.app, buyer.token, order._id);
    const paymentId = 'pay_TestPayment0001';
    const res = await verify(t.app, buyer.token, {
      razorpay_order_id: rzpOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(rzpOrderId, paymentId),
      orderId: order._id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Payment verified successfully', status: 'success', orderId: order._id });
    const payment = await paymentOf(t.db, order._id);
    expect(payment).toMatchObject({
      status: 'success',
      gatewayPaymentId: paymentId,
      signature: paymentSignature(rzpOrderId, paymentId),
    });
    expect(payment.paidAt).toBeInstanceOf(Date);
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await cartSize(buyer.token)).toBe(0);
    expect(await productStock(t.db, product.id)).toBe(3);
  });

  it('records one payment when verified twice; the second call changes nothing', async () => {
    const { buyer, order } = await pendingOrder();
    const { rzpOrderId } = await openPayment(t.app, buyer.token, order._id);
    const body = {
      razorpay_order_id: rzpOrderId,
      razorpay_payment_id: 'pay_TestPayment0002',
      razorpay_signature: paymentSignature(rzpOrderId, 'pay_TestPayment0002'),
      orderId: order._id,
    };
    expect((await verify(t.app, buyer.token, body)).statusCode).toBe(200);
    const first = await paymentOf(t.db, order._id);
    const before = await rowCounts(t.db);
    const second = await verify(t.app, buyer.token, body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'success', orderId: order._id });
    expect(await paymentOf(t.db, order._id)).toEqual(first);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const { buyer, order, product } = await pendingOrder();
    const { rzpOrderId } = await openPayment(t.app, buyer.token, order._id);
    const before = await paymentOf(t.db, order._id);
    for (const signature of [
      paymentSignature(rzpOrderId, 'pay_TestPayment0003', 'wrong-secret'),
      paymentSignature(rzpOrderId, 'pay_Other'),
      'deadbeef',
    ]) {
      const res = await verify(t.app, buyer.token, {
        razorpay_order_id: rzpOrderId,
        razorpay_payment_id: 'pay_TestPayment0003',
        razorpay_signature: signature,
        orderId: order._id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/verification failed/);
    }
    expect(await paymentOf(t.db, order._id)).toEqual(before);
    expect((await orderRowOf(t.db, order._id)).status).toBe('pending');
    expect(await cartSize(buyer.token)).toBe(1);
    expect(await productStock(t.db, product.id)).toBe(4);
  });

  it("refuses a signature made for another order's gateway id (the stored id is what is checked)", async () => {
    const mine = await pendingOrder();
    const theirs = await pendingOrder();
    const { rzpOrderId: myGatewayId } = await openPayment(t.app, mine.buyer.token, mine.order._id);
    const { rzpOrderId: theirGatewayId } = await openPayment(t.app, theirs.buyer.token, theirs.order._id);
    // A valid payment of the other order, replayed against mine.
    const paid = await sandboxPay(t.app, theirs.buyer.token, theirGatewayId);
    const replay = await verify(t.app, mine.buyer.token, { ...paid, orderId: mine.order._id });
    expect(replay.statusCode).toBe(400);
    const relabelled = await verify(t.app, mine.buyer.token, {
      ...paid,
      razorpay_order_id: myGatewayId,
      orderId: mine.order._id,
    });
    expect(relabelled.statusCode).toBe(400);
    expect((await paymentOf(t.db, mine.order._id)).status).toBe('pending');
    await webhooks.drain();
  });

  it("answers 401 without a login and 404 for another buyer's order", async () => {
    const { buyer, order } = await pendingOrder();
    const other = await createTestUser(t.app);
    const { rzpOrderId } = await openPayment(t.app, buyer.token, order._id);
    const body = {
      razorpay_order_id: rzpOrderId,
      razorpay_payment_id: 'pay_X',
      razorpay_signature: paymentSignature(rzpOrderId, 'pay_X'),
      orderId: order._id,
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/verify', payload: body })).statusCode).toBe(401);
    expect((await verify(t.app, other.token, body)).statusCode).toBe(404);
    expect((await paymentOf(t.db, order._id)).status).toBe('pending');
  });

  it('answers 400 when no payment was started for the order', async () => {
    const { buyer, order } = await pendingOrder();
    const res = await verify(t.app, buyer.token, {
      razorpay_order_id: 'order_Nothing',
      razorpay_payment_id: 'pay_X',
      razorpay_signature: 'x',
      orderId: order._id,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/payments (admin)', () => {
  it('is for admins only and answers a page, newest first, with the order', async () => {
    const { buyer, order } = await pendingOrder();
    const admin = await createTestAdmin(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments', headers: bearer(buyer.token) })).statusCode).toBe(
      403,
    );
    const later = await pendingOrder();
    const res = await t.app.inject({ method: 'GET', url: '/api/payments', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(res.json().total).toBe(list.length);
    const ids = list.map((p: { orderId: string }) => p.orderId);
    expect(ids.indexOf(later.order._id)).toBeLessThan(ids.indexOf(order._id));
    expect(list.find((p: { orderId: string }) => p.orderId === order._id)).toMatchObject({
      mode: 'online',
      status: 'pending',
      amount: order.total,
      gateway: 'sandbox',
      order: { _id: order._id, status: 'pending', customer: { name: 'Asha Patel' }, user: { _id: buyer.user.id } },
    });
  });
});

describe('PATCH /api/payments/:orderId/cod (admin)', () => {
  let cod: TestApp;
  beforeAll(async () => {
    cod = await createTestApp({ COD_ENABLED: 'true' });
  });
  afterAll(() => cod?.close());

  const markPaid = (app: TestApp, orderId: string, token?: string) =>
    app.app.inject({ method: 'PATCH', url: `/api/payments/${orderId}/cod`, headers: token ? bearer(token) : {} });

  it("marks a COD order's payment paid, then lets the admin change the order's status", async () => {
    const buyer = await createTestUser(cod.app);
    const admin = await createTestAdmin(cod.app);
    const { product } = await createTestProduct(cod.db);
    const order = await placeOrderOk(cod.app, buyer.token, orderBody([{ product }], { paymentMode: 'cod' }));
    const early = await cod.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(admin.token),
      payload: statusBody('shipped'),
    });
    expect(early.statusCode).toBe(409);
    expect((await markPaid(cod, order._id)).statusCode).toBe(401);
    expect((await markPaid(cod, order._id, buyer.token)).statusCode).toBe(403);
    const res = await markPaid(cod, order._id, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      payment: { orderId: order._id, mode: 'cod', status: 'success' },
    });
    const payment = await paymentOf(cod.db, order._id);
    expect(payment.paidAt).toBeInstanceOf(Date);
    // A second click keeps the first paid_at.
    await markPaid(cod, order._id, admin.token);
    expect((await paymentOf(cod.db, order._id)).paidAt).toEqual(payment.paidAt);
    const shipped = await cod.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(admin.token),
      payload: statusBody('shipped'),
    });
    expect(shipped.statusCode).toBe(200);
  });

  it('marks collected cash refunded when a paid COD order is cancelled, so it leaves the revenue', async () => {
    const buyer = await createTestUser(cod.app);
    const admin = await createTestAdmin(cod.app);
    const { product } = await createTestProduct(cod.db, { price: 750, stock: 3 });
    const order = await placeOrderOk(cod.app, buyer.token, orderBody([{ product }], { paymentMode: 'cod' }));
    expect((await markPaid(cod, order._id, admin.token)).statusCode).toBe(200);
    const revenueBefore = (
      await cod.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(admin.token) })
    ).json().revenue;
    const cancelled = await cod.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await paymentOf(cod.db, order._id)).status).toBe('refunded');
    const revenueAfter = (
      await cod.app.inject({ method: 'GET', url: '/api/products/stats', headers: bearer(admin.token) })
    ).json().revenue;
    expect(revenueBefore - revenueAfter).toBeCloseTo(order.total, 2);
  });

  it('answers 404 for no such order and 409 for an online order', async () => {
    const buyer = await createTestUser(cod.app);
    const admin = await createTestAdmin(cod.app);
    const { product } = await createTestProduct(cod.db);
    const online = await placeOrderOk(cod.app, buyer.token, orderBody([{ product }]));
    expect((await markPaid(cod, '00000000-0000-4000-8000-000000000000', admin.token)).statusCode).toBe(404);
    const res = await markPaid(cod, online._id, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not a cash-on-delivery/);
    expect((await paymentOf(cod.db, online._id)).status).toBe('pending');
  });
});
