/**
 * Business prices (docs/shop-rules.md#business-prices) through the API: the owner's lists and their assignment, the
 * catalog, cart and checkout at the buyer's prices (rule precedence, quantity breaks), order quantities, the catalog
 * cache kept apart per list, and a consumer's prices unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businesses, businessMembers, businessOutlets, orderItems, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { orderBody, placeOrder, placeOrderOk } from '../../test/commerce-factories';
import { createTestAdmin, createTestProduct, createTestUser, testAddress } from '../../test/factories';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ COD_ENABLED: 'true' });
  owner = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const CATEGORY = `Uniforms ${Math.random().toString(36).slice(2, 8)}`;

/** A business with one buyer; answers the buyer's token and the business id. */
async function businessBuyer(legalName: string) {
  const buyer = await createTestUser(t.app);
  const [business] = await t.db
    .insert(businesses)
    .values({ legalName, billingAddress: testAddress() })
    .returning({ id: businesses.id });
  await t.db.insert(businessMembers).values({ userId: buyer.user.id, businessId: business!.id, role: 'buyer' });
  // A business's people order to one of its outlets (docs/shop-rules.md#business-accounts).
  const [outlet] = await t.db
    .insert(businessOutlets)
    .values({ businessId: business!.id, name: 'Main outlet', address: testAddress(), brand: 'IOCL' })
    .returning({ id: businessOutlets.id });
  return { token: buyer.token, businessId: business!.id, outletId: outlet!.id };
}

const saveList = (body: object, id?: string) =>
  t.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/admin/price-lists/${id}` : '/api/admin/price-lists',
    headers: bearer(owner),
    payload: body,
  });
const assign = (id: string, businessIds: string[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/price-lists/${id}/businesses`,
    headers: bearer(owner),
    payload: { businessIds },
  });
const productAs = async (id: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: token ? bearer(token) : {} })).json();
const rule = (fields: Record<string, unknown>) => ({
  category: null,
  productId: null,
  variantId: null,
  percentOff: null,
  price: null,
  ...fields,
});

