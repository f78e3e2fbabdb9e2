import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES, TOTAL_COUNT_HEADER, type OrderDto } from '@pumpkart/shared';
import { orders, payments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let adminToken: string;
let buyerToken: string;

/** The orders this file places, as the list should see them. */
interface Placed {
  id: string;
  name: string;
  email: string;
  phone: string;
  mode: 'online' | 'cod';
  status: OrderDto['status'];
  paymentStatus: 'pending' | 'success' | 'failed' | 'refunded';
  quantity: number;
  createdAt: Date;
}
const placed: Placed[] = [];

/**
 * The orders the filters tell apart, placed in March 2026 (India time is UTC+05:30): two sit either side of the
 * midnight between 1 and 2 March in India.
 */
const SPECIAL = [
  {
    name: 'Asha Patel',
    email: 'asha.patel@example.com',
    phone: '9123456780',
    mode: 'online',
    status: 'processing',
    paymentStatus: 'success',
    quantity: 3,
    at: '2026-03-01T18:29:59.000Z', // 1 March, 23:59:59 in India
  },
  {
    name: 'Vikram Singh',
    email: 'vikram@fuelco.in',
    phone: '9988776655',
    mode: 'cod',
    status: 'pending',
    paymentStatus: 'pending',
    quantity: 5,
    at: '2026-03-01T18:30:00.000Z', // 2 March, 00:00 in India
  },
  {
    name: 'Meera Iyer',
    email: 'meera@example.com',
    phone: '9000011111',
    mode: 'online',
    status: 'cancelled',
    paymentStatus: 'refunded',
    quantity: 2,
    at: '2026-03-05T06:00:00.000Z',
  },
  {
    name: 'ZOYA 50% Traders',
    email: 'zoya@example.com',
    phone: '9000022222',
    mode: 'online',
    status: 'pending',
    paymentStatus: 'failed',
    quantity: 4,
    at: '2026-03-10T06:00:00.000Z',
  },
  {
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: '9000033333',
    mode: 'cod',
    status: 'delivered',
    paymentStatus: 'success',
    quantity: 6,
    at: '2026-02-28T17:00:00.000Z', // 28 February, 22:30 in India
  },
] as const;

/** Enough plain orders besides them to fill more than one default page (20). */
const FILLERS = 18;

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true', MAX_OPEN_UNPAID_ORDERS: '1000' });
  adminToken = (await createTestAdmin(t.app)).token;
  buyerToken = (await createTestUser(t.app)).token;
  const { product } = await createTestProduct(t.db, { price: 100, stock: 10_000 });

  const specs = [
    ...SPECIAL,
    ...Array.from({ length: FILLERS }, (_, index) => ({
      name: `Filler Buyer ${index}`,
      email: `filler${index}@example.com`,
      phone: '9111100000',
      mode: 'online' as const,
      status: 'pending' as const,
      paymentStatus: 'pending' as const,
      quantity: 1,
      // Every filler an hour apart in January, earlier than the special ones.
      at: new Date(Date.UTC(2026, 0, 10, index)).toISOString(),
    })),
  ];
  for (const spec of specs) {
    const body = orderBody([{ product, quantity: spec.quantity }], {
      customer: { name: spec.name, email: spec.email, phone: spec.phone },
      paymentMode: spec.mode,
    });
    const order = await placeOrderOk(t.app, buyerToken, body);
    const createdAt = new Date(spec.at);
    await t.db.update(orders).set({ status: spec.status, createdAt }).where(eq(orders.id, order._id));
    await t.db.update(payments).set({ status: spec.paymentStatus }).where(eq(payments.orderId, order._id));
    placed.push({ ...spec, id: order._id, createdAt });
  }
});
afterAll(() => t?.close());

const list = (query = '', token: string | null = adminToken) =>
  t.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: token ? bearer(token) : {} });

/** The ids of a page, after checking that the body's total and the header agree. */
async function idsOf(query: string): Promise<{ ids: string[]; total: number }> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: OrderDto[]; total: number };
  expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(body.total));
  return { ids: body.data.map((order) => order._id), total: body.total };
}

const byName = (name: string) => placed.find((order) => order.name === name)!.id;
const newestFirst = (a: Placed, b: Placed) => b.createdAt.getTime() - a.createdAt.getTime();
const idsWhere = (keep: (order: Placed) => boolean) =>
  placed
    .filter(keep)
    .sort(newestFirst)
    .map((o) => o.id);

describe('GET /api/orders (admin list): who may call', () => {
  it('answers 401 without a login and 403 to a buyer', async () => {
    const anonymous = await list('', null);
    expect(anonymous.statusCode).toBe(401);
    const buyer = await list('', buyerToken);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toEqual({ message: SERVER_MESSAGES.ordersAreaOnly });
  });
});

