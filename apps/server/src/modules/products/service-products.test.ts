/**
 * Service products (docs/shop-rules.md#service-products): the kind and tasks through the admin form, a SAC code for a
 * service and an HSN code for goods, the booked day in the cart and the order, and the invoice's line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  indiaDateOf,
  PRODUCT_EQUIPMENT_MESSAGES,
  productSchema,
  SERVICE_MESSAGES,
  type ProductDto,
} from '@pumpkart/shared';
import { orderItems, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm, testPng } from '../../test/catalog-factories';
import { orderBody, placeOrder } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

type Fields = Record<string, string | number | undefined>;

const create = async (fields: Fields) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(adminToken),
    payload: productForm(
      {
        title: `Refill ${Math.random().toString(36).slice(2, 8)}`,
        category: 'Fire Safety',
        price: 450,
        stock: 100,
        ...fields,
      },
      { images: [{ name: 'x.png', data: await testPng(40, 30) }] },
    ),
  });

async function createOk(fields: Fields): Promise<ProductDto> {
  const res = await create(fields);
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const edit = (product: ProductDto, fields: Fields) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${product._id}`,
    headers: bearer(adminToken),
    payload: productForm({ title: product.title, price: product.price, stock: 100, ...fields }),
  });

describe('a product of kind amc', () => {
  it('keeps its visits a year (4 unless set), one of 1, 2, 3, 4, 6 or 12', async () => {
    const amc = await createOk({ kind: 'amc', hsnCode: '998719', taskKeys: 'extinguisher-maintenance' });
    expect(amc.amcVisitsPerYear).toBe(4);
    const twice = await edit(amc, { kind: 'amc', amcVisitsPerYear: 2 });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json()).toMatchObject({ kind: 'amc', amcVisitsPerYear: 2 });
    const kept = await edit(amc, { description: 'Quarterly? No: twice a year.' });
    expect(kept.json().amcVisitsPerYear).toBe(2);
    const five = await edit(amc, { amcVisitsPerYear: 5 });
    expect(five.statusCode).toBe(400);
    expect(five.json().message).toContain(PRODUCT_EQUIPMENT_MESSAGES.amcVisitsPerYear);
  });
});

describe('a product of kind service', () => {
  it('is saved with its SAC code and tasks, which every product answer carries', async () => {
    const product = await createOk({
      kind: 'service',
      hsnCode: '998719',
      taskKeys: 'extinguisher-refill-dry-powder, extinguisher-maintenance',
    });
    expect(product).toMatchObject({
      kind: 'service',
      hsnCode: '998719',
      taskKeys: ['extinguisher-refill-dry-powder', 'extinguisher-maintenance'],
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/products?ids=${product._id}` });
    expect(list.json()[0]).toMatchObject({ kind: 'service', taskKeys: product.taskKeys });

    // An edit that sends neither keeps them; an empty task list clears them.
    const kept = await edit(product, { description: 'Refill at the outlet.' });
    expect(kept.json()).toMatchObject({ kind: 'service', taskKeys: product.taskKeys });
    const cleared = await edit(product, { taskKeys: '' });
    expect(cleared.json()).toMatchObject({ kind: 'service', taskKeys: [] });
  });

  it('needs a SAC code (6 digits starting 99), and goods may not have one', async () => {
    const hsn = await create({ kind: 'service', hsnCode: '84241000' });
    expect(hsn.statusCode).toBe(400);
    expect(hsn.json().message).toContain(SERVICE_MESSAGES.sacCodeFormat);

    const goods = await create({ kind: 'goods', hsnCode: '998719' });
    expect(goods.statusCode).toBe(400);
    expect(goods.json().message).toContain(SERVICE_MESSAGES.goodsCodeNotSac);

    // Against the stored kind: goods turned into a service keep an HSN code only if they send a SAC with it.
    const stored = await createOk({ hsnCode: '84241000' });
    const turned = await edit(stored, { kind: 'service' });
    expect(turned.statusCode).toBe(400);
    expect(turned.json().details).toEqual([{ path: 'hsnCode', message: SERVICE_MESSAGES.sacCodeFormat }]);
    expect((await edit(stored, { kind: 'service', hsnCode: '998346' })).statusCode).toBe(200);
  });

  it('is never equipment, and does only tasks of the schedule', async () => {
    const equipment = await create({ kind: 'service', complianceCategory: 'fire-extinguisher' });
    expect(equipment.statusCode).toBe(400);
    expect(equipment.json().message).toBe(SERVICE_MESSAGES.serviceNotEquipment);

    const unknown = await create({ kind: 'service', taskKeys: 'extinguisher-refill-dry-powder, polish-the-nozzle' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(PRODUCT_EQUIPMENT_MESSAGES.unknownTask('polish-the-nozzle'));
  });
});

describe("a service's booked day", () => {
  const today = indiaDateOf(new Date());
  const cart = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    t.app.inject({ method, url: `/api/cart${url}`, headers: bearer(token), payload });

  async function serviceProduct() {
    const { product } = await createTestProduct(t.db, { title: 'CO2 extinguisher refill', price: 650, stock: 100 });
    await t.db
      .update(products)
      .set({ kind: 'service', hsnCode: '998719', taskKeys: ['extinguisher-refill-co2-clean-agent'] })
      .where(eq(products.id, product.id));
    return { ...product, kind: 'service' as const };
  }

  it('is required for a service, within a year from tomorrow, and refused for goods', async () => {
    const { token } = await createTestUser(t.app);
    const service = await serviceProduct();
    const { product: goods } = await createTestProduct(t.db, { title: 'Nozzle' });

    const none = await cart('POST', '/add', token, { productId: service.id, quantity: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SERVICE_MESSAGES.serviceDateRequired('CO2 extinguisher refill'));
    for (const day of [today, addDays(today, 366)]) {
      const res = await cart('POST', '/add', token, { productId: service.id, quantity: 1, serviceDate: day });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^The visit date of "CO2 extinguisher refill" must be from /);
    }
    const forGoods = await cart('POST', '/add', token, {
      productId: goods.id,
      quantity: 1,
      serviceDate: addDays(today, 3),
    });
    expect(forGoods.statusCode).toBe(400);
    expect(forGoods.json().message).toBe(SERVICE_MESSAGES.serviceDateForGoods('Nozzle'));

    const added = await cart('POST', '/add', token, {
      productId: service.id,
      quantity: 2,
      serviceDate: addDays(today, 1),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items).toEqual([
      expect.objectContaining({
        quantity: 2,
        serviceDate: addDays(today, 1),
        product: expect.objectContaining({ kind: 'service' }),
      }),
    ]);
    // The cart changes the day; an update without one keeps it.
    const moved = await cart('PUT', '/update', token, {
      productId: service.id,
      quantity: 2,
      serviceDate: addDays(today, 365),
    });
    expect(moved.json().items[0].serviceDate).toBe(addDays(today, 365));
    const kept = await cart('PUT', '/update', token, { productId: service.id, quantity: 3 });
    expect(kept.json().items[0]).toMatchObject({ quantity: 3, serviceDate: addDays(today, 365) });
  });

  it('goes with the order line and shows on the order', async () => {
    const { token } = await createTestUser(t.app);
    const service = await serviceProduct();
    const body = orderBody([{ product: service, quantity: 1 }], { paymentMode: 'online' });

    const missing = await placeOrder(t.app, token, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SERVICE_MESSAGES.serviceDateRequired('CO2 extinguisher refill'));

    const day = addDays(today, 10);
    const placed = await placeOrder(t.app, token, { ...body, items: [{ ...body.items[0], serviceDate: day }] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order.items[0]).toMatchObject({ serviceDate: day });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(line).toMatchObject({ serviceDate: day, hsnCode: '998719' });
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(token) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.items[0].serviceDate).toBe(day);
  });
});
