import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES, validateGstin } from '@pumpkart/shared';
import { orders, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrder, rowCounts } from '../../test/commerce-factories';
import { createTestProduct, createTestUser, testAddress } from '../../test/factories';
import { validGstinFor } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The reason validateGstin gives for `gstin`: what the API must answer word for word. */
function reasonOf(gstin: string): string {
  const check = validateGstin(gstin);
  if (check.ok) throw new Error(`${gstin} is valid`);
  return check.reason;
}

const KARNATAKA_GSTIN = validGstinFor('29');
/** The right GSTIN with its last character changed. */
const WRONG_CHECK = `${KARNATAKA_GSTIN.slice(0, 14)}${KARNATAKA_GSTIN[14] === 'A' ? 'B' : 'A'}`;

async function newOrderBody(customer: Record<string, unknown> = {}, address = testAddress()) {
  const { product } = await createTestProduct(t.db, { price: 500, stock: 10 });
  const body = orderBody([{ product }]);
  return { ...body, customer: { ...body.customer, ...customer }, address };
}

describe('POST /api/orders: the buyer GSTIN and business name', () => {
  it("refuses a GSTIN that fails the check with 400 and the check's own reason, writing nothing", async () => {
    const { token } = await createTestUser(t.app);
    // A wrong check character, a retired state code, a wrong length, a broken PAN.
    const wrongOnes = [WRONG_CHECK, validGstinFor('25'), '29AABFB1234C1Z', '29AABF11234C1Z5'];
    for (const gstin of wrongOnes) {
      const before = await rowCounts(t.db);
      const res = await placeOrder(t.app, token, await newOrderBody({ gstin, businessName: 'Shree Fuels' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(reasonOf(gstin));
      expect(await rowCounts(t.db)).toEqual(before);
    }
    expect(reasonOf(validGstinFor('25'))).toMatch(/^State code 25 \(Daman and Diu\) is no longer in use/);
  });

  it('stores a valid GSTIN normalised and the business name trimmed, and answers them on the order', async () => {
    const { token } = await createTestUser(t.app);
    const body = await newOrderBody({
      gstin: ` ${KARNATAKA_GSTIN.toLowerCase()} `,
      businessName: '  Shree Fuels LLP ',
    });
    const res = await placeOrder(t.app, token, body);
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ businessName: 'Shree Fuels LLP', gstin: KARNATAKA_GSTIN, invoice: null });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect([row!.customerBusinessName, row!.customerGstin]).toEqual(['Shree Fuels LLP', KARNATAKA_GSTIN]);
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(token) });
    expect(read.json().data).toMatchObject({ businessName: 'Shree Fuels LLP', gstin: KARNATAKA_GSTIN });
  });

  it('takes empty, null or missing fields as none (a consumer order)', async () => {
    const { token } = await createTestUser(t.app);
    for (const customer of [{ gstin: '', businessName: '  ' }, { gstin: null, businessName: null }, {}]) {
      const res = await placeOrder(t.app, token, await newOrderBody(customer));
      expect(res.statusCode).toBe(201);
      expect(res.json().order).toMatchObject({ businessName: null, gstin: null, invoice: null, creditNote: null });
    }
  });

  it('refuses a business name above 200 characters', async () => {
    const { token } = await createTestUser(t.app);
    const res = await placeOrder(t.app, token, await newOrderBody({ businessName: 'x'.repeat(201) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.businessNameTooLong);
  });
});

describe('POST /api/orders: the delivery state is the place of supply', () => {
  it('refuses a state that names no Indian state or union territory, writing nothing', async () => {
    const { token } = await createTestUser(t.app);
    const before = await rowCounts(t.db);
    const res = await placeOrder(t.app, token, await newOrderBody({}, testAddress({ state: 'Atlantis' })));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a valid Indian state for the delivery address.');
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('reads the state forgivingly: old names, codes, case and spacing', async () => {
    for (const state of ['orissa', 'TN', 'Jammu & Kashmir', '  NCT of Delhi ']) {
      // A buyer each: a buyer may hold only three unpaid online orders.
      const { token } = await createTestUser(t.app);
      const res = await placeOrder(t.app, token, await newOrderBody({}, testAddress({ state })));
      expect(res.statusCode).toBe(201);
      expect(res.json().order.address.state).toBe(state.trim());
    }
  });
});

describe('PUT /api/auth/update-profile: the buyer GSTIN and business name', () => {
  const update = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(token), payload });

  it('saves them (the GSTIN normalised), answers them on the user, and login answers them too', async () => {
    const buyer = await createTestUser(t.app);
    const res = await update(buyer.token, { businessName: ' Shree Fuels LLP ', gstin: KARNATAKA_GSTIN.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ businessName: 'Shree Fuels LLP', gstin: KARNATAKA_GSTIN });
    expect(res.json().user).toMatchObject({ businessName: 'Shree Fuels LLP', gstin: KARNATAKA_GSTIN });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(login.json().user).toMatchObject({ businessName: 'Shree Fuels LLP', gstin: KARNATAKA_GSTIN });
  });

  it("refuses a wrong GSTIN with the check's reason and changes nothing", async () => {
    const buyer = await createTestUser(t.app);
    await update(buyer.token, { businessName: 'Kept Ltd', gstin: KARNATAKA_GSTIN });
    const res = await update(buyer.token, { name: 'Changed Name', gstin: WRONG_CHECK });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(reasonOf(WRONG_CHECK));
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect([row!.name, row!.businessName, row!.gstin]).toEqual(['Test Buyer', 'Kept Ltd', KARNATAKA_GSTIN]);
  });

  it('keeps them when not sent, and clears them with null or an empty text', async () => {
    const buyer = await createTestUser(t.app);
    await update(buyer.token, { businessName: 'Shree Fuels LLP', gstin: KARNATAKA_GSTIN });
    const kept = await update(buyer.token, { name: 'New Name' });
    expect(kept.json().user).toMatchObject({
      name: 'New Name',
      businessName: 'Shree Fuels LLP',
      gstin: KARNATAKA_GSTIN,
    });
    const cleared = await update(buyer.token, { businessName: null, gstin: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user).toMatchObject({ businessName: null, gstin: null });
    const again = await update(buyer.token, { businessName: '', gstin: null });
    expect(again.json().user).toMatchObject({ businessName: null, gstin: null });
  });
});
