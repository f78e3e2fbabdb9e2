/** The Customers page's calls (docs/shop-rules.md#customers-page), on the real database. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  businesses,
  businessMembers,
  businessOutlets,
  orders,
  payments,
  priceLists,
  quotes,
  users as usersTable,
} from '../../db/schema';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';
import { orderBody, payOnline, placeOrderOk } from '../../test/commerce-factories';
import { BUSINESS_TEXT, USER_TEXT } from './store';

let t: TestApp;
let admin: string;
const tag = randomUUID().slice(0, 8);
let businessId: string;
let soloId: string;
let codOrderId: string;
let bankOrderId: string;
let bankBuyer: { token: string; user: { id: string } };

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
  admin = (await createTestAdmin(t.app)).token;
  const { product } = await createTestProduct(t.db, { price: 1000, stock: 100 });
  // A business of two people and two outlets: one paid order (spent) and one COD order not yet paid (owes).
  const [business] = await t.db
    .insert(businesses)
    .values({ legalName: `Zeta Fuels ${tag}`, gstin: '27AAPFU0939F1ZV', billingAddress: testAddress() })
    .returning();
  businessId = business!.id;
  const first = await createTestUser(t.app, { name: `Ravi ${tag}`, email: `ravi-${tag}@example.com` });
  const second = await createTestUser(t.app, { name: `Meena ${tag}`, email: `meena-${tag}@example.com` });
  await t.db.insert(businessMembers).values([
    { userId: first.user.id, businessId, role: 'admin' },
    { userId: second.user.id, businessId, role: 'buyer' },
  ]);
  const [outlet] = await t.db
    .insert(businessOutlets)
    .values([
      { businessId, name: 'Highway outlet', address: testAddress(), brand: 'IOCL', dealerCode: 'D-1' },
      { businessId, name: 'Town outlet', address: testAddress(), brand: 'BPCL', dealerCode: 'D-2' },
    ])
    .returning();
  // A business's people order to one of its outlets (docs/shop-rules.md#business-accounts).
  const outletId = outlet!.id;
  const paid = await placeOrderOk(t.app, first.token, { ...orderBody([{ product, quantity: 2 }]), outletId });
  await payOnline(t.app, first.token, paid._id);
  const cod = await placeOrderOk(t.app, second.token, {
    ...orderBody([{ product }], { paymentMode: 'cod' }),
    outletId,
  });
  codOrderId = cod._id;
  // The business buys on a price list and has two open quotes and a declined one.
  const [list] = await t.db
    .insert(priceLists)
    .values({ name: `Dealers ${tag}` })
    .returning();
  await t.db.update(businesses).set({ priceListId: list!.id }).where(eq(businesses.id, businessId));
  const quote = (userId: string, status: string, inBusiness = true) => ({
    userId,
    businessId: inBusiness ? businessId : null,
    status: status as 'requested',
    customerName: 'Q',
    customerEmail: 'q@example.com',
    customerPhone: '9876543210',
    address: testAddress(),
  });
  await t.db
    .insert(quotes)
    .values([quote(first.user.id, 'requested'), quote(second.user.id, 'quoted'), quote(first.user.id, 'declined')]);
  // A person in no business, with no order.
  const solo = await createTestUser(t.app, { name: `Asha ${tag}`, email: `asha-${tag}@example.com` });
  soloId = solo.user.id;
  await t.db.insert(quotes).values(quote(soloId, 'requested', false));
  // A person in no business paying by bank transfer (docs/shop-rules.md#bank-transfer).
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/store',
    headers: bearer(admin),
    payload: { ...demoStoreSettings(), bankDetails: BANK },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  bankBuyer = await createTestUser(t.app, { name: `Kiran ${tag}`, email: `kiran-${tag}@example.com` });
  bankOrderId = (await placeOrderOk(t.app, bankBuyer.token, orderBody([{ product }], { paymentMode: 'bank' })))._id;
});

const BANK = {
  enabled: true,
  accountName: 'PumpKart Equipment Pvt Ltd',
  accountNumber: '50200012345678',
  ifsc: 'hdfc0001234',
  bankBranch: 'HDFC Bank, Camp, Pune',
  upiId: '',
};
afterAll(() => t?.close());

const get = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers: bearer(token) });

describe('GET /api/admin/customers', () => {
  it('lists a business once with its figures, and a person in no business, never the business people alone', async () => {
    const res = await get(`/customers?search=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const { data, total } = res.json();
    expect(total).toBe(3);
    const business = data.find((row: { kind: string }) => row.kind === 'business');
    expect(business).toMatchObject({
      _id: businessId,
      name: `Zeta Fuels ${tag}`,
      gstin: '27AAPFU0939F1ZV',
      outlets: 2,
      people: 2,
      orders: 2,
      spent: 2120, // two units at ₹1,000 and the delivery charge
      email: null,
      priceList: { name: `Dealers ${tag}` },
      quotes: 2, // requested and quoted; the declined one is closed
    });
    expect(business.owes).toBe(1060); // the COD order, not yet paid
    expect(business.lastOrderAt).not.toBeNull();
    expect(data.find((row: { _id: string }) => row._id === soloId)).toMatchObject({
      _id: soloId,
      name: `Asha ${tag}`,
      email: `asha-${tag}@example.com`,
      outlets: 0,
      people: 1,
      orders: 0,
      spent: 0,
      owes: 0,
      lastOrderAt: null,
      priceList: null,
      quotes: 1,
    });
  });

  it('counts as owed a COD order until paid and a bank-transfer order less what was received', async () => {
    const owes = async (id: string) =>
      (await get(`/customers?search=${tag}`)).json().data.find((row: { _id: string }) => row._id === id).owes;
    expect(await owes(bankBuyer.user.id)).toBe(1060);
    await t.db.update(orders).set({ receivedPaise: 31_800 }).where(eq(orders.id, bankOrderId));
    expect(await owes(bankBuyer.user.id)).toBe(742);
    const byOwes = (await get(`/customers?search=${tag}&sort=owes_desc`)).json();
    expect(byOwes.data.map((row: { _id: string }) => row._id)).toEqual([businessId, bankBuyer.user.id, soloId]);
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/payments/${codOrderId}/cod`,
      headers: bearer(admin),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await owes(businessId)).toBe(0);
    expect((await get(`/customers/business/${businessId}`)).json().customer).toMatchObject({ spent: 3180, owes: 0 });
    // An online order awaiting payment owes nothing: it is paid at checkout or expires.
    const { product } = await createTestProduct(t.db, { price: 500, stock: 5 });
    await placeOrderOk(t.app, bankBuyer.token, orderBody([{ product }]));
    expect(await owes(bankBuyer.user.id)).toBe(742);
  });

  it('sorts by each figure in the order of the figures the page shows (one definition for both)', async () => {
    for (const [sort, field] of [
      ['spent_desc', 'spent'],
      ['owes_desc', 'owes'],
      ['last_order_desc', 'lastOrderAt'],
    ] as const) {
      const { data } = (await get(`/customers?search=${tag}&sort=${sort}`)).json();
      const values = data.map((row: Record<string, number | string | null>) => row[field] ?? '');
      expect(values, sort).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    }
  });

  it('can answer a search from the trigram indexes of users and businesses', async () => {
    const plan = (query: SQL) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${query}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]);
      });
    const users = await plan(sql`select u.id from ${usersTable} u where ${USER_TEXT} like '%meena%'`);
    expect(users.join('\n')).toMatch(/users_customer_search_trgm_idx/);
    const found = await plan(sql`select b.id from ${businesses} b where ${BUSINESS_TEXT} like '%zeta%'`);
    expect(found.join('\n')).toMatch(/businesses_search_trgm_idx/);
  });

  it("finds a business by a person's e-mail and by its GSTIN, filters by kind, and sorts by what was spent", async () => {
    const byMember = (await get(`/customers?search=MEENA-${tag}`)).json();
    expect(byMember.data.map((row: { _id: string }) => row._id)).toEqual([businessId]);
    const byGstin = (await get(`/customers?search=27aapfu0939f1zv&kind=business`)).json();
    expect(byGstin.data.map((row: { _id: string }) => row._id)).toContain(businessId);
    const people = (await get(`/customers?search=${tag}&kind=person`)).json();
    expect(people.data.map((row: { _id: string }) => row._id)).toEqual([bankBuyer.user.id, soloId]);
    const bySpent = (await get(`/customers?search=${tag}&sort=spent_desc`)).json();
    expect(bySpent.data.map((row: { _id: string }) => row._id)).toEqual([businessId, bankBuyer.user.id, soloId]);
    const byName = (await get(`/customers?search=${tag}&sort=name_asc&limit=1&page=3`)).json();
    expect(byName.data.map((row: { _id: string }) => row._id)).toEqual([businessId]);
    const byLast = (await get(`/customers?search=${tag}&sort=last_order_desc`)).json();
    expect(byLast.data.map((row: { _id: string }) => row._id)).toEqual([bankBuyer.user.id, businessId, soloId]);
  });

  it('refuses an unknown sort or kind with a 400 naming it, and customers and catalog staff with 403', async () => {
    expect((await get('/customers?sort=biggest')).json().message).toMatch(/sort must be one of/);
    expect((await get('/customers?kind=robot')).statusCode).toBe(400);
    const customer = await createTestUser(t.app);
    expect((await get('/customers', customer.token)).statusCode).toBe(403);
    const catalog = await createTestUser(t.app, { role: 'catalog_staff' });
    expect((await get('/customers', catalog.token)).statusCode).toBe(403);
    const orders = await createTestUser(t.app, { role: 'orders_staff' });
    expect((await get('/customers', orders.token)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/customers/{kind}/{id}', () => {
  it("answers a business's people, outlets and latest orders, and 404 for a person who is in a business", async () => {
    const res = await get(`/customers/business/${businessId}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.people.map((person: { role: string }) => person.role).sort()).toEqual(['admin', 'buyer']);
    expect(detail.outlets.map((outlet: { name: string }) => outlet.name)).toEqual(['Highway outlet', 'Town outlet']);
    expect(detail.recentOrders).toHaveLength(2);
    expect(detail.recentOrders.map((order: { paymentStatus: string }) => order.paymentStatus)).toEqual([
      'success', // the COD order, marked paid above
      'success',
    ]);
    const member = detail.people[0]._id;
    expect((await get(`/customers/person/${member}`)).statusCode).toBe(404);
    expect((await get(`/customers/person/${soloId}`)).json().people).toHaveLength(1);
  });
});

describe('GET /api/admin/customers/export.csv', () => {
  it('downloads the filtered list as CSV, in the list order', async () => {
    const res = await get(`/customers/export.csv?search=${tag}&sort=name_asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Kind,Id,Name,E-mail,Phone,GSTIN,Price list,Outlets,People,Open quotes,Orders,Spent (₹),Owes (₹),Last order,Customer since',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['person', 'person', 'business']);
    expect(lines[3]).toContain(`,27AAPFU0939F1ZV,Dealers ${tag},2,2,2,2,`);
  });
});

describe('the running totals (customer_totals)', () => {
  it('equal the plain aggregate of every customer after orders, payments and a person joining a business', async () => {
    // A person with a paid order and a COD order joins the business: both now count toward it.
    const { product } = await createTestProduct(t.db, { price: 1000, stock: 10 });
    const joiner = await createTestUser(t.app, { name: `Joiner ${tag}`, email: `joiner-${tag}@example.com` });
    const paid = await placeOrderOk(t.app, joiner.token, orderBody([{ product }]));
    await payOnline(t.app, joiner.token, paid._id);
    const cod = await placeOrderOk(t.app, joiner.token, orderBody([{ product }], { paymentMode: 'cod' }));
    const before = (await get(`/customers/business/${businessId}`)).json().customer;
    await t.db.insert(businessMembers).values({ userId: joiner.user.id, businessId, role: 'buyer' });
    const after = (await get(`/customers/business/${businessId}`)).json().customer;
    expect(after.orders).toBe(before.orders + 2);
    expect(after.spent).toBe(before.spent + 1060);
    expect(after.owes).toBe(before.owes + 1060);

    // Each later change adds its difference: a cancelled COD order owes nothing, a refunded payment is not spent, and
    // an update that moves no figure changes nothing.
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cod._id));
    await t.db.update(payments).set({ status: 'refunded' }).where(eq(payments.orderId, paid._id));
    await t.db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.userId, joiner.user.id));
    const changed = (await get(`/customers/business/${businessId}`)).json().customer;
    expect(changed).toMatchObject({ orders: after.orders, spent: after.spent - 1060, owes: after.owes - 1060 });

    const plain = await t.db.execute(sql`select coalesce(m.business_id, o.user_id) as id, count(*)::int as orders,
        coalesce(sum(o.total_paise) filter (where p.status = 'success'), 0)::float8 as spent,
        coalesce(sum(case when o.payment_mode in ('cod', 'bank') and o.status <> 'cancelled'
          and p.status not in ('success', 'refunded') then o.total_paise - o.received_paise else 0 end), 0)::float8
          as owes,
        max(o.created_at) as last
      from ${orders} o join payments p on p.order_id = o.id
      left join ${businessMembers} m on m.user_id = o.user_id group by 1 order by 1`);
    const kept = await t.db.execute(sql`select customer_id as id, orders, spent_paise::float8 as spent,
        owes_paise::float8 as owes, last_order_at as last from customer_totals where orders > 0 order by 1`);
    const rows = (result: unknown) =>
      (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]);
    const comparable = (result: unknown) =>
      rows(result).map((row) => ({ ...row, last: new Date(row.last as string).toISOString() }));
    expect(comparable(kept).length).toBe(2); // the business and the person paying by bank transfer
    expect(comparable(kept)).toEqual(comparable(plain));
  });
});
