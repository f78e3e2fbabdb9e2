/**
 * The audit trail (docs/shop-rules.md#audit), against the real database: every kind of admin change records one
 * row naming the person, the thing and its fields before and after, in the change's transaction (a refused change
 * records nothing); a buyer's own changes are not recorded; the admin's list filters and pages, newest first; only
 * an admin reads it; and the table is append-only, even for the server's own database connection.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActorsResponseSchema,
  auditListResponseSchema,
  formatAmount,
  productSchema,
  SERVER_MESSAGES,
  TOTAL_COUNT_HEADER,
  type AuditEventDto,
} from '@pumpkart/shared';
import { auditEvents } from '../../db/schema';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm, testPng } from '../../test/catalog-factories';
import { orderBody, payOnline, placeOrderOk, TEST_SHIPMENT } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';
import { recordAudit } from './index';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
let buyer: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
  admin = await createTestAdmin(t.app);
  buyer = await createTestUser(t.app);
});
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token?: string) =>
  t.app.inject({ method, url, headers: bearer(token ?? admin.token), payload: payload as FormData });

/** A page of the trail through the API (as the admin). */
async function audit(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const res = await inject('GET', `/api/admin/audit?${search}`);
  expect(res.statusCode, res.body).toBe(200);
  return { ...auditListResponseSchema.parse(res.json()), header: res.headers[TOTAL_COUNT_HEADER.toLowerCase()] };
}

/** One thing's history, newest first. */
const historyOf = async (entityType: string, entityId: string): Promise<AuditEventDto[]> =>
  (await audit({ entityType, entityId, limit: 100 })).data;

const fields = { title: 'Audit Dispenser', category: 'Fuel Dispensers', brand: 'Gilbarco', price: 1000, stock: 5 };

