/**
 * The admin's order list sends its page as JSON text the database builds (store/order-json.ts; decision 0011, seventh
 * part), while every other read maps its orders with orderDtoOf (store/order-dto.ts). The page must stay the mapper's
 * JSON byte for byte: JSON.stringify of loadOrders' DTOs and of orderDtoOf over the rows drizzle reads, and each
 * order as GET /api/orders/{id} answers it, with every part an order can carry: lines with a size, with images in
 * display order (renditions at, below, above and without the primary width) and with a permanently deleted product,
 * the payment, invoice, credit note, shipment (tracking URL, e-way bill) and delivery time, the buyer's business
 * name and GSTIN, `payBy`, addresses with and without their optional keys, (line2 is optional; country is required by the contract) and names with quotes, backslashes,
 * control characters and other scripts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { gstinCheckCharacter, orderListResponseSchema, toRupees, type OrderDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders as ordersTable, payments, productImages, products, users } from '../../db/schema';
import { taxDocumentsOfOrders } from '../invoices';
import { loadProductImages } from '../products';
import { loadOrders, orderDtoOf } from './store/order-dto';
import { demoStoreSettings } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  deliverWebhooksByInject,
  orderBody,
  orderRowOf,
  paymentOf,
  payOnline,
  placeOrderOk,
  statusBody,
} from '../../test/commerce-factories';
import {
  createTestAdmin,
  createTestProduct,
  createTestUser,
  testAddress,
  type TestProductInput,
} from '../../test/factories';
import { ensureStoreSettings } from '../settings';

let t: TestApp;
let adminToken: string;
const ids: Record<'delivered' | 'refunded' | 'unpaid' | 'cod', string> = {
  delivered: '',
  refunded: '',
  unpaid: '',
  cod: '',
};
let imagedProductId = '';

/** A Karnataka business buyer's GSTIN (state code 29) that passes the check character. */
const GSTIN = `29AABFB1234C1Z${gstinCheckCharacter('29AABFB1234C1Z')}`;

/** A product with the HSN code and rate a tax invoice needs on every line. */
async function createTaxedProduct(db: DbOrTx, input: TestProductInput) {
  const created = await createTestProduct(db, input);
  await db.update(products).set({ hsnCode: '84131100', gstRate: 18 }).where(eq(products.id, created.product.id));
  return created;
}

