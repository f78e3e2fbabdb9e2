import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  deliverWebhooksByInject,
  orderBody,
  payOnline,
  placeOrder,
  placeOrderOk,
  productStock,
  rowCounts,
} from '../../test/commerce-factories';
import { createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  deliverWebhooksByInject(t.app);
});
afterAll(() => t?.close());

const placeWithKey = (app: TestApp['app'], token: string, body: unknown, key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: body as object,
  });
const cancel = (orderId: string, token: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/cancel`, headers: bearer(token) });
const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

describe('POST /api/orders with an Idempotency-Key', () => {
  it('answers a retry with the same key with the same order: one order, stock reserved once', async () => {
    const { token, user } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 10 });
    const body = orderBody([{ product, quantity: 3 }]);
    const first = await placeWithKey(t.app, token, body, 'checkout-7f3a');
    expect(first.statusCode).toBe(201);
    const before = await rowCounts(t.db);
    const retry = await placeWithKey(t.app, token, body, 'checkout-7f3a');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json()).toEqual(first.json());
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await productStock(t.db, product.id)).toBe(7);
    const written = await ordersOf(user.id);
    expect(written).toHaveLength(1);
    expect(written[0]!.idempotencyKey).toBe('checkout-7f3a');

    // Another key is another order.
    const other = await placeWithKey(t.app, token, body, 'checkout-8b21');
    expect(other.json().order._id).not.toBe(first.json().order._id);
    expect(await productStock(t.db, product.id)).toBe(4);
  });

  it('refuses the same key with a different body (422 naming the key), writing nothing', async () => {
    const { token, user } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 10 });
    const other = (await createTestProduct(t.db, { stock: 10 })).product;
    const body = orderBody([{ product, quantity: 2 }]);
    const first = await placeWithKey(t.app, token, body, 'checkout-5c1e');
    expect(first.statusCode).toBe(201);
    const before = await rowCounts(t.db);
    const message =
      "The Idempotency-Key 'checkout-5c1e' was already used to place a different order. Send a new key for a new order.";
    for (const changed of [
      orderBody([{ product, quantity: 3 }]),
      orderBody([{ product: other, quantity: 2 }]),
      orderBody([{ product, quantity: 2 }], { address: { ...body.address, line1: '14 Another Road' } }),
      orderBody([{ product, quantity: 2 }], { paymentMode: 'cod' }),
    ]) {
      const res = await placeWithKey(t.app, token, changed, 'checkout-5c1e');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message });
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await productStock(t.db, product.id)).toBe(8);
    expect(await productStock(t.db, other.id)).toBe(10);
    expect(await ordersOf(user.id)).toHaveLength(1);

    // The same body replays, whatever the order of its keys and with its defaults left out.
    const { paymentMode, ...withoutMode } = body;
    expect(paymentMode).toBe('online');
    const reordered = Object.fromEntries(Object.entries(withoutMode).reverse());
    const retry = await placeWithKey(t.app, token, reordered, 'checkout-5c1e');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('replays an order placed before bodies were hashed (no hash kept) whatever the body', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 10 });
    const first = await placeWithKey(t.app, token, orderBody([{ product }]), 'before-hashes');
    expect(first.statusCode).toBe(201);
    await t.db.update(orders).set({ idempotencyBodyHash: null }).where(eq(orders.id, first.json().order._id));
    const retry = await placeWithKey(t.app, token, orderBody([{ product, quantity: 2 }]), 'before-hashes');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order._id).toBe(first.json().order._id);
  });

  it('places one order when requests with the same key race', async () => {
    const { token, user } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 20 });
    const body = orderBody([{ product, quantity: 2 }]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => placeWithKey(t.app, token, body, 'double-click-1')),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((res) => res.json().order._id)).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await productStock(t.db, product.id)).toBe(18);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers the order that a concurrent transaction committed first with the same key (PostgreSQL)',
    async () => {
      const { token, user } = await createTestUser(t.app);
      const { product } = await createTestProduct(t.db, { stock: 5 });
      const body = orderBody([{ product }]);
      // Another request's transaction has written its order with the key and not yet committed.
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let firstId: string | undefined;
      const first = t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({
            userId: user.id,
            paymentMode: 'online',
            customerName: body.customer.name,
            customerEmail: body.customer.email,
            customerPhone: body.customer.phone,
            address: body.address,
            subtotalPaise: 100,
            shippingPaise: 0,
            totalPaise: 100,
            idempotencyKey: 'raced-key',
          })
          .returning({ id: orders.id });
        firstId = row!.id;
        await held;
      });
      await vi.waitFor(() => expect(firstId).toBeDefined());
      const second = placeWithKey(t.app, token, body, 'raced-key');
      // The second insert waits on the unique index until the first commits, then fails over to it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      commit();
      await first;
      const res = await second;
      expect(res.statusCode).toBe(201);
      expect(res.json().order._id).toBe(firstId);
      expect(await ordersOf(user.id)).toHaveLength(1);
      expect(await productStock(t.db, product.id)).toBe(5);
    },
  );

  it('keeps keys per account: the same key of two buyers places two orders', async () => {
    const a = await createTestUser(t.app);
    const b = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const body = orderBody([{ product }]);
    const first = await placeWithKey(t.app, a.token, body, 'shared-key');
    const second = await placeWithKey(t.app, b.token, body, 'shared-key');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().order._id).not.toBe(first.json().order._id);
    expect(second.json().order.user._id).toBe(b.user.id);
    expect(await productStock(t.db, product.id)).toBe(3);
  });

  it('refuses a key that is longer than 100 characters or not printable (400), writing nothing', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const body = orderBody([{ product }]);
    const before = await rowCounts(t.db);
    for (const key of ['k'.repeat(101), 'clé-1', 'tab\tkey']) {
      const res = await placeWithKey(t.app, token, body, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ message: 'The Idempotency-Key header must be 1 to 100 printable characters.' });
    }
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await placeWithKey(t.app, token, body, 'k'.repeat(100))).statusCode).toBe(201);
  });
});

describe('open unpaid orders per account (MAX_OPEN_UNPAID_ORDERS, 3 by default)', () => {
  it('refuses a 4th unpaid online order with 409 until one is paid or cancelled', async () => {
    const { token, user } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 20 });
    const body = orderBody([{ product }]);
    const placed = [];
    for (let i = 0; i < 3; i += 1) placed.push(await placeOrderOk(t.app, token, body));
    const refused = await placeOrder(t.app, token, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You have 3 unpaid orders. Pay or cancel one of them before placing another.',
    });
    expect(await ordersOf(user.id)).toHaveLength(3);
    expect(await productStock(t.db, product.id)).toBe(17);

    // A retry of an order already placed is still answered.
    const keyed = await createTestUser(t.app);
    for (let i = 0; i < 2; i += 1) await placeOrderOk(t.app, keyed.token, body);
    const third = await placeWithKey(t.app, keyed.token, body, 'third');
    expect(third.statusCode).toBe(201);
    const again = await placeWithKey(t.app, keyed.token, body, 'third');
    expect(again.statusCode).toBe(201);
    expect(again.json().order._id).toBe(third.json().order._id);

    // Paying one makes room, and so does cancelling one.
    await payOnline(t.app, token, placed[0]!._id);
    expect((await placeOrder(t.app, token, body)).statusCode).toBe(201);
    expect((await placeOrder(t.app, token, body)).statusCode).toBe(409);
    expect((await cancel(placed[1]!._id, token)).statusCode).toBe(200);
    expect((await placeOrder(t.app, token, body)).statusCode).toBe(201);
  });

  it('lets exactly enough of a burst of racing orders through', async () => {
    const { token, user } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 20 });
    const body = orderBody([{ product }]);
    await placeOrderOk(t.app, token, body);
    const results = await Promise.all(Array.from({ length: 6 }, () => placeOrder(t.app, token, body)));
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(2);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(4);
    expect(await ordersOf(user.id)).toHaveLength(3);
    expect(await productStock(t.db, product.id)).toBe(17);
  });

  it('follows MAX_OPEN_UNPAID_ORDERS, and counts cash-on-delivery orders until the owner confirms them', async () => {
    const small = await createTestApp({ MAX_OPEN_UNPAID_ORDERS: '1', COD_ENABLED: 'true' });
    try {
      const { token } = await createTestUser(small.app);
      const { product } = await createTestProduct(small.db, { stock: 10 });
      await placeOrderOk(small.app, token, orderBody([{ product }]));
      const refused = await placeOrder(small.app, token, orderBody([{ product }]));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('You have 1 unpaid order. Pay or cancel one of them before placing another.');
      // A COD order holds its stock until the owner marks it paid (unpaid-holds.test.ts): it is capped as well.
      const codRefused = await placeOrder(small.app, token, orderBody([{ product }], { paymentMode: 'cod' }));
      expect(codRefused.statusCode).toBe(409);
    } finally {
      await small.close();
    }
  });
});
