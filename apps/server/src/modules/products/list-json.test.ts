/**
 * The catalog's pages read their products in one statement as JSON built by the database, with no drizzle mapping
 * (product-dto.ts), and the admin list answers its JSON through a serializer compiled from its response schema
 * (lib/compiled-serializer.ts; docs/decisions/0011-admin-lists-at-size.md), without zod's pass. Their JSON must stay what the schema's serializer made of
 * the same products: the admin list's body is, byte for byte, the bodies GET /api/products/admin/{id} (serialized
 * through productSchema) answers for its products, and the storefront's pages (the catalog cache stores
 * JSON.stringify of them) are productListResponseSchema's encoding of the same products without their tax data,
 * with every part a product can carry: sizes stored out of their order (and two at one position), images stored out
 * of display order (two at one position), none of either, inactive, tax data set and unset, stock 0, and creation
 * times with microseconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  homeViewResponseSchema,
  productListResponseSchema,
  TOTAL_COUNT_HEADER,
  toPaise,
  type HomeView,
  type ProductDto,
} from '@pumpkart/shared';
import { productImages, products, productVariants } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createTestAdmin, createTestProduct } from '../../test/factories';

let t: TestApp;
let adminToken: string;

/** The products by name, created oldest first in NAMES' order (one minute apart). */
const NAMES = ['ranked', 'sized', 'bare', 'inactive', 'quarter', 'newest'] as const;
type Name = (typeof NAMES)[number];
const ids = {} as Record<Name, string>;
/** The sized product's sizes and the ranked product's images, in the order the API must show them. */
let sizesInOrder: string[] = [];
let imagesInOrder: string[] = [];

const BASE = Date.UTC(2026, 0, 1);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createTestAdmin(t.app)).token;
  const created = async (name: Name, input: Parameters<typeof createTestProduct>[1]) => {
    const { product } = await createTestProduct(t.db, input);
    const at = new Date(BASE + NAMES.indexOf(name) * 60_000);
    await t.db.update(products).set({ createdAt: at, updatedAt: at }).where(eq(products.id, product.id));
    ids[name] = product.id;
  };

  // 'zephyr' as a title word (the first relevance group), tax data set, three images stored out of display order.
  await created('ranked', {
    title: 'Zephyr Auto Nozzle',
    category: 'Nozzles',
    price: 1234.56,
    stock: 12,
    lowStockThreshold: 3,
  });
  await t.db
    .update(products)
    .set({
      hsnCode: '84131100',
      gstRate: 12,
      countryOfOrigin: 'Germany',
      manufacturer: 'Zephyr GmbH, Köln "Werk 2"',
      bisLicence: 'CM/L-5100045872',
      pesoApproval: 'P/HQ/MH/15/1234',
      legalMetrologyApproval: 'LM/2024/0099',
    })
    .where(eq(products.id, ids.ranked));
  const images = await t.db
    .insert(productImages)
    .values(
      (
        [
          [1, 'b'],
          [0, 'a'],
          [1, 'c'],
        ] as const
      ).map(([position, name]) => ({
        productId: ids.ranked,
        publicId: `products/${ids.ranked}-${name}`,
        width: 640,
        height: 480,
        renditions: [320, 640, 1024],
        position,
      })),
    )
    .returning();
  // One statement: b and c share their position and their time, so their ids order them.
  imagesInOrder = [
    images.find((image) => image.position === 0)!,
    ...images.filter((image) => image.position === 1).sort(byId),
  ].map((image) => image.publicId);

  // Four sizes stored out of their order, two at one position; the product keeps the cheapest price.
  await created('sized', {
    title: 'Delivery Hose',
    description: 'Fits every zephyr nozzle.',
    category: 'Hoses',
    price: 99.5,
    stock: 0,
  });
  const sizes = await t.db
    .insert(productVariants)
    .values(
      (
        [
          ['L', 2, 150.75, 0],
          ['S', 0, 99.5, 4],
          ['M', 1, 120, 5],
          ['10" ½ inch', 1, 130.1, 6],
        ] as const
      ).map(([size, position, price, stock]) => ({
        productId: ids.sized,
        size,
        position,
        pricePaise: toPaise(price),
        stock,
      })),
    )
    .returning();
  await t.db.update(products).set({ stock: 15 }).where(eq(products.id, ids.sized));
  sizesInOrder = [...sizes].sort((a, b) => a.position - b.position || byId(a, b)).map((variant) => variant.size!);

  // No images, no sizes, out of stock; 'zephyr' inside a description word (the last relevance group).
  await created('bare', { title: 'Spare Gasket', description: 'A zephyrlike seal.', price: 12, stock: 0 });
  // Inactive, with tax data: in the admin list only.
  await created('inactive', { title: 'Old Meter', description: 'A zephyr meter.', active: false, stock: 3 });
  await t.db
    .update(products)
    .set({
      hsnCode: '9028',
      gstRate: 28,
      manufacturer: 'Meter Works',
      complianceCategory: 'fire-extinguisher',
      extinguisherType: 'co2',
      warrantyMonths: 18,
    })
    .where(eq(products.id, ids.inactive));
  // The smallest GST rate (numeric 0.25).
  await created('quarter', { title: 'Test Diamond', description: 'Zephyr grade.', price: 50_000, stock: 1 });
  await t.db.update(products).set({ hsnCode: '7102', gstRate: 0.25 }).where(eq(products.id, ids.quarter));
  // Created at a time with microseconds: both reads drop them (truncated, not rounded).
  await created('newest', { title: 'Spill Kit', description: 'For zephyr pumps.', price: 2500, stock: 7 });
  await t.db
    .update(products)
    .set({ createdAt: sql`'2026-01-01 06:00:00.123987+00'::timestamptz` })
    .where(eq(products.id, ids.newest));
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** Each product's body as GET /api/products/admin/{id} answers it: serialized through productSchema. */
async function adminBodies(): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (const id of Object.values(ids)) {
    const res = await get(`/api/products/admin/${id}`, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    bodies.set(id, res.body);
  }
  return bodies;
}