const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(adminToken),
    payload: statusBody(status),
  });

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
  deliverWebhooksByInject(t.app);
  await ensureStoreSettings(t.app.ctx, demoStoreSettings());
  adminToken = (await createTestAdmin(t.app)).token;
  const buyer = await createTestUser(t.app);

  // Products with tax data (an invoice needs every line's HSN code): one with two images, stored out of display
  // order (position 1 first), one with sizes, and one deleted for good once ordered.
  const imaged = await createTaxedProduct(t.db, { price: 1180, stock: 20 });
  imagedProductId = imaged.product.id;
  for (const [position, name] of [
    [1, 'second'],
    [0, 'first'],
  ] as const) {
    await t.db.insert(productImages).values({
      productId: imaged.product.id,
      publicId: `products/${imaged.product.id}-${name}`,
      width: 640,
      height: 480,
      renditions: [1024, 320, 640],
      position,
    });
  }
  // Renditions below the primary width only, above it only, and none (an image toImageDto gives an empty url).
  for (const [position, renditions, height] of [
    [2, [480, 320], 360],
    [3, [1024, 800], null],
    [4, [], 480],
  ] as const) {
    await t.db.insert(productImages).values({
      productId: imaged.product.id,
      publicId: `products/${imaged.product.id}-${position}`,
      width: 640,
      height,
      renditions: [...renditions],
      position,
    });
  }
  const sized = await createTaxedProduct(t.db, {
    variants: [
      { size: 'M', price: 525, stock: 10 },
      { size: 'L', price: 600, stock: 10 },
    ],
  });
  const doomed = await createTaxedProduct(t.db, { price: 250, stock: 10 });

  // Delivered: paid online (invoiced), shipped with a tracking URL, then delivered; a business buyer.
  const delivered = await placeOrderOk(
    t.app,
    buyer.token,
    orderBody(
      [
        { product: imaged.product, quantity: 2 },
        { product: sized.product, variant: sized.variants[1], quantity: 1 },
        { product: doomed.product, quantity: 3 },
      ],
      {
        customer: {
          name: 'Asha Patel',
          email: 'asha@example.com',
          phone: '9123456780',
          businessName: 'Shree Fuels',
          gstin: GSTIN,
        },
      },
    ),
  );
  ids.delivered = delivered._id;
  await payOnline(t.app, buyer.token, delivered._id);
  const shipped = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${delivered._id}/status`,
    headers: bearer(adminToken),
    payload: {
      status: 'shipped',
      shipment: { courier: 'Blue Dart', trackingNumber: '12345 678901', trackingUrl: 'https://bluedart.com/t?n=1' },
    },
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  expect((await setStatus(delivered._id, 'delivered')).statusCode).toBe(200);
  await t.db.delete(products).where(eq(products.id, doomed.product.id));

  // Refunded: paid online (invoiced), then cancelled by the buyer (credit note).
  const refunded = await placeOrderOk(t.app, buyer.token, orderBody([{ product: imaged.product }]));
  ids.refunded = refunded._id;
  await payOnline(t.app, buyer.token, refunded._id);
  const cancelled = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${refunded._id}/cancel`,
    headers: bearer(buyer.token),
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  // Unpaid online (it carries payBy), and cash on delivery.
  ids.unpaid = (
    await placeOrderOk(t.app, buyer.token, orderBody([{ product: sized.product, variant: sized.variants[0] }]))
  )._id;
  ids.cod = (
    await placeOrderOk(t.app, buyer.token, orderBody([{ product: imaged.product }], { paymentMode: 'cod' }))
  )._id;

  // Text JSON must escape, and addresses with and without their optional keys, written straight into the rows.
  const awkward = 'Zoë "Q" O\\Brien\u0001\t\n — नमस्ते 😀';
  await t.db.update(users).set({ name: awkward }).where(eq(users.id, buyer.user.id));
  await t.db
    .update(products)
    .set({ title: `${awkward} pump` })
    .where(eq(products.id, sized.product.id));
  await t.db
    .update(ordersTable)
    .set({ customerName: awkward, address: { ...testAddress(), line2: 'Flat 4 "B"', recipientName: awkward } })
    .where(eq(ordersTable.id, ids.cod));
  // An address stored without line2 (optional in the contract: a row written before its default).
  const { line2: _line2, ...bare } = testAddress();
  await t.db
    .update(ordersTable)
    .set({ address: bare as ReturnType<typeof testAddress> })
    .where(eq(ordersTable.id, ids.unpaid));
  await t.db
    .update(ordersTable)
    .set({ ewayBillNumber: '123456789012', vehicleNumber: 'KA01AB1234', transporterId: null })
    .where(eq(ordersTable.id, ids.delivered));
});
afterAll(() => t?.close());

