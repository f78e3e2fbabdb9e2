/** GET /api/payments, the admin's payments list (docs/shop-rules.md#admin-lists): paging, filters, search, sort. */
import { paymentListResponseSchema, SERVER_MESSAGES, TOTAL_COUNT_HEADER, type PaymentDto } from '@pumpkart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { orders, payments } from '../../db/schema';
import { loadPayments } from './store/dto';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestUser, testAddress } from '../../test/factories';

let t: TestApp;
let adminToken: string;
let buyerToken: string;

interface Fixture {
  key: string;
  orderId: string;
  mode: 'online' | 'cod';
  status: 'pending' | 'success' | 'failed' | 'refunded';
  rupees: number;
  /** With its offset, so that the India day is plain to see. */
  at: string;
  gatewayPaymentId?: string;
  gatewayOrderId?: string;
}

const orderIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const named: Fixture[] = [
  {
    key: 'early-march-1',
    orderId: '11111111-2222-4333-8444-5555aabbccdd',
    mode: 'online',
    status: 'success',
    rupees: 500,
    // 28 February in UTC, 1 March in India.
    at: '2026-03-01T00:10:00+05:30',
    gatewayPaymentId: 'pay_Alpha0000000001',
    gatewayOrderId: 'order_Alpha000000001',
  },
  {
    key: 'late-march-1',
    orderId: orderIdOf(901),
    mode: 'online',
    status: 'failed',
    rupees: 1500,
    at: '2026-03-01T23:50:00+05:30',
    gatewayOrderId: 'order_Beta0000000002',
  },
  {
    key: 'march-2',
    orderId: orderIdOf(902),
    mode: 'cod',
    status: 'pending',
    rupees: 800,
    at: '2026-03-02T00:00:00+05:30',
  },
  {
    key: 'end-of-feb-28',
    orderId: orderIdOf(903),
    mode: 'cod',
    status: 'success',
    rupees: 2500,
    at: '2026-02-28T23:59:59+05:30',
  },
  {
    key: 'march-5',
    orderId: orderIdOf(904),
    mode: 'online',
    status: 'refunded',
    rupees: 1200,
    at: '2026-03-05T12:00:00+05:30',
    gatewayPaymentId: 'pay_Gamma0000000003',
    gatewayOrderId: 'order_Gamma000000003',
  },
];
/** 25 unpaid online payments in January, one a day; two of them share an amount with a named one. */
const fillers: Fixture[] = Array.from({ length: 25 }, (_, i) => ({
  key: `jan-${i + 1}`,
  orderId: orderIdOf(i + 1),
  mode: 'online' as const,
  status: 'pending' as const,
  rupees: i === 3 ? 800 : i === 7 ? 2500 : 100 + i * 10,
  at: `2026-01-${String(i + 1).padStart(2, '0')}T10:00:00+05:30`,
}));
const all = [...named, ...fillers];
const byKey = new Map(all.map((fixture) => [fixture.key, fixture]));
const orderOf = (key: string) => byKey.get(key)!.orderId;
const newestFirst = [...all].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).map((f) => f.orderId);

async function insert(userId: string, fixture: Fixture) {
  const paise = fixture.rupees * 100;
  const createdAt = new Date(fixture.at);
  await t.db.insert(orders).values({
    id: fixture.orderId,
    userId,
    paymentMode: fixture.mode,
    customerName: `Buyer ${fixture.key}`,
    customerEmail: `${fixture.key}@example.com`,
    customerPhone: '9123456780',
    address: testAddress(),
    subtotalPaise: paise,
    shippingPaise: 0,
    totalPaise: paise,
    createdAt,
  });
  await t.db.insert(payments).values({
    orderId: fixture.orderId,
    mode: fixture.mode,
    status: fixture.status,
    amountPaise: paise,
    gateway: fixture.mode === 'cod' ? 'cod' : 'sandbox',
    gatewayPaymentId: fixture.gatewayPaymentId ?? null,
    gatewayOrderId: fixture.gatewayOrderId ?? null,
    createdAt,
    updatedAt: createdAt,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  const buyer = await createTestUser(t.app, { name: 'Asha Patel' });
  buyerToken = buyer.token;
  for (const fixture of all) await insert(buyer.user.id, fixture);
});
afterAll(() => t?.close());

const list = (query = '', token = adminToken) =>
  t.app.inject({ method: 'GET', url: `/api/payments${query ? `?${query}` : ''}`, headers: bearer(token) });

async function orderIds(query: string): Promise<string[]> {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { orderId: string }[]).map((payment) => payment.orderId);
}