describe('GET /api/orders (admin list): pages', () => {
  it('answers the first 20 orders, newest first, with the total, when called without page or limit', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: OrderDto[]; total: number };
    expect(body.total).toBe(placed.length);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(placed.length));
    expect(body.data.map((order) => order._id)).toEqual(idsWhere(() => true).slice(0, 20));
    // Each order comes whole: its lines and its payment.
    const asha = body.data.find((order) => order._id === byName('Asha Patel'))!;
    expect(asha.items).toHaveLength(1);
    expect(asha.items[0]!.quantity).toBe(3);
    expect(asha.payment).toMatchObject({ mode: 'online', status: 'success' });
    expect(asha.customer).toEqual({ name: 'Asha Patel', email: 'asha.patel@example.com', phone: '9123456780' });
  });

  it('walks every order once across pages, and answers an empty page past the end with the total', async () => {
    const seen: string[] = [];
    const pages = Math.ceil(placed.length / 6);
    for (let page = 1; page <= pages; page++) {
      const { ids, total } = await idsOf(`?page=${page}&limit=6`);
      expect(total).toBe(placed.length);
      expect(ids.length).toBe(page < pages ? 6 : placed.length - 6 * (pages - 1));
      seen.push(...ids);
    }
    expect(seen).toEqual(idsWhere(() => true));
    expect(await idsOf(`?page=${pages + 1}&limit=6`)).toEqual({ ids: [], total: placed.length });
    expect((await idsOf('?limit=100')).ids).toHaveLength(placed.length);
  });
});

describe('GET /api/orders (admin list): filters', () => {
  it('filters by order status, payment mode and payment status, alone and together', async () => {
    for (const status of ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const) {
      const expected = idsWhere((order) => order.status === status);
      expect(await idsOf(`?status=${status}&limit=100`)).toEqual({ ids: expected, total: expected.length });
    }
    for (const mode of ['cod', 'online'] as const) {
      const expected = idsWhere((order) => order.mode === mode);
      expect(await idsOf(`?paymentMode=${mode}&limit=100`)).toEqual({ ids: expected, total: expected.length });
    }
    for (const status of ['pending', 'success', 'failed', 'refunded'] as const) {
      const expected = idsWhere((order) => order.paymentStatus === status);
      expect(await idsOf(`?paymentStatus=${status}&limit=100`)).toEqual({ ids: expected, total: expected.length });
    }
    expect(await idsOf('?paymentMode=cod&paymentStatus=success&status=delivered')).toEqual({
      ids: [byName('Ravi Kumar')],
      total: 1,
    });
    // An empty value is no filter.
    expect((await idsOf('?status=&paymentMode=&paymentStatus=&search=&from=&to=&sort=')).total).toBe(placed.length);
  });

  it('filters by the days placed in India time, both days included', async () => {
    // 1 March in India ends at 18:30 UTC: Asha (23:59:59 IST) is in, Vikram (00:00 on 2 March) is not.
    expect(await idsOf('?from=2026-03-01&to=2026-03-01')).toEqual({ ids: [byName('Asha Patel')], total: 1 });
    expect(await idsOf('?from=2026-03-02&to=2026-03-02')).toEqual({ ids: [byName('Vikram Singh')], total: 1 });
    expect(await idsOf('?from=2026-02-28&to=2026-03-05')).toEqual({
      ids: ['Meera Iyer', 'Vikram Singh', 'Asha Patel', 'Ravi Kumar'].map(byName),
      total: 4,
    });
    // One end only.
    expect((await idsOf('?from=2026-03-02')).ids).toEqual(
      ['ZOYA 50% Traders', 'Meera Iyer', 'Vikram Singh'].map(byName),
    );
    expect((await idsOf('?to=2026-02-28&limit=100')).total).toBe(FILLERS + 1);
    expect(await idsOf('?from=2026-04-01')).toEqual({ ids: [], total: 0 });
  });
});

