import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  DEFAULT_COMPLIANCE_TASKS,
  HSN_CODE_PATTERN,
  inPriceRange,
  isGstRate,
  missingForSale,
  PRICE_RANGES,
  productListResponseSchema,
  SAC_CODE_PATTERN,
  type ProductDto,
} from '@pumpkart/shared';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { uploadedFile, uploadExists } from '../test/catalog-factories';
import { createTestAdmin } from '../test/factories';
import { seedDatabase } from './index';
import { seedDemoCatalog } from './catalog';
import { DEMO_CATEGORIES } from './demo-products';
import { DEMO_EQUIPMENT } from './demo-equipment';
import { DEMO_SERVICES } from './demo-services';
import { escapeXml, wrapText } from './artwork';

let t: TestApp;
let created: number;
let seedMs: number;
let catalog: ProductDto[];

// First-start seeding as main.ts runs it: admin, demo customer and the demo catalog.
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  const started = performance.now();
  created = (await seedDatabase(t.app.ctx)).productsCreated;
  seedMs = performance.now() - started;
  const { token } = await createTestAdmin(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/products/admin/all?limit=100', headers: bearer(token) });
  catalog = productListResponseSchema.parse(res.json());
});
afterAll(() => t?.close());

describe('seedDemoCatalog', () => {
  it('creates at least 40 active products in exactly the seven categories', () => {
    expect(created).toBeGreaterThanOrEqual(40);
    expect(catalog).toHaveLength(created);
    expect(catalog.every((product) => product.active)).toBe(true);
    // Each has what a product on sale needs (docs/shop-rules.md#on-sale): a price, a category, a picture.
    expect(catalog.filter((product) => missingForSale({ ...product, pictures: product.images.length }).length)).toEqual(
      [],
    );
    expect([...new Set(catalog.map((product) => product.category))].sort()).toEqual([...DEMO_CATEGORIES].sort());
    for (const category of DEMO_CATEGORIES) {
      expect(catalog.filter((product) => product.category === category).length).toBeGreaterThanOrEqual(5);
    }
    console.info(`demo catalog: ${created} products seeded in ${Math.round(seedMs)} ms`);
  });

  it('marks the equipment by its title: dispensers, extinguishers, measures, density meters, gauges', () => {
    const equipment = catalog.filter((product) => product.complianceCategory);
    expect(equipment.map((product) => product.title).sort()).toEqual(Object.keys(DEMO_EQUIPMENT).sort());
    expect(catalog.find((product) => product.title === 'Safex CO2 Fire Extinguisher 4.5 kg')).toMatchObject({
      complianceCategory: 'fire-extinguisher',
      extinguisherType: 'co2',
      warrantyMonths: 12,
    });
    expect(catalog.find((product) => product.title === 'No Smoking Sign Board')).toMatchObject({
      complianceCategory: null,
      extinguisherType: null,
      warrantyMonths: null,
    });
  });

  it('covers every price range with realistic rupee prices', () => {
    for (const range of PRICE_RANGES) {
      expect(catalog.filter((product) => inPriceRange(product.price, range)).length).toBeGreaterThanOrEqual(5);
    }
    const dispensers = catalog.filter(
      (product) => product.category === 'Fuel Dispensers' && /Dispenser$/.test(product.title),
    );
    expect(dispensers.length).toBeGreaterThanOrEqual(4);
    for (const dispenser of dispensers) {
      expect(dispenser.price).toBeGreaterThanOrEqual(150_000);
      expect(dispenser.price).toBeLessThanOrEqual(600_000);
    }
    expect(catalog.find((product) => /Reflective Safety Vest/.test(product.title))?.price).toBe(250);
  });

  it('has size variants with the product price and stock derived from them', () => {
    const withVariants = catalog.filter((product) => product.variants.length > 0);
    expect(withVariants.length).toBeGreaterThanOrEqual(5);
    for (const product of withVariants) {
      expect(product.price).toBe(Math.min(...product.variants.map((variant) => variant.price)));
      expect(product.stock).toBe(product.variants.reduce((sum, variant) => sum + variant.stock, 0));
    }
    const uniform = catalog.find((product) => /Uniform Set/.test(product.title))!;
    expect(uniform.variants.map((variant) => variant.size)).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('has out-of-stock products (one with every variant at 0) and some under their threshold', () => {
    const outOfStock = catalog.filter((product) => product.stock === 0);
    expect(outOfStock.length).toBeGreaterThanOrEqual(3);
    expect(outOfStock.every((product) => product.availability === 'Out of Stock')).toBe(true);
    expect(
      outOfStock.some(
        (product) => product.variants.length > 0 && product.variants.every((variant) => variant.stock === 0),
      ),
    ).toBe(true);
    const low = catalog.filter((product) => product.stock > 0 && product.stock < product.lowStockThreshold);
    expect(low.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every product a picture whose renditions exist as WebP files', async () => {
    for (const product of catalog) {
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      const [picture] = product.images;
      expect(picture!.sizes.map((size) => size.width)).toEqual([320, 480, 640, 1024]);
      expect(picture!.url).toMatch(/\/640\.webp$/);
      expect([picture!.width, picture!.height]).toEqual([640, 480]);
      for (const size of picture!.sizes) expect(uploadExists(t, size.url)).toBe(true);
    }
    const sample = await sharp(uploadedFile(t, catalog[0]!.images[0]!.sizes[3]!.url)).metadata();
    expect(sample).toMatchObject({ format: 'webp', width: 1024, height: 768 });
  });

  it('gives every product an HSN code and a GST rate, and the dispensers their approvals', () => {
    for (const product of catalog) {
      expect(product.hsnCode, product.title).toMatch(HSN_CODE_PATTERN);
      expect(isGstRate(product.gstRate!), product.title).toBe(true);
      // A service has no manufacturer, and its code is a SAC (docs/shop-rules.md#service-products).
      if (product.kind === 'goods') expect(product.manufacturer, product.title).toEqual(expect.any(String));
      else expect(product.hsnCode, product.title).toMatch(SAC_CODE_PATTERN);
    }
    const services = catalog.filter((product) => product.kind === 'service');
    expect(services.map((product) => product.title).sort()).toEqual(Object.keys(DEMO_SERVICES).sort());
    const taskKeys = new Set(DEFAULT_COMPLIANCE_TASKS.map((task) => task.key));
    for (const service of services) {
      expect(service.taskKeys.length, service.title).toBeGreaterThan(0);
      for (const key of service.taskKeys) expect(taskKeys.has(key), key).toBe(true);
      expect(service.complianceCategory ?? null, service.title).toBeNull();
    }
    const byTitle = (title: RegExp) => catalog.find((product) => title.test(product.title))!;
    expect(byTitle(/Gilbarco SK700/)).toMatchObject({ hsnCode: '84131100', gstRate: 18, countryOfOrigin: 'India' });
    expect(byTitle(/Gilbarco SK700/).pesoApproval).toMatch(/^P\/HQ\//);
    expect(byTitle(/Gilbarco SK700/).legalMetrologyApproval).toMatch(/^IND\/\d{2}\/\d{2}\/\d{3}$/);
    expect(byTitle(/ABC Powder Fire Extinguisher/)).toMatchObject({ hsnCode: '84241000', gstRate: 18 });
    expect(byTitle(/ABC Powder Fire Extinguisher/).bisLicence).toMatch(/^CM\/L-\d{10}$/);
    expect(byTitle(/Uniform Set/)).toMatchObject({ hsnCode: '62034200', gstRate: 5 });
    expect(byTitle(/Tatsuno/).countryOfOrigin).toBe('Japan');
  });

  it('writes the demo shop details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/store' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tradeName: 'PumpKart', stateCode: '27', invoicePrefix: 'PK' });
  });

  it('runs only on an empty products table', async () => {
    expect((await seedDatabase(t.app.ctx)).productsCreated).toBe(0);
    const home = await t.app.inject({ method: 'GET', url: '/api/products?view=home' });
    expect(home.json().sections).toHaveLength(DEMO_CATEGORIES.length);
  });

  it('removes its pictures again when the write fails', async () => {
    const files = () => readdirSync(path.join(t.config.DATA_DIR, 'uploads', 'products')).length;
    const before = files();
    const failing = {
      storage: t.app.ctx.storage,
      db: {
        transaction: async () => {
          throw new Error('database down');
        },
      } as unknown as typeof t.db,
    };
    await expect(seedDemoCatalog(failing)).rejects.toThrow('database down');
    expect(files()).toBe(before);
  });
});

describe('artwork helpers', () => {
  it('wraps long titles into two lines with an ellipsis and escapes XML', () => {
    expect(wrapText('Short title', 34, 2)).toEqual(['Short title']);
    const lines = wrapText('A very long product title that certainly needs more than two lines to fit here', 20, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(escapeXml('Safety Gear & <Uniforms>')).toBe('Safety Gear &#38; &#60;Uniforms&#62;');
  });
});
