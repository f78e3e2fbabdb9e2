import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  lowStockResponseSchema,
  productListResponseSchema,
  TOTAL_COUNT_HEADER,
  toPaise,
  type ProductDto,
} from '@pumpkart/shared';
import { products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct, createTestUser } from '../../test/factories';

let t: TestApp;
let adminToken: string;
let customerToken: string;

/**
 * 960 filler products, older than the named ones: ten pages of 100, and every total still under the count's cap
 * (ADMIN_COUNT_CAP), so each filter's count is exact; past the cap: lib/capped-count.test.ts.
 */
const FILLER = 960;
const BASE = Date.UTC(2026, 0, 1);

async function insertFiller() {
  const rows = Array.from({ length: FILLER }, (_, index) => ({
    title: `Filler ${String(index).padStart(4, '0')}`,
    description: 'Bulk stock for paging.',
    brand: 'Bulk',
    category: 'Filler',
    pricePaise: toPaise(100 + index),
    stock: 500,
    createdAt: new Date(BASE + index * 1000),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await t.db.insert(products).values(rows.slice(start, start + 500));
  }
}

/** Named products, newer than the filler, one minute apart in this order. */
const NAMED = [
  { title: 'alpha Nozzle', brand: 'Gilbarco', category: 'Nozzles', price: 50_000, stock: 0, lowStockThreshold: 3 },
  { title: 'Beta Meter', brand: 'Tokheim', category: 'Meters', price: 75_000, stock: 2, lowStockThreshold: 5 },
  // Low, but inactive: not on the dashboard.
  {
    title: 'Gamma Hose',
    brand: 'Gilbarco',
    category: 'Hoses',
    price: 60_000,
    stock: 4,
    lowStockThreshold: 6,
    active: false,
  },
  {
    title: 'Delta Pump',
    brand: 'Wayne',
    category: 'Pumps',
    price: 90_000,
    stock: 40,
    lowStockThreshold: 5,
    description: 'A submersible turbine unit.',
  },
  // Threshold 0: never low.
  { title: 'Zeta Seal', brand: 'Wayne', category: 'Seals', price: 20_000, stock: 1, lowStockThreshold: 0 },
] as const;

const ids: Record<string, string> = {};
let sizedProductId: string;
let sizeIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  customerToken = (await createTestUser(t.app)).token;
  await insertFiller();
  for (const [index, named] of NAMED.entries()) {
    const { product } = await createTestProduct(t.db, named);
    ids[named.title] = product.id;
    await t.db
      .update(products)
      .set({ createdAt: new Date(BASE + (FILLER + index) * 60_000) })
      .where(eq(products.id, product.id));
  }
  // Sizes use their product's threshold (4): S is out, M low, L fine.
  const sized = await createTestProduct(t.db, {
    title: 'Epsilon Gloves',
    brand: 'SafeHands',
    category: 'Safety',
    lowStockThreshold: 4,
    variants: [
      { size: 'S', price: 50, stock: 0 },
      { size: 'M', price: 60, stock: 3 },
      { size: 'L', price: 70, stock: 9 },
    ],
  });
  sizedProductId = sized.product.id;
  sizeIds = Object.fromEntries(sized.variants.map((variant) => [variant.size!, variant.id]));
  await t.db
    .update(products)
    .set({ createdAt: new Date(BASE + (FILLER + 10) * 60_000) })
    .where(eq(products.id, sizedProductId));
}, 60_000);
afterAll(() => t?.close());

async function list(query = '', token = adminToken) {
  return t.app.inject({ method: 'GET', url: `/api/products/admin/all${query}`, headers: bearer(token) });
}

async function page(query: string): Promise<{ items: ProductDto[]; total: number }> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return { items: productListResponseSchema.parse(res.json()), total: Number(res.headers[TOTAL_COUNT_HEADER]) };
}

