/**
 * Shipment tracking (docs/shop-rules.md#order-status): `shipped` needs the courier and tracking
 * number, stores them with the time, may correct them when set again; `delivered` records its time;
 * only an admin can set them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, orderRowOf, payOnline, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { setStatusByAdmin } from './lifecycle';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const silent = { info: () => {}, warn: () => {}, error: () => {} };

const setStatus = (orderId: string, payload: object, token = adminToken) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, headers: bearer(token), payload });

/** A paid online order of a fresh buyer, ready to be shipped. */
async function paidOrder() {
  const buyer = await createTestUser(t.app);
  const { product } = await createTestProduct(t.db, { stock: 5 });
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
  await payOnline(t.app, buyer.token, order._id);
  return { order, buyer };
}

const shipment = {
  courier: 'Blue Dart',
  trackingNumber: '12345 678901',
  trackingUrl: 'https://www.bluedart.com/track?no=12345678901',
};

describe('shipping an order', () => {
  it('refuses shipped without the shipment (400), changing nothing', async () => {
    const { order } = await paidOrder();
    const res = await setStatus(order._id, { status: 'shipped' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter the courier and the tracking number to mark the order shipped.');
    expect(res.json().message).toBe(SERVER_MESSAGES.shipmentRequired);
    const row = await orderRowOf(t.db, order._id);
    expect([row.status, row.courier, row.shippedAt]).toEqual(['processing', null, null]);
  });

  it('refuses a tracking URL that is not http or https, naming the field', async () => {
    const { order } = await paidOrder();
    for (const trackingUrl of [
      'javascript:alert(1)',
      'ftp://example.com/t',
      'not a url',
      `https://x.in/${'a'.repeat(500)}`,
    ]) {
      const res = await setStatus(order._id, { status: 'shipped', shipment: { ...shipment, trackingUrl } });
      expect(res.statusCode, trackingUrl).toBe(400);
      expect(res.json().message).toBe('Tracking URL must be an http or https address of at most 500 characters.');
      expect(res.json().details[0].path).toContain('trackingUrl');
    }
    const badNumber = await setStatus(order._id, {
      status: 'shipped',
      shipment: { courier: 'DTDC', trackingNumber: 'D123<script>' },
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().message).toBe(SERVER_MESSAGES.trackingNumberInvalid);
    const longCourier = await setStatus(order._id, {
      status: 'shipped',
      shipment: { courier: 'x'.repeat(101), trackingNumber: 'D123' },
    });
    expect(longCourier.json().message).toBe(SERVER_MESSAGES.courierInvalid);
    expect((await orderRowOf(t.db, order._id)).status).toBe('processing');
  });

  it('stores the shipment, answers it, shows it to the buyer, and lets a second shipped correct it', async () => {
    const { order, buyer } = await paidOrder();
    const before = Date.now();
    const res = await setStatus(order._id, { status: 'shipped', shipment });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('shipped');
    expect(data.shipment).toMatchObject(shipment);
    expect(Date.parse(data.shipment.shippedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.deliveredAt).toBeNull();

    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/me', headers: bearer(buyer.token) });
    expect(mine.json().orders[0].shipment).toMatchObject(shipment);

    // A typo fixed: the new data replace the old, the URL too when left out.
    const fixed = await setStatus(order._id, {
      status: 'shipped',
      shipment: { courier: ' DTDC ', trackingNumber: 'D12345678', trackingUrl: '' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.shipment).toMatchObject({
      courier: 'DTDC',
      trackingNumber: 'D12345678',
      trackingUrl: null,
    });
  });

  it('records when it was delivered and keeps the shipment', async () => {
    const { order } = await paidOrder();
    expect((await setStatus(order._id, { status: 'shipped', shipment })).statusCode).toBe(200);
    const before = Date.now();
    const res = await setStatus(order._id, { status: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Date.parse(data.deliveredAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.deliveredAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(data.shipment).toMatchObject(shipment);

    // The clock is injectable.
    const now = new Date('2026-11-20T10:00:00.000Z');
    const again = await setStatusByAdmin(t.app.ctx, order._id, 'delivered', silent, { now });
    expect(again.data.deliveredAt).toBe(now.toISOString());
  });

  it('cannot be set by the buyer', async () => {
    const { order, buyer } = await paidOrder();
    const res = await setStatus(order._id, { status: 'shipped', shipment }, buyer.token);
    expect(res.statusCode).toBe(403);
    const row = await orderRowOf(t.db, order._id);
    expect([row.status, row.courier, row.trackingNumber]).toEqual(['processing', null, null]);
  });

  it('other statuses need no shipment', async () => {
    const { order } = await paidOrder();
    const res = await setStatus(order._id, { status: 'processing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.shipment).toBeNull();
  });
});