describe('business prices', () => {
  let plain: Awaited<ReturnType<typeof createTestProduct>>;
  let fixed: Awaited<ReturnType<typeof createTestProduct>>;
  let sized: Awaited<ReturnType<typeof createTestProduct>>;
  let listId: string;
  let buyer: Awaited<ReturnType<typeof businessBuyer>>;

  beforeAll(async () => {
    plain = await createTestProduct(t.db, { category: CATEGORY, price: 1000, stock: 100 });
    fixed = await createTestProduct(t.db, { category: CATEGORY, price: 2000, stock: 100 });
    sized = await createTestProduct(t.db, {
      category: CATEGORY,
      variants: [
        { size: 'M', price: 500, stock: 50 },
        { size: 'L', price: 600, stock: 50 },
      ],
    });
    await t.db
      .update(products)
      .set({
        quantityBreaks: [
          { minQty: 10, percentOff: 5 },
          { minQty: 50, percentOff: 10 },
        ],
      })
      .where(eq(products.id, plain.product.id));
    const saved = await saveList({
      name: 'Dealers',
      notes: '',
      rules: [
        rule({ category: CATEGORY, percentOff: 10 }),
        rule({ productId: fixed.product.id, price: 1500 }),
        rule({ productId: sized.product.id, price: 450 }),
        rule({ productId: sized.product.id, variantId: sized.variants[1]!.id, price: 400 }),
      ],
    });
    expect(saved.statusCode).toBe(201);
    listId = saved.json()._id;
    buyer = await businessBuyer('Sharma Fuels Pvt Ltd');
    expect((await assign(listId, [buyer.businessId])).json().businessIds).toEqual([buyer.businessId]);
    const lists = (await t.app.inject({ method: 'GET', url: '/api/admin/price-lists', headers: bearer(owner) })).json();
    expect(lists.find((list: { _id: string }) => list._id === listId)).toMatchObject({
      ruleCount: 4,
      businessCount: 1,
    });
  });

  it('prices by the most specific rule: size fixed, product fixed, category percent, else list', async () => {
    expect(await productAs(plain.product.id, buyer.token)).toMatchObject({ price: 900, listPrice: 1000 });
    expect(await productAs(fixed.product.id, buyer.token)).toMatchObject({ price: 1500, listPrice: 2000 });
    const shown = await productAs(sized.product.id, buyer.token);
    expect(shown.variants.map((v: { price: number; listPrice?: number }) => [v.price, v.listPrice])).toEqual([
      [450, 500],
      [400, 600],
    ]);
    expect(shown).toMatchObject({ price: 400, listPrice: 600 });
    // A product no rule names keeps its list price.
    const other = await createTestProduct(t.db, { category: 'Other', price: 100 });
    expect(await productAs(other.product.id, buyer.token)).not.toHaveProperty('listPrice');
  });

  it('keeps the cached catalog apart per buyer: anonymous and consumers read list prices', async () => {
    const consumer = await createTestUser(t.app);
    const second = await businessBuyer('Second Depot LLP');
    const cheaper = await saveList({ name: 'Fleet', notes: '', rules: [rule({ category: CATEGORY, percentOff: 20 })] });
    await assign(cheaper.json()._id, [second.businessId]);
    for (let round = 0; round < 2; round++) {
      expect((await productAs(plain.product.id)).price).toBe(1000);
      expect(await productAs(plain.product.id)).not.toHaveProperty('listPrice');
      expect((await productAs(plain.product.id, consumer.token)).price).toBe(1000);
      expect((await productAs(plain.product.id, buyer.token)).price).toBe(900);
      expect((await productAs(plain.product.id, second.token)).price).toBe(800);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/products?category=${encodeURIComponent(CATEGORY)}`,
      headers: bearer(second.token),
    });
    expect(page.json().find((p: { _id: string }) => p._id === plain.product.id).price).toBe(800);
  });

  it('an edit of the list reaches the cached pages at once', async () => {
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/price-lists/${listId}`, headers: bearer(owner) })
    ).json();
    const rules = detail.rules.map((r: Record<string, unknown>) =>
      rule({
        category: r.category,
        productId: r.productId,
        variantId: r.variantId,
        percentOff: r.category ? 15 : null,
        price: r.price,
      }),
    );
    expect((await saveList({ name: 'Dealers', notes: 'edited', rules }, listId)).statusCode).toBe(200);
    expect((await productAs(plain.product.id, buyer.token)).price).toBe(850);
    await saveList(
      {
        name: 'Dealers',
        notes: '',
        rules: rules.map((r: Record<string, unknown>) => (r.category ? { ...r, percentOff: 10 } : r)),
      },
      listId,
    );
  });

  it('applies the quantity break in the cart and charges it at checkout; the order keeps the price charged', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(buyer.token),
      payload: { productId: plain.product.id, quantity: 10 },
    });
    expect(add.statusCode).toBe(200);
    const line = add.json().items.find((l: { product: { _id: string } }) => l.product._id === plain.product.id);
    // 1,000 less 10 % (the list) less 5 % (the break from 10).
    expect(line).toMatchObject({ quantity: 10, price: 855, listPrice: 1000 });
    // The order as the cart shows it: 10 at 855.
    const body = {
      ...orderBody([{ product: { ...plain.product, pricePaise: 85_500 }, quantity: 10 }], { paymentMode: 'cod' }),
      outletId: buyer.outletId,
    };
    const placed = await placeOrderOk(t.app, buyer.token, body);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed._id));
    expect(item).toMatchObject({ unitPricePaise: 85_500, quantity: 10, subtotalPaise: 855_000 });
    // Sent at the list price, the same order is refused: the server prices it.
    const stale = await placeOrder(t.app, buyer.token, {
      ...orderBody([{ product: plain.product, quantity: 10 }], { paymentMode: 'cod' }),
      outletId: buyer.outletId,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('charges a consumer the list price, with the break', async () => {
    const consumer = await createTestUser(t.app);
    const placed = await placeOrderOk(
      t.app,
      consumer.token,
      orderBody([{ product: fixed.product, quantity: 1 }], { paymentMode: 'cod' }),
    );
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed._id));
    expect(item!.unitPricePaise).toBe(200_000);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(consumer.token),
      payload: { productId: plain.product.id, quantity: 50 },
    });
    expect(add.json().items[0]).toMatchObject({ price: 900, listPrice: 1000 });
  });

  it('refuses quantities below the minimum or not in whole packs, in the cart and at checkout', async () => {
    const boxed = await createTestProduct(t.db, { price: 100, stock: 500 });
    await t.db.update(products).set({ minOrderQty: 20, packSize: 10 }).where(eq(products.id, boxed.product.id));
    const consumer = await createTestUser(t.app);
    const add = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: bearer(consumer.token),
        payload: { productId: boxed.product.id, quantity },
      });
    expect((await add(10)).json().message).toBe(`"${boxed.product.title}" is sold from 20 units up.`);
    expect((await add(25)).json().message).toBe(
      `"${boxed.product.title}" is sold in packs of 10: please order a multiple of 10.`,
    );
    expect((await add(20)).statusCode).toBe(200);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/update',
      headers: bearer(consumer.token),
      payload: { productId: boxed.product.id, quantity: 35 },
    });
    expect(update.statusCode).toBe(400);
    const order = await placeOrder(
      t.app,
      consumer.token,
      orderBody([{ product: boxed.product, quantity: 15 }], { paymentMode: 'cod' }),
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toContain('sold from 20 units up');
  });

  it('refuses a rule without one target and a size of another product; records the changes', async () => {
    expect((await saveList({ name: 'Bad', rules: [rule({ category: CATEGORY, price: 5 })] })).statusCode).toBe(400);
    const wrong = await saveList({
      name: 'Bad',
      rules: [rule({ productId: plain.product.id, variantId: sized.variants[0]!.id, price: 5 })],
    });
    expect(wrong.statusCode).toBe(400);
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=price_list&entityId=${listId}`,
      headers: bearer(owner),
    });
    expect(activity.json().data.map((e: { kind: string }) => e.kind)).toContain('price_list.assigned');
  });
});
