/**
 * An instalment of a bank-terms order paid through the gateway (docs/shop-rules.md#bank-transfer), with the sandbox
 * as the browser uses it: the amount due now is what is charged; a captured advance moves the order to processing,
 * a captured balance completes it with its tax invoice; verify and the webhook, each twice, count it once; a failed
 * attempt changes nothing; a cancellation refunds it through the gateway; the 409s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bankTransfers, products, taxDocuments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  capturedEvent,
  deliverWebhooksByInject,
  orderBody,
  orderRowOf,
  paymentSignature,
  placeOrderOk,
  sandboxPay,
  signedWebhook,
  statusBody,
  verify,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { demoStoreSettings } from '../../seed/demo-store-settings';

let t: TestApp;
let adminToken: string;
let webhooks: ReturnType<typeof deliverWebhooksByInject>;
beforeAll(async () => {
  t = await createTestApp();
  webhooks = deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
  const bankDetails = {
    enabled: true,
    accountName: 'PumpKart Equipment Pvt Ltd',
    accountNumber: '50200012345678',
    ifsc: 'HDFC0001234',
    bankBranch: 'HDFC Bank, Camp, Pune',
    upiId: '',
  };
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/store',
    headers: bearer(adminToken),
    payload: { ...demoStoreSettings(), bankDetails },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t?.close());

const bank = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/payments/bank${url}`, headers: bearer(token), payload });
const payOnline = (orderId: string, token: string) => bank('POST', `/orders/${orderId}/online`, token);

/** A bank-terms order of ₹`price` with an advance of `percent` %. */
async function termsOrder(price: number, percent = 30) {
  const buyer = await createTestUser(t.app);
  const { product } = await createTestProduct(t.db, { stock: 10, price });
  // Taxed, so that the tax invoice can be issued when the total is in.
  await t.db.update(products).set({ hsnCode: '84131100', gstRate: 18 }).where(eq(products.id, product.id));
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 1 }], { paymentMode: 'bank' }));
  const terms = await bank('PUT', `/orders/${order._id}/terms`, adminToken, { advancePercent: percent });
  expect(terms.statusCode, terms.body).toBe(200);
  return { buyer, order, totalPaise: Math.round(order.total * 100) };
}

/** The browser's whole flow: open, pay in the sandbox window, verify. */
async function payDueNow(orderId: string, token: string) {
  const opened = await payOnline(orderId, token);
  expect(opened.statusCode, opened.body).toBe(200);
  const paid = await sandboxPay(t.app, token, opened.json().rzpOrderId);
  const verified = await verify(t.app, token, { ...paid, orderId });
  expect(verified.statusCode, verified.body).toBe(200);
  return { opened: opened.json(), paid, verified };
}

const invoicesOf = (orderId: string) =>
  t.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));

