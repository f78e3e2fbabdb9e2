import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