/** What productListResponseSchema encodes for these products, without their tax data (the storefront's lists). */
function storefrontJson(bodies: Map<string, string>, order: string[]): string {
  const listed = order.map((id) => {
    const {
      hsnCode: _hsnCode,
      gstRate: _gstRate,
      countryOfOrigin: _countryOfOrigin,
      manufacturer: _manufacturer,
      bisLicence: _bisLicence,
      pesoApproval: _pesoApproval,
      legalMetrologyApproval: _legalMetrologyApproval,
      complianceCategory: _complianceCategory,
      extinguisherType: _extinguisherType,
      warrantyMonths: _warrantyMonths,
      ...product
    } = JSON.parse(bodies.get(id)!) as ProductDto;
    return product;
  });
  return JSON.stringify(z.encode(productListResponseSchema, listed));
}

const newestFirst = (...names: Name[]) => names.map((name) => ids[name]);

describe('GET /api/products/admin/all: its JSON without the response schema', () => {
  it('is, byte for byte, the bodies GET /api/products/admin/{id} answers, in the list order', async () => {
    const res = await get('/api/products/admin/all?limit=100', adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(NAMES.length));
    const order = newestFirst('newest', 'quarter', 'inactive', 'bare', 'sized', 'ranked');
    expect((JSON.parse(res.body) as ProductDto[]).map((product) => product._id)).toEqual(order);
    const bodies = await adminBodies();
    expect(res.body).toBe(`[${order.map((id) => bodies.get(id)).join(',')}]`);
    // The same as productListResponseSchema's own encoding of them.
    const encoded = z.encode(
      productListResponseSchema,
      order.map((id) => JSON.parse(bodies.get(id)!) as ProductDto),
    );
    expect(res.body).toBe(JSON.stringify(encoded));
  });

  it('carries every part: sizes and images in order, tax data set and unset, stock 0, times in milliseconds', async () => {
    const res = await get('/api/products/admin/all?limit=100', adminToken);
    const listed = new Map((JSON.parse(res.body) as ProductDto[]).map((product) => [product._id, product]));
    const ranked = listed.get(ids.ranked)!;
    expect(ranked).toMatchObject({
      price: 1234.56,
      hsnCode: '84131100',
      gstRate: 12,
      countryOfOrigin: 'Germany',
      manufacturer: 'Zephyr GmbH, Köln "Werk 2"',
      bisLicence: 'CM/L-5100045872',
      pesoApproval: 'P/HQ/MH/15/1234',
      legalMetrologyApproval: 'LM/2024/0099',
      variants: [],
    });
    expect(ranked.images.map((image) => image.public_id)).toEqual(imagesInOrder);
    const sized = listed.get(ids.sized)!;
    expect(sized.variants.map((variant) => variant.size)).toEqual(sizesInOrder);
    expect(sized).toMatchObject({ price: 99.5, stock: 15, availability: 'In Stock', images: [] });
    expect(sized.variants.find((variant) => variant.size === 'L')).toMatchObject({ price: 150.75, stock: 0 });
    expect(listed.get(ids.bare)).toMatchObject({
      stock: 0,
      availability: 'Out of Stock',
      images: [],
      variants: [],
      hsnCode: null,
      gstRate: 18,
      countryOfOrigin: 'India',
      manufacturer: null,
    });
    expect(listed.get(ids.inactive)).toMatchObject({ active: false, hsnCode: '9028', gstRate: 28 });
    expect(listed.get(ids.quarter)).toMatchObject({ gstRate: 0.25, hsnCode: '7102' });
    expect(listed.get(ids.newest)!.createdAt).toBe('2026-01-01T06:00:00.123Z');
  });

  it('answers a search and a sorted page the same way', async () => {
    const bodies = await adminBodies();
    for (const [url, order] of [
      [
        '/api/products/admin/all?search=zephyr',
        newestFirst('newest', 'quarter', 'inactive', 'bare', 'sized', 'ranked'),
      ],
      ['/api/products/admin/all?sort=price_desc&limit=2&page=2', newestFirst('ranked', 'inactive')],
      ['/api/products/admin/all?active=false', newestFirst('inactive')],
    ] as const) {
      const res = await get(url, adminToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body, url).toBe(`[${order.map((id) => bodies.get(id)).join(',')}]`);
    }
  });
});

