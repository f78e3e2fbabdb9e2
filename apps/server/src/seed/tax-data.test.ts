import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createTestProduct } from '../test/factories';
import { DEMO_PRODUCTS } from './demo-products';
import { DEMO_TAX_DATA } from './demo-tax-data';
import { seedDatabase } from './index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t?.close());

describe('demo tax data', () => {
  it('covers every demo product', () => {
    expect(Object.keys(DEMO_TAX_DATA).sort()).toEqual(DEMO_PRODUCTS.map((product) => product.title).sort());
  });

  it('fills a catalog seeded before tax data existed, once, never over an owner entry', async () => {
    // A demo catalog from before: demo titles, no HSN codes; the owner has entered one; and an own product.
    const old = await createTestProduct(t.db, { title: 'Gilbarco SK700-II Single Product Fuel Dispenser' });
    const edited = await createTestProduct(t.db, { title: 'Karam PN521 Safety Helmet' });
    await t.db.update(products).set({ hsnCode: '6506', gstRate: 28 }).where(eq(products.id, edited.product.id));
    const own = await createTestProduct(t.db, { title: 'Own product without HSN' });

    const first = await seedDatabase(t.app.ctx);
    expect(first).toMatchObject({ productsCreated: 0, taxDataFilled: 1, storeSettingsCreated: true });

    const row = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
    expect(await row(old.product.id)).toMatchObject({
      hsnCode: '84131100',
      gstRate: 18,
      countryOfOrigin: 'India',
      pesoApproval: DEMO_TAX_DATA['Gilbarco SK700-II Single Product Fuel Dispenser']!.pesoApproval,
    });
    expect(await row(edited.product.id)).toMatchObject({ hsnCode: '6506', gstRate: 28, bisLicence: null });
    expect(await row(own.product.id)).toMatchObject({ hsnCode: null, gstRate: 18 });

    expect(await seedDatabase(t.app.ctx)).toMatchObject({ taxDataFilled: 0, storeSettingsCreated: false });
  });
});