/** The list's page of every order, as sent. */
async function listed(): Promise<{ body: string; orders: Map<string, OrderDto> }> {
  const res = await get('/api/orders?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const page = JSON.parse(res.body) as { data: OrderDto[]; total: number };
  return { body: res.body, orders: new Map(page.data.map((order) => [order._id, order])) };
}

/**
 * The orders' DTOs as orderDtoOf builds them (the answer to a placed order) from rows drizzle reads, images by
 * toImageDto: the reference the list's JSON must match byte for byte.
 */
async function referenceDtos(orderIds: string[]): Promise<Map<string, string>> {
  const rows = await t.db
    .select({ order: ordersTable, user: { id: users.id, name: users.name, email: users.email }, payment: payments })
    .from(ordersTable)
    .innerJoin(users, eq(users.id, ordersTable.userId))
    .leftJoin(payments, eq(payments.orderId, ordersTable.id))
    .where(inArray(ordersTable.id, orderIds));
  const lines = await t.db
    .select({ item: orderItems, productTitle: products.title })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  const images = await loadProductImages(
    t.db,
    t.app.ctx.storage,
    lines.flatMap(({ item }) => (item.productId ? [item.productId] : [])),
  );
  const documents = await taxDocumentsOfOrders(t.db, orderIds);
  return new Map(
    rows.map(({ order, user, payment }) => [
      order.id,
      JSON.stringify(
        orderDtoOf(
          {
            order,
            user,
            payment,
            items: lines.filter(({ item }) => item.orderId === order.id),
            images,
            documents: documents.get(order.id),
          },
          t.config.ORDER_PAYMENT_TIMEOUT_MIN,
        ),
      ),
    ]),
  );
}

describe("GET /api/orders: the database's JSON text", () => {
  it("is JSON.stringify of loadOrders' DTOs (orderDtoOf), byte for byte, in the list's order", async () => {
    const { body } = await listed();
    const dtos = await loadOrders(t.app.ctx, inArray(ordersTable.id, Object.values(ids)));
    expect(dtos).toHaveLength(4);
    expect(body).toBe(JSON.stringify({ data: dtos, total: 4 }));
  });

  it("is orderDtoOf's JSON of each order, byte for byte, from the rows drizzle reads", async () => {
    const { body } = await listed();
    const reference = await referenceDtos(Object.values(ids));
    const data = body.slice('{"data":'.length, body.lastIndexOf(',"total":'));
    const listedOrders = JSON.parse(data) as OrderDto[];
    expect(listedOrders).toHaveLength(4);
    // The array's text is the orders' reference texts joined: nothing is re-encoded on the way.
    const expected = `[${listedOrders.map((order) => reference.get(order._id)).join(',')}]`;
    expect(data).toBe(expected);
  });

  it('sends each order exactly as GET /api/orders/{id} serializes it through the schema', async () => {
    const { orders } = await listed();
    expect([...orders.keys()].sort()).toEqual(Object.values(ids).sort());
    for (const id of Object.values(ids)) {
      const one = await get(`/api/orders/${id}`);
      expect(one.statusCode).toBe(200);
      const expected = (one.json() as { data: OrderDto }).data;
      expect(orders.get(id)).toEqual(expected);
      // Key order and number formatting too: JSON.stringify keeps both as parsed.
      expect(JSON.stringify(orders.get(id))).toBe(JSON.stringify(expected));
    }
  });

  it("is the response schema's own output for its orders: encoding it again changes nothing", async () => {
    const { body } = await listed();
    expect(JSON.stringify(z.encode(orderListResponseSchema, JSON.parse(body)))).toBe(body);
  });

  it('carries every part: lines with a size, images, a deleted product; payment, documents, shipment, times', async () => {
    const { orders } = await listed();
    const delivered = orders.get(ids.delivered)!;
    const row = await orderRowOf(t.db, ids.delivered);
    const payment = await paymentOf(t.db, ids.delivered);
    // Times as drizzle maps the columns (milliseconds; the database keeps microseconds).
    expect(delivered).toMatchObject({
      status: 'delivered',
      businessName: 'Shree Fuels',
      gstin: GSTIN,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      deliveredAt: row.deliveredAt!.toISOString(),
      shipment: {
        courier: 'Blue Dart',
        trackingNumber: '12345 678901',
        trackingUrl: 'https://bluedart.com/t?n=1',
        ewayBillNumber: '123456789012',
        vehicleNumber: 'KA01AB1234',
        transporterId: null,
        shippedAt: row.shippedAt!.toISOString(),
      },
      payment: {
        _id: payment.id,
        mode: 'online',
        status: 'success',
        amount: toRupees(payment.amountPaise),
        transactionId: payment.gatewayPaymentId,
        razorpayOrderId: payment.gatewayOrderId,
      },
      invoice: { number: expect.any(String), issuedAt: expect.any(String) },
      creditNote: null,
      payBy: null,
    });
    expect(delivered.items).toHaveLength(3);
    const withImages = delivered.items.find((item) => item.product?._id === imagedProductId)!;
    // The images in display order, as the product's own page shows them.
    const product = (await get(`/api/products/${imagedProductId}`)).json() as { images: unknown[] };
    expect(withImages.product!.images).toHaveLength(5);
    expect(withImages.product!.images).toEqual(product.images);
    expect(withImages.image).toBe((product.images[0] as { url: string }).url);
    expect(delivered.items.find((item) => item.variant?.size === 'L')).toMatchObject({ quantity: 1, price: 600 });
    expect(delivered.items.find((item) => item.product === null)).toMatchObject({ quantity: 3, price: 250 });

    const refunded = orders.get(ids.refunded)!;
    expect(refunded).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect(refunded.invoice).not.toBeNull();
    expect(refunded.creditNote).toEqual({ number: expect.any(String), issuedAt: expect.any(String) });

    const unpaid = orders.get(ids.unpaid)!;
    const unpaidPayment = await paymentOf(t.db, ids.unpaid);
    const timeoutMs = t.config.ORDER_PAYMENT_TIMEOUT_MIN * 60_000;
    expect(unpaid.payBy).toBe(new Date(unpaidPayment.createdAt.getTime() + timeoutMs).toISOString());
    expect(orders.get(ids.cod)).toMatchObject({ paymentMode: 'cod', payment: { mode: 'cod', status: 'pending' } });
  });
});