const titlesOf = (items: ProductDto[]) => items.map((item) => item.title);
const ALL = FILLER + NAMED.length + 1;

describe('GET /api/products/admin/all: paging', () => {
  it('answers 20 products by default, newest first, with the total of all of them', async () => {
    const { items, total } = await page('');
    expect(total).toBe(ALL);
    expect(items).toHaveLength(20);
    expect(titlesOf(items).slice(0, 7)).toEqual([
      'Epsilon Gloves',
      'Zeta Seal',
      'Delta Pump',
      'Gamma Hose',
      'Beta Meter',
      'alpha Nozzle',
      'Filler 0959',
    ]);
    expect(items.find((item) => item.title === 'Gamma Hose')?.active).toBe(false);
  });

  it('pages through every product without gaps or repeats', async () => {
    const seen = new Set<string>();
    for (let number = 1; number <= Math.ceil(ALL / 100); number += 1) {
      const { items, total } = await page(`?limit=100&page=${number}`);
      expect(total).toBe(ALL);
      for (const item of items) seen.add(item._id);
    }
    expect(seen.size).toBe(ALL);
    const last = await page(`?limit=100&page=${Math.ceil(ALL / 100)}`);
    expect(last.items.at(-1)!.title).toBe('Filler 0000');
    expect((await page(`?limit=100&page=${Math.ceil(ALL / 100) + 1}`)).items).toEqual([]);
  });
});

describe('GET /api/products/admin/all: filters', () => {
  it('searches title, description, brand and category, ignoring case', async () => {
    expect(titlesOf((await page('?search=ALPHA')).items)).toEqual(['alpha Nozzle']);
    expect(titlesOf((await page('?search=turbine')).items)).toEqual(['Delta Pump']);
    expect(titlesOf((await page('?search=tokheim')).items)).toEqual(['Beta Meter']);
    expect(titlesOf((await page('?search=hoses')).items)).toEqual(['Gamma Hose']);
    // Like characters are literal.
    expect((await page('?search=%25')).total).toBe(0);
  });

  it('filters by category, brand and active', async () => {
    expect(titlesOf((await page('?category=Meters')).items)).toEqual(['Beta Meter']);
    expect(titlesOf((await page('?brand=Gilbarco')).items)).toEqual(['Gamma Hose', 'alpha Nozzle']);
    expect(titlesOf((await page('?active=false')).items)).toEqual(['Gamma Hose']);
    expect((await page('?active=true')).total).toBe(ALL - 1);
    expect(titlesOf((await page('?brand=Gilbarco&active=true')).items)).toEqual(['alpha Nozzle']);
    expect((await page('?category=&brand=&active=&stock=')).total).toBe(ALL);
  });

  it('filters by stock level: in, low (at or below a threshold above 0), out', async () => {
    expect(titlesOf((await page('?stock=out')).items)).toEqual(['alpha Nozzle']);
    // Zeta Seal has 1 with threshold 0: not low. Epsilon's sizes sum to 12, above its threshold 4.
    expect(titlesOf((await page('?stock=low')).items)).toEqual(['Gamma Hose', 'Beta Meter']);
    const inStock = await page('?stock=in&limit=100');
    expect(inStock.total).toBe(ALL - 1);
    expect(titlesOf(inStock.items)).not.toContain('alpha Nozzle');
  });
});