describe('an instalment paid online', () => {
  it('charges the advance due now, moves the order to processing, then the balance completes it with the invoice', async () => {
    const { buyer, order, totalPaise } = await termsOrder(1000, 30);
    const advancePaise = Math.ceil((totalPaise * 30) / 100);

    const first = await payDueNow(order._id, buyer.token);
    expect(first.opened.amount).toBe(advancePaise);
    expect(first.verified.json()).toMatchObject({ status: 'success', message: 'Payment verified successfully' });
    await webhooks.drain();
    expect(webhooks.delivered.at(-1)).toMatchObject({ statusCode: 200 });
    let row = await orderRowOf(t.db, order._id);
    expect(row).toMatchObject({ status: 'processing', receivedPaise: advancePaise });
    expect(await invoicesOf(order._id)).toHaveLength(0);

    const view = (await bank('GET', `/orders/${order._id}`, buyer.token)).json();
    expect(view.transfers).toEqual([
      expect.objectContaining({
        method: 'razorpay',
        utr: null,
        gatewayPaymentId: first.paid.razorpay_payment_id,
        status: 'confirmed',
        amount: advancePaise / 100,
      }),
    ]);
    expect(view.dueNow).toBeCloseTo((totalPaise - advancePaise) / 100, 2);

    const second = await payDueNow(order._id, buyer.token);
    expect(second.opened.amount).toBe(totalPaise - advancePaise);
    await webhooks.drain();
    row = await orderRowOf(t.db, order._id);
    expect(row.receivedPaise).toBe(totalPaise);
    expect(await invoicesOf(order._id)).toHaveLength(1);
    const dto = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(buyer.token) })
    ).json();
    expect(dto.data.payment).toMatchObject({ mode: 'bank', status: 'success' });
    expect(dto.data.invoice).toMatchObject({ number: expect.any(String) });

    // Nothing is due any more.
    const nothing = await payOnline(order._id, buyer.token);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Nothing is due on this order.');
  });

  it('counts the money once when verify and the webhook both arrive, twice each', async () => {
    const { buyer, order, totalPaise } = await termsOrder(800, 100);
    const opened = (await payOnline(order._id, buyer.token)).json();
    expect(opened.amount).toBe(totalPaise);
    // A retry answers the same gateway order.
    expect((await payOnline(order._id, buyer.token)).json().rzpOrderId).toBe(opened.rzpOrderId);
    const paymentId = 'pay_InstalmentTwice1';
    // The webhook first (an amount that differs is not trusted), then again, then verify twice.
    const wrong = await t.app.inject(
      signedWebhook('payment.captured', capturedEvent(opened.rzpOrderId, paymentId, totalPaise - 1)),
    );
    expect(wrong.json()).toEqual({ status: 'ignored' });
    expect((await orderRowOf(t.db, order._id)).receivedPaise).toBe(0);
    const event = signedWebhook('payment.captured', capturedEvent(opened.rzpOrderId, paymentId, totalPaise));
    expect((await t.app.inject(event)).json()).toEqual({ status: 'processed' });
    const again = signedWebhook('payment.captured', capturedEvent(opened.rzpOrderId, paymentId, totalPaise));
    expect((await t.app.inject(again)).json()).toEqual({ status: 'duplicate' });
    const body = {
      razorpay_order_id: opened.rzpOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(opened.rzpOrderId, paymentId),
      orderId: order._id,
    };
    const forged = await verify(t.app, buyer.token, { ...body, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    for (const _ of [1, 2]) {
      const res = await verify(t.app, buyer.token, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Payment already verified');
    }
    const row = await orderRowOf(t.db, order._id);
    expect(row).toMatchObject({ status: 'processing', receivedPaise: totalPaise });
    expect(await invoicesOf(order._id)).toHaveLength(1);
    // Another buyer cannot verify it.
    const stranger = await createTestUser(t.app);
    expect((await verify(t.app, stranger.token, body)).statusCode).toBe(404);
  });

  it('changes nothing on a failed or abandoned payment', async () => {
    const { buyer, order } = await termsOrder(600, 50);
    const opened = (await payOnline(order._id, buyer.token)).json();
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/fail',
      headers: bearer(buyer.token),
      payload: { order_id: opened.rzpOrderId },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    await webhooks.drain();
    expect(await orderRowOf(t.db, order._id)).toMatchObject({ status: 'pending', receivedPaise: 0 });
    // The opened gateway order is not listed, and a transfer may still be recorded for the whole amount due.
    expect((await bank('GET', `/orders/${order._id}`, buyer.token)).json().transfers).toEqual([]);
    const recorded = await bank('POST', `/orders/${order._id}/transfers`, buyer.token, {
      utr: 'HDFCN52026020701',
      amount: order.total,
      transferredOn: '2026-01-05',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    // A recorded transfer waits for the owner: paying online as well is refused.
    const waiting = await payOnline(order._id, buyer.token);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toMatch(/^A bank transfer recorded for this order waits/);
  });

  it('refuses what cannot be paid: others, other modes, cancelled orders', async () => {
    const { buyer, order } = await termsOrder(500, 100);
    const stranger = await createTestUser(t.app);
    expect((await payOnline(order._id, stranger.token)).statusCode).toBe(404);
    expect((await payOnline('not-a-uuid', buyer.token)).statusCode).toBe(400);
    const { product } = await createTestProduct(t.db, { stock: 5, price: 100 });
    const online = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 1 }]));
    const notBank = await payOnline(online._id, buyer.token);
    expect(notBank.statusCode).toBe(409);
    expect(notBank.json().message).toBe('This order is not paid by bank transfer.');
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(adminToken),
      payload: statusBody('cancelled'),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await payOnline(order._id, buyer.token)).json().message).toBe('This order has been cancelled.');
  });

  it('refunds instalments paid online through the gateway when the order is cancelled', async () => {
    const { buyer, order, totalPaise } = await termsOrder(900, 40);
    const { paid } = await payDueNow(order._id, buyer.token);
    await webhooks.drain();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(adminToken),
      payload: statusBody('cancelled'),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    let refunded: (typeof bankTransfers.$inferSelect)[] = [];
    for (let i = 0; i < 50 && !refunded[0]?.refundId; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      refunded = await t.db.select().from(bankTransfers).where(eq(bankTransfers.orderId, order._id));
    }
    expect(refunded).toEqual([
      expect.objectContaining({
        status: 'returned',
        gatewayPaymentId: paid.razorpay_payment_id,
        refundId: expect.stringMatching(/^rfnd_/),
        amountPaise: Math.ceil((totalPaise * 40) / 100),
      }),
    ]);
  });

  it('refunds a capture that arrives for an order cancelled meanwhile', async () => {
    const { buyer, order } = await termsOrder(700, 100);
    const opened = (await payOnline(order._id, buyer.token)).json();
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const paid = await sandboxPay(t.app, buyer.token, opened.rzpOrderId);
    const res = await verify(t.app, buyer.token, { ...paid, orderId: order._id });
    expect(res.json()).toMatchObject({ status: 'refunded' });
    await webhooks.drain();
    const [row] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.orderId, order._id));
    expect(row).toMatchObject({ status: 'returned', refundId: expect.stringMatching(/^rfnd_/) });
    expect((await orderRowOf(t.db, order._id)).receivedPaise).toBe(0);
  });
});
