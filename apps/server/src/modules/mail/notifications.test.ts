/**
 * The e-mails the shop's own changes send (docs/shop-rules.md#emails), end to end through a real SMTP server in
 * this process: each change writes its messages in its own transaction, the worker delivers them, and each arrives
 * exactly once with the right recipient, subject, amounts (the storefront's price format) and links.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, type MailKind } from '@pumpkart/shared';
import { outboxMessages, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  deliverWebhooksByInject,
  orderBody,
  payOnline,
  placeOrderOk,
  statusBody,
  TEST_SHIPMENT,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { ensureStoreSettings } from '../settings';

const OWNER = 'owner@pumpkart.test';
const SHOP = 'https://shop.pumpkart.test';
/** The buyer's e-mails go to the address given at checkout (orderBody's), not the account's. */
const CHECKOUT_EMAIL = 'asha@example.com';

let smtp: TestSmtpServer;
let t: TestApp;
let adminToken: string;
let webhooks: ReturnType<typeof deliverWebhooksByInject>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    ORDER_NOTIFY_EMAIL: OWNER,
    PUBLIC_URL: SHOP,
    COD_ENABLED: 'true',
    MAIL_POLL_INTERVAL_MS: '100',
  });
  webhooks = deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
  await ensureStoreSettings(t.app.ctx, demoStoreSettings());
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The outbox rows of one kind about an order (or, for orderless kinds, all of them). */
async function outboxRows(kind: MailKind, orderId?: string) {
  return t.db
    .select()
    .from(outboxMessages)
    .where(
      orderId ? and(eq(outboxMessages.kind, kind), eq(outboxMessages.orderId, orderId)) : eq(outboxMessages.kind, kind),
    );
}

/**
 * The one e-mail of `kind` about `orderId`: exactly one outbox row, delivered, and exactly one message with its
 * Message-ID at the SMTP server (after giving a second one time to turn up).
 */
async function theMail(kind: MailKind, orderId: string): Promise<ReceivedMail> {
  const rows = await outboxRows(kind, orderId);
  expect(rows, `${kind} outbox rows`).toHaveLength(1);
  const id = rows[0]!.id;
  await smtp.waitFor(1, 10_000, (mail) => mail.messageId?.startsWith(`<${id}@`) ?? false);
  await t.app.ctx.mail.drain();
  expect(smtp.withId(id), `${kind} deliveries`).toHaveLength(1);
  const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  expect(row!.status).toBe('sent');
  return smtp.withId(id)[0]!;
}

const numberOf = (orderId: string) => orderId.slice(-6);
const orderLink = (orderId: string) => `${SHOP}/order/${orderId}`;

/** The facts a buyer's order e-mail must carry, in both parts. */
function expectOrderFacts(mail: ReceivedMail, orderId: string, amounts: number[], to: string) {
  expect(mail.to).toContain(to);
  expect(mail.subject).toContain(numberOf(orderId));
  for (const part of [mail.html as string, mail.text!]) {
    expect(part).toContain(numberOf(orderId));
    for (const amount of amounts) expect(part).toContain(formatPrice(amount));
  }
  expect(mail.html).toContain(`href="${orderLink(orderId)}"`);
  expect(mail.text).toContain(orderLink(orderId));
}

const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(adminToken),
    payload: statusBody(status),
  });

