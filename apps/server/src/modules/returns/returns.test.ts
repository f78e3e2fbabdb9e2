/**
 * Returns end to end through the API (docs/shop-rules.md#returns): the buyer's request within the window, never
 * more units than bought, the owner's approve/refuse/receive/refund, stock, the partial gateway refund or cash,
 * the credit note of exactly the returned lines and their delivery share, the e-mails and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { documentTotalPaise, financialYearOf, toPaise, type OrderReturns } from '@pumpkart/shared';
import { auditEvents, orders, outboxMessages, products, storeSettings, taxDocuments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import {
  deliverWebhooksByInject,
  orderBody,
  paymentOf,
  payOnline,
  placeOrderOk,
  productStock,
  statusBody,
} from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { ensureStoreSettings } from '../settings';
import { demoStoreSettings } from '../../seed/demo-store-settings';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
  deliverWebhooksByInject(t.app);
  adminToken = (await createTestAdmin(t.app)).token;
  await ensureStoreSettings(t.app.ctx, demoStoreSettings());
});

/** A product with tax data, as invoices need it. */
async function createTaxedProduct(
  db: TestApp['db'],
  input: { title: string; price: number; stock: number; gstRate?: 5 | 18; hsnCode?: string },
) {
  const { product } = await createTestProduct(db, input);
  const [taxed] = await db
    .update(products)
    .set({ hsnCode: input.hsnCode ?? '84131100', gstRate: input.gstRate ?? 18 })
    .where(eq(products.id, product.id))
    .returning();
  return { product: taxed! };
}
afterAll(() => t?.close());

const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: bearer(adminToken),
    payload: statusBody(status),
  });
const returnsOf = async (orderId: string, token = adminToken): Promise<OrderReturns> =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/returns`, headers: bearer(token) })).json().data;
const act = (orderId: string, returnId: string, action: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns/${returnId}/${action}`,
    headers: bearer(adminToken),
    ...(payload ? { payload } : {}),
  });

