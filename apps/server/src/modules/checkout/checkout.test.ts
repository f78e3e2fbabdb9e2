/**
 * The checkout's workflows (place-order.ts, settle-payment.ts): each writes across orders, stock, payments, cart and
 * mail in one transaction, so a refusal part-way leaves nothing behind, and a capture settles once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { outboxMessages, products, taxDocuments } from '../../db/schema';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  orderBody,
  orderRowOf,
  paymentOf,
  payOnline,
  placeOrder,
  placeOrderOk,
  productStock,
  rowCounts,
} from '../../test/commerce-factories';
import { createTestProduct, createTestUser } from '../../test/factories';
import { ensureStoreSettings } from '../settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
});
afterAll(() => t?.close());

const cartSize = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) })).json().items.length as number;
const addToCart = (token: string, productId: string, quantity = 1) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add', headers: bearer(token), payload: { productId, quantity } });
const messagesOf = async (orderId: string) =>
  (await t.db.select({ kind: outboxMessages.kind }).from(outboxMessages).where(eq(outboxMessages.orderId, orderId)))
    .map((row) => row.kind)
    .sort();

describe('placing an order', () => {
  it('writes the order, its lines, the stock, its payment, the cart and the e-mails of a COD order at once', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 4, price: 500 });
    await addToCart(buyer.token, product.id, 2);
    const before = await rowCounts(t.db);
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 2 }], { paymentMode: 'cod' }));
    expect(await rowCounts(t.db)).toMatchObject({
      orders: before.orders + 1,
      orderItems: before.orderItems + 1,
      payments: before.payments + 1,
    });
    expect(await productStock(t.db, product.id)).toBe(2);
    expect(await paymentOf(t.db, order._id)).toMatchObject({ mode: 'cod', status: 'pending', gateway: 'cod' });
    expect(await cartSize(buyer.token)).toBe(0);
    expect(await messagesOf(order._id)).toEqual(['order-placed', 'owner-new-order']);
  });

  it('writes nothing when a line runs out of stock after the order and its lines are written', async () => {
    const buyer = await createTestUser(t.app);
    const { product: plenty } = await createTestProduct(t.db, { stock: 5, price: 500 });
    const { product: scarce } = await createTestProduct(t.db, { stock: 1, price: 700 });
    await addToCart(buyer.token, plenty.id);
    const before = await rowCounts(t.db);
    const res = await placeOrder(
      t.app,
      buyer.token,
      orderBody(
        [
          { product: plenty, quantity: 1 },
          { product: scarce, quantity: 2 },
        ],
        { paymentMode: 'cod' },
      ),
    );
    expect(res.statusCode).toBe(409);
    expect(await rowCounts(t.db)).toEqual(before);
    expect([await productStock(t.db, plenty.id), await productStock(t.db, scarce.id)]).toEqual([5, 1]);
    expect(await cartSize(buyer.token)).toBe(1);
  });
});

describe('settling a capture', () => {
  it('moves the order on, empties its lines from the cart, writes the paid e-mails and issues the invoice, once', async () => {
    const buyer = await createTestUser(t.app);
    // A shop whose details are entered, and a product with its tax data: a paid order is invoiced.
    await ensureStoreSettings(t.app.ctx, demoStoreSettings());
    const { product } = await createTestProduct(t.db, { stock: 3, price: 900 });
    await t.db.update(products).set({ hsnCode: '84131100', gstRate: 18 }).where(eq(products.id, product.id));
    await addToCart(buyer.token, product.id);
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 1 }]));
    // An online order leaves the cart only once paid.
    expect(await cartSize(buyer.token)).toBe(1);
    const { rzpOrderId, paymentId } = await payOnline(t.app, buyer.token, order._id);
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
    expect(await paymentOf(t.db, order._id)).toMatchObject({ status: 'success', gatewayPaymentId: paymentId });
    expect(await cartSize(buyer.token)).toBe(0);
    expect(await messagesOf(order._id)).toEqual(['owner-new-order', 'payment-received']);
    const invoices = () => t.db.select({ n: count() }).from(taxDocuments).where(eq(taxDocuments.orderId, order._id));
    expect(await invoices()).toEqual([{ n: 1 }]);

    // The webhook's settlement after verify's: nothing changes.
    const again = await t.app.ctx.checkout.settleCapturedPayment(
      { gatewayOrderId: rzpOrderId, paymentId, signature: null },
      t.app.log,
    );
    expect(again).toEqual({ orderId: order._id, status: 'success', changed: false });
    expect(await messagesOf(order._id)).toEqual(['owner-new-order', 'payment-received']);
    expect(await invoices()).toEqual([{ n: 1 }]);
  });
});
