import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOME_PRODUCTS_PER_CATEGORY, toPaise, type HomeView } from '@pumpkart/shared';
import { productImages, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestProduct, type TestProductInput } from '../../test/factories';
import { findHomeView, toProductDtos, type CatalogFilter, type ProductRow } from './store/catalog';

// findHomeView against the plainest computation of the same answer: every product read back, the
// filter applied in JavaScript, each category's matches sorted newest first (then id), the first
// HOME_PRODUCTS_PER_CATEGORY kept, categories by name. The catalog has ties in created_at (inside a
// category, across the cut-off and across categories), inactive products, a category with only
// inactive products, prices on the range boundaries and sold-out products.

let t: TestApp;
const BASE = Date.parse('2026-03-01T00:00:00Z');

interface FixtureProduct extends TestProductInput {
  /** Minutes after BASE: equal values are ties in created_at. */
  minute: number;
}

const FIXTURE: FixtureProduct[] = [
  // Alpha Pumps: the 2nd to 5th newest share a created_at, so the cut-off falls inside a tie.
  { title: 'Alpha Pump One', category: 'Alpha Pumps', brand: 'Acme', price: 500, stock: 3, minute: 10 },
  { title: 'Alpha Pump Two', category: 'Alpha Pumps', brand: 'Bolt', price: 500.01, stock: 0, minute: 20 },
  { title: 'Alpha Pump Three', category: 'Alpha Pumps', brand: 'Acme', price: 1000, stock: 1, minute: 30 },
  { title: 'Alpha Pump Four', category: 'Alpha Pumps', brand: 'Acme', price: 1000.01, stock: 2, minute: 30 },
  { title: 'Alpha Pump Five', category: 'Alpha Pumps', brand: 'Bolt', price: 2500, stock: 0, minute: 30 },
  { title: 'Alpha Pump Six', category: 'Alpha Pumps', brand: 'Acme', price: 120, stock: 9, minute: 30 },
  { title: 'Alpha Pump Seven', category: 'Alpha Pumps', brand: 'Acme', price: 800, stock: 4, minute: 40 },
  {
    title: 'Alpha Pump Hidden',
    category: 'Alpha Pumps',
    brand: 'Acme',
    price: 800,
    stock: 4,
    minute: 50,
    active: false,
  },
  // A lower-case name: sorted by code unit, after every capitalised one.
  { title: 'Beta Hose', category: 'beta lowercase', brand: 'Bolt', price: 300, stock: 0, minute: 15 },
  { title: 'Beta Nozzle', category: 'beta lowercase', brand: 'Acme', price: 1500, stock: 5, minute: 25 },
  { title: 'Beta Pump Kit', category: 'beta lowercase', brand: 'Cobra', price: 700, stock: 6, minute: 35 },
  // Exactly HOME_PRODUCTS_PER_CATEGORY, all created at the same moment.
  ...['A', 'B', 'C', 'D'].map((letter, index) => ({
    title: `Gamma Gauge ${letter}`,
    category: 'Gamma & Co',
    brand: index % 2 ? 'Acme' : 'Cobra',
    price: 400 + index * 300,
    stock: index,
    minute: 30,
    description: 'A sturdy gauge for the forecourt.',
  })),
  { title: 'Ghost One', category: 'Hidden Only', brand: 'Acme', price: 100, stock: 5, minute: 60, active: false },
  { title: 'Ghost Two', category: 'Hidden Only', brand: 'Acme', price: 100, stock: 5, minute: 61, active: false },
  // Zulu: variants, and created_at shared with other categories.
  ...[10, 30, 30, 40, 45, 45].map((minute, index) => ({
    title: `Zulu Pump Stand ${index}`,
    category: 'Zulu',
    brand: 'Cobra',
    minute,
    description: index % 2 ? 'Sturdy steel.' : 'Painted steel.',
    variants: [
      { size: 'S', price: 250 + index * 200, stock: index % 3 },
      { size: 'L', price: 900 + index * 200, stock: index % 2 },
    ],
  })),
  { title: 'Eclair Treat', category: 'Éclairs & Treats', brand: 'Cobra', price: 60, stock: 8, minute: 5 },
];

