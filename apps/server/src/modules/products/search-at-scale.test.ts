/**
 * A search at more matches than SEARCH_COUNT_CAP (docs/shop-rules.md#search, docs/decisions/0014-search-at-scale.md):
 * the count stops at the cap, by the title vocabulary or by counting, and every page, newest first or by relevance,
 * is the page of the plainest computation of the same answer: every product read back, matched, ranked and sorted
 * in JavaScript. The catalog puts a term in every relevance group, in more titles than the cap, in descriptions
 * only, with ties in created_at and an inactive product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTED_SEARCH_HEADER, SEARCH_COUNT_CAP, TOTAL_COUNT_HEADER, type ProductDto } from '@pumpkart/shared';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema';
import { rowsOf } from '../../lib/raw-rows';
import { createTestApp, onPostgres, type TestApp } from '../../test/app';

let t: TestApp;
const BASE = Date.UTC(2026, 0, 1);
/** More products whose title has 'dispenser' as a whole word than the cap: 8 in 10 of them. */
const PRODUCTS = 1_400;

/**
 * Product i: its group for 'dispenser' follows i % 10, and every 7th shares its created_at with the one before. One
 * old title has 'disp' as a word, so that group 0 of 'disp' is not empty although the newest matches hold none of it.
 */
function fixture(i: number) {
  const kind = i % 10;
  const title =
    i === 3
      ? 'Disp Unit 3'
      : kind < 8
        ? `Fuel Dispenser ${i}`
        : kind === 8
          ? `Dispensers Rack ${i}`
          : i % 20 === 9
            ? `Hose Reel ${i}`
            : `Nozzle ${i}`;
  const description =
    kind < 9 ? 'Stainless steel.' : i % 20 === 9 ? 'Fits any dispenser.' : 'For dispensers and pumps.';
  const minute = i % 7 === 0 ? i - 1 : i;
  return { title, description, active: i !== 5, createdAt: new Date(BASE + minute * 60_000) };
}

interface Stored {
  id: string;
  title: string;
  description: string;
  active: boolean;
  createdAt: Date;
}
let catalog: Stored[] = [];
/** The columns of a Stored product, as an insert returns them. */
const STORED = {
  id: products.id,
  title: products.title,
  description: products.description,
  active: products.active,
  createdAt: products.createdAt,
};

const get = (url: string, app = t) => app.app.inject({ method: 'GET', url });
const ids = (res: { json(): unknown }) => (res.json() as ProductDto[]).map((product) => product._id);

/**
 * The rule of docs/shop-rules.md#search in JavaScript, for ASCII terms: match, group, newest first, then id; with
 * `window`, only the newest `window` matches are ordered (the suggestions for a term of fewer than 3 characters).
 */
function expected(term: string, order: 'newest' | 'relevance', window = Infinity): string[] {
  const lower = term.toLowerCase();
  const whole = new RegExp(`(^|[^a-z0-9])${lower}([^a-z0-9]|$)`);
  const rank = (p: Stored) => {
    const title = p.title.toLowerCase();
    if (whole.test(title)) return 0;
    if (title.includes(lower)) return 1;
    return whole.test(p.description.toLowerCase()) ? 2 : 3;
  };
  const newest = (a: Stored, b: Stored) =>
    b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  return catalog
    .filter((p) => p.active && `${p.title}\n${p.description}`.toLowerCase().includes(lower))
    .sort(newest)
    .slice(0, window)
    .sort((a, b) => (order === 'relevance' ? rank(a) - rank(b) : 0) || newest(a, b))
    .map((p) => p.id);
}

beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_SIZE: '0' });
  catalog = await t.db
    .insert(products)
    .values(Array.from({ length: PRODUCTS }, (_, i) => ({ ...fixture(i), pricePaise: 100_00, stock: 5 })))
    .returning(STORED);
});
afterAll(() => t.close());