describe('GET /api/payments: who may call', () => {
  it('answers 401 without a login and 403 to a buyer, before reading the query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments?page=0' })).statusCode).toBe(401);
    const res = await list('', buyerToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SERVER_MESSAGES.ordersAreaOnly);
  });
});

describe('GET /api/payments: pages', () => {
  it('answers the first 20, newest first, with the total in the body and X-Total-Count', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(all.length));
    const body = res.json();
    expect(body.total).toBe(all.length);
    expect(body.data.map((payment: { orderId: string }) => payment.orderId)).toEqual(newestFirst.slice(0, 20));
  });

  it('walks every page once, without overlap, and answers an empty page past the end', async () => {
    const seen = [...(await orderIds('limit=7&page=1'))];
    for (let page = 2; page <= 5; page++) seen.push(...(await orderIds(`limit=7&page=${page}`)));
    expect(seen).toEqual(newestFirst);
    const past = await list('limit=7&page=6');
    expect(past.json()).toEqual({ data: [], total: all.length });
    expect(past.headers[TOTAL_COUNT_HEADER]).toBe(String(all.length));
  });

  it('answers each payment with its order and buyer', async () => {
    const [payment] = (await list(`search=${orderOf('march-5')}`)).json().data;
    expect(payment).toMatchObject({
      orderId: orderOf('march-5'),
      mode: 'online',
      status: 'refunded',
      amount: 1200,
      gateway: 'sandbox',
      transactionId: 'pay_Gamma0000000003',
      razorpayOrderId: 'order_Gamma000000003',
      razorpayPaymentId: 'pay_Gamma0000000003',
      createdAt: new Date('2026-03-05T12:00:00+05:30').toISOString(),
      order: {
        _id: orderOf('march-5'),
        total: 1200,
        customer: { name: 'Buyer march-5', email: 'march-5@example.com' },
        user: { name: 'Asha Patel' },
      },
    });
  });
});

describe('GET /api/payments: filters', () => {
  it('filters by status', async () => {
    expect(await orderIds('status=success')).toEqual([orderOf('early-march-1'), orderOf('end-of-feb-28')]);
    expect(await orderIds('status=refunded')).toEqual([orderOf('march-5')]);
    expect((await list('status=pending')).json().total).toBe(26);
  });

  it('filters by mode', async () => {
    expect(await orderIds('mode=cod')).toEqual([orderOf('march-2'), orderOf('end-of-feb-28')]);
    expect((await list('mode=online')).json().total).toBe(28);
    expect(await orderIds('mode=cod&status=pending')).toEqual([orderOf('march-2')]);
  });

  it('takes from and to as whole days of India time, both included', async () => {
    expect(await orderIds('from=2026-03-01&to=2026-03-01')).toEqual([
      orderOf('late-march-1'),
      orderOf('early-march-1'),
    ]);
    expect(await orderIds('from=2026-03-02')).toEqual([orderOf('march-5'), orderOf('march-2')]);
    expect(await orderIds('from=2026-02-28&to=2026-02-28')).toEqual([orderOf('end-of-feb-28')]);
    expect((await list('to=2026-01-31')).json().total).toBe(25);
    expect(await orderIds('from=2026-01-03&to=2026-01-04')).toEqual([orderOf('jan-4'), orderOf('jan-3')]);
    // Empty fields of the page's form are no filter.
    expect((await list('from=&to=&status=&mode=&search=&sort=')).json().total).toBe(all.length);
  });

  it("finds a payment by the gateway's payment id or order id, exactly", async () => {
    expect(await orderIds('search=pay_Alpha0000000001')).toEqual([orderOf('early-march-1')]);
    expect(await orderIds('search=order_Beta0000000002')).toEqual([orderOf('late-march-1')]);
    expect(await orderIds('search=%20order_Gamma000000003%20')).toEqual([orderOf('march-5')]);
    expect(await orderIds('search=pay_Alpha')).toEqual([]);
  });

  it("finds a payment by its order's number (the last 6 characters, any case) or whole id", async () => {
    expect(await orderIds('search=BBCCDD')).toEqual([orderOf('early-march-1')]);
    expect(await orderIds('search=bbccdd')).toEqual([orderOf('early-march-1')]);
    expect(await orderIds('search=000007')).toEqual([orderOf('jan-7')]);
    expect(await orderIds(`search=${orderOf('jan-7').toUpperCase()}`)).toEqual([orderOf('jan-7')]);
    expect(await orderIds('search=000999')).toEqual([]);
    const res = await list('search=000007&status=success');
    expect(res.json()).toEqual({ data: [], total: 0 });
  });
});