describe('order e-mails', () => {
  it('a COD order tells the buyer (placed, with the total) and the owner (new order), once each', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 1850, stock: 10 });
    const order = await placeOrderOk(
      t.app,
      buyer.token,
      orderBody([{ product, quantity: 2 }], {
        paymentMode: 'cod',
        customer: { name: 'Asha Rao', email: 'asha@buyer.test', phone: '9876543210' },
      }),
    );

    const placed = await theMail('order-placed', order._id);
    expectOrderFacts(placed, order._id, [order.total, 1850 * 2], 'asha@buyer.test');
    expect(placed.from).toContain('no-reply@pumpkart.in');

    const owner = await theMail('owner-new-order', order._id);
    expect(owner.to).toContain(OWNER);
    expect(owner.subject).toContain(numberOf(order._id));
    expect(owner.text).toContain(formatPrice(order.total));
    expect(owner.text).toContain('Asha Rao');
    expect(owner.html).toContain(`${SHOP}/admin/orders`);
    // An online order's messages wait for its payment.
    expect(await outboxRows('payment-received', order._id)).toHaveLength(0);
  });

  it('an online order tells the buyer once paid, with the tax invoice attached, even when the webhook follows verify', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 2360, stock: 5 });
    await t.db.update(products).set({ hsnCode: '84131100', gstRate: 18 }).where(eq(products.id, product.id));
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    expect(await outboxRows('owner-new-order', order._id)).toHaveLength(0);

    await payOnline(t.app, buyer.token, order._id);
    await webhooks.drain(); // the sandbox's payment.captured arrives after verify settled it: nothing more is sent

    const paid = await theMail('payment-received', order._id);
    expectOrderFacts(paid, order._id, [order.total], CHECKOUT_EMAIL);
    const [invoice] = paid.attachments;
    expect(invoice?.contentType).toBe('application/pdf');
    expect(invoice?.filename).toMatch(/\.pdf$/);
    expect(invoice!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await theMail('owner-new-order', order._id)).to).toContain(OWNER);
  });

  it('shipped carries the courier, tracking number and tracking link; delivered follows', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 999.5, stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await payOnline(t.app, buyer.token, order._id);
    const trackingUrl = 'https://www.delhivery.com/track/package/DLV-1234567890';
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: bearer(adminToken),
      payload: { status: 'shipped', shipment: { ...TEST_SHIPMENT, trackingUrl } },
    });
    expect(shipped.statusCode).toBe(200);

    const mail = await theMail('order-shipped', order._id);
    expectOrderFacts(mail, order._id, [], CHECKOUT_EMAIL);
    for (const part of [mail.html as string, mail.text!]) {
      expect(part).toContain(TEST_SHIPMENT.courier);
      expect(part).toContain(TEST_SHIPMENT.trackingNumber);
    }
    expect(mail.html).toContain(`href="${trackingUrl}"`);
    expect(mail.text).toContain(trackingUrl);

    expect((await setStatus(order._id, 'delivered')).statusCode).toBe(200);
    expectOrderFacts(await theMail('order-delivered', order._id), order._id, [], CHECKOUT_EMAIL);
  });

  it('a paid order cancelled by its buyer says the refund amount, and the refund e-mail follows once', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 1250, stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 2 }]));
    await payOnline(t.app, buyer.token, order._id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order._id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(200);

    const cancelled = await theMail('order-cancelled', order._id);
    expectOrderFacts(cancelled, order._id, [order.total], CHECKOUT_EMAIL);
    const refunded = await theMail('refund-processed', order._id);
    expectOrderFacts(refunded, order._id, [order.total], CHECKOUT_EMAIL);
    await webhooks.drain(); // the gateway's refund webhook changes nothing more
    expect(await outboxRows('refund-processed', order._id)).toHaveLength(1);
  });

  it('an unpaid order cancelled by its buyer says nothing was charged', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 640, stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    await t.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}/cancel`, headers: bearer(buyer.token) });
    const mail = await theMail('order-cancelled', order._id);
    expectOrderFacts(mail, order._id, [], CHECKOUT_EMAIL);
    expect(await outboxRows('refund-processed', order._id)).toHaveLength(0);
  });

  it('cash collected for a cancelled COD order: the buyer is told it comes back, the owner to return it by hand', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { price: 4200, stock: 5 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }], { paymentMode: 'cod' }));
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/payments/${order._id}/cod`,
      headers: bearer(adminToken),
    });
    expect(paid.statusCode).toBe(200);
    expect((await setStatus(order._id, 'cancelled')).statusCode).toBe(200);

    expectOrderFacts(await theMail('order-cancelled', order._id), order._id, [order.total], CHECKOUT_EMAIL);
    const owner = await theMail('owner-refund-action', order._id);
    expect(owner.to).toContain(OWNER);
    expect(owner.subject).toContain(numberOf(order._id));
    expect(owner.text).toContain(formatPrice(order.total));
  });
});

describe("the owner's stock e-mail", () => {
  it('tells the owner once when an order takes a product down to its low-stock threshold', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, {
      title: 'Fire Extinguisher ABC 6 kg',
      price: 2100,
      stock: 6,
      lowStockThreshold: 3,
    });

    await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 2 }], { paymentMode: 'cod' })); // 6 -> 4
    await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 2 }], { paymentMode: 'cod' })); // 4 -> 2
    await placeOrderOk(t.app, buyer.token, orderBody([{ product, quantity: 1 }], { paymentMode: 'cod' })); // 2 -> 1

    const rows = (await outboxRows('owner-low-stock')).filter((row) => row.data.productId === product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ stock: 2, threshold: 3 });
    const [mail] = await smtp.waitFor(1, 10_000, (m) => m.messageId?.startsWith(`<${rows[0]!.id}@`) ?? false);
    expect(mail!.to).toContain(OWNER);
    expect(mail!.subject).toContain('Fire Extinguisher ABC 6 kg');
    expect(mail!.text).toContain(`${SHOP}/admin/products`);
  });
});

describe('the outbox and the transaction', () => {
  it('an order refused for stock writes no e-mail', async () => {
    const buyer = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 1 });
    const before = (await t.db.select().from(outboxMessages)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: orderBody([{ product, quantity: 3 }], { paymentMode: 'cod' }),
    });
    expect(res.statusCode).toBe(409);
    expect((await t.db.select().from(outboxMessages)).length).toBe(before);
  });
});
