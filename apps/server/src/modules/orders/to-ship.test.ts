/**
 * The admin's to-ship view (docs/shop-rules.md#to-ship): GET /api/orders?view=to-ship answers the paid orders
 * (online captured, COD marked paid) that are not cancelled and have never shipped, oldest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOTAL_COUNT_HEADER, type OrderDto } from '@pumpkart/shared';
import { orders, payments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let adminToken: string;
const ids: Record<string, string> = {};

/** One order of each kind, placed on different days; `toShip` says whether the queue holds it. */
const KINDS = [
  { key: 'paidOnline', mode: 'online', status: 'processing', payment: 'success', shipped: false, day: 5, toShip: true },
  { key: 'unpaidOnline', mode: 'online', status: 'pending', payment: 'pending', shipped: false, day: 1, toShip: false },
  { key: 'pendingCod', mode: 'cod', status: 'pending', payment: 'pending', shipped: false, day: 2, toShip: false },
  // Marked paid (the owner's confirmation of a COD order) and still pending: the oldest of the queue.
  { key: 'confirmedCod', mode: 'cod', status: 'pending', payment: 'success', shipped: false, day: 3, toShip: true },
  {
    key: 'confirmedCodLater',
    mode: 'cod',
    status: 'processing',
    payment: 'success',
    shipped: false,
    day: 7,
    toShip: true,
  },
  { key: 'shipped', mode: 'online', status: 'shipped', payment: 'success', shipped: true, day: 4, toShip: false },
  { key: 'delivered', mode: 'cod', status: 'delivered', payment: 'success', shipped: true, day: 4, toShip: false },
  // Moved back after shipping: it left the shop once, so it is not in the queue.
  { key: 'movedBack', mode: 'online', status: 'processing', payment: 'success', shipped: true, day: 2, toShip: false },
  { key: 'cancelled', mode: 'online', status: 'cancelled', payment: 'refunded', shipped: false, day: 1, toShip: false },
  // Cancelled with its payment still counted as captured (a refund due): never to ship either.
  { key: 'cancelledPaid', mode: 'cod', status: 'cancelled', payment: 'success', shipped: false, day: 6, toShip: false },
] as const;

const at = (day: number) => new Date(Date.UTC(2026, 2, day, 6));

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true', MAX_OPEN_UNPAID_ORDERS: '1000' });
  adminToken = (await createTestAdmin(t.app)).token;
  const buyerToken = (await createTestUser(t.app)).token;
  const { product } = await createTestProduct(t.db, { price: 100, stock: 1_000 });
  for (const kind of KINDS) {
    const order = await placeOrderOk(
      t.app,
      buyerToken,
      orderBody([{ product, quantity: 1 }], { paymentMode: kind.mode }),
    );
    const createdAt = at(kind.day);
    await t.db
      .update(orders)
      .set({ status: kind.status, createdAt, shippedAt: kind.shipped ? createdAt : null })
      .where(eq(orders.id, order._id));
    await t.db.update(payments).set({ status: kind.payment }).where(eq(payments.orderId, order._id));
    ids[kind.key] = order._id;
  }
});
afterAll(() => t?.close());

async function page(query: string): Promise<{ ids: string[]; total: number }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: OrderDto[]; total: number };
  expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(body.total));
  return { ids: body.data.map((order) => order._id), total: body.total };
}

describe('GET /api/orders?view=to-ship', () => {
  it('answers exactly the paid orders, online and COD, not cancelled and never shipped, oldest first', async () => {
    // Days 3 (confirmed COD), 5 (paid online), 7 (COD marked paid and moved to processing).
    const expected = [ids.confirmedCod, ids.paidOnline, ids.confirmedCodLater];
    expect(await page('view=to-ship')).toEqual({ ids: expected, total: 3 });
  });

  it('breaks a tie of the time placed by id, and pages through the queue without repeating or skipping', async () => {
    const sameTime = at(5);
    await t.db.update(orders).set({ createdAt: sameTime }).where(eq(orders.id, ids.confirmedCod!));
    try {
      const tied = [ids.confirmedCod!, ids.paidOnline!].sort();
      const walked = [];
      for (let n = 1; n <= 4; n++) walked.push(...(await page(`view=to-ship&limit=1&page=${n}`)).ids);
      expect(walked).toEqual([...tied, ids.confirmedCodLater]);
    } finally {
      await t.db
        .update(orders)
        .set({ createdAt: at(3) })
        .where(eq(orders.id, ids.confirmedCod!));
    }
  });

  it('takes the other filters and an explicit sort with it', async () => {
    expect(await page('view=to-ship&paymentMode=cod')).toEqual({
      ids: [ids.confirmedCod, ids.confirmedCodLater],
      total: 2,
    });
    expect((await page('view=to-ship&sort=newest')).ids).toEqual([
      ids.confirmedCodLater,
      ids.paidOnline,
      ids.confirmedCod,
    ]);
    // An empty view is no view: the whole list, newest first.
    expect((await page('view=')).total).toBe(KINDS.length);
  });

  it('refuses a view it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders?view=later', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("view must be one of 'to-ship'.");
  });
});