describe('GET /api/products: pages read in one statement', () => {
  it("are productListResponseSchema's encoding of the same products, without their tax data", async () => {
    const bodies = await adminBodies();
    for (const [url, order] of [
      ['/api/products?limit=100', newestFirst('newest', 'quarter', 'bare', 'sized', 'ranked')],
      ['/api/products?sort=price_asc&limit=100', newestFirst('bare', 'sized', 'ranked', 'newest', 'quarter')],
      ['/api/products?limit=2&page=2', newestFirst('bare', 'sized')],
      ['/api/products?availability=Out%20of%20Stock', newestFirst('bare')],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body, url).toBe(storefrontJson(bodies, [...order]));
    }
  });

  it('answers a search by relevance, whether it ranks a window of the newest matches or every match', async () => {
    const bodies = await adminBodies();
    // The title word first, then the description's whole words newest first, then the word inside another.
    const all = newestFirst('ranked', 'newest', 'quarter', 'sized', 'bare');
    for (const [url, order] of [
      // Every match within the window: the page's ids are ranked first, then loaded in that order.
      ['/api/products?search=zephyr&sort=relevance&limit=100', all],
      ['/api/products?search=zephyr&sort=relevance&limit=1&page=2', all.slice(1, 2)],
      // The window (the newest 4) holds none of the first group: every match is ranked in the page's statement.
      ['/api/products?search=zephyr&sort=relevance&limit=1', all.slice(0, 1)],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body, url).toBe(storefrontJson(bodies, [...order]));
    }
  });

  it("the home view's products are the list's, and its JSON the schema's own", async () => {
    // Three categories, none with more products than the home view shows: every active product is in it.
    const list = new Map(
      ((await get('/api/products?limit=100')).json() as ProductDto[]).map((product) => [product._id, product]),
    );
    const res = await get('/api/products?view=home');
    expect(res.statusCode).toBe(200);
    const home = JSON.parse(res.body) as HomeView;
    expect(home.sections.map((section) => section.category)).toEqual(['Hoses', 'Nozzles', 'Testing Equipment']);
    const shown = home.sections.flatMap((section) => section.products);
    expect(shown.map((product) => product._id).sort()).toEqual([...list.keys()].sort());
    for (const product of shown) expect(JSON.stringify(product)).toBe(JSON.stringify(list.get(product._id)));
    expect(res.body).toBe(JSON.stringify(z.encode(homeViewResponseSchema, home)));
  });
});
