/**
 * Annual maintenance contracts (docs/shop-rules.md#amc) against the real database: a contract made once when an
 * order with an AMC line is delivered to an outlet (none again after a move back and a second delivery, none for a
 * consumer), its visits' days, the back office's list of visits due, a visit marked done with the covered tasks
 * recorded on the outlet's register, and the outlet's contracts as its people see them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, amcEndsOn, amcVisitDueDays, DUE_VIEW_MESSAGES, indiaDateOf } from '@pumpkart/shared';
import { amcContracts, amcVisits, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { orderBody, payOnline, placeOrder, TEST_SHIPMENT } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { caller, equipmentProduct, newBusiness } from '../../test/business-factories';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ownerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  ownerToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

async function amcProduct() {
  const { product } = await createTestProduct(t.db, { price: 12000, stock: 100, title: 'Dispenser AMC, 1 year' });
  await t.db
    .update(products)
    .set({ kind: 'amc', amcVisitsPerYear: 4, taskKeys: ['dispenser-reverification'] })
    .where(eq(products.id, product.id));
  return product;
}

const setStatus = (orderId: string, body: object) => call('PUT', `/api/orders/${orderId}/status`, ownerToken, body);

async function deliveredOrder(token: string, lines: Parameters<typeof orderBody>[0], outletId?: string) {
  const placed = await placeOrder(t.app, token, orderBody(lines, outletId ? { outletId } : {}));
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().order._id as string;
  await payOnline(t.app, token, orderId);
  expect((await setStatus(orderId, { status: 'shipped', shipment: TEST_SHIPMENT })).statusCode).toBe(200);
  const delivered = await setStatus(orderId, { status: 'delivered' });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return orderId;
}

describe('annual maintenance contracts', () => {
  it('makes one contract with its visits on delivery to an outlet, once; records covered tasks when a visit is done', async () => {
    const business = await newBusiness(t);
    const amc = await amcProduct();
    const dispenser = await equipmentProduct(t, 'fuel-dispenser');
    const orderId = await deliveredOrder(
      business.admin.token,
      [{ product: amc }, { product: dispenser }],
      business.highway,
    );
    const today = indiaDateOf(new Date());
    const contracts = await t.db.select().from(amcContracts).where(eq(amcContracts.orderId, orderId));
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({
      businessId: business.businessId,
      outletId: business.highway,
      productId: amc.id,
      title: amc.title,
      quantity: 1,
      startsOn: today,
      endsOn: amcEndsOn(today),
      visitsPerYear: 4,
    });
    const contractId = contracts[0]!.id;

    // Moved back to shipped and delivered again: no second contract, no second set of visits.
    expect(
      (await setStatus(orderId, { status: 'shipped', shipment: TEST_SHIPMENT, reason: 'Marked delivered by mistake' }))
        .statusCode,
    ).toBe(200);
    expect((await setStatus(orderId, { status: 'delivered' })).statusCode).toBe(200);
    expect(await t.db.select().from(amcContracts).where(eq(amcContracts.orderId, orderId))).toHaveLength(1);

    const outlet = await call('GET', `/api/business/outlets/${business.highway}/amc`, business.admin.token);
    expect(outlet.statusCode, outlet.body).toBe(200);
    const [seen] = outlet.json().contracts;
    expect(seen.visits.map((visit: { number: number; dueOn: string }) => [visit.number, visit.dueOn])).toEqual(
      amcVisitDueDays(today, 4).map((dueOn, index) => [index + 1, dueOn]),
    );
    const first = seen.visits[0] as { _id: string; dueOn: string };

    // The back office lists the open visits due by the window's end.
    const listed = await call('GET', '/api/admin/amc/visits?days=90', ownerToken);
    expect(listed.statusCode, listed.body).toBe(200);
    const ours = listed.json().visits.filter((visit: { contractId: string }) => visit.contractId === contractId);
    expect(ours.map((visit: { dueOn: string }) => visit.dueOn)).toEqual(
      amcVisitDueDays(today, 4).filter((dueOn) => dueOn <= addDays(today, 90)),
    );

    // Marked done: the dispenser's re-verification (a task the AMC product covers) is recorded on the register.
    const refusedFuture = await call('POST', `/api/admin/amc/visits/${first._id}/done`, ownerToken, {
      doneOn: addDays(today, 1),
    });
    expect(refusedFuture.json()).toEqual({ message: DUE_VIEW_MESSAGES.visitDoneInFuture });
    const refusedEarly = await call('POST', `/api/admin/amc/visits/${first._id}/done`, ownerToken, {
      doneOn: addDays(today, -1),
    });
    expect(refusedEarly.statusCode).toBe(400);
    expect(refusedEarly.json()).toEqual({ message: DUE_VIEW_MESSAGES.visitDoneBeforeStart });
    const catalog = await createTestUser(t.app, { role: 'catalog_staff' });
    expect(
      (await call('POST', `/api/admin/amc/visits/${first._id}/done`, catalog.token, { doneOn: today })).statusCode,
    ).toBe(403);
    const technician = await createTestUser(t.app, { role: 'orders_staff', name: 'Ravi Technician' });
    const done = await call('POST', `/api/admin/amc/visits/${first._id}/done`, technician.token, {
      doneOn: today,
      note: 'Nozzles cleaned, totaliser read.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: DUE_VIEW_MESSAGES.visitDone,
      visit: { doneOn: today, doneBy: 'Ravi Technician', note: 'Nozzles cleaned, totaliser read.' },
      tasksRecorded: 1,
    });
    const again = await call('POST', `/api/admin/amc/visits/${first._id}/done`, ownerToken, { doneOn: today });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: DUE_VIEW_MESSAGES.visitAlreadyDone });

    const register = await call('GET', `/api/business/outlets/${business.highway}/register`, business.admin.token);
    const task = register
      .json()
      .assets[0].tasks.find((entry: { key: string }) => entry.key === 'dispenser-reverification');
    expect(task).toMatchObject({ lastDoneOn: today });
    const afterList = await call('GET', '/api/admin/amc/visits?days=90', ownerToken);
    expect(afterList.json().visits.some((visit: { _id: string }) => visit._id === first._id)).toBe(false);
  });

  it("makes none for a consumer's order; another business's outlet is 404", async () => {
    const buyer = await createTestUser(t.app);
    const amc = await amcProduct();
    const orderId = await deliveredOrder(buyer.token, [{ product: amc }]);
    expect(await t.db.select().from(amcContracts).where(eq(amcContracts.orderId, orderId))).toEqual([]);
    const business = await newBusiness(t);
    const other = await newBusiness(t);
    expect((await call('GET', `/api/business/outlets/${business.city}/amc`, other.admin.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/business/outlets/${business.city}/amc`, buyer.token)).statusCode).toBe(404);
    const empty = await call('GET', `/api/business/outlets/${business.city}/amc`, business.admin.token);
    expect(empty.json()).toEqual({ contracts: [] });
    expect(
      (await call('POST', `/api/admin/amc/visits/${crypto.randomUUID()}/done`, ownerToken, { doneOn: '2026-01-01' }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps visits apart per contract', async () => {
    const visits = await t.db.select().from(amcVisits);
    const perContract = new Map<string, number[]>();
    for (const visit of visits)
      perContract.set(visit.contractId, [...(perContract.get(visit.contractId) ?? []), visit.number]);
    for (const numbers of perContract.values()) expect(numbers.sort()).toEqual([1, 2, 3, 4]);
  });
});