/** The home view computed the plain way from every product row. */
async function referenceHomeView(filter: CatalogFilter): Promise<HomeView> {
  const all = await t.db.select().from(products);
  const search = filter.search?.toLowerCase();
  const matching = all.filter(
    (row) =>
      (filter.includeInactive || row.active) &&
      (!search || row.title.toLowerCase().includes(search) || row.description.toLowerCase().includes(search)) &&
      (!filter.category || row.category === filter.category) &&
      (!filter.brand || row.brand === filter.brand) &&
      (filter.priceRange !== '0-500' || row.pricePaise <= toPaise(500)) &&
      (filter.priceRange !== '500-1000' || (row.pricePaise > toPaise(500) && row.pricePaise <= toPaise(1000))) &&
      (filter.priceRange !== '1000+' || row.pricePaise > toPaise(1000)) &&
      (filter.availability !== 'In Stock' || row.stock > 0) &&
      (filter.availability !== 'Out of Stock' || row.stock <= 0) &&
      (!filter.ids || filter.ids.includes(row.id)),
  );
  const byCategory = new Map<string, ProductRow[]>();
  for (const row of matching) byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
  const categories = [...byCategory.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sections = [];
  for (const category of categories) {
    const rows = byCategory.get(category)!;
    // uuid order in PostgreSQL is byte order, which is that of the lower-case text.
    rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const newest = rows.slice(0, HOME_PRODUCTS_PER_CATEGORY);
    sections.push({ category, total: rows.length, products: await toProductDtos(t.db, t.app.ctx.storage, newest) });
  }
  return { sections, total: matching.length };
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const { minute, ...input } of FIXTURE) {
    const { product } = await createTestProduct(t.db, { description: `About ${input.title}.`, ...input });
    await t.db
      .update(products)
      .set({ createdAt: new Date(BASE + minute * 60_000) })
      .where(eq(products.id, product.id));
    ids[input.title!] = product.id;
  }
  await t.db.insert(productImages).values({
    productId: ids['Alpha Pump Seven']!,
    publicId: 'products/home-view-test-image',
    width: 640,
    height: 480,
    renditions: [320, 640],
  });
});
afterAll(() => t?.close());

describe('findHomeView', () => {
  const filters: [string, () => CatalogFilter][] = [
    ['no filter', () => ({})],
    ['search in titles', () => ({ search: 'pump' })],
    ['search in another case', () => ({ search: 'PUMP' })],
    ['search in descriptions', () => ({ search: 'sturdy' })],
    ['search without matches', () => ({ search: 'nothing matches this' })],
    ['category', () => ({ category: 'Alpha Pumps' })],
    ['a category of inactive products only', () => ({ category: 'Hidden Only' })],
    ['brand', () => ({ brand: 'Acme' })],
    ['price 0-500', () => ({ priceRange: '0-500' })],
    ['price 500-1000', () => ({ priceRange: '500-1000' })],
    ['price 1000+', () => ({ priceRange: '1000+' })],
    ['in stock', () => ({ availability: 'In Stock' })],
    ['out of stock', () => ({ availability: 'Out of Stock' })],
    [
      'ids (an inactive one included)',
      () => ({
        ids: Object.entries(ids)
          .filter(([title]) => title.startsWith('Alpha') || title === 'Zulu Pump Stand 4' || title === 'Ghost One')
          .map(([, id]) => id),
      }),
    ],
    ['no ids', () => ({ ids: [] })],
    ['inactive included', () => ({ includeInactive: true })],
    ['search, price and availability', () => ({ search: 'pump', priceRange: '1000+', availability: 'In Stock' })],
    ['brand and category', () => ({ brand: 'Acme', category: 'Alpha Pumps' })],
  ];

  it.each(filters)('answers as the reference computation: %s', async (_name, filter) => {
    const actual = await findHomeView(t.db, t.app.ctx.storage, filter());
    expect(actual).toEqual(await referenceHomeView(filter()));
  });

  it('is checked on a catalog whose cut-off falls inside a tie and whose names sort by code unit', async () => {
    const home = await findHomeView(t.db, t.app.ctx.storage, {});
    expect(home.sections.map((section) => [section.category, section.total])).toEqual([
      ['Alpha Pumps', 7],
      ['Gamma & Co', 4],
      ['Zulu', 6],
      ['beta lowercase', 3],
      ['Éclairs & Treats', 1],
    ]);
    const alpha = home.sections[0]!.products;
    // Seven first (minute 40), then three of the four created at minute 30, by id descending.
    expect(alpha[0]!.title).toBe('Alpha Pump Seven');
    expect(alpha.slice(1).map((product) => product.createdAt)).toEqual(
      Array(3).fill(new Date(BASE + 30 * 60_000).toISOString()),
    );
    const tiedIds = ['Three', 'Four', 'Five', 'Six'].map((name) => ids[`Alpha Pump ${name}`]!);
    expect(alpha.slice(1).map((product) => product._id)).toEqual(tiedIds.sort().reverse().slice(0, 3));
    expect(alpha[0]!.images).toHaveLength(1);
    expect(home.sections[2]!.products[0]!.variants.map((variant) => variant.size)).toEqual(['S', 'L']);
  });
});