describe('GET /api/products/admin/all: sorts', () => {
  it('sorts by title (case ignored), price and stock either way', async () => {
    expect(titlesOf((await page('?sort=title&limit=6')).items)).toEqual([
      'alpha Nozzle',
      'Beta Meter',
      'Delta Pump',
      'Epsilon Gloves',
      'Filler 0000',
      'Filler 0001',
    ]);
    expect(titlesOf((await page(`?sort=title&limit=2&page=${ALL / 2}`)).items)).toEqual(['Gamma Hose', 'Zeta Seal']);
    expect(titlesOf((await page('?sort=price_desc&limit=5')).items)).toEqual([
      'Delta Pump',
      'Beta Meter',
      'Gamma Hose',
      'alpha Nozzle',
      'Zeta Seal',
    ]);
    expect(titlesOf((await page('?sort=price_asc&limit=2')).items)).toEqual(['Epsilon Gloves', 'Filler 0000']);
    expect(titlesOf((await page('?sort=stock_asc&limit=6')).items)).toEqual([
      'alpha Nozzle',
      'Zeta Seal',
      'Beta Meter',
      'Gamma Hose',
      'Epsilon Gloves',
      'Delta Pump',
    ]);
    const lastPage = await page(`?sort=stock_desc&limit=100&page=${Math.ceil(ALL / 100)}`);
    expect(titlesOf(lastPage.items).slice(-3)).toEqual(['Beta Meter', 'Zeta Seal', 'alpha Nozzle']);
    expect(titlesOf((await page('?sort=stock_desc&limit=1')).items)[0]).toMatch(/^Filler/);
  });

  it('keeps equal values in one order from page to page', async () => {
    const whole = await page('?sort=stock_desc&limit=60&category=Filler');
    const first = await page('?sort=stock_desc&limit=30&category=Filler');
    const second = await page('?sort=stock_desc&limit=30&page=2&category=Filler');
    expect([...first.items, ...second.items].map((item) => item._id)).toEqual(whole.items.map((item) => item._id));
  });
});

describe('GET /api/products/admin/all: refusals', () => {
  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products/admin/all' })).statusCode).toBe(401);
    expect((await list('', customerToken)).statusCode).toBe(403);
  });

  it.each([
    ['?page=0', /page/],
    ['?page=abc', /page/],
    ['?limit=0', /limit/],
    ['?limit=101', /limit must be at most 100/],
    ['?sort=cheapest', /sort must be one of/],
    ['?active=yes', /active must be/],
    ['?stock=some', /stock must be one of/],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('GET /api/products/admin/low-stock', () => {
  const lowStock = async (query = '', token = adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/products/admin/low-stock${query}`, headers: bearer(token) });

  it('lists products and sizes at or below their threshold, worst first; threshold 0 and inactive left out', async () => {
    const res = await lowStock();
    expect(res.statusCode, res.body).toBe(200);
    const { data } = lowStockResponseSchema.parse(res.json());
    expect(data).toEqual([
      // Stock 0 first; the higher threshold first among equals.
      { productId: sizedProductId, title: 'Epsilon Gloves', variantId: sizeIds.S, size: 'S', stock: 0, threshold: 4 },
      { productId: ids['alpha Nozzle'], title: 'alpha Nozzle', variantId: null, size: null, stock: 0, threshold: 3 },
      { productId: ids['Beta Meter'], title: 'Beta Meter', variantId: null, size: null, stock: 2, threshold: 5 },
      { productId: sizedProductId, title: 'Epsilon Gloves', variantId: sizeIds.M, size: 'M', stock: 3, threshold: 4 },
    ]);
  });

  it('counts a stock equal to the threshold as low, and cuts the list to the limit', async () => {
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, ids['Delta Pump']!));
    try {
      const all = lowStockResponseSchema.parse((await lowStock()).json()).data;
      expect(all.map((item) => item.title)).toContain('Delta Pump');
      const two = lowStockResponseSchema.parse((await lowStock('?limit=2')).json()).data;
      expect(two.map((item) => item.size ?? item.title)).toEqual(['S', 'alpha Nozzle']);
    } finally {
      await t.db.update(products).set({ stock: 40 }).where(eq(products.id, ids['Delta Pump']!));
    }
  });

  it('refuses a visitor (401), a customer (403) and a bad limit (400)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products/admin/low-stock' })).statusCode).toBe(401);
    expect((await lowStock('', customerToken)).statusCode).toBe(403);
    const bad = await lowStock('?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit/);
  });
});