describe('GET /api/orders (admin list): search', () => {
  const asha = () => byName('Asha Patel');

  it('finds an order by the 6 characters the buyer sees, in any case, and by its full id', async () => {
    const id = asha();
    expect(await idsOf(`?search=${id.slice(-6).toUpperCase()}`)).toEqual({ ids: [id], total: 1 });
    expect(await idsOf(`?search=${id.slice(-6)}`)).toEqual({ ids: [id], total: 1 });
    expect(await idsOf(`?search=${id.toUpperCase()}`)).toEqual({ ids: [id], total: 1 });
    expect(await idsOf(`?search=%20${id}%20`)).toEqual({ ids: [id], total: 1 });
    // The first 6 characters are not the order number.
    const head = id.slice(0, 6);
    const startsSo = placed.filter((order) => order.id.slice(-6) === head);
    expect((await idsOf(`?search=${head}`)).total).toBe(startsSo.length);
  });

  it("finds orders by part of the buyer's name, e-mail or phone, in any case", async () => {
    expect(await idsOf('?search=asha%20PAT')).toEqual({ ids: [asha()], total: 1 });
    expect(await idsOf('?search=FUELCO.IN')).toEqual({ ids: [byName('Vikram Singh')], total: 1 });
    expect(await idsOf('?search=99887')).toEqual({ ids: [byName('Vikram Singh')], total: 1 });
    expect((await idsOf('?search=filler&limit=100')).total).toBe(FILLERS);
    expect((await idsOf('?search=filler1')).total).toBe(
      placed.filter((order) => order.email.startsWith('filler1')).length,
    );
    expect(await idsOf('?search=nobody-like-this')).toEqual({ ids: [], total: 0 });
  });

  it('takes % and _ in the search as themselves', async () => {
    expect(await idsOf('?search=50%25')).toEqual({ ids: [byName('ZOYA 50% Traders')], total: 1 });
    expect(await idsOf('?search=%25')).toEqual({ ids: [byName('ZOYA 50% Traders')], total: 1 });
    expect(await idsOf('?search=_')).toEqual({ ids: [], total: 0 });
  });

  it('combines the search with the filters and the paging', async () => {
    expect(await idsOf('?search=example.com&paymentMode=cod')).toEqual({ ids: [byName('Ravi Kumar')], total: 1 });
    const { ids, total } = await idsOf('?search=filler&limit=5&page=2');
    expect(total).toBe(FILLERS);
    expect(ids).toEqual(idsWhere((order) => order.name.startsWith('Filler')).slice(5, 10));
  });
});

describe('GET /api/orders (admin list): sorts', () => {
  const specialOnly = '&from=2026-02-01&limit=100';
  const special = () => placed.filter((order) => order.createdAt >= new Date('2026-02-01'));
  const ids = (rows: Placed[]) => rows.map((order) => order.id);

  it('sorts newest first by default, and oldest first on request', async () => {
    const newest = ids([...special()].sort(newestFirst));
    expect((await idsOf(`?${specialOnly}`)).ids).toEqual(newest);
    expect((await idsOf(`?sort=newest${specialOnly}`)).ids).toEqual(newest);
    expect((await idsOf(`?sort=oldest${specialOnly}`)).ids).toEqual([...newest].reverse());
  });

  it('sorts by total either way', async () => {
    const byTotal = [...special()].sort((a, b) => a.quantity - b.quantity);
    expect((await idsOf(`?sort=total_asc${specialOnly}`)).ids).toEqual(ids(byTotal));
    expect((await idsOf(`?sort=total_desc${specialOnly}`)).ids).toEqual(ids(byTotal).reverse());
  });

  it("sorts by the buyer's name either way, ignoring case", async () => {
    const byBuyer = [...special()].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect(byBuyer.map((order) => order.name)).toEqual([
      'Asha Patel',
      'Meera Iyer',
      'Ravi Kumar',
      'Vikram Singh',
      'ZOYA 50% Traders',
    ]);
    expect((await idsOf(`?sort=buyer_asc${specialOnly}`)).ids).toEqual(ids(byBuyer));
    expect((await idsOf(`?sort=buyer_desc${specialOnly}`)).ids).toEqual(ids(byBuyer).reverse());
  });

  it('keeps pages stable when the sorted values tie (the fillers share one total)', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) seen.push(...(await idsOf(`?sort=total_asc&limit=5&page=${page}`)).ids);
    expect(new Set(seen).size).toBe(placed.length);
  });
});

describe('GET /api/orders (admin list): refused queries', () => {
  it.each([
    ['?page=0', 'page must be 1 or more.'],
    ['?page=1.5', 'page must be a whole number.'],
    ['?page=abc', 'page'],
    ['?limit=0', 'limit must be 1 or more.'],
    ['?limit=101', 'limit must be at most 100.'],
    ['?status=lost', "status must be one of 'pending', 'processing', 'shipped', 'delivered', 'cancelled'."],
    ['?paymentMode=card', "paymentMode must be one of 'online', 'cod', 'bank'."],
    ['?paymentStatus=paid', "paymentStatus must be one of 'pending', 'success', 'failed', 'refunded'."],
    ['?from=01-03-2026', 'from must be a date as YYYY-MM-DD.'],
    ['?to=2026-02-30', 'to is not a date of the calendar.'],
    ['?from=2026-03-02&to=2026-03-01', 'from must not be after to.'],
    ['?sort=price', "sort must be one of 'newest', 'oldest', 'total_desc', 'total_asc', 'buyer_asc', 'buyer_desc'."],
    [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters.'],
  ])('answers 400 for %s, naming the problem', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