describe('GET /api/payments: sort', () => {
  it('sorts oldest first', async () => {
    expect(await orderIds('sort=oldest&limit=100')).toEqual([...newestFirst].reverse());
  });

  it('sorts by amount either way, equal amounts newest first', async () => {
    const amountThenNewest = (direction: 1 | -1) =>
      [...all]
        .sort((a, b) => direction * (a.rupees - b.rupees) || Date.parse(b.at) - Date.parse(a.at))
        .map((f) => f.orderId);
    const desc = await orderIds('sort=amount_desc&limit=100');
    expect(desc).toEqual(amountThenNewest(-1));
    expect(desc.slice(0, 2)).toEqual([orderOf('end-of-feb-28'), orderOf('jan-8')]);
    const asc = await orderIds('sort=amount_asc&limit=100');
    expect(asc).toEqual(amountThenNewest(1));
    expect(asc.indexOf(orderOf('march-2'))).toBe(asc.indexOf(orderOf('jan-4')) - 1);
    // A page of a sorted list is that slice of it.
    expect(await orderIds('sort=amount_asc&limit=4&page=3')).toEqual(asc.slice(8, 12));
  });
});

describe('GET /api/payments: bad queries', () => {
  it.each([
    ['page=0', 'page must be 1 or more.'],
    ['page=two', 'page must be a whole number from 1.'],
    ['limit=101', 'limit must be at most 100.'],
    ['limit=1.5', 'limit must be a whole number from 1.'],
    ['status=paid', "status must be one of 'pending', 'success', 'failed', 'refunded'."],
    ['mode=card', "mode must be one of 'online', 'cod', 'bank'."],
    ['from=01-03-2026', 'from must be a date as YYYY-MM-DD.'],
    ['to=2026-02-30', 'to is not a date of the calendar.'],
    ['from=2026-03-02&to=2026-03-01', 'from must not be after to.'],
    ['sort=price', "sort must be one of 'newest', 'oldest', 'amount_desc', 'amount_asc'."],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters.'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/payments: its JSON through the compiled serializer', () => {
  it("is what the response schema makes of loadPayments' DTOs, byte for byte", async () => {
    // An address whose text needs escaping, with a key the contract does not have, stored in jsonb's own key order.
    await t.db
      .update(orders)
      .set({ address: { ...testAddress(), line2: 'Near "Shree" pump \\ gate, é', landmark: 'left out' } as never })
      .where(eq(orders.id, orderOf('march-5')));
    await t.db
      .update(payments)
      .set({ signature: 'sig_abc123' })
      .where(eq(payments.orderId, orderOf('march-5')));
    for (const query of ['limit=100', 'sort=amount_asc&limit=7&page=2', 'status=refunded']) {
      const res = await list(query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const ids = (JSON.parse(res.body) as { data: PaymentDto[] }).data.map((payment) => payment._id);
      expect(ids.length).toBeGreaterThan(0);
      const loaded = new Map(
        (await loadPayments(t.db, inArray(payments.id, ids))).map((payment) => [payment._id, payment]),
      );
      const page = { data: ids.map((id) => loaded.get(id)!), total: Number(res.headers[TOTAL_COUNT_HEADER]) };
      expect(res.body).toBe(JSON.stringify(z.encode(paymentListResponseSchema, page)));
    }
  });
});

describe('GET /api/payments: one home for the DTO', () => {
  it('lists a payment exactly as "Mark as Paid" answers it', async () => {
    const orderId = orderOf('march-2');
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/payments/${orderId}/cod`,
      headers: bearer(adminToken),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const one = (marked.json() as { payment: PaymentDto }).payment;
    expect(one).toMatchObject({ orderId, mode: 'cod', status: 'success' });
    const res = await list('mode=cod&limit=100');
    const listed = (res.json() as { data: PaymentDto[] }).data.find((payment) => payment._id === one._id);
    expect(listed).toEqual(one);
    // Key order and number formatting too.
    expect(JSON.stringify(listed)).toBe(JSON.stringify(one));
  });
});
