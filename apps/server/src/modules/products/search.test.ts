/**
 * Typo tolerance, relevance and suggestions (docs/shop-rules.md#search, docs/decisions/0012-typo-tolerant-search.md)
 * on the demo catalog's titles and descriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import {
  CORRECTED_SEARCH_HEADER,
  SUGGESTED_PRODUCTS_LIMIT,
  suggestionsResponseSchema,
  TOTAL_COUNT_HEADER,
  type ProductDto,
} from '@pumpkart/shared';
import { products } from '../../db/schema';
import { DEMO_PRODUCTS } from '../../seed/demo-products';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestProduct } from '../../test/factories';
import { editDistance } from './store/search-correction';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const titles = (res: { json(): unknown }) => (res.json() as ProductDto[]).map((product) => product.title);
const corrected = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers[CORRECTED_SEARCH_HEADER];
  return typeof header === 'string' ? decodeURIComponent(header) : undefined;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(products).values(
    DEMO_PRODUCTS.map((product, index) => ({
      title: product.title,
      description: product.description,
      brand: product.brand,
      category: product.category,
      pricePaise: 100_00,
      stock: 5,
      createdAt: new Date(Date.UTC(2025, 0, 1) + index * 60_000),
    })),
  );
});
afterAll(() => t.close());

describe('a search that finds nothing as typed', () => {
  it.each([
    ['dispnser', 'dispenser'],
    ['disepnser', 'dispenser'],
    ['fule nozle', 'fuel nozzle'],
    ['FULE Nozle', 'fuel nozzle'],
  ])('%s is answered for %s', async (typed, correction) => {
    const res = await get(`/api/products?search=${encodeURIComponent(typed)}&limit=100`);
    expect(res.statusCode).toBe(200);
    expect(corrected(res)).toBe(correction);
    const expected = DEMO_PRODUCTS.filter((product) =>
      `${product.title}\n${product.description}`.toLowerCase().includes(correction),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(titles(res).sort()).toEqual(expected.map((product) => product.title).sort());
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(expected.length));
  });

  it('finds dispensers and fuel nozzles in the three examples', async () => {
    expect(titles(await get('/api/products?search=dispnser'))).toContain('Tokheim Quantium 510 Duo Fuel Dispenser');
    expect(titles(await get('/api/products?search=disepnser'))).toContain('Midco Eco-Line Diesel Dispenser');
    expect(titles(await get('/api/products?search=fule%20nozle'))).toEqual(['OPW 11A Automatic Fuel Nozzle']);
  });

  it('is not corrected when exact is asked (the "search instead for" link)', async () => {
    for (const exact of ['1', 'true']) {
      const res = await get(`/api/products?search=dispnser&exact=${exact}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
      expect(corrected(res)).toBeUndefined();
    }
    const res = await get('/api/products?search=dispnser&exact=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/exact must be '1' or 'true'/);
  });

  it('falls back only when the exact search finds nothing', async () => {
    // 'pens' is inside 'dispenser': found as typed, so it is never corrected.
    const res = await get('/api/products?search=pens');
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBeGreaterThan(0);
    expect(corrected(res)).toBeUndefined();
    // Nothing close enough: nothing found, nothing corrected.
    const nothing = await get('/api/products?search=qwxzv');
    expect(nothing.json()).toEqual([]);
    expect(corrected(nothing)).toBeUndefined();
  });

  it('keeps the filters on the corrected search', async () => {
    const res = await get(`/api/products?search=dispnser&category=${encodeURIComponent('Water Coolers')}`);
    expect(corrected(res)).toBe('dispenser');
    expect(titles(res)).toEqual(['Voltas Mini Magic Pure-R Water Dispenser']);
  });

  it('one wrong letter in a word of 5 or more letters of a title always finds its product', async () => {
    const titleWords = [
      ...new Set(DEMO_PRODUCTS.flatMap((product) => product.title.toLowerCase().match(/\p{L}+/gu) ?? [])),
    ];
    const words = titleWords.filter((word) => word.length >= 5);
    const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split(''));
    const typo = fc
      .tuple(fc.constantFrom(...words), fc.nat(), letter, fc.constantFrom('insert', 'delete', 'change', 'swap'))
      .map(([word, at, char, edit]) => {
        const i = at % word.length;
        const typed =
          edit === 'insert'
            ? word.slice(0, i) + char + word.slice(i)
            : edit === 'delete'
              ? word.slice(0, i) + word.slice(i + 1)
              : edit === 'change'
                ? word.slice(0, i) + char + word.slice(i + 1)
                : i + 1 < word.length
                  ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
                  : word;
        return { word, typed };
      })
      .filter(({ word, typed }) => editDistance(word, typed) === 1);
    await fc.assert(
      fc.asyncProperty(typo, async ({ word, typed }) => {
        const exact = await get(`/api/products?search=${encodeURIComponent(typed)}&exact=1`);
        // A typo that is itself found (inside another word) is a search that worked: no fallback.
        fc.pre(exact.headers[TOTAL_COUNT_HEADER] === '0');
        // A typo as near another title word ('lire': 'litre' or 'fire') may be meant as either: the search corrects
        // it to one of them, so only a typo with one nearest word says which product must be found.
        fc.pre(!titleWords.some((other) => other !== word && editDistance(other, typed) <= 1));
        const res = await get(`/api/products?search=${encodeURIComponent(typed)}&limit=100`);
        const found = titles(res).map((title) => title.toLowerCase());
        expect(found.some((title) => title.includes(word))).toBe(true);
      }),
      { seed: 16, numRuns: 150 },
    );
  });

  it('is not corrected when only a description has the term: the count finds it, though no title word has it', async () => {
    // 'nozle' is one edit from the title word 'nozzle'; here it is in a description only.
    const { product } = await createTestProduct(t.db, { title: 'Cover Set', description: 'Fits a nozle of any make.' });
    t.app.ctx.catalogCache.invalidate();
    for (const sort of ['', '&sort=relevance']) {
      const res = await get(`/api/products?search=nozle${sort}`);
      expect(corrected(res)).toBeUndefined();
      expect(titles(res)).toEqual(['Cover Set']);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');
    }
    await t.db.delete(products).where(eq(products.id, product.id));
    t.app.ctx.catalogCache.invalidate();
    const res = await get('/api/products?search=nozle');
    expect(corrected(res)).toBe('nozzle');
    expect(titles(res)).toContain('OPW 11A Automatic Fuel Nozzle');
  });

  it('sets the trigram threshold for its own statement only', async () => {
    expect(corrected(await get('/api/products?search=dispnser'))).toBe('dispenser');
    expect(corrected(await get('/api/products?search=dispnser&sort=relevance'))).toBe('dispenser');
    const [row] = await t.db
      .execute(sql`select current_setting('pg_trgm.similarity_threshold', true) as threshold`)
      .then((result) => (result as unknown as { rows: { threshold: string | null }[] }).rows);
    expect(row?.threshold).not.toBe('0.19');
  });

  it('follows the titles: a new product is correctable, one made inactive no longer', async () => {
    const { product } = await createTestProduct(t.db, { title: 'Zephyrine Valve Kit' });
    t.app.ctx.catalogCache.invalidate();
    let res = await get('/api/products?search=zephyrne');
    expect(corrected(res)).toBe('zephyrine');
    expect(titles(res)).toEqual(['Zephyrine Valve Kit']);
    await t.db.update(products).set({ active: false }).where(eq(products.id, product.id));
    t.app.ctx.catalogCache.invalidate();
    res = await get('/api/products?search=zephyrne');
    expect(res.json()).toEqual([]);
    expect(corrected(res)).toBeUndefined();
    await t.db.delete(products).where(eq(products.id, product.id));
    const [word] = await t.db
      .execute(sql`select products from search_words where word = 'zephyrine'`)
      .then((result) => (result as unknown as { rows: { products: number }[] }).rows);
    expect(Number(word?.products)).toBe(0);
  });
});

describe('relevance', () => {
  it('ranks whole words in the title, then inside title words, then the description likewise; newest first', async () => {
    const category = 'Relevance Check';
    const rows = [
      { title: 'Valves Rack', description: 'Plain.', minutesAgo: 5 },
      { title: 'Gate Valve', description: 'Plain.', minutesAgo: 30 },
      { title: 'Seal Kit', description: 'Fits any valve.', minutesAgo: 1 },
      { title: 'Valve Spanner', description: 'Plain.', minutesAgo: 20 },
      { title: 'Gasket', description: 'For valves and pipes.', minutesAgo: 2 },
      { title: 'Multivalve Body', description: 'Plain.', minutesAgo: 40 },
    ];
    for (const row of rows) {
      const { product } = await createTestProduct(t.db, { ...row, category });
      await t.db
        .update(products)
        .set({ createdAt: sql`now() - make_interval(mins => ${row.minutesAgo})` })
        .where(eq(products.id, product.id));
    }
    t.app.ctx.catalogCache.invalidate();
    const res = await get(`/api/products?search=VALVE&sort=relevance&category=${encodeURIComponent(category)}`);
    expect(titles(res)).toEqual([
      'Valve Spanner',
      'Gate Valve',
      'Valves Rack',
      'Multivalve Body',
      'Seal Kit',
      'Gasket',
    ]);
  });
});

describe('GET /api/products/suggest', () => {
  it('suggests at most 8 products by relevance, each with title, price and image, and the matching categories', async () => {
    const res = await get('/api/products/suggest?q=er');
    expect(res.statusCode).toBe(200);
    const body = suggestionsResponseSchema.parse(res.json());
    expect(body.products).toHaveLength(SUGGESTED_PRODUCTS_LIMIT);
    expect(body.products[0]).toMatchObject({ price: expect.any(Number), image: null });
    expect(body.correctedSearch).toBeNull();
    const fuel = suggestionsResponseSchema.parse((await get('/api/products/suggest?q=Fuel')).json());
    expect(fuel.categories).toEqual(['Fuel Dispensers']);
    // The title match first (whole word), as the search page would list it.
    expect(fuel.products.map((product) => product.title).slice(0, 3)).toEqual(
      expect.arrayContaining(['OPW 11A Automatic Fuel Nozzle']),
    );
  });

  it('suggests for the corrected words of a misspelt term', async () => {
    const body = suggestionsResponseSchema.parse((await get('/api/products/suggest?q=dispnser')).json());
    expect(body.correctedSearch).toBe('dispenser');
    expect(body.products.length).toBeGreaterThan(0);
    // Title matches first, as the search page lists them.
    expect(body.products[0]!.title).toMatch(/dispenser/i);
  });

  it("suggests on a category page that category's products only, as its results list them", async () => {
    const everywhere = suggestionsResponseSchema.parse((await get('/api/products/suggest?q=cooler')).json());
    expect(everywhere.products.length).toBeGreaterThan(0);
    const inFireSafety = await get(`/api/products/suggest?q=cooler&category=${encodeURIComponent('Fire Safety')}`);
    expect(inFireSafety.statusCode).toBe(200);
    expect(suggestionsResponseSchema.parse(inFireSafety.json()).products).toEqual([]);
    const results = await get(`/api/products?search=cooler&category=${encodeURIComponent('Fire Safety')}`);
    expect(titles(results)).toEqual([]);
    const inCoolers = suggestionsResponseSchema.parse(
      (await get(`/api/products/suggest?q=cooler&category=${encodeURIComponent('Water Coolers')}`)).json(),
    );
    const coolerTitles = titles(
      await get(`/api/products?search=cooler&sort=relevance&category=${encodeURIComponent('Water Coolers')}`),
    );
    expect(inCoolers.products.map((product) => product.title)).toEqual(coolerTitles.slice(0, SUGGESTED_PRODUCTS_LIMIT));
  });

  it.each([
    ['', /q/],
    ['q=a', /^q must be at least 2 characters\.$/],
    ['q=%20a%20', /at least 2/],
    [`q=${'x'.repeat(101)}`, /at most 100/],
  ])('refuses ?%s with 400', async (query, message) => {
    const res = await get(`/api/products/suggest?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

/**
 * A search's statement is built once for its shape on PostgreSQL and filled with each request's values (searchByShape,
 * queries.ts): searches of one shape, one after the other, each answer for their own term, category and brand.
 */
describe('searches of one shape', () => {
  const expectedTitles = (term: string, field: 'category' | 'brand', value: string) =>
    DEMO_PRODUCTS.filter(
      (product) => product[field] === value && `${product.title}\n${product.description}`.toLowerCase().includes(term),
    )
      .map((product) => product.title)
      .sort();

  it.each(['category', 'brand'] as const)('answer each their own %s and term', async (field) => {
    const values = [...new Set(DEMO_PRODUCTS.map((product) => product[field]))];
    expect(values.length).toBeGreaterThan(2);
    for (const term of ['e', 'steel']) {
      for (const value of values) {
        const res = await get(`/api/products?search=${term}&${field}=${encodeURIComponent(value)}&limit=100`);
        expect(titles(res).sort(), `${term} in ${value}`).toEqual(expectedTitles(term, field, value));
      }
    }
  });
});