/** A product on sale: with a picture, which an active product needs (docs/shop-rules.md#on-sale). */
async function createProduct(overrides: Record<string, string | number> = {}) {
  const picture = { name: 'pump.png', data: await testPng(40, 30) };
  const res = await inject('POST', '/api/products', productForm({ ...fields, ...overrides }, { images: [picture] }));
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const editProduct = (id: string, overrides: Record<string, string | number>) =>
  inject('PUT', `/api/products/${id}`, productForm({ ...fields, ...overrides }));

/** A paid online order of the buyer, processing. */
async function paidOrder() {
  const { product } = await createTestProduct(t.db, { stock: 5, price: 1500 });
  const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
  await payOnline(t.app, buyer.token, order._id);
  return order;
}

describe('products', () => {
  it('records a creation with who and every field after', async () => {
    const product = await createProduct({ title: 'Created Pump' });
    const [event, ...rest] = await historyOf('product', product._id);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      kind: 'product.created',
      actor: { _id: admin.user.id, email: admin.email },
      entityType: 'product',
      entityId: product._id,
      summary: 'Created "Created Pump"',
    });
    expect(event!.changes).toMatchObject({
      title: { before: null, after: 'Created Pump' },
      price: { before: null, after: 1000 },
      stock: { before: null, after: 5 },
    });
    expect(Date.now() - Date.parse(event!.at)).toBeLessThan(60_000);
  });

  it('records an edit with only the changed fields, before and after', async () => {
    const product = await createProduct();
    const res = await editProduct(product._id, { title: 'Renamed Pump', price: 1250.5 });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await historyOf('product', product._id);
    expect(event).toMatchObject({ kind: 'product.updated', summary: 'Edited "Renamed Pump": title, price' });
    expect(event!.changes).toEqual({
      title: { before: 'Audit Dispenser', after: 'Renamed Pump' },
      price: { before: 1000, after: 1250.5 },
    });
  });

  it('records a stock-only edit as a stock adjustment, variants included', async () => {
    const product = await createProduct();
    expect((await editProduct(product._id, { stock: 9 })).statusCode).toBe(200);
    const [event] = await historyOf('product', product._id);
    expect(event).toMatchObject({ kind: 'product.stock_adjusted', summary: 'Stock of "Audit Dispenser": 5 → 9' });
    expect(event!.changes).toEqual({ stock: { before: 5, after: 9 } });

    const sized = await inject(
      'POST',
      '/api/products',
      productForm(fields, {
        variants: [
          { size: 'S', price: 100, stock: 1 },
          { size: 'M', price: 120, stock: 2 },
        ],
      }),
    );
    const id = productSchema.parse(sized.json())._id;
    const restock = productForm(fields, {
      variants: [
        { size: 'S', price: 100, stock: 4 },
        { size: 'M', price: 120, stock: 2 },
      ],
    });
    expect((await inject('PUT', `/api/products/${id}`, restock)).statusCode).toBe(200);
    const [variantEvent] = await historyOf('product', id);
    expect(variantEvent).toMatchObject({
      kind: 'product.stock_adjusted',
      summary: 'Stock of "Audit Dispenser": 3 → 6',
    });
    expect(variantEvent!.changes).toEqual({
      stock: { before: 3, after: 6 },
      variantStock: { before: 'S: 1, M: 2', after: 'S: 4, M: 2' },
    });
  });

  it('records the active toggle and the soft delete, and nothing when the flag does not change', async () => {
    const product = await createProduct();
    expect((await inject('PUT', `/api/products/${product._id}`, { active: false })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/products/${product._id}`, { active: false })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/products/${product._id}`, { active: true })).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/products/${product._id}`)).statusCode).toBe(200);
    const kinds = (await historyOf('product', product._id)).map((event) => [event.kind, event.changes]);
    expect(kinds).toEqual([
      ['product.deactivated', { active: { before: true, after: false } }],
      ['product.activated', { active: { before: false, after: true } }],
      ['product.deactivated', { active: { before: true, after: false } }],
      ['product.created', expect.any(Object)],
    ]);
  });

  it('records a permanent delete with the title', async () => {
    const product = await createProduct({ title: 'Doomed Pump' });
    expect((await inject('DELETE', `/api/products/${product._id}/destroy`)).statusCode).toBe(200);
    const [event] = await historyOf('product', product._id);
    expect(event).toMatchObject({
      kind: 'product.deleted',
      summary: 'Deleted "Doomed Pump" permanently',
      changes: null,
    });
  });

  it('records nothing for a refused edit (stale version 409, open order 409) or a save that changes nothing', async () => {
    const product = await createProduct();
    const stale = await editProduct(product._id, { title: 'Never saved', version: product.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect((await editProduct(product._id, {})).statusCode).toBe(200);

    const { product: held } = await createTestProduct(t.db, { stock: 5 });
    await placeOrderOk(t.app, buyer.token, orderBody([{ product: held }]));
    expect((await inject('DELETE', `/api/products/${held.id}/destroy`)).statusCode).toBe(409);

    expect((await historyOf('product', product._id)).map((event) => event.kind)).toEqual(['product.created']);
    expect(await historyOf('product', held.id)).toEqual([]);
  });
});

describe('orders and payments', () => {
  it('records a status change, with the courier and tracking when shipped', async () => {
    const order = await paidOrder();
    const res = await inject('PUT', `/api/orders/${order._id}/status`, { status: 'shipped', shipment: TEST_SHIPMENT });
    expect(res.statusCode, res.body).toBe(200);
    const [event, ...rest] = await historyOf('order', order._id);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      kind: 'order.status_changed',
      actor: { _id: admin.user.id, email: admin.email },
      summary: 'Status: Processing → Shipped',
      changes: {
        status: { before: 'processing', after: 'shipped' },
        courier: { before: null, after: TEST_SHIPMENT.courier },
        trackingNumber: { before: null, after: TEST_SHIPMENT.trackingNumber },
      },
    });
  });

  it("records an admin's cancellation of a paid order and the refund it issues", async () => {
    const order = await paidOrder();
    expect((await inject('PUT', `/api/orders/${order._id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const events = await historyOf('order', order._id);
    expect(events.map((event) => event.kind).sort()).toEqual(['order.refund_issued', 'order.status_changed']);
    expect(events.find((event) => event.kind === 'order.status_changed')).toMatchObject({
      summary: 'Status: Processing → Cancelled',
      changes: { status: { before: 'processing', after: 'cancelled' } },
    });
    expect(events.find((event) => event.kind === 'order.refund_issued')).toMatchObject({
      actor: { _id: admin.user.id },
      summary: `Refund of ${formatAmount(order.total)} issued through the payment gateway`,
      changes: { refund: { before: null, after: order.total }, refundMode: { before: null, after: 'online' } },
    });
  });

  it('records nothing for a refused status change (409) or for a buyer cancelling their own order', async () => {
    const { product } = await createTestProduct(t.db, { stock: 5 });
    const unpaid = await placeOrderOk(t.app, buyer.token, orderBody([{ product }]));
    expect((await inject('PUT', `/api/orders/${unpaid._id}/status`, { status: 'delivered' })).statusCode).toBe(409);
    expect((await inject('PATCH', `/api/orders/${unpaid._id}/cancel`, undefined, buyer.token)).statusCode).toBe(200);
    expect(await historyOf('order', unpaid._id)).toEqual([]);
  });

  it('records a COD order marked paid once (a second click records nothing); a cancelled one is refused', async () => {
    const { product } = await createTestProduct(t.db, { stock: 5, price: 800 });
    const order = await placeOrderOk(t.app, buyer.token, orderBody([{ product }], { paymentMode: 'cod' }));
    expect((await inject('PATCH', `/api/payments/${order._id}/cod`)).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/payments/${order._id}/cod`)).statusCode).toBe(200);
    const [event, ...rest] = await historyOf('order', order._id);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      kind: 'order.cod_paid',
      summary: `Cash on delivery of ${formatAmount(order.total)} marked paid`,
      changes: { payment: { before: 'pending', after: 'success' } },
    });

    const other = await placeOrderOk(t.app, buyer.token, orderBody([{ product }], { paymentMode: 'cod' }));
    expect((await inject('PATCH', `/api/orders/${other._id}/cancel`, undefined, buyer.token)).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/payments/${other._id}/cod`)).statusCode).toBe(409);
    expect(await historyOf('order', other._id)).toEqual([]);
  });
});