let photo: Buffer;
async function ask(orderId: string, token: string, lines: { orderItemId: string; quantity: number }[], photos = 0) {
  photo ??= await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('request', JSON.stringify({ lines, reason: 'Wrong size delivered' }));
  for (let i = 0; i < photos; i += 1) form.append('photos', new Blob([photo], { type: 'image/png' }), `p${i}.png`);
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns`,
    headers: bearer(token),
    payload: form as unknown as object,
  });
}

/** A delivered order of 3 × ₹1,180 (18 %) and 1 × ₹525 (5 %), online or COD (marked paid). */
async function deliveredOrder(paymentMode: 'online' | 'cod' = 'online') {
  const buyer = await createTestUser(t.app);
  const a = await createTaxedProduct(t.db, { title: 'A pump', price: 1180, stock: 10 });
  const b = await createTaxedProduct(t.db, { title: 'B hose', price: 525, stock: 10, gstRate: 5, hsnCode: '40093100' });
  const body = orderBody(
    [
      { product: a.product, quantity: 3 },
      { product: b.product, quantity: 1 },
    ],
    { paymentMode, address: testAddress({ state: 'Karnataka' }) },
  );
  const order = await placeOrderOk(t.app, buyer.token, body);
  if (paymentMode === 'online') await payOnline(t.app, buyer.token, order._id);
  else await t.app.inject({ method: 'PATCH', url: `/api/payments/${order._id}/cod`, headers: bearer(adminToken) });
  expect((await setStatus(order._id, 'shipped')).statusCode).toBe(200);
  expect((await setStatus(order._id, 'delivered')).statusCode).toBe(200);
  const { lines } = await returnsOf(order._id, buyer.token);
  const lineOf = (title: string) => lines.find((line) => line.title === title)!.orderItemId;
  return { buyer, order, a: a.product, b: b.product, lineA: lineOf('A pump'), lineB: lineOf('B hose') };
}

const saveWindow = (returnWindowDays: number) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/store',
    headers: bearer(adminToken),
    payload: { ...DEMO_STORE_SETTINGS_INPUT, returnWindowDays },
  });

const mailKinds = async (orderId: string) =>
  (await t.db.select({ kind: outboxMessages.kind, data: outboxMessages.data }).from(outboxMessages))
    .filter((row) => (row.data as { orderId?: string }).orderId === orderId)
    .map((row) => row.kind);

describe('a return paid online', () => {
  it('goes from request to a partial gateway refund with its credit note, never more units than bought', async () => {
    const { buyer, order, a, lineA, lineB } = await deliveredOrder();
    const before = await returnsOf(order._id, buyer.token);
    expect(before).toMatchObject({ open: true, returns: [] });
    expect(before.lastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const first = await ask(order._id, buyer.token, [{ orderItemId: lineA, quantity: 2 }], 2);
    expect(first.statusCode, first.body).toBe(201);
    const requested = first.json().data as OrderReturns;
    expect(requested.returns).toHaveLength(1);
    expect(requested.returns[0]).toMatchObject({ number: 1, status: 'requested', reason: 'Wrong size delivered' });
    expect(requested.returns[0]!.photos).toHaveLength(2);
    expect(requested.lines.find((line) => line.orderItemId === lineA)).toMatchObject({ bought: 3, returnable: 1 });

    // Only one unit of A is left to ask for; a line of another order is refused.
    const tooMany = await ask(order._id, buyer.token, [{ orderItemId: lineA, quantity: 2 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('At most 1 unit of "A pump" can still be returned.');
    // Someone else's order is not found; staff cannot ask in the buyer's name.
    const stranger = await createTestUser(t.app);
    expect((await ask(order._id, stranger.token, [{ orderItemId: lineA, quantity: 1 }])).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/returns`, headers: bearer(stranger.token) }))
        .statusCode,
    ).toBe(404);

    const returnId = requested.returns[0]!._id;
    expect((await act(order._id, returnId, 'receive', { restock: true })).statusCode).toBe(409);
    expect((await act(order._id, returnId, 'approve')).json().data.returns[0].status).toBe('approved');
    expect((await act(order._id, returnId, 'approve')).statusCode).toBe(409);
    const stock = await productStock(t.db, a.id);
    const received = await act(order._id, returnId, 'receive', { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(await productStock(t.db, a.id)).toBe(stock + 2);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    const share = Math.floor((row!.shippingPaise * 236_000) / row!.subtotalPaise);
    expect(received.json().data.returns[0]).toMatchObject({
      status: 'received',
      restocked: true,
      refundMode: 'online',
      refund: (236_000 + share) / 100,
      deliveryShare: share / 100,
    });

    const refunded = await act(order._id, returnId, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    const done = refunded.json().data.returns[0];
    expect(done).toMatchObject({ status: 'refunded', refundError: null });
    expect(done.refundId).toMatch(/^rfnd_/);
    expect(done.creditNote.number).toBe(`CN/${financialYearOf(new Date()).shortLabel}/000001`);
    expect((await paymentOf(t.db, order._id))!.status).toBe('success');
    expect((await act(order._id, returnId, 'refund')).statusCode).toBe(409);

    const [note] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, done.creditNote._id));
    expect(note!.returnId).toBe(returnId);
    expect(documentTotalPaise(note!.document)).toBe(236_000 + share);
    const goods = note!.document.lines.filter((line) => line.kind === 'goods');
    expect(goods).toEqual([expect.objectContaining({ quantity: 2, ratePercent: 18, inclusivePaise: 236_000 })]);
    expect(
      note!.document.lines.filter((line) => line.kind === 'delivery').reduce((s, l) => s + l.inclusivePaise, 0),
    ).toBeGreaterThanOrEqual(share - 2);
    expect(note!.document).toMatchObject({ kind: 'credit-note', partial: true, reason: 'Goods returned (return 1)' });
    // The order's own credit note (a cancellation's) is still none.
    const dto = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(adminToken) })
    ).json().data;
    expect(dto.creditNote).toBeNull();

    // The rest, without restock: the delivery shares of both returns add up to the delivery charge.
    const second = await ask(order._id, buyer.token, [
      { orderItemId: lineA, quantity: 1 },
      { orderItemId: lineB, quantity: 1 },
    ]);
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().data.returns[1]._id;
    await act(order._id, secondId, 'approve');
    const stockNow = await productStock(t.db, a.id);
    await act(order._id, secondId, 'receive', { restock: false });
    expect(await productStock(t.db, a.id)).toBe(stockNow);
    const last = (await act(order._id, secondId, 'refund')).json().data as OrderReturns;
    expect(last.returns.reduce((sum, r) => sum + toPaise(r.deliveryShare ?? 0), 0)).toBe(row!.shippingPaise);
    expect(last.returns.reduce((sum, r) => sum + toPaise(r.refund ?? 0), 0)).toBe(row!.totalPaise);
    expect(last.returns[1]!.creditNote!.number).toBe(`CN/${financialYearOf(new Date()).shortLabel}/000002`);
    expect(last.open).toBe(false);

    // Nothing is left to return, and the order can no longer be cancelled whole.
    expect((await ask(order._id, buyer.token, [{ orderItemId: lineB, quantity: 1 }])).statusCode).toBe(409);
    const cancel = await setStatus(order._id, 'cancelled');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/has returns/);

    expect(await mailKinds(order._id)).toEqual(
      expect.arrayContaining([
        'return-requested',
        'owner-return-requested',
        'return-approved',
        'return-received',
        'return-refunded',
      ]),
    );
    const audits = await t.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, order._id));
    expect(audits.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['order.return_approved', 'order.return_received', 'order.return_refunded']),
    );

    // The credit note's PDF, for the buyer.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}/documents/${done.creditNote._id}`,
      headers: bearer(buyer.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/Credit-Note-CN-/);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/${order._id}/documents/${done.creditNote._id}`,
          headers: bearer(stranger.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps the refund pending when the gateway fails, and a second try refunds once', async () => {
    const { buyer, order, lineB } = await deliveredOrder();
    const id = (await ask(order._id, buyer.token, [{ orderItemId: lineB, quantity: 1 }])).json().data.returns[0]._id;
    await act(order._id, id, 'approve');
    await act(order._id, id, 'receive', { restock: true });
    const gateway = t.app.ctx.payments.gateway;
    const refund = gateway.refund.bind(gateway);
    gateway.refund = async () => {
      throw new Error('The payment provider did not answer the refund in time.');
    };
    try {
      const failed = await act(order._id, id, 'refund');
      expect(failed.statusCode).toBe(200);
      expect(failed.json().message).toMatch(/did not make the refund/);
      expect(failed.json().data.returns[0]).toMatchObject({ status: 'refund_pending' });
      expect(failed.json().data.returns[0].refundError).toMatch(/did not answer/);
    } finally {
      gateway.refund = refund;
    }
    const again = await act(order._id, id, 'refund');
    expect(again.json().data.returns[0]).toMatchObject({ status: 'refunded' });
    // One credit note for the return, whatever the tries.
    const notes = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order._id), eq(taxDocuments.kind, 'credit-note')));
    expect(notes).toHaveLength(1);
  });
});

describe('a cash-on-delivery return', () => {
  it('can be refused with a reason; a new request is then refunded in cash, recorded by the owner', async () => {
    const { buyer, order, lineA } = await deliveredOrder('cod');
    const id = (await ask(order._id, buyer.token, [{ orderItemId: lineA, quantity: 3 }])).json().data.returns[0]._id;
    expect((await act(order._id, id, 'refuse', { reason: 'x' })).statusCode).toBe(400);
    const refused = await act(order._id, id, 'refuse', { reason: 'Used: fuel stains on the spout' });
    expect(refused.json().data.returns[0]).toMatchObject({
      status: 'refused',
      refusalReason: 'Used: fuel stains on the spout',
    });
    // A refused return gives its units back to ask for.
    const again = await ask(order._id, buyer.token, [{ orderItemId: lineA, quantity: 3 }]);
    expect(again.statusCode).toBe(201);
    const id2 = again.json().data.returns[1]._id;
    await act(order._id, id2, 'approve');
    await act(order._id, id2, 'receive', { restock: true });
    const cash = await act(order._id, id2, 'refund');
    expect(cash.json().data.returns[1]).toMatchObject({ status: 'refunded', refundMode: 'cash', refundId: null });
    expect(await mailKinds(order._id)).toContain('return-refused');
  });
});

describe('the return window', () => {
  it('closes after the days the store set, is off at 0, and opens only once delivered', async () => {
    const { buyer, order, lineA } = await deliveredOrder();
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 9 * 86_400_000) })
      .where(eq(orders.id, order._id));
    const late = await ask(order._id, buyer.token, [{ orderItemId: lineA, quantity: 1 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^The return window of this order closed on \d{4}-\d{2}-\d{2}\.$/);
    expect((await returnsOf(order._id, buyer.token)).open).toBe(false);

    // The owner's setting: 10 days reopens it, 0 turns returns off, 91 is refused.
    expect((await saveWindow(91)).statusCode).toBe(400);
    expect((await saveWindow(10)).json().returnWindowDays).toBe(10);
    expect((await ask(order._id, buyer.token, [{ orderItemId: lineA, quantity: 1 }])).statusCode).toBe(201);
    await saveWindow(0);
    const fresh = await deliveredOrder();
    const closed = await ask(fresh.order._id, fresh.buyer.token, [{ orderItemId: fresh.lineA, quantity: 1 }]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This shop does not take returns.');
    await saveWindow(7);
    const [settings] = await t.db.select({ days: storeSettings.returnWindowDays }).from(storeSettings);
    expect(settings!.days).toBe(7);
  });

  it('refuses a bad request with a clear 400', async () => {
    const { buyer, order, lineA } = await deliveredOrder();
    const form = new FormData();
    form.append('request', 'not json');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/returns`,
      headers: bearer(buyer.token),
      payload: form as unknown as object,
    });
    expect(bad.statusCode).toBe(400);
    expect((await ask(order._id, buyer.token, [{ orderItemId: lineA, quantity: 0 }])).statusCode).toBe(400);
    const notImage = new FormData();
    notImage.append('request', JSON.stringify({ lines: [{ orderItemId: lineA, quantity: 1 }], reason: 'Broken' }));
    notImage.append('photos', new Blob([Buffer.from('hello')], { type: 'image/png' }), 'fake.png');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/returns`,
      headers: bearer(buyer.token),
      payload: notImage as unknown as object,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/not an image/);
    expect((await returnsOf(order._id, buyer.token)).returns).toEqual([]);
  });
});
