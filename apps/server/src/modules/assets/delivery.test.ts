/**
 * The register's assets made on delivery (docs/shop-rules.md#assets) against the real database: serial numbers
 * recorded per line when shipped, one asset per delivered unit of equipment of an order delivered to an outlet (with
 * its serial, the day of delivery and the warranty's end), none for other goods or a second "delivered".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, ASSET_MESSAGES, indiaDateOf } from '@pumpkart/shared';
import { assets, orderItems } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { orderBody, payOnline, placeOrder, TEST_SHIPMENT } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { caller, equipmentProduct, newBusiness } from './test-support';

let t: TestApp;
let ownerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

/** A paid order of the business's admin to its highway outlet: 4 extinguishers and one plain product. */
async function paidOutletOrder() {
  const call = caller(t);
  const business = await newBusiness(t);
  const extinguisher = await equipmentProduct(t, 'fire-extinguisher', {
    extinguisherType: 'dry-powder',
    warrantyMonths: 12,
  });
  const { product: plain } = await createTestProduct(t.db, { price: 300, stock: 20 });
  const body = orderBody([{ product: extinguisher, quantity: 4 }, { product: plain }], { outletId: business.highway });
  const placed = await placeOrder(t.app, business.admin.token, body);
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().order._id as string;
  await payOnline(t.app, business.admin.token, orderId);
  const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const line = lines.find((row) => row.productId === extinguisher.id)!;
  return { call, business, orderId, lineId: line.id, extinguisher };
}

const ship = (orderId: string, serials?: object) =>
  caller(t)('PUT', `/api/orders/${orderId}/status`, ownerToken, {
    status: 'shipped',
    shipment: { ...TEST_SHIPMENT, ...(serials ? { serials } : {}) },
  });
const deliver = (orderId: string) =>
  caller(t)('PUT', `/api/orders/${orderId}/status`, ownerToken, { status: 'delivered' });

describe('assets made on delivery', () => {
  it('makes 4 assets of a quantity of 4, with the serials recorded when shipped, in the outlet register', async () => {
    const { call, business, orderId, lineId, extinguisher } = await paidOutletOrder();
    const serialNumbers = ['CF-1001', 'CF-1002', 'CF-1003', 'CF-1004'];
    const shipped = await ship(orderId, [{ itemId: lineId, serialNumbers }]);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.id, lineId));
    expect(line!.serialNumbers).toEqual(serialNumbers);
    expect(await t.db.select().from(assets).where(eq(assets.orderId, orderId))).toEqual([]);

    const delivered = await deliver(orderId);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const made = await t.db.select().from(assets).where(eq(assets.orderId, orderId));
    const today = indiaDateOf(new Date());
    expect(made.map((asset) => asset.serialNumber).sort()).toEqual(serialNumbers);
    for (const asset of made) {
      expect(asset).toMatchObject({
        businessId: business.businessId,
        outletId: business.highway,
        productId: extinguisher.id,
        make: 'Ceasefire',
        model: extinguisher.title,
        complianceCategory: 'fire-extinguisher',
        extinguisherType: 'dry-powder',
        installedOn: today,
        manufacturedOn: null,
        warrantyEndsOn: addMonths(today, 12),
        retiredOn: null,
      });
    }

    const register = await call('GET', `/api/business/outlets/${business.highway}/register`, business.admin.token);
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json().assets).toHaveLength(4);
    const inspection = register
      .json()
      .assets[0].tasks.find((task: { key: string }) => task.key === 'extinguisher-inspection');
    expect(inspection).toMatchObject({ lastDoneOn: null, dueOn: addMonths(today, 1), interval: '1 month' });

    // Moved back to shipped and delivered again: no second set of assets.
    const back = await call('PUT', `/api/orders/${orderId}/status`, ownerToken, {
      status: 'shipped',
      shipment: TEST_SHIPMENT,
      reason: 'Marked delivered by mistake',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await deliver(orderId)).statusCode).toBe(200);
    expect(await t.db.select().from(assets).where(eq(assets.orderId, orderId))).toHaveLength(4);
  });

  it('makes assets without serials when none were recorded; the buyer adds one later', async () => {
    const { call, business, orderId } = await paidOutletOrder();
    expect((await ship(orderId)).statusCode).toBe(200);
    expect((await deliver(orderId)).statusCode).toBe(200);
    const made = await t.db.select().from(assets).where(eq(assets.orderId, orderId));
    expect(made.map((asset) => asset.serialNumber)).toEqual([null, null, null, null]);
    const first = made[0]!;
    const edited = await call('PATCH', `/api/business/assets/${first.id}`, business.admin.token, {
      make: first.make,
      model: first.model,
      serialNumber: 'CF-2001',
      complianceCategory: first.complianceCategory,
      extinguisherType: first.extinguisherType,
      installedOn: first.installedOn,
      manufacturedOn: '2026-06-01',
      warrantyEndsOn: first.warrantyEndsOn,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().asset).toMatchObject({ serialNumber: 'CF-2001', manufacturedOn: '2026-06-01' });
  });

  it('refuses more serials than units, or a line of another order, changing nothing', async () => {
    const { orderId, lineId } = await paidOutletOrder();
    const other = await paidOutletOrder();
    const tooMany = await ship(orderId, [{ itemId: lineId, serialNumbers: ['A', 'B', 'C', 'D', 'E'] }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 4 serial numbers/);
    const foreign = await ship(orderId, [{ itemId: other.lineId, serialNumbers: ['A'] }]);
    expect(foreign.json()).toEqual({ message: ASSET_MESSAGES.serialItemNotInOrder });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.id, lineId));
    expect(line!.serialNumbers).toEqual([]);
  });

  it("makes none for a consumer's order", async () => {
    const call = caller(t);
    const buyer = await createTestUser(t.app);
    const extinguisher = await equipmentProduct(t, 'fire-extinguisher');
    const placed = await placeOrder(t.app, buyer.token, orderBody([{ product: extinguisher, quantity: 2 }]));
    const orderId = placed.json().order._id as string;
    await payOnline(t.app, buyer.token, orderId);
    expect((await ship(orderId)).statusCode).toBe(200);
    expect((await call('PUT', `/api/orders/${orderId}/status`, ownerToken, { status: 'delivered' })).statusCode).toBe(
      200,
    );
    expect(await t.db.select().from(assets).where(eq(assets.orderId, orderId))).toEqual([]);
  });
});
