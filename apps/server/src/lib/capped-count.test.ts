/**
 * The admin lists' capped counts (docs/shop-rules.md#admin-lists): past ADMIN_COUNT_CAP matches the orders,
 * payments and products lists answer ADMIN_COUNT_CAP + 1 ("more than 1,000"), in the body and in X-Total-Count,
 * and still page on; below the cap, and for the storefront, the count is exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_COUNT_CAP, TOTAL_COUNT_HEADER } from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { testAddress, createTestAdmin, createTestUser } from '../test/factories';

let t: TestApp;
let adminToken: string;
/** Past the cap by a few: the last page of 20 holds them. */
const MANY = ADMIN_COUNT_CAP + 15;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  const buyer = await createTestUser(t.app);
  // Every 1000th order is delivered and paid by cash (a filter matching 11); the others pending online.
  await t.db.execute(sql`
    insert into orders (user_id, status, payment_mode, customer_name, customer_email, customer_phone, address,
                        subtotal_paise, shipping_paise, total_paise, created_at)
    select ${buyer.user.id}, (case when g % 1000 = 0 then 'delivered' else 'pending' end)::order_status,
           (case when g % 1000 = 0 then 'cod' else 'online' end)::payment_mode,
           'Buyer ' || g, 'buyer' || g || '@example.com', '9123456780', ${JSON.stringify(testAddress())}::jsonb,
           10000, 0, 10000, now() - g * interval '1 minute'
    from generate_series(1, ${MANY}) as g`);
  await t.db.execute(sql`
    insert into payments (order_id, mode, status, amount_paise, gateway, created_at)
    select id, payment_mode, (case when status = 'delivered' then 'success' else 'pending' end)::payment_status,
           total_paise, case when payment_mode = 'cod' then 'cod' else 'sandbox' end, created_at
    from orders`);
  await t.db.execute(sql`
    insert into products (title, description, brand, category, price_paise, stock, active)
    select 'Cone ' || g, 'A traffic cone.', 'ConeCo', 'Safety Gear', 25000, case when g % 1000 = 0 then 0 else 5 end, true
    from generate_series(1, ${MANY}) as g`);
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });

describe('capped counts of the admin lists', () => {
  it('orders: more than the cap reads cap + 1, and the last page still answers its rows', async () => {
    const first = await get('/api/orders?page=1&limit=20');
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(ADMIN_COUNT_CAP + 1);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe(String(ADMIN_COUNT_CAP + 1));
    const last = await get(`/api/orders?page=${Math.ceil(MANY / 20)}&limit=20`);
    expect(last.json().data).toHaveLength(MANY % 20 || 20);
    const filtered = await get('/api/orders?status=delivered&paymentStatus=success');
    expect(filtered.json().total).toBe(Math.floor(MANY / 1000));
  });

  it('payments: capped unfiltered, exact when filtered', async () => {
    expect((await get('/api/payments?page=1')).json().total).toBe(ADMIN_COUNT_CAP + 1);
    expect((await get('/api/payments?mode=cod')).json().total).toBe(Math.floor(MANY / 1000));
  });

  it('products: capped in X-Total-Count for the admin, exact for the storefront', async () => {
    const admin = await get('/api/products/admin/all?page=1');
    expect(admin.headers[TOTAL_COUNT_HEADER]).toBe(String(ADMIN_COUNT_CAP + 1));
    expect((await get('/api/products/admin/all?stock=out')).headers[TOTAL_COUNT_HEADER]).toBe(
      String(Math.floor(MANY / 1000)),
    );
    const storefront = await t.app.inject({ method: 'GET', url: '/api/products?page=1' });
    expect(storefront.headers[TOTAL_COUNT_HEADER]).toBe(String(MANY));
  });

  it("products: a search in more titles than the cap is capped by the title words' count; a narrowed one is exact", async () => {
    // Every title holds 'cone': the title vocabulary counts MANY products for it, past the cap.
    const total = async (url: string) => (await get(url)).headers[TOTAL_COUNT_HEADER];
    expect(await total('/api/products/admin/all?search=cone')).toBe(String(ADMIN_COUNT_CAP + 1));
    expect(await total('/api/products/admin/all?search=con&active=true')).toBe(String(ADMIN_COUNT_CAP + 1));
    // Narrowed, the vocabulary's count no longer bounds the matches: they are counted.
    expect(await total('/api/products/admin/all?search=cone&stock=out')).toBe(String(Math.floor(MANY / 1000)));
    expect(await total('/api/products/admin/all?search=cone&active=false')).toBe('0');
    expect(await total('/api/products/admin/all?search=cone&category=Dog%20Supplies')).toBe('0');
    expect(await total('/api/products/admin/all?search=cone%201000')).toBe('1');
  });
});
