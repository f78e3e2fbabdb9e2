/**
 * The dashboard's low stock of sizes (docs/shop-rules.md#admin, docs/decisions/0011-admin-lists-at-size.md): the
 * sizes are read from product_variants alone, through the copies of their product's alert level and title that
 * triggers keep (migration 0019). Each change of a product below must reach its sizes on the card; after each test,
 * every size's copies are checked against its product.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { lowStockResponseSchema, productSchema, toPaise, type LowStockItem } from '@pumpkart/shared';
import { products, productVariants } from '../../db/schema';
import { bearer, createTestApp, onPostgres, type TestApp } from '../../test/app';
import { productForm } from '../../test/catalog-factories';
import { addTestPicture, createTestAdmin, createTestProduct, type TestProductInput } from '../../test/factories';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

/** Sizes whose copies differ from what their product says now. */
async function staleCopies(): Promise<unknown[]> {
  const result = await t.db.execute(sql`
    select v.id, v.alert_level, v.product_title, p.active, p.low_stock_threshold, p.title
    from ${productVariants} v join ${products} p on p.id = v.product_id
    where (v.alert_level, v.product_title) is distinct from
          (case when p.active and p.low_stock_threshold > 0 then p.low_stock_threshold end, p.title)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

afterEach(async () => {
  expect(await staleCopies()).toEqual([]);
});

/** The whole card (100 rows, more than any test here makes), cut to the given products' rows, in its order. */
async function card(productIds: readonly string[]): Promise<LowStockItem[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/products/admin/low-stock?limit=100',
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { data } = lowStockResponseSchema.parse(res.json());
  return data.filter((item) => productIds.includes(item.productId));
}

const labels = (items: LowStockItem[]) => items.map((item) => `${item.title}/${item.size}/${item.threshold}`);

async function sized(title: string, lowStockThreshold: number, variants: TestProductInput['variants']) {
  const { product, variants: rows } = await createTestProduct(t.db, { title, lowStockThreshold, variants });
  return { id: product.id, sizes: Object.fromEntries(rows.map((row) => [row.size ?? '', row.id])) };
}

const setProduct = (id: string, values: Partial<typeof products.$inferInsert>) =>
  t.db.update(products).set(values).where(eq(products.id, id));

describe('GET /api/products/admin/low-stock: sizes follow their product', () => {
  it('a size starts alerting when its product’s threshold is raised to its stock, and stops when lowered', async () => {
    const { id, sizes } = await sized('Threshold Hose', 2, [
      { size: 'S', price: 10, stock: 3 },
      { size: 'M', price: 10, stock: 9 },
    ]);
    expect(await card([id])).toEqual([]);

    await setProduct(id, { lowStockThreshold: 3 });
    expect(await card([id])).toEqual([
      { productId: id, title: 'Threshold Hose', variantId: sizes.S, size: 'S', stock: 3, threshold: 3 },
    ]);
    await setProduct(id, { lowStockThreshold: 12 });
    expect(labels(await card([id]))).toEqual(['Threshold Hose/S/12', 'Threshold Hose/M/12']);

    await setProduct(id, { lowStockThreshold: 2 });
    expect(await card([id])).toEqual([]);
    // 0: no alert, whatever the stock.
    await setProduct(id, { lowStockThreshold: 0 });
    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, sizes.S!));
    expect(await card([id])).toEqual([]);
  });

  it('the sizes of a product switched inactive leave the card, and come back with it', async () => {
    const { id } = await sized('Inactive Nozzle', 5, [
      { size: 'S', price: 10, stock: 0 },
      { size: 'L', price: 10, stock: 4 },
    ]);
    expect(labels(await card([id]))).toEqual(['Inactive Nozzle/S/5', 'Inactive Nozzle/L/5']);
    await setProduct(id, { active: false });
    expect(await card([id])).toEqual([]);
    await setProduct(id, { active: true });
    expect(labels(await card([id]))).toEqual(['Inactive Nozzle/S/5', 'Inactive Nozzle/L/5']);
  });

  it('the sizes of a deleted product (DELETE /api/products/:id, soft) leave the card', async () => {
    const { id } = await sized('Deleted Meter', 5, [{ size: 'S', price: 10, stock: 1 }]);
    expect(labels(await card([id]))).toEqual(['Deleted Meter/S/5']);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await card([id])).toEqual([]);
  });

  it('a renamed product’s sizes show the new title, and are ordered by it', async () => {
    const bravo = await sized('Bravo Seal', 4, [{ size: 'M', price: 10, stock: 0 }]);
    const charlie = await sized('Charlie Seal', 4, [{ size: 'M', price: 10, stock: 0 }]);
    const both = [bravo.id, charlie.id];
    expect(labels(await card(both))).toEqual(['Bravo Seal/M/4', 'Charlie Seal/M/4']);

    await setProduct(bravo.id, { title: 'Delta Seal' });
    const renamed = await card(both);
    expect(labels(renamed)).toEqual(['Charlie Seal/M/4', 'Delta Seal/M/4']);
    expect(renamed[1]).toMatchObject({ productId: bravo.id, variantId: bravo.sizes.M, title: 'Delta Seal' });
  });

  it('a size added to an alerting product appears with its level and title; one moved to another product follows it', async () => {
    const { id } = await sized('Added Gloves', 6, [{ size: 'L', price: 10, stock: 20 }]);
    expect(await card([id])).toEqual([]);
    const [added] = await t.db
      .insert(productVariants)
      .values({ productId: id, size: 'XL', pricePaise: toPaise(10), stock: 2, position: 1 })
      .returning({ id: productVariants.id });
    expect(await card([id])).toEqual([
      { productId: id, title: 'Added Gloves', variantId: added!.id, size: 'XL', stock: 2, threshold: 6 },
    ]);

    const other = await sized('Other Gloves', 0, [{ size: 'S', price: 10, stock: 30 }]);
    await t.db.update(productVariants).set({ productId: other.id }).where(eq(productVariants.id, added!.id));
    expect(await card([id, other.id])).toEqual([]);
    await setProduct(other.id, { lowStockThreshold: 2 });
    expect(await card([id, other.id])).toEqual([
      { productId: other.id, title: 'Other Gloves', variantId: added!.id, size: 'XL', stock: 2, threshold: 2 },
    ]);
  });

  it('follows an edit through the admin form: title, threshold and a new size in one PUT', async () => {
    const { id, sizes } = await sized('Form Pump', 0, [{ size: 'S', price: 10, stock: 1 }]);
    await addTestPicture(t.db, id); // the edit keeps it on sale (docs/shop-rules.md#on-sale)
    const loaded = await t.app.inject({ method: 'GET', url: `/api/products/admin/${id}`, headers: bearer(adminToken) });
    const form = productSchema.parse(loaded.json());
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(adminToken),
      payload: productForm(
        {
          title: 'Form Pump Mk II',
          description: form.description,
          category: form.category,
          brand: form.brand,
          lowStockThreshold: 3,
          active: 'true',
          version: form.version,
        },
        {
          variants: [
            { _id: sizes.S, size: 'S', price: 10, stock: 1 },
            { size: 'XS', price: 10, stock: 0 },
          ],
        },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(labels(await card([id]))).toEqual(['Form Pump Mk II/XS/3', 'Form Pump Mk II/S/3']);
  });

  it('orders sizes tied at the same stock by threshold (higher first), then title and size byte by byte, then id', async () => {
    // Byte order: upper case before lower case, '' (no size) before any size, 'L' before 'M' before 'S'.
    const apple = await sized('apple Valve', 3, [
      { size: 'S', price: 10, stock: 0 },
      { size: 'L', price: 10, stock: 0 },
    ]);
    const zulu = await sized('Zulu Valve', 3, [
      { size: 'M', price: 10, stock: 0 },
      { size: null, price: 10, stock: 0 },
    ]);
    const high = await sized('Mango Valve', 9, [
      { size: 'S', price: 10, stock: 0 },
      { size: 'M', price: 10, stock: 1 },
    ]);
    const middle = await sized('Kilo Valve', 7, [
      { size: 'S', price: 10, stock: 0 },
      { size: 'L', price: 10, stock: 0 },
    ]);
    // Same title and size: the variant's id decides.
    const twinA = await sized('Kilo Valve', 7, [{ size: 'M', price: 10, stock: 0 }]);
    const twinB = await sized('Kilo Valve', 7, [{ size: 'M', price: 10, stock: 0 }]);
    const twins = [twinA.sizes.M!, twinB.sizes.M!].sort();
    const all = [apple, zulu, high, middle, twinA, twinB].map((product) => product.id);

    const items = await card(all);
    expect(labels(items)).toEqual([
      'Mango Valve/S/9',
      'Kilo Valve/L/7',
      'Kilo Valve/M/7',
      'Kilo Valve/M/7',
      'Kilo Valve/S/7',
      'Zulu Valve/null/3',
      'Zulu Valve/M/3',
      'apple Valve/L/3',
      'apple Valve/S/3',
      'Mango Valve/M/9',
    ]);
    expect(items.slice(2, 4).map((item) => item.variantId)).toEqual(twins);
    // The first rows of the card are the first rows of this order (read off the index, cut by the limit).
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/admin/low-stock?limit=3',
      headers: bearer(adminToken),
    });
    expect(lowStockResponseSchema.parse(res.json()).data).toEqual((await card(all)).slice(0, 3));
  });

  it('a stock update (a checkout’s) does not run the copying trigger', async () => {
    const { id, sizes } = await sized('Stock Filter', 4, [{ size: 'S', price: 10, stock: 7 }]);
    // A copy set by hand stays through a stock update: the trigger fires on insert and product change only.
    await t.db.execute(sql`update ${productVariants} set product_title = 'By hand' where id = ${sizes.S}`);
    await t.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, sizes.S!));
    expect(labels(await card([id]))).toEqual(['By hand/S/4']);
    await t.db.execute(sql`update ${productVariants} set product_title = 'Stock Filter' where id = ${sizes.S}`);
  });

  it.skipIf(!onPostgres)(
    'a rename committed while a size is being added reaches that size (PostgreSQL only: two connections)',
    async () => {
      const { id } = await sized('Race Coupling', 5, [{ size: 'S', price: 10, stock: 50 }]);
      let renamed = false;
      let rename: Promise<unknown> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.insert(productVariants).values({ productId: id, size: 'M', pricePaise: toPaise(10), stock: 1 });
        rename = setProduct(id, { title: 'Race Coupling Renamed' }).then(() => {
          renamed = true;
        });
        // The rename waits for this transaction, which holds the product FOR SHARE since its insert: seen waiting
        // on a lock, not done (without the lock it would finish at once, and miss the uncommitted size).
        const waiting = async () => {
          const result = await t.db.execute(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like 'update "products"%'`);
          return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
        };
        const started = performance.now();
        while (!renamed && !(await waiting()) && performance.now() - started < 5_000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(renamed).toBe(false);
        expect(await waiting()).toBe(true);
      });
      await rename;
      expect(labels(await card([id]))).toEqual(['Race Coupling Renamed/M/5']);
    },
  );
});
