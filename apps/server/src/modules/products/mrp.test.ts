/**
 * The MRP of products and sizes (docs/shop-rules.md#mrp): the admin form, the API's products, the products CSV and
 * the store setting of the computed struck-through price; no price is ever saved above its MRP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { PRODUCT_CSV_COLUMNS, productSchema } from '@pumpkart/shared';
import { products, productVariants } from '../../db/schema';
import { DEMO_STORE_SETTINGS_INPUT } from '../../seed/demo-store-settings';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { productForm, testPng } from '../../test/catalog-factories';
import { createTestAdmin } from '../../test/factories';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
});
afterAll(() => t?.close());

const send = (method: 'POST' | 'PUT', url: string, payload: FormData | object) =>
  t.app.inject({ method, url, headers: bearer(adminToken), payload: payload as FormData });
const base = { category: 'Mrp Pumps', brand: 'Gilbarco', stock: 5 };

/** A product on sale: with a picture, which an active product needs (docs/shop-rules.md#on-sale). */
async function created(fields: Record<string, string | number>, variants?: Record<string, string | number>[]) {
  const images = [{ name: 'nozzle.png', data: await testPng(40, 30) }];
  const res = await send('POST', '/api/products', productForm({ ...base, ...fields }, { variants, images }));
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

describe('the admin form and the API', () => {
  it('stores an optional MRP in paise and answers it in rupees, null when not entered', async () => {
    const withMrp = await created({ title: 'Nozzle with MRP', price: 900, mrp: 1000.5 });
    expect(withMrp).toMatchObject({ price: 900, mrp: 1000.5 });
    const [row] = await t.db.select().from(products).where(eq(products.id, withMrp._id));
    expect(row!.mrpPaise).toBe(100050);
    expect((await created({ title: 'Nozzle without MRP', price: 900, mrp: '' })).mrp).toBeNull();
    expect((await created({ title: 'Nozzle never told', price: 900 })).mrp).toBeNull();
    // The storefront's list (one statement building every product) answers it too.
    const list = await t.app.inject({ method: 'GET', url: '/api/products?category=Mrp%20Pumps&limit=50' });
    const listed = (list.json() as { _id: string; mrp: number | null }[]).find((p) => p._id === withMrp._id);
    expect(listed!.mrp).toBe(1000.5);
  });

  it("takes each size's MRP, and the cheapest size's as the product's", async () => {
    const product = await created({ title: 'Sized cans' }, [
      { size: '20 L', price: 1500, mrp: 1800, stock: 2 },
      { size: '5 L', price: 450, mrp: 500, stock: 3 },
      { size: '1 L', price: 450, stock: 3 },
    ]);
    expect(product.variants.map((v) => [v.size, v.price, v.mrp])).toEqual([
      ['20 L', 1500, 1800],
      ['5 L', 450, 500],
      ['1 L', 450, null],
    ]);
    expect(product).toMatchObject({ price: 450, mrp: 500 });
  });

  it('refuses a price above the MRP with 400 naming the rule, and writes nothing', async () => {
    const res = await send(
      'POST',
      '/api/products',
      productForm({ ...base, title: 'Too dear', price: 1200, mrp: 1100 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The price (₹1,200.00) is above the MRP (₹1,100.00): a product may not be sold above its MRP.',
    );
    expect(await t.db.select().from(products).where(eq(products.title, 'Too dear'))).toHaveLength(0);

    const sized = await send(
      'POST',
      '/api/products',
      productForm({ ...base, title: 'Too dear sizes' }, { variants: [{ size: 'L', price: 700, mrp: 650, stock: 1 }] }),
    );
    expect(sized.statusCode).toBe(400);
    expect(sized.json().message).toMatch(/The price of size L \(₹700\.00\) is above the MRP \(₹650\.00\)/);
  });

  it('refuses an MRP of 0 or below, and lets an edit change and clear the MRP', async () => {
    const zero = await send('POST', '/api/products', productForm({ ...base, title: 'Free MRP', price: 0, mrp: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/MRP must be above 0/);

    const product = await created({ title: 'Edited MRP', price: 500, mrp: 600 });
    const raised = await send(
      'PUT',
      `/api/products/${product._id}`,
      productForm({ ...base, title: 'Edited MRP', price: 500, mrp: 650, version: product.version }),
    );
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().mrp).toBe(650);
    const above = await send(
      'PUT',
      `/api/products/${product._id}`,
      productForm({ ...base, title: 'Edited MRP', price: 700, mrp: 650 }),
    );
    expect(above.statusCode).toBe(400);
    const cleared = await send(
      'PUT',
      `/api/products/${product._id}`,
      productForm({ ...base, title: 'Edited MRP', price: 700, mrp: '' }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ price: 700, mrp: null });
  });

  it('keeps the rule in the database too: no row with a price above its MRP', async () => {
    const product = await created({ title: 'Guarded', price: 100, mrp: 120 });
    await expect(
      t.db.update(products).set({ pricePaise: 13000 }).where(eq(products.id, product._id)),
    ).rejects.toThrow();
    const sized = await created({ title: 'Guarded sizes' }, [{ size: 'S', price: 100, mrp: 120, stock: 1 }]);
    await expect(
      t.db.update(productVariants).set({ pricePaise: 13000 }).where(eq(productVariants.productId, sized._id)),
    ).rejects.toThrow();
  });
});

describe('the products CSV', () => {
  const exportRows = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/export.csv?category=Mrp%20Csv',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
  };
  const post = (path: 'dry-run' | 'apply', body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/import/${path}`,
      headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
      payload: body,
    });
  const csvOf = (rows: Record<string, string>[]) =>
    [PRODUCT_CSV_COLUMNS.join(','), ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((c) => row[c] ?? '').join(','))].join(
      '\r\n',
    ) + '\r\n';

  it('exports the MRP columns and imports them back: a change is listed, a price above the MRP refused', async () => {
    const plainProduct = await created({ title: 'Csv plain', category: 'Mrp Csv', price: 250, mrp: 300 });
    await created({ title: 'Csv sized', category: 'Mrp Csv' }, [{ size: 'M', price: 80, mrp: 99.5, stock: 4 }]);
    const rows = await exportRows();
    const plainRow = rows.find((row) => row.title === 'Csv plain')!;
    const sizedRow = rows.find((row) => row.title === 'Csv sized')!;
    expect(plainRow).toMatchObject({ price: '250.00', mrp: '300.00', variant_mrp: '' });
    expect(sizedRow).toMatchObject({ variant_price: '80.00', variant_mrp: '99.50' });

    const unchanged = (await post('dry-run', csvOf(rows))).json();
    expect(unchanged.summary).toMatchObject({ unchanged: 2, refused: 0 });

    const edited = rows.map((row) =>
      row.title === 'Csv plain' ? { ...row, mrp: '320.00' } : { ...row, variant_price: '120.00' },
    );
    const judged = (await post('dry-run', csvOf(edited))).json();
    const plainReport = judged.rows.find((r: { title: string }) => r.title === 'Csv plain');
    expect(plainReport).toMatchObject({ action: 'update', reasons: ['mrp'] });
    const sizedReport = judged.rows.find((r: { title: string }) => r.title === 'Csv sized');
    expect(sizedReport.action).toBe('refused');
    expect(sizedReport.reasons.join(' ')).toMatch(/above the MRP \(₹99\.50\)/);

    const applied = await post('apply', csvOf(edited));
    expect(applied.statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, plainProduct._id));
    expect(row!.mrpPaise).toBe(32000);
  });
});

describe('the store setting of the computed struck-through price', () => {
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/store', headers: bearer(adminToken), payload });

  it('is on by default, turns off, and stays as it is when a save leaves it out', async () => {
    const saved = await put(DEMO_STORE_SETTINGS_INPUT);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().computedOriginalPrice).toBe(true);
    const off = await put({ ...DEMO_STORE_SETTINGS_INPUT, computedOriginalPrice: false });
    expect(off.json().computedOriginalPrice).toBe(false);
    const kept = await put({ ...DEMO_STORE_SETTINGS_INPUT, tradeName: 'PumpKart Pune' });
    expect(kept.json().computedOriginalPrice).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/store' })).json().computedOriginalPrice).toBe(
      false,
    );
    const bad = await put({ ...DEMO_STORE_SETTINGS_INPUT, computedOriginalPrice: 'no' });
    expect(bad.statusCode).toBe(400);
  });
});
