/** Buying again (docs/shop-rules.md#buying-again): "Order again" and the quick order form, on the real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestProduct, createTestUser } from '../../test/factories';
import { orderBody, placeOrderOk } from '../../test/commerce-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/cart${url}`, headers: bearer(token), payload });

describe('POST /api/cart/reorder', () => {
  it("puts a past order's lines in the cart at current prices and says what changed", async () => {
    const { token } = await createTestUser(t.app);
    const same = await createTestProduct(t.db, { title: 'Same nozzle', price: 500, stock: 20 });
    const dearer = await createTestProduct(t.db, { title: 'Dearer hose', price: 1850, stock: 20 });
    const scarce = await createTestProduct(t.db, { title: 'Scarce meter', price: 100, stock: 20 });
    const empty = await createTestProduct(t.db, { title: 'Empty filter', price: 100, stock: 20 });
    const retired = await createTestProduct(t.db, { title: 'Retired cap', price: 100, stock: 20 });
    const sized = await createTestProduct(t.db, {
      title: 'Uniform shirt',
      variants: [
        { size: 'M', price: 400, stock: 20 },
        { size: 'L', price: 400, stock: 20 },
      ],
    });
    const order = await placeOrderOk(
      t.app,
      token,
      orderBody([
        { product: same.product, quantity: 2 },
        { product: dearer.product, quantity: 1 },
        { product: scarce.product, quantity: 5 },
        { product: empty.product, quantity: 1 },
        { product: retired.product, quantity: 1 },
        { product: sized.product, variant: sized.variants[0]!, quantity: 3 },
      ]),
    );
    await t.db.update(products).set({ pricePaise: 199000 }).where(eq(products.id, dearer.product.id));
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, scarce.product.id));
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, empty.product.id));
    await t.db.update(products).set({ active: false }).where(eq(products.id, retired.product.id));
    await t.db.delete(productVariants).where(eq(productVariants.id, sized.variants[0]!.id));

    const res = await post('/reorder', token, { orderId: order._id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byTitle = Object.fromEntries(body.lines.map((line: { title: string }) => [line.title, line]));
    expect(byTitle['Same nozzle']).toMatchObject({ state: 'added', added: 2, price: 500, changes: [] });
    expect(byTitle['Dearer hose']).toMatchObject({
      state: 'changed',
      added: 1,
      price: 1990,
      changes: ['Price was ₹1,850/-, now ₹1,990/-.'],
    });
    expect(byTitle['Scarce meter']).toMatchObject({ state: 'changed', added: 2, changes: ['Only 2 items in stock.'] });
    expect(byTitle['Empty filter']).toMatchObject({ state: 'skipped', added: 0, changes: ['Out of stock.'] });
    expect(byTitle['Retired cap']).toMatchObject({ state: 'skipped', changes: ['No longer sold.'] });
    expect(byTitle['Uniform shirt']).toMatchObject({
      state: 'skipped',
      size: 'M',
      changes: ['The size "M" is no longer sold.'],
    });
    expect(body.added).toBe(3);
    const cart = body.items.map((line: { product: { title: string }; quantity: number; price: number }) => [
      line.product.title,
      line.quantity,
      line.price,
    ]);
    // The cart's lines in any order: lines added in the same instant have no order of their own.
    expect(cart.sort()).toEqual(
      [
        ['Same nozzle', 2, 500],
        ['Dearer hose', 1, 1990],
        ['Scarce meter', 2, 100],
      ].sort(),
    );

    // Again: the cart already holds all the scarce meter's stock; the others add up.
    const again = (await post('/reorder', token, { orderId: order._id })).json();
    expect(again.lines.find((line: { title: string }) => line.title === 'Scarce meter')).toMatchObject({
      state: 'skipped',
      changes: ['Your cart already holds all 2 in stock.'],
    });
    expect(
      again.items.find((line: { product: { title: string } }) => line.product.title === 'Same nozzle').quantity,
    ).toBe(4);
  });

  it("answers 404 for another buyer's order and for an order that does not exist", async () => {
    const owner = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db);
    const order = await placeOrderOk(t.app, owner.token, orderBody([{ product }]));
    expect((await post('/reorder', other.token, { orderId: order._id })).statusCode).toBe(404);
    expect((await post('/reorder', other.token, { orderId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await post('/reorder', other.token, { orderId: 'nope' })).statusCode).toBe(400);
  });
});

describe('POST /api/cart/quick-order', () => {
  it('checks each line (CSV with a header, tabs, duplicates merged) and adds only the valid ones', async () => {
    const { token } = await createTestUser(t.app);
    const plain = await createTestProduct(t.db, { title: 'Gauge', price: 250, stock: 50 });
    const few = await createTestProduct(t.db, { title: 'Seal kit', price: 90, stock: 3 });
    const out = await createTestProduct(t.db, { title: 'Sold out', stock: 0 });
    const off = await createTestProduct(t.db, { title: 'Withdrawn', active: false });
    const sized = await createTestProduct(t.db, { title: 'Boots', variants: [{ size: '9', price: 1200, stock: 8 }] });
    const text = [
      'SKU,Quantity',
      `${plain.product.id},4`,
      `"${sized.variants[0]!.id}"\t2`,
      `${few.product.id};5`,
      'NOT-A-SKU,1',
      `${out.product.id},1`,
      `${off.product.id},1`,
      `${sized.product.id},1`,
      `${plain.product.id}, 6`,
      `${crypto.randomUUID()},2`,
      '',
    ].join('\r\n');
    const check = await post('/quick-order', token, { text });
    expect(check.statusCode).toBe(200);
    const body = check.json();
    expect(body.valid).toBe(3);
    expect(body.items).toBeUndefined();
    const states = body.lines.map((line: { rows: number[]; state: string; toAdd: number; message: string | null }) => [
      line.rows,
      line.state,
      line.toAdd,
      line.message,
    ]);
    expect(states).toEqual([
      [[2, 9], 'ok', 10, 'Lines 2 and 9 merged.'],
      [[3], 'ok', 2, null],
      [[4], 'capped', 3, 'Only 3 items in stock.'],
      [[5], 'refused', 0, 'Unknown SKU.'],
      [[6], 'refused', 0, 'Out of stock.'],
      [[7], 'refused', 0, 'No longer sold.'],
      [[8], 'refused', 0, '"Boots" comes in sizes: use the SKU of a size.'],
      [[10], 'refused', 0, 'Unknown SKU.'],
    ]);
    expect(body.lines[1]).toMatchObject({ title: 'Boots', size: '9', price: 1200 });

    const added = (await post('/quick-order', token, { text, add: true })).json();
    expect(added.added).toBe(3);
    expect(
      added.items
        .map((line: { product: { title: string }; quantity: number }) => [line.product.title, line.quantity])
        .sort(),
    ).toEqual([
      ['Boots', 2],
      ['Gauge', 10],
      ['Seal kit', 3],
    ]);
  });

  it('refuses bad quantities per line, and an empty or oversized text as a whole', async () => {
    const { token } = await createTestUser(t.app);
    const { product } = await createTestProduct(t.db, { stock: 50 });
    const res = (
      await post('/quick-order', token, { text: `${product.id},0\n${product.id.toUpperCase()},1.5` })
    ).json();
    expect(res.lines).toEqual([expect.objectContaining({ rows: [1, 2], state: 'refused', quantity: null })]);
    const many = (await post('/quick-order', token, { text: `${product.id}\t20000` })).json();
    expect(many.lines[0]).toMatchObject({ state: 'refused', message: 'Quantity must be at most 10,000.' });
    const single = (await post('/quick-order', token, { text: product.id })).json();
    expect(single.lines[0]).toMatchObject({ state: 'ok', quantity: 1 });
    expect((await post('/quick-order', token, { text: ' \n ' })).json().message).toBe(
      'Type or paste at least one line: SKU, quantity.',
    );
    const tooLong = Array.from({ length: 201 }, () => `${crypto.randomUUID()},1`).join('\n');
    expect((await post('/quick-order', token, { text: tooLong })).statusCode).toBe(400);
  });

  it('refuses a product sold on request and a quantity not in whole packs, as the cart does', async () => {
    const { token } = await createTestUser(t.app);
    const onRequest = await createTestProduct(t.db, { title: 'Dispenser on request', price: 500000, stock: 5 });
    await t.db.update(products).set({ priceOnRequest: true }).where(eq(products.id, onRequest.product.id));
    const packed = await createTestProduct(t.db, { title: 'Gloves in packs', price: 50, stock: 100 });
    await t.db.update(products).set({ packSize: 10, minOrderQty: 10 }).where(eq(products.id, packed.product.id));
    const text = [`${onRequest.product.id},1`, `${packed.product.id},7`].join('\n');
    const res = await post('/quick-order', token, { text, add: true });
    expect(res.statusCode).toBe(200);
    const [request, gloves] = res.json().lines;
    expect(request).toMatchObject({ state: 'refused', message: 'Sold on request: ask the shop for a quote.' });
    expect(gloves).toMatchObject({ state: 'refused' });
    expect(gloves.message).toMatch(/10/);
    expect(res.json().items).toEqual([]);
  });
});