describe('the count of a search', () => {
  it.each([
    ['dispenser', 'title words counted in the vocabulary'],
    ['stainless', 'descriptions only: counted up to the cap'],
    ['dispenser&availability=In%20Stock', 'narrowed by a filter: counted up to the cap'],
  ])('stops at SEARCH_COUNT_CAP + 1 for ?search=%s (%s)', async (query) => {
    const term = query.split('&')[0]!;
    expect(expected(term, 'newest').length).toBeGreaterThan(SEARCH_COUNT_CAP + 1);
    const res = await get(`/api/products?search=${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(SEARCH_COUNT_CAP + 1));
  });

  it('is exact up to the cap', async () => {
    for (const term of ['reel', 'pumps', 'rack']) {
      const res = await get(`/api/products?search=${term}`);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(expected(term, 'newest').length));
    }
    expect((await get('/api/products?search=zzzz')).headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  it('counts every product of a list without a search, above the cap too', async () => {
    const res = await get('/api/products?limit=1');
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(PRODUCTS - 1));
  });
});

describe('the pages of a search above the cap', () => {
  it.each([1, 2, 30])('newest first: page %i is the plain computation', async (page) => {
    const res = await get(`/api/products?search=dispenser&page=${page}&limit=24`);
    expect(ids(res)).toEqual(expected('dispenser', 'newest').slice((page - 1) * 24, page * 24));
  });

  it.each([
    // Whole title words, then across into the next groups (past the 1,118 whole-word titles).
    ['dispenser', [1, 2, 46, 47, 48, 55, 59]],
    // One old title has it as a word, then the words containing it.
    ['disp', [1, 2, 47]],
    // No title has it as a word: the words containing it come first.
    ['ispens', [1, 50]],
    // Descriptions only, above the cap.
    ['stainless', [1, 3]],
    // Fewer matches than the window: all of them ranked.
    ['reel', [1, 3]],
    ['pumps', [1, 2]],
    ['RACK', [1, 6]],
  ] as const)('by relevance: ?search=%s, pages %j are the plain computation', async (term, pages) => {
    const all = expected(term, 'relevance');
    for (const page of pages) {
      const res = await get(`/api/products?search=${term}&sort=relevance&page=${page}&limit=24`);
      expect(ids(res)).toEqual(all.slice((page - 1) * 24, page * 24));
    }
  });

  const suggested = async (term: string) =>
    ((await get(`/api/products/suggest?q=${term}`)).json() as { products: { _id: string }[] }).products.map(
      (product) => product._id,
    );

  it('suggests the first products by relevance', async () => {
    const ids = await suggested('disp');
    expect(ids).toEqual(expected('disp', 'relevance').slice(0, ids.length));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('suggests for a term of 2 characters the first of its newest SEARCH_COUNT_CAP matches by relevance', async () => {
    // An old title with 'di' as a word: first of all the matches by relevance, but older than the newest 1,000.
    const [old] = await t.db
      .insert(products)
      .values({ ...fixture(0), title: 'Di Adapter', createdAt: new Date(BASE - 86_400_000), pricePaise: 100, stock: 1 })
      .returning(STORED);
    catalog.push(old!);
    try {
      expect(expected('di', 'relevance')[0]).toBe(old!.id);
      expect(expected('di', 'newest').length).toBeGreaterThan(SEARCH_COUNT_CAP);
      const first = await suggested('di');
      expect(first).toEqual(expected('di', 'relevance', SEARCH_COUNT_CAP).slice(0, 8));
      expect(first).not.toContain(old!.id);
      // A search page by relevance still ranks every match.
      expect(ids(await get('/api/products?search=di&sort=relevance&limit=8'))[0]).toBe(old!.id);
    } finally {
      catalog.pop();
      await t.db.delete(products).where(eq(products.id, old!.id));
    }
  });
});

describe('a misspelt search', () => {
  it.each(['newest', 'relevance'] as const)(
    'answers its correction: the same pages and count (sort=%s)',
    async (sort) => {
      for (const page of [1, 2, 30]) {
        const res = await get(`/api/products?search=dispnser&sort=${sort}&page=${page}&limit=24`);
        expect(res.headers[CORRECTED_SEARCH_HEADER]).toBe('dispenser');
        expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(SEARCH_COUNT_CAP + 1));
        expect(ids(res)).toEqual(expected('dispenser', sort).slice((page - 1) * 24, page * 24));
      }
    },
  );

  it('counts its correction exactly up to the cap, and up to the cap when a filter narrows it', async () => {
    const rare = await get('/api/products?search=reeel');
    expect(rare.headers[CORRECTED_SEARCH_HEADER]).toBe('reel');
    expect(rare.headers[TOTAL_COUNT_HEADER]).toBe(String(expected('reel', 'newest').length));
    expect(ids(rare)).toEqual(expected('reel', 'newest').slice(0, 24));
    const narrowed = await get('/api/products?search=dispnser&availability=In%20Stock');
    expect(narrowed.headers[CORRECTED_SEARCH_HEADER]).toBe('dispenser');
    expect(narrowed.headers[TOTAL_COUNT_HEADER]).toBe(String(SEARCH_COUNT_CAP + 1));
  });

  it('is answered as typed when asked (exact=1): nothing found', async () => {
    const res = await get('/api/products?search=dispnser&exact=1');
    expect(res.headers[CORRECTED_SEARCH_HEADER]).toBeUndefined();
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
    expect(res.json()).toEqual([]);
  });
});

/**
 * A search's first page is one statement prepared once per connection (docs/decisions/0014-search-at-scale.md, fourth
 * part), which PostgreSQL may plan once for every term it will be run with (a generic plan). A second server on the
 * same database, whose connections always do so, answers every kind of term as the plain computation does: above the
 * cap, below it, in descriptions only, none, misspelt, and narrowed by a filter.
 */
describe.skipIf(!onPostgres)(
  'a search planned once for any term (PostgreSQL, plan_cache_mode=force_generic_plan)',
  () => {
    let generic: TestApp;
    beforeAll(async () => {
      const [database] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as "name"`));
      await t.db.execute(sql.raw(`alter database "${database!.name}" set plan_cache_mode = force_generic_plan`));
      generic = await createTestApp({ CATALOG_CACHE_SIZE: '0' }, { sameDatabaseAs: t });
      const [setting] = rowsOf<{ mode: string }>(
        await generic.db.execute(sql`select current_setting('plan_cache_mode') as "mode"`),
      );
      expect(setting!.mode).toBe('force_generic_plan');
    });
    afterAll(() => generic?.close());

    it.each(['dispenser', 'stainless', 'reel', 'pumps', 'rack', 'disp', 'zzzz'])(
      '?search=%s: the first page and the count, read after read',
      async (term) => {
        const all = expected(term, 'newest');
        // More runs than the five custom plans PostgreSQL makes before it may switch in its default mode.
        for (let run = 0; run < 7; run++) {
          const res = await get(`/api/products?search=${term}&limit=24`, generic);
          expect(ids(res)).toEqual(all.slice(0, 24));
          expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(Math.min(all.length, SEARCH_COUNT_CAP + 1)));
        }
      },
    );

    it('a misspelt search and a search narrowed by a filter', async () => {
      for (let run = 0; run < 7; run++) {
        const misspelt = await get('/api/products?search=reeel', generic);
        expect(misspelt.headers[CORRECTED_SEARCH_HEADER]).toBe('reel');
        expect(ids(misspelt)).toEqual(expected('reel', 'newest').slice(0, 24));
        const narrowed = await get('/api/products?search=dispenser&availability=In%20Stock&limit=10', generic);
        expect(ids(narrowed)).toEqual(expected('dispenser', 'newest').slice(0, 10));
      }
    });
  },
);