describe('settings', () => {
  it('records the changed fields only, before and after; a refused save (400) records nothing', async () => {
    expect((await inject('PUT', '/api/settings/store', DEMO_STORE_SETTINGS_INPUT)).statusCode).toBe(200);
    const first = await audit({ kind: 'settings.updated' });
    const changed = { ...DEMO_STORE_SETTINGS_INPUT, tradeName: 'PumpKart Audit', phone: '9876512345' };
    expect((await inject('PUT', '/api/settings/store', changed)).statusCode).toBe(200);
    expect((await inject('PUT', '/api/settings/store', { ...changed, gstin: 'nonsense' })).statusCode).toBe(400);
    const after = await audit({ kind: 'settings.updated' });
    expect(after.total).toBe(first.total + 1);
    expect(after.data[0]).toMatchObject({
      entityType: 'settings',
      entityId: null,
      actor: { _id: admin.user.id },
      changes: {
        tradeName: { before: DEMO_STORE_SETTINGS_INPUT.tradeName, after: 'PumpKart Audit' },
        phone: { before: expect.any(String), after: '9876512345' },
      },
    });
    expect(Object.keys(after.data[0]!.changes!).sort()).toEqual(['phone', 'tradeName']);
  });
});

describe('GET /api/admin/audit', () => {
  it('answers 401 without a login and 403 for a buyer, on both calls', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit/actors']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(SERVER_MESSAGES.authRequired);
      const customer = await inject('GET', url, undefined, buyer.token);
      expect(customer.statusCode).toBe(403);
      expect(customer.json().message).toBe(SERVER_MESSAGES.adminOnly);
    }
  });

  it('refuses bad query values with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'page=0', 'kind=product.exploded', 'entityType=user', 'actor=bob']) {
      const res = await inject('GET', `/api/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('pages newest first with the total, and filters by kind, thing and person', async () => {
    const second = await createTestAdmin(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await inject('POST', '/api/products', productForm({ ...fields, title: `Paged ${i}` }), second.token);
      ids.push(productSchema.parse(res.json())._id);
    }
    const byPerson = await audit({ actor: second.user.id, limit: 2 });
    expect(byPerson.total).toBe(3);
    expect(byPerson.header).toBe('3');
    expect(byPerson.data.map((event) => event.entityId)).toEqual([ids[2], ids[1]]);
    const next = await audit({ actor: second.user.id, limit: 2, page: 2 });
    expect(next.data.map((event) => event.entityId)).toEqual([ids[0]]);
    expect(next.data[0]!.actor.email).toBe(second.email);

    const all = await audit({ limit: 100 });
    const times = all.data.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const created = await audit({ kind: 'product.created', limit: 100 });
    expect(created.data.every((event) => event.kind === 'product.created')).toBe(true);
    expect(created.total).toBeLessThan(all.total);

    const actors = auditActorsResponseSchema.parse((await inject('GET', '/api/admin/audit/actors')).json()).data;
    expect(actors[0]).toEqual({ _id: second.user.id, email: second.email });
    expect(actors).toContainEqual({ _id: admin.user.id, email: admin.email });
    expect(actors).toHaveLength(2);
  });
});

/** The database's own message of a refused statement (drizzle wraps it as the error's cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const { cause } = error as { cause?: { message?: string } };
    return cause?.message ?? String(error);
  }
  throw new Error('the statement was not refused');
}

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of a record', async () => {
    await recordAudit(t.db, null, {
      kind: 'settings.updated',
      entityType: 'settings',
      entityId: null,
      summary: 'System test record',
    });
    const [row] = await t.db.select().from(auditEvents).where(eq(auditEvents.summary, 'System test record'));
    expect(row).toMatchObject({ actorId: null, actorEmail: null, changes: null });
    expect(
      await refusal(t.db.update(auditEvents).set({ summary: 'rewritten' }).where(eq(auditEvents.id, row!.id))),
    ).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.db.delete(auditEvents).where(eq(auditEvents.id, row!.id)))).toMatch(/append-only: DELETE/);
    expect(await refusal(t.db.execute(sql`truncate audit_events`))).toMatch(/append-only: TRUNCATE/);
    const [still] = await t.db.select().from(auditEvents).where(eq(auditEvents.id, row!.id));
    expect(still!.summary).toBe('System test record');
  });

  it('a record written in a transaction that rolls back is gone with it', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { id: admin.user.id },
          {
            kind: 'settings.updated',
            entityType: 'settings',
            entityId: null,
            summary: 'Rolled back record',
          },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.summary, 'Rolled back record'))).toEqual([]);
  });

  it('no route changes or deletes a record', async () => {
    const [row] = await t.db.select().from(auditEvents).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await inject(method, `/api/admin/audit/${row!.id}`, {});
      expect(res.statusCode).toBe(404);
    }
  });
});
