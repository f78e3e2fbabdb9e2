/**
 * A NUL character (U+0000) cannot be stored by PostgreSQL (text: 22021, jsonb: 22P05). Every text
 * input is refused by the shared schemas with a 400 naming the field, nothing is written, and an
 * error that still reaches the database is mapped to a 400 by the error handler (the safety net).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { products, users } from '../db/schema';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { productForm } from '../test/catalog-factories';
import { orderBody, placeOrder, rowCounts } from '../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../test/factories';
import errorsPlugin, { UNSTORABLE_TEXT_MESSAGE } from './errors';

const NUL = '\u0000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const notAllowed = (label: string) => `${label} contains a character that is not allowed.`;

describe('a NUL character in text input', () => {
  it.each([
    ['search', '/api/products?search=a%00b', 'search'],
    ['category', '/api/products?category=Fuel%00Dispensers', 'category'],
    ['brand', '/api/products?brand=%00', 'brand'],
    ['the home view search', '/api/products?view=home&search=%00', 'search'],
  ])('in the catalog %s is a 400 naming the field', async (_name, url, label) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(notAllowed(label));
  });

  it('in the admin list search is a 400', async () => {
    const admin = await createTestAdmin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/admin/all?search=x%00',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(notAllowed('search'));
  });

  it('in the register name is a 400 and creates no account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: `Ravi${NUL}`, email: 'nul-register@example.com', phone: '9876543210', password: 'pass1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(notAllowed('Name'));
    const [row] = await t.db.select({ n: count() }).from(users).where(eq(users.email, 'nul-register@example.com'));
    expect(row!.n).toBe(0);
  });

  it('in profile fields (name, saved address) is a 400 and changes nothing', async () => {
    const { token, user } = await createTestUser(t.app, { name: 'Before' });
    const update = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(token), payload });
    const name = await update({ name: `After${NUL}` });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe(notAllowed('Name'));
    const address = await update({ name: 'After', addresses: [testAddress({ city: `Pune${NUL}` })] });
    expect(address.statusCode).toBe(400);
    expect(address.json().message).toBe(notAllowed('City'));
    const line1 = await update({ addresses: [testAddress({ line1: `${NUL}12 MG Road` })] });
    expect(line1.json().message).toBe(notAllowed('Address line 1'));
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Before', addresses: [] });
  });

  it('in order customer, address and line fields is a 400 and writes no order', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const before = await rowCounts(t.db);
    const good = orderBody([{ product }]);
    const cases: [object, string][] = [
      [{ customer: { ...good.customer, name: `Asha${NUL}` } }, notAllowed('Name')],
      [{ address: testAddress({ recipientName: `A${NUL}` }) }, notAllowed('Recipient name')],
      [{ address: testAddress({ line2: NUL }) }, notAllowed('Address line 2')],
      [{ address: testAddress({ state: `Kerala${NUL}` }) }, notAllowed('State')],
      [{ address: testAddress({ country: `India${NUL}` }) }, notAllowed('Country')],
      [{ items: [{ ...good.items[0]!, title: `Pump${NUL}` }] }, notAllowed('Title')],
    ];
    for (const [override, message] of cases) {
      const res = await placeOrder(t.app, token, { ...good, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('in the multipart product form (create and edit) is a 400 and writes nothing', async () => {
    const admin = await createTestAdmin(t.app);
    const [before] = await t.db.select({ n: count() }).from(products);
    const send = (method: 'POST' | 'PUT', url: string, form: FormData) =>
      t.app.inject({ method, url, headers: bearer(admin.token), payload: form });
    const fields = { title: 'Nozzle', category: 'Spares', brand: 'Tokheim', price: 100, stock: 3 };
    const cases: [Record<string, string | number>, string][] = [
      [{ title: `Noz${NUL}zle` }, notAllowed('Title')],
      [{ description: `Brass${NUL}` }, notAllowed('Description')],
      [{ category: `Spares${NUL}` }, notAllowed('Category')],
      [{ brand: `${NUL}` }, notAllowed('Brand')],
    ];
    for (const [override, message] of cases) {
      const res = await send('POST', '/api/products', productForm({ ...fields, ...override }));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const variant = await send(
      'POST',
      '/api/products',
      productForm(fields, { variants: [{ size: `XL${NUL}`, price: 10, stock: 1 }] }),
    );
    expect(variant.statusCode).toBe(400);
    expect(variant.json().message).toBe(notAllowed('Size'));
    const [after] = await t.db.select({ n: count() }).from(products);
    expect(after!.n).toBe(before!.n);

    const { product } = await createTestProduct(t.db, { title: 'Kept title' });
    const edit = await send('PUT', `/api/products/${product.id}`, productForm({ ...fields, title: `New${NUL}` }));
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(notAllowed('Title'));
    const [kept] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(kept!.title).toBe('Kept title');
  });

  it('in payment and sandbox ids is a 400', async () => {
    const { token } = await createTestUser(t.app);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/payments/verify',
      headers: bearer(token),
      payload: {
        razorpay_order_id: 'order_x',
        razorpay_payment_id: `pay_${NUL}`,
        razorpay_signature: 'sig',
        orderId: '8a1c7a4e-1111-4c22-9c33-123456789abc',
      },
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().message).toBe(notAllowed('razorpay_payment_id'));
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      headers: bearer(token),
      payload: { order_id: NUL },
    });
    expect(pay.statusCode).toBe(400);
    const order = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/orders/order_%00' });
    expect(order.statusCode).toBe(400);
  });
});

describe('the error handler as a safety net', () => {
  it('answers 400 { message } when the database refuses text with NUL (text 22021, jsonb 22P05)', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/text', async () => t.db.execute(sql`select ${`a${NUL}b`}::text as value`));
    app.get('/jsonb', async () => t.db.execute(sql`select ${JSON.stringify({ a: `b${NUL}` })}::jsonb as value`));
    await app.ready();
    try {
      for (const url of ['/text', '/jsonb']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGE });
      }
    } finally {
      await app.close();
    }
  });
});
