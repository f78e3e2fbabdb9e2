/**
 * Requests for quote through the API (docs/shop-rules.md#quotes): request, answer, revise (superseding), expiry,
 * decline, accept into an order at exactly the quoted prices and delivery charge (its invoice's GST computed as the
 * proforma's), a second accept answering the same order, price-on-request products refused at the cart and at
 * checkout, and who may read or accept (an outsider gets 404, a colleague of the business reads).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { computeTax, indiaDateOf, placeOfSupplyOf, toPaise } from '@pumpkart/shared';
import {
  auditEvents,
  businesses,
  businessMembers,
  orderItems,
  orders,
  outboxMessages,
  products,
  quoteVersions,
  taxDocuments,
} from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { deliverWebhooksByInject, orderBody, payOnline, placeOrder, productStock } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { ensureStoreSettings, findStoreSettings } from '../settings';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
  await ensureStoreSettings(t.app.ctx, demoStoreSettings());
});
afterAll(() => t?.close());

const DAY_MS = 86_400_000;
const inDays = (days: number) => indiaDateOf(new Date(Date.now() + days * DAY_MS));

async function taxedProduct(title: string, price: number, stock: number, gstRate: 5 | 18 = 18) {
  const { product } = await createTestProduct(t.db, { title, price, stock });
  const [row] = await t.db
    .update(products)
    .set({ hsnCode: '84131100', gstRate })
    .where(eq(products.id, product.id))
    .returning();
  return row!;
}

const customer = { name: 'Ravi Dealer', email: 'ravi@example.com', phone: '9123456780' };
const ask = (token: string, lines: { product: string; quantity: number }[], address = testAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: bearer(token),
    payload: { lines, customer, address, notes: 'Need before Diwali' },
  });
const answer = (id: string, prices: number[], extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/admin/quotes/${id}`, headers: bearer(adminToken) }).then((read) => {
    const lines = read.json().data.lines as { _id: string }[];
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${id}/versions`,
      headers: bearer(adminToken),
      payload: {
        lines: lines.map((line, index) => ({ lineId: line._id, unitPrice: prices[index] })),
        shipping: 1500,
        validUntil: inDays(10),
        advancePercent: 30,
        termsNote: 'By NEFT',
        ...extra,
      },
    });
  });
const accept = (id: string, token: string, version: number) =>
  t.app.inject({ method: 'POST', url: `/api/quotes/${id}/accept`, headers: bearer(token), payload: { version } });
const read = (id: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/quotes/${id}`, headers: bearer(token) });

describe('a quote from request to order', () => {
  it('is answered, revised, and accepted at exactly the quoted prices', async () => {
    const buyer = await createTestUser(t.app);
    const dispenser = await taxedProduct('Dispenser Q', 600000, 5);
    const uniform = await taxedProduct('Uniform Q', 900, 200, 5);
    const asked = await ask(buyer.token, [
      { product: dispenser.id, quantity: 1 },
      { product: uniform.id, quantity: 30 },
    ]);
    expect(asked.statusCode).toBe(201);
    const id = asked.json().data._id as string;
    expect(asked.json().data.status).toBe('requested');

    expect((await answer(id, [595000, 850])).statusCode).toBe(201);
    expect((await read(id, buyer.token)).json().data.status).toBe('quoted');
    const revised = await answer(id, [590000, 840]);
    expect(revised.statusCode).toBe(201);
    const detail = (await read(id, buyer.token)).json().data;
    expect(detail.status).toBe('revised');
    expect(detail.versions.map((v: { superseded: boolean }) => v.superseded)).toEqual([true, false]);
    expect(detail.total).toBe(590000 + 30 * 840 + 1500);

    // Version 1 was superseded: refused, nothing written.
    const stale = await accept(id, buyer.token, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/superseded by version 2/);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/quotes/${id}/pdf`, headers: bearer(buyer.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const accepted = await accept(id, buyer.token, 2);
    expect(accepted.statusCode).toBe(201);
    const orderId = accepted.json().data.orderId as string;
    expect(accepted.json().data.quote.status).toBe('accepted');
    // A double click: the same order, nothing more.
    const again = await accept(id, buyer.token, 2);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orderId).toBe(orderId);
    expect(await t.db.select().from(orders).where(eq(orders.quoteId, id))).toHaveLength(1);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.shippingPaise).toBe(150000);
    expect(order!.subtotalPaise).toBe(toPaise(590000 + 30 * 840));
    expect(order!.totalPaise).toBe(toPaise(590000 + 30 * 840 + 1500));
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((item) => [item.title, item.unitPricePaise, item.quantity]).sort()).toEqual(
      [
        ['Dispenser Q', toPaise(590000), 1],
        ['Uniform Q', toPaise(840), 30],
      ].sort(),
    );
    expect(await productStock(t.db, dispenser.id)).toBe(4);
    expect(await productStock(t.db, uniform.id)).toBe(170);

    // Paid, its tax invoice carries the GST the proforma computed (same lines, same delivery charge, same split).
    await payOnline(t.app, buyer.token, orderId);
    const [invoice] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    const settings = (await findStoreSettings(t.app.ctx))!;
    const expected = computeTax({
      sellerStateCode: settings.stateCode,
      placeOfSupplyStateCode: placeOfSupplyOf(testAddress().state).code,
      lines: [
        { description: 'Dispenser Q', hsn: '84131100', quantity: 1, ratePercent: 18, inclusivePaise: toPaise(590000) },
        { description: 'Uniform Q', hsn: '84131100', quantity: 30, ratePercent: 5, inclusivePaise: toPaise(30 * 840) },
      ],
      deliveryChargePaise: 150000,
      deliveryTaxMethod: settings.deliveryTaxMethod,
    });
    expect(invoice!.document.totals).toEqual(expected.totals);
    expect(invoice!.document.supplyType).toBe(expected.supplyType);

    const mails = await t.db.select({ kind: outboxMessages.kind }).from(outboxMessages);
    const kinds = mails.map((mail) => mail.kind);
    for (const kind of ['owner-quote-requested', 'quote-answered', 'owner-quote-accepted'])
      expect(kinds).toContain(kind);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit.map((event) => event.kind).sort()).toEqual(['quote.answered', 'quote.revised']);
  });

  it('refuses an expired, a declined or a short-of-stock quote', async () => {
    const buyer = await createTestUser(t.app);
    const product = await taxedProduct('Air machine Q', 45000, 3);
    const first = (await ask(buyer.token, [{ product: product.id, quantity: 2 }])).json().data._id as string;
    await answer(first, [44000]);
    await t.db
      .update(quoteVersions)
      .set({ validUntil: inDays(-1) })
      .where(eq(quoteVersions.quoteId, first));
    expect((await read(first, buyer.token)).json().data.status).toBe('expired');
    const expired = await accept(first, buyer.token, 1);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);

    const second = (await ask(buyer.token, [{ product: product.id, quantity: 2 }])).json().data._id as string;
    await answer(second, [44000]);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${second}/decline`,
      headers: bearer(adminToken),
    });
    expect(declined.json().data.status).toBe('declined');
    expect((await accept(second, buyer.token, 1)).statusCode).toBe(409);

    const third = (await ask(buyer.token, [{ product: product.id, quantity: 3 }])).json().data._id as string;
    await answer(third, [44000]);
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const short = await accept(third, buyer.token, 1);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toMatch(/Air machine Q/);
    expect((await read(third, buyer.token)).json().data.status).toBe('quoted');
  });
});

describe('price on request', () => {
  it('cannot be added to a cart or ordered directly, only asked for', async () => {
    const buyer = await createTestUser(t.app);
    const product = await taxedProduct('Tank calibration Q', 1000, 5);
    await t.db.update(products).set({ priceOnRequest: true }).where(eq(products.id, product.id));
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(buyer.token),
      payload: { productId: product.id, variantId: null, quantity: 1 },
    });
    expect(cart.statusCode).toBe(409);
    expect(cart.json().message).toMatch(/ask the shop for a quote/);
    const direct = await placeOrder(t.app, buyer.token, orderBody([{ product: { ...product, pricePaise: 100000 } }]));
    expect(direct.statusCode).toBe(409);
    expect((await ask(buyer.token, [{ product: product.id, quantity: 1 }])).statusCode).toBe(201);
    const shown = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(shown.json().priceOnRequest ?? shown.json().data?.priceOnRequest).toBe(true);
  });
});

describe('who sees a quote', () => {
  it('is its requester, their business and the orders area; an outsider gets 404', async () => {
    const buyer = await createTestUser(t.app);
    const colleague = await createTestUser(t.app);
    const outsider = await createTestUser(t.app);
    const [business] = await t.db
      .insert(businesses)
      .values({ legalName: 'Ravi Fuels', billingAddress: testAddress() })
      .returning();
    await t.db.insert(businessMembers).values([
      { userId: buyer.user.id, businessId: business!.id, role: 'buyer' },
      { userId: colleague.user.id, businessId: business!.id, role: 'viewer' },
    ]);
    const product = await taxedProduct('Nozzle Q', 2000, 50);
    const id = (await ask(buyer.token, [{ product: product.id, quantity: 5 }])).json().data._id as string;

    expect((await read(id, colleague.token)).statusCode).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/api/quotes', headers: bearer(colleague.token) });
    expect(listed.json().data.map((quote: { _id: string }) => quote._id)).toContain(id);
    expect((await read(id, outsider.token)).statusCode).toBe(404);
    const outsiderList = await t.app.inject({ method: 'GET', url: '/api/quotes', headers: bearer(outsider.token) });
    expect(outsiderList.json().data).toEqual([]);
    await answer(id, [1900]);
    expect((await accept(id, outsider.token, 1)).statusCode).toBe(404);
    // A viewer reads but may not accept.
    expect((await accept(id, colleague.token, 1)).statusCode).toBe(403);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/quotes/${id}/pdf`, headers: bearer(outsider.token) });
    expect(pdf.statusCode).toBe(404);
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/quotes', headers: bearer(buyer.token) });
    expect(admin.statusCode).toBe(403);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/quotes?status=quoted&search=ravi',
      headers: bearer(adminToken),
    });
    expect(page.json().data.map((quote: { _id: string }) => quote._id)).toContain(id);

    const message = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/messages`,
      headers: bearer(buyer.token),
      payload: { body: 'Can you deliver by Friday?' },
    });
    expect(message.json().data.messages).toHaveLength(1);
    const outsiderMessage = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/messages`,
      headers: bearer(outsider.token),
      payload: { body: 'Hello' },
    });
    expect(outsiderMessage.statusCode).toBe(404);
  });
});
