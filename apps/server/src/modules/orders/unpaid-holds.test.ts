/**
 * What one account's unpaid orders may hold (docs/shop-rules.md#orders): a cash-on-delivery order counts toward
 * MAX_OPEN_UNPAID_ORDERS until the owner confirms it (marks its payment paid), as an unpaid online order does; and no
 * unpaid order may hold more units of one product, its sizes together, than the store's limit (10 unless the owner
 * sets another), beyond which the buyer is pointed to the shop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_UNITS_PER_PRODUCT, SERVER_MESSAGES } from '@pumpkart/shared';
import { demoStoreSettings, DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, payOnline, placeOrder, placeOrderOk, productStock } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { ensureStoreSettings } from '../settings';
import { ORDER_LIMIT_MESSAGES } from './service';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ MAX_OPEN_UNPAID_ORDERS: '2', COD_ENABLED: 'true' });
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const cod = { paymentMode: 'cod' as const };
const markCodPaid = (orderId: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/payments/${orderId}/cod`, headers: bearer(adminToken) });

describe('cash-on-delivery orders and MAX_OPEN_UNPAID_ORDERS', () => {
  it('count until the owner confirms them (Mark as Paid), for COD and online orders alike', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 20 });
    const first = await placeOrderOk(t.app, token, orderBody([{ product }], cod));
    await placeOrderOk(t.app, token, orderBody([{ product }], cod));
    for (const body of [orderBody([{ product }], cod), orderBody([{ product }])]) {
      const refused = await placeOrder(t.app, token, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ORDER_LIMIT_MESSAGES.tooManyUnpaidWithCod(2));
    }
    expect(await productStock(t.db, product.id)).toBe(18);

    // The owner confirms one: there is room for one more.
    expect((await markCodPaid(first._id)).statusCode).toBe(200);
    const online = await placeOrderOk(t.app, token, orderBody([{ product }]));
    expect((await placeOrder(t.app, token, orderBody([{ product }], cod))).statusCode).toBe(409);
    // Paying the online one makes room again.
    await payOnline(t.app, token, online._id);
    expect((await placeOrder(t.app, token, orderBody([{ product }], cod))).statusCode).toBe(201);
  });

  it('says "pay or cancel" when only online orders are unpaid', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 20 });
    for (let i = 0; i < 2; i += 1) await placeOrderOk(t.app, token, orderBody([{ product }]));
    const refused = await placeOrder(t.app, token, orderBody([{ product }], cod));
    expect(refused.json().message).toBe(ORDER_LIMIT_MESSAGES.tooManyUnpaid(2));
  });
});

describe("the store's limit of units of one product per unpaid order", () => {
  it('refuses more than 10 by default, sizes of one product together, pointing to the shop; writes nothing', async () => {
    const { token } = await createTestUser(t.app);
    const { product, variants } = await createTestProduct(t.db, {
      variants: [
        { size: 'M', price: 300, stock: 50 },
        { size: 'L', price: 300, stock: 50 },
      ],
    });
    const body = orderBody([
      { product, variant: variants[0], quantity: 6 },
      { product, variant: variants[1], quantity: 5 },
    ]);
    for (const paymentMode of ['online', 'cod'] as const) {
      const refused = await placeOrder(t.app, token, { ...body, paymentMode });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `You can order at most ${DEFAULT_MAX_UNITS_PER_PRODUCT} of "${product.title}" at a time. ` +
          'For a larger quantity, please ask the shop.',
      );
    }
    expect(await productStock(t.db, product.id)).toBe(100);
    const ten = orderBody([
      { product, variant: variants[0], quantity: 5 },
      { product, variant: variants[1], quantity: 5 },
    ]);
    expect((await placeOrder(t.app, token, ten)).statusCode).toBe(201);
  });

  it("names the shop's e-mail and phone once entered, and follows the limit the owner sets", async () => {
    await ensureStoreSettings(t.app.ctx, demoStoreSettings());
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 200 });
    const refused = await placeOrder(t.app, token, orderBody([{ product, quantity: 11 }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      SERVER_MESSAGES.unitLimit(10, product.title, {
        email: DEMO_STORE_SETTINGS_INPUT.email,
        phone: DEMO_STORE_SETTINGS_INPUT.phone,
      }),
    );
    expect(refused.json().message).toContain(DEMO_STORE_SETTINGS_INPUT.email);

    const save = (maxUnitsPerProduct: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/store',
        headers: bearer(adminToken),
        payload: { ...DEMO_STORE_SETTINGS_INPUT, maxUnitsPerProduct },
      });
    for (const wrong of [0, 1001, 2.5, '12']) {
      const res = await save(wrong);
      expect(res.statusCode, String(wrong)).toBe(400);
      expect(res.json().message).toMatch(/units of one product per unpaid order must be a whole number from 1 to 1000/);
    }
    const saved = await save(150);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().maxUnitsPerProduct).toBe(150);
    expect((await placeOrder(t.app, token, orderBody([{ product, quantity: 150 }]))).statusCode).toBe(201);
    expect((await placeOrder(t.app, token, orderBody([{ product, quantity: 1 }]))).statusCode).toBe(201);
    const beyond = await placeOrder(
      t.app,
      (await createTestUser(t.app)).token,
      orderBody([{ product, quantity: 151 }]),
    );
    expect(beyond.statusCode).toBe(409);

    // Left out of a save, the limit goes back to the default.
    const { maxUnitsPerProduct: _left, ...withoutLimit } = { ...DEMO_STORE_SETTINGS_INPUT, maxUnitsPerProduct: 1 };
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: bearer(adminToken),
      payload: withoutLimit,
    });
    expect(reset.json().maxUnitsPerProduct).toBe(DEFAULT_MAX_UNITS_PER_PRODUCT);
  });
});
