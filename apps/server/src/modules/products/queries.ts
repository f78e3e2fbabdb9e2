/**
 * Catalog reads (docs/shop-rules.md#filters, #search, docs/decisions/0003-catalog-list-shape.md): the
 * filters of GET /api/products as SQL, one page in the asked order (newest, price either way, or
 * relevance to the search) with its total, the home view (at most 4 products per category, through a
 * LATERAL subquery per category), the loading of variants and images for the rows of a page, and
 * the products suggested while typing. Every read costs O(page), never O(catalog): a search counts its matches
 * up to SEARCH_COUNT_CAP + 1 only and a page by relevance ranks the newest matches it needs
 * (docs/decisions/0014-search-at-scale.md), except when a relevance group is rare among many matches.
 */
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_COUNT_CAP,
  HOME_PRODUCTS_PER_CATEGORY,
  SEARCH_COUNT_CAP,
  toPaise,
  toRupees,
  type CatalogSort,
  type HomeView,
  type PriceRange,
  type ProductDto,
  type ProductListQuery,
  type Suggestions,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { productImages, products, productVariants, searchWords } from '../../db/schema';
import { cappedCount, cappedCountSql } from '../../lib/capped-count';
import { preparesByName, statementByShape } from '../../db/statement';
import { rowsOf } from '../../lib/raw-rows';
import type { ImageStorage } from '../../storage/image-storage';
import { toImageDto } from './images';
import {
  loadProducts,
  loadProductsInOrder,
  productDtoOf,
  productDtosOfRows,
  productRowsJson,
  VARIANT_ORDER,
  type ProductJsonRow,
} from './product-dto';
import { loadProductImages } from './product-images';
import {
  correctableWords,
  correctionCandidates,
  correctionOf,
  correctionValues,
  type CandidateRow,
  inline,
  type Bind,
} from './search-correction';

/** Every column but `search_text`, which only WHERE clauses read: a page need not carry it. */
const { searchText: _searchText, ...productColumns } = getTableColumns(products);
export { productColumns };
export type ProductRow = Omit<typeof products.$inferSelect, 'searchText'>;

/** The text with %, _ and the escape character itself made literal for LIKE. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** LIKE pattern for a case-insensitive substring: %, _ and the escape character itself are literal. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

export interface CatalogFilter {
  search?: string;
  category?: string;
  brand?: string;
  priceRange?: PriceRange;
  /** Whole rupees, inclusive (docs/shop-rules.md#filters). */
  minPrice?: number;
  maxPrice?: number;
  availability?: ProductListQuery['availability'];
  ids?: string[];
  /** Admin list: inactive products too. */
  includeInactive?: boolean;
}

function priceRangeCondition(range: PriceRange): SQL | undefined {
  // docs/shop-rules.md#filters: '0-500' inclusive, '500-1000' above 500 up to 1000, '1000+' above 1000.
  switch (range) {
    case '0-500':
      return lte(products.pricePaise, toPaise(500));
    case '500-1000':
      return and(gt(products.pricePaise, toPaise(500)), lte(products.pricePaise, toPaise(1000)));
    case '1000+':
      return gt(products.pricePaise, toPaise(1000));
  }
}

/** A search's LIKE pattern for a substring, lower-cased by the database (catalogWhere, vocabularySql). */
const searchPattern = (search: string, bind: Bind): SQL => sql`lower(${bind('pattern', containsPattern(search))})`;

/**
 * The WHERE clause of a catalog read. Search is a LIKE on the lower-cased `search_text` column (title
 * and description), which its trigram index answers; the pattern is lower-cased by the database too,
 * so both sides fold case the same way.
 */
export function catalogWhere(filter: CatalogFilter, bind: Bind = inline): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // The column itself rather than `= $1`: a plan made for any parameter (a prepared search, pageIds) then still
  // knows from the column's statistics that almost every product is active.
  if (!filter.includeInactive) conditions.push(sql`${products.active}`);
  if (filter.search) conditions.push(sql`${products.searchText} like ${searchPattern(filter.search, bind)}`);
  if (filter.category) conditions.push(sql`${products.category} = ${bind('category', filter.category)}`);
  if (filter.brand) conditions.push(sql`${products.brand} = ${bind('brand', filter.brand)}`);
  if (filter.priceRange) conditions.push(priceRangeCondition(filter.priceRange));
  // The column against a constant, as the ranges are: the price index answers both bounds.
  if (filter.minPrice !== undefined) {
    conditions.push(sql`${products.pricePaise} >= ${bind('minPrice', toPaise(filter.minPrice))}`);
  }
  if (filter.maxPrice !== undefined) {
    conditions.push(sql`${products.pricePaise} <= ${bind('maxPrice', toPaise(filter.maxPrice))}`);
  }
  if (filter.availability === 'In Stock') conditions.push(gt(products.stock, 0));
  if (filter.availability === 'Out of Stock') conditions.push(lte(products.stock, 0));
  if (filter.ids) conditions.push(filter.ids.length ? inArray(products.id, filter.ids) : sql`false`);
  return and(...conditions);
}

/** Newest first, then id: a stable order for pagination. */
export const NEWEST_FIRST = [desc(products.createdAt), desc(products.id)];

/**
 * A regular expression (PostgreSQL's) for the text as a whole word or words: taken literally (every character
 * but letters, digits and spaces escaped), with no letter or digit right before or after it.
 */
function wholeWordPattern(text: string): string {
  const literal = text.replace(/[^\p{L}\p{N} ]/gu, (char) => `\\${char}`);
  return `(^|[^[:alnum:]])${literal}([^[:alnum:]]|$)`;
}

/**
 * How a search term matches (docs/shop-rules.md#search): 0 as a whole word in the title, 1 inside a title word, 2 as
 * a whole word in the description, 3 inside a description word. Both sides are lower-cased by the database, as in
 * catalogWhere; `search_text` is the lower-cased title and description, so tier 2 is the description's.
 */
function searchRank(search: string): SQL {
  const wholeWord = wholeWordPattern(search);
  return sql`case when lower(${products.title}) ~ lower(${wholeWord}) then 0
    when lower(${products.title}) like lower(${containsPattern(search)}) then 1
    when ${products.searchText} ~ lower(${wholeWord}) then 2 else 3 end`;
}

/**
 * The ORDER BY of a list page (docs/shop-rules.md#filters): every order ends on the id, so equal
 * prices (or ranks and times) keep one order from page to page. Relevance without a search is newest.
 */
export function catalogOrder(sort: CatalogSort, search?: string): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(products.pricePaise), asc(products.id)];
    case 'price_desc':
      return [desc(products.pricePaise), asc(products.id)];
    case 'relevance':
      return search ? [asc(searchRank(search)), ...NEWEST_FIRST] : NEWEST_FIRST;
    case 'newest':
      return NEWEST_FIRST;
  }
}

/**
 * Turns product rows into API products, loading their variants and images in two queries (one product, the CSV
 * export; a page is read by loadProducts, product-dto.ts).
 */
export async function toProductDtos(db: DbOrTx, storage: ImageStorage, rows: ProductRow[]): Promise<ProductDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [variantRows, imagesOf] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(...VARIANT_ORDER),
    loadProductImages(db, storage, ids),
  ]);
  const variantsOf = groupBy(variantRows, (row) => row.productId);
  return rows.map((row) => productDtoOf(row, imagesOf.get(row.id) ?? [], variantsOf.get(row.id) ?? []));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export interface ProductPage {
  products: ProductDto[];
  total: number;
}

/** A term of ASCII letters only, 3 or more: one title word of the vocabulary holds each of its matches in a title. */
const VOCABULARY_WORD = /^[a-z]{3,}$/;

/**
 * What the title vocabulary (`search_words`: the words of active products' titles, runs of 3 or more letters, with
 * how many have each; docs/decisions/0012-typo-tolerant-search.md) tells about a search, from a table of a few
 * thousand words instead of the products (docs/decisions/0014-search-at-scale.md):
 * - `atLeast`: every active product whose title has a word containing the term matches it, so the most products any
 *   such word has is a lower bound of the count when nothing but the term narrows the search (else 0);
 * - `firstRank`: the first relevance group (searchRank) that can hold a match. For a term of letters only (3 or more),
 *   a title having it as a whole word has it as one of its words (group 0), and a title having it at all has a word
 *   containing it (groups 0 and 1): without such words those groups are empty, whatever the other filters.
 */
export async function vocabularyFacts(
  db: DbOrTx,
  filter: CatalogFilter,
): Promise<{ atLeast: number; firstRank: number }> {
  if (!filter.search) return { atLeast: 0, firstRank: 0 };
  const [row] = rowsOf<VocabularyRow>(
    await db.execute(sql`select * from ${vocabularySql(filter.search)} as vocabulary`),
  );
  return factsOf(filter, row);
}

/** What vocabularyFacts reads of the title words containing a term: the most products one has, whether one is it. */
interface VocabularyRow {
  most: number | null;
  whole: boolean | null;
}

/** The one-row subquery of vocabularyFacts' read (VocabularyRow). */
function vocabularySql(search: string, bind: Bind = inline): SQL {
  return sql`(
    select max(${searchWords.products}) as "most", bool_or(${searchWords.word} = lower(${bind('search', search)})) as "whole"
    from ${searchWords}
    where ${searchWords.word} like ${searchPattern(search, bind)} and ${searchWords.products} > 0
  )`;
}

/** Whether nothing but the term narrows a storefront search: the vocabulary's counts are then its lower bound. */
function searchOnly(filter: CatalogFilter): boolean {
  const { search: _search, ...narrowing } = filter;
  return !narrowing.includeInactive && Object.values(narrowing).every((value) => value === undefined);
}

/** vocabularyFacts of its read. */
function factsOf(filter: CatalogFilter, row: VocabularyRow | undefined): { atLeast: number; firstRank: number } {
  const most = Number(row?.most ?? 0);
  const letters = VOCABULARY_WORD.test((filter.search ?? '').toLowerCase());
  return { atLeast: searchOnly(filter) ? most : 0, firstRank: !letters || row?.whole ? 0 : most > 0 ? 1 : 2 };
}

/** The exact number of a list's matches (a list without a search; a search counts up to a cap, searchRead). */
async function exactCount(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  return Number(counted?.total ?? 0);
}

/** The shortest term a trigram index can find (three characters: one trigram). */
const SHORTEST_INDEXED_TERM = 3;

/** How many of the newest matches a page by relevance ranks, per row up to the page's end (rankedRows). */
const RELEVANCE_WINDOW_FACTOR = 4;

/**
 * The newest RELEVANCE_WINDOW_FACTOR x (offset + limit) matches of a page by relevance with their ranks, ranked
 * (rankedIds), or null for a page past the SEARCH_COUNT_CAP matches a search counts.
 */
async function relevanceWindow(
  db: DbOrTx,
  where: SQL | undefined,
  search: string,
  page: { offset: number; limit: number },
  /** A window of this many newest matches, of which only the page's rows are answered (rankedRows). */
  size?: number,
): Promise<{ id: string; rank: number }[] | null> {
  const end = page.offset + page.limit;
  if (end > SEARCH_COUNT_CAP) return null;
  const newest = db
    .select({
      id: products.id,
      createdAt: products.createdAt,
      rank: sql<number>`${searchRank(search)}`.mapWith(Number).as('rank'),
    })
    .from(products)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(size ?? end * RELEVANCE_WINDOW_FACTOR)
    .as('newest');
  const ranked = db
    .select({ id: newest.id, rank: newest.rank })
    .from(newest)
    .orderBy(asc(newest.rank), desc(newest.createdAt), desc(newest.id));
  return size === undefined ? ranked : ranked.limit(page.limit).offset(page.offset);
}

/**
 * Rows `offset` to `offset + limit` of the matches by relevance (docs/shop-rules.md#search), in O(page) when the
 * best group that can have matches (`firstRank`, vocabularyFacts) is common enough: the newest
 * RELEVANCE_WINDOW_FACTOR x (offset + limit) matches are ranked (relevanceWindow: the newest-first walk a plain page
 * takes); when they hold offset + limit of that group, those are the newest of the group, so the page, and when they
 * are all the matches, ranking them is ranking all: the page's ids, in order. Otherwise, and for a page past the
 * SEARCH_COUNT_CAP matches a search counts, every match is ranked, as one query ordered by searchRank: null, and
 * the caller reads the page in catalogOrder('relevance').
 */
function rankedIds(
  window: { id: string; rank: number }[] | null,
  page: { offset: number; limit: number; firstRank: number },
): string[] | null {
  if (!window) return null;
  const end = page.offset + page.limit;
  const complete = window.length < end * RELEVANCE_WINDOW_FACTOR;
  if (complete || window.filter((row) => row.rank === page.firstRank).length >= end) {
    return window.slice(page.offset, end).map((row) => row.id);
  }
  return null;
}

/**
 * The suggestions' rows: the first of the matches by relevance (rankedIds). A term shorter than SHORTEST_INDEXED_TERM
 * characters ranks the newest SEARCH_COUNT_CAP matches only (docs/shop-rules.md#search): no trigram index finds its
 * matches and the title vocabulary knows none of its groups, so ranking every match would read most of the catalog
 * at every keystroke (docs/decisions/0014-search-at-scale.md).
 */
async function rankedRows(
  db: DbOrTx,
  where: SQL | undefined,
  search: string,
  page: { offset: number; limit: number; firstRank: number },
): Promise<ProductRow[]> {
  const short = search.length < SHORTEST_INDEXED_TERM;
  const window = await relevanceWindow(db, where, search, page, short ? SEARCH_COUNT_CAP : undefined);
  const ids = short && window ? window.map((row) => row.id) : rankedIds(window, page);
  if (ids === null) {
    return db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...catalogOrder('relevance', search))
      .limit(page.limit)
      .offset(page.offset);
  }
  if (ids.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids of a search's page as an array expression of searchRead's statement. When the statement is prepared once per
 * connection (`forAnyTerm`, searchByShape), PostgreSQL may plan it once for any pattern, not knowing how many products
 * the term matches, so its plan must suit every term (docs/decisions/0014-search-at-scale.md). The count
 * decides at run time, a CASE running only its taken branch:
 * - more than SEARCH_COUNT_CAP matches: the page's order walked (the `created_at` index for newest first) until the
 *   page is found, as for a common word;
 * - else the matches are gathered first (the trigram index: at most SEARCH_COUNT_CAP of them) and only those are
 *   ordered, so that a rare term never walks the whole catalog looking for matches it does not have.
 */
function pageIds(
  db: DbOrTx,
  where: SQL,
  page: { order: SQL[]; offset: number; limit: number },
  forAnyTerm: boolean,
): SQL {
  if (!forAnyTerm) {
    // Planned for its own values on each run (PGlite, a deeper page): the plain read, as a plan for the term chooses.
    const ids = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...page.order)
      .limit(page.limit)
      .offset(page.offset);
    return sql`array(${ids})`;
  }
  // Literal limit and offset: with parameters, a plan made for any value assumes a tenth of the matches are asked
  // and sorts them all rather than walking the order's index.
  const [limit, offset] = [page.limit, page.offset].map((value) => {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a row count: ${value}`);
    return sql.raw(String(value));
  });
  const ordered = (condition: SQL) =>
    sql`select ${products.id} from ${products} where ${condition}
      order by ${sql.join(page.order, sql`, `)} limit ${limit} offset ${offset}`;
  const matches = db.select({ id: products.id }).from(products).where(where);
  return sql`case when counted."total" > ${SEARCH_COUNT_CAP} then array(${ordered(where)})
    else array(${ordered(sql`${products.id} = any(array(${matches}))`)}) end`;
}

/** What searchRead answers: vocabularyFacts, the capped count, the page's products when asked and found. */
interface SearchRead {
  facts: { atLeast: number; firstRank: number };
  total: number;
  products?: ProductDto[];
  candidates: CandidateRow[] | null;
}

/**
 * A storefront search's facts in one statement (docs/decisions/0014-search-at-scale.md): what the title vocabulary
 * knows (vocabularyFacts), the number of matches up to SEARCH_COUNT_CAP + 1 (1,001 unread when nothing but the term
 * narrows the search and a title word containing it is in more products; else `select count(*) from (select 1 ...
 * limit 1001)`, lib/capped-count.ts), and, each only when its condition holds (a scalar subquery in a CASE is run
 * only when its branch is taken):
 * - with `page` and some matches: the page's products in `page.order` (productRowsJson), whose subquery finds their
 *   ids itself;
 * - with `correct` (correctableWords) and no match: the closest vocabulary words of each typed word
 *   (correctionCandidates), so that a search that finds nothing as typed knows its correction from the same read.
 */
/** What a search reads besides its filter: the page in its order, and the typed words to correct when nothing matches. */
interface SearchReadOptions {
  page?: { order: SQL[]; offset: number; limit: number };
  correct?: string[];
  /** The statement is prepared (searchByShape), so PostgreSQL may plan it once for every term (pageIds). */
  forAnyTerm?: boolean;
  /** What `page.order` is (its sort), for the key of the statement's shape (searchByShape). */
  shape?: string;
}

/** searchRead's one statement; `bind` takes the request's values (Bind, search-correction.ts). */
function searchStatement(
  db: DbOrTx,
  filter: CatalogFilter & { search: string },
  { page, correct, forAnyTerm = false }: SearchReadOptions,
  bind: Bind = inline,
): SQL {
  const where = catalogWhere(filter, bind) ?? sql`true`;
  const capped = cappedCountSql(
    db.select({ id: products.id }).from(products).where(where).$dynamic(),
    SEARCH_COUNT_CAP,
  );
  const total = searchOnly(filter)
    ? sql`case when vocabulary."most" > ${SEARCH_COUNT_CAP} then ${SEARCH_COUNT_CAP + 1} else ${capped} end`
    : capped;
  const pageRows = page
    ? sql`case when counted."total" > 0 then ${productRowsJson(sql`${products.id} = any(${pageIds(db, where, page, forAnyTerm)})`, page.order)} end`
    : sql`null`;
  const candidates =
    correct && correct.length > 0
      ? sql`case when counted."total" = 0 then ${correctionCandidates(correct, bind)} end`
      : sql`null`;
  return sql`
    select vocabulary."most", vocabulary."whole", counted."total", ${pageRows} as "page", ${candidates} as "candidates"
    from ${vocabularySql(filter.search, bind)} as vocabulary
    -- offset 0: counted once, not once for each mention of its total.
    cross join lateral (select ${total} as "total" offset 0) as counted`;
}

/** The row of searchStatement. */
type SearchRow = VocabularyRow & { total: number; page: ProductJsonRow[] | null; candidates: CandidateRow[] | null };

/**
 * searchRead's statements prepared once per connection, by shape: the first pages of every search form and filter
 * combination a shop sees are far fewer than this.
 */
const searchByShape = statementByShape<SearchRow>('search', 200);

async function searchRead(
  db: DbOrTx,
  storage: ImageStorage,
  filter: CatalogFilter & { search: string },
  options: SearchReadOptions,
): Promise<SearchRead> {
  // Prepared once per connection for the page almost every search reads, its first (the text of a deeper page holds
  // its offset: each depth would be one more statement kept by every connection).
  const prepared = (!options.page || options.page.offset === 0) && preparesByName(db);
  const forAnyTerm = { ...options, forAnyTerm: prepared };
  let row: SearchRow | undefined;
  // A page in an order given from outside (no `shape`) or a list of ids is built each time.
  if (prepared && !filter.ids && (options.shape !== undefined || !options.page)) {
    // Built once for its shape: everything that changes the text is in the key, every other value a placeholder.
    const { search, category, brand, priceRange, minPrice, maxPrice, availability, includeInactive } = filter;
    const key = JSON.stringify([
      'search',
      options.shape ?? null,
      options.page ? [options.page.offset, options.page.limit] : null,
      options.correct?.length ?? 0,
      [
        category !== undefined,
        brand !== undefined,
        priceRange ?? null,
        minPrice !== undefined,
        maxPrice !== undefined,
        availability ?? null,
        !!includeInactive,
      ],
    ]);
    const values = {
      ...correctionValues(options.correct ?? []),
      pattern: containsPattern(search),
      search,
      category,
      brand,
      minPrice: minPrice === undefined ? undefined : toPaise(minPrice),
      maxPrice: maxPrice === undefined ? undefined : toPaise(maxPrice),
    };
    [row] = await searchByShape(
      db,
      key,
      ({ value }) => searchStatement(db, filter, forAnyTerm, (name) => value(name)),
      values,
    );
  } else {
    const statement = searchStatement(db, filter, forAnyTerm);
    [row] = prepared
      ? await searchByShape(db, undefined, () => statement)
      : rowsOf<SearchRow>(await db.execute(statement));
  }
  return {
    facts: factsOf(filter, row),
    total: Number(row?.total ?? 0),
    products: row?.page ? productDtosOfRows(storage, row.page) : undefined,
    candidates: row?.candidates ?? null,
  };
}

/**
 * One page of matches in the asked order (newest first by default), with the number of all matches (a search's
 * capped at SEARCH_COUNT_CAP + 1). `where` and `order`, when given, replace the catalog's (the admin list,
 * admin-queries.ts); `capped` counts at most ADMIN_COUNT_CAP + 1 matches (the admin list, lib/capped-count.ts),
 * none when `atLeast` already says there are more; `taxData` gives each product's tax data (the admin list).
 * The page's products are read in one statement that finds their ids itself (loadProducts, product-dto.ts), beside
 * the count. A storefront search reads its page with its count and the title vocabulary's facts in one statement
 * (searchRead); a page by relevance ranks the ids it needs (rankedIds) from a window read beside it. With `correct`,
 * a storefront search that finds nothing also answers the corrected search (search-correction.ts) it has, if any.
 */
export async function findProductPage(
  db: DbOrTx,
  storage: ImageStorage,
  filter: CatalogFilter,
  page: {
    page: number;
    limit: number;
    sort?: CatalogSort;
    where?: SQL;
    order?: SQL[];
    capped?: boolean;
    /** A lower bound of the admin list's matches: above ADMIN_COUNT_CAP, the capped count is known unread. */
    atLeast?: number;
    taxData?: boolean;
    /** A storefront search that finds nothing: its corrected search too (docs/shop-rules.md#search). */
    correct?: boolean;
  },
): Promise<ProductPage & { correction?: string }> {
  const where = page.where ?? catalogWhere(filter);
  const offset = (page.page - 1) * page.limit;
  const order = page.order ?? catalogOrder(page.sort ?? 'newest', filter.search);
  const options = { taxData: page.taxData };
  const { search } = filter;
  if (search && !page.where) {
    const correct = page.correct ? correctableWords(search) : undefined;
    const correctionIn = (read: SearchRead) =>
      read.total === 0 && correct ? correctionOf(search, read.candidates) : undefined;
    if (page.sort !== 'relevance') {
      const read = await searchRead(
        db,
        storage,
        { ...filter, search },
        {
          page: { order, offset, limit: page.limit },
          correct,
          shape: page.order ? undefined : (page.sort ?? 'newest'),
        },
      );
      return { products: read.products ?? [], total: read.total, correction: correctionIn(read) };
    }
    // The window does not depend on the facts: read beside them, ranked once they are known.
    const [read, window] = await Promise.all([
      searchRead(db, storage, { ...filter, search }, { correct }),
      relevanceWindow(db, where, search, { offset, limit: page.limit }),
    ]);
    if (read.total === 0) return { products: [], total: 0, correction: correctionIn(read) };
    const ranked = rankedIds(window, { offset, limit: page.limit, firstRank: read.facts.firstRank });
    return { products: await pageOf(ranked), total: read.total };
  }
  async function pageOf(ranked: string[] | null) {
    if (ranked) return loadProductsInOrder(db, storage, ranked, options);
    // The page's ids as a subquery run once: only its products' sizes and images are read, however deep the page.
    const ids = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(offset);
    return loadProducts(db, storage, sql`${products.id} = any(array(${ids}))`, order, options);
  }
  // Two queries rather than count(*) over (): the page can then come straight off the created_at
  // index instead of materialising and sorting every match.
  const [dtos, total] = await Promise.all([
    pageOf(null),
    page.capped
      ? page.atLeast !== undefined && page.atLeast > ADMIN_COUNT_CAP
        ? ADMIN_COUNT_CAP + 1
        : cappedCount(db, db.select({ id: products.id }).from(products).where(where).$dynamic())
      : exactCount(db, where),
  ]);
  return { products: dtos, total };
}

/**
 * The products the navbar suggests for a term (docs/shop-rules.md#search): at most `limit` active ones by relevance,
 * each with its title, (cheapest) price and first image. The search page's read without its count; one more query
 * loads the first images.
 */
export async function findSuggestedProducts(
  db: DbOrTx,
  storage: ImageStorage,
  search: string,
  limit: number,
  category?: string,
): Promise<Suggestions['products']> {
  const filter = { search, category };
  const { firstRank } = await vocabularyFacts(db, filter);
  const rows = await rankedRows(db, catalogWhere(filter), search, { offset: 0, limit, firstRank });
  if (rows.length === 0) return [];
  const images = await db
    .selectDistinctOn([productImages.productId])
    .from(productImages)
    .where(
      inArray(
        productImages.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(productImages.productId, asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
  const imageOf = new Map(images.map((image) => [image.productId, toImageDto(storage, image)]));
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    price: toRupees(row.pricePaise),
    image: imageOf.get(row.id) ?? null,
  }));
}

/** Sorts category and brand names the same way on every database (collations differ). */
export const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The home view (docs/shop-rules.md#home): for every category with matches, its newest
 * HOME_PRODUCTS_PER_CATEGORY products and its total number of matches, categories by name.
 *
 * One query: the matches counted per category, then for each such category a LATERAL subquery
 * taking its newest few (the same filter plus `category = <that category>`, newest first, LIMIT).
 * The subquery can walk products_category_idx (active, category, created_at) backwards and stop
 * after a few rows, where ranking with row_number() over every match had to sort the whole catalog
 * (100,000 products on PostgreSQL: ~140 ms with the sort spilling to disk, against ~25 ms).
 * One more statement loads the returned products with their variants and images (loadProducts).
 */
export async function findHomeView(db: DbOrTx, storage: ImageStorage, filter: CatalogFilter): Promise<HomeView> {
  const where = catalogWhere(filter);
  const counted = db
    .select({ category: products.category, total: count().as('category_total') })
    .from(products)
    .where(where)
    .groupBy(products.category)
    .as('counted');
  const newest = db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(and(where, eq(products.category, counted.category)))
    .orderBy(...NEWEST_FIRST)
    .limit(HOME_PRODUCTS_PER_CATEGORY)
    .as('newest');
  const rows = await db
    .select({ category: counted.category, total: counted.total, id: newest.id })
    .from(counted)
    .crossJoinLateral(newest)
    .orderBy(asc(counted.category), desc(newest.createdAt), desc(newest.id));

  const ids = rows.map((row) => row.id);
  const dtos = ids.length > 0 ? await loadProducts(db, storage, inArray(products.id, ids), []) : [];
  const byId = new Map(dtos.map((dto) => [dto._id, dto]));
  const sections = new Map<string, HomeView['sections'][number]>();
  for (const row of rows) {
    let section = sections.get(row.category);
    if (!section) {
      section = { category: row.category, total: Number(row.total), products: [] };
      sections.set(row.category, section);
    }
    // A product deleted since the first statement is left out.
    const dto = byId.get(row.id);
    if (dto) section.products.push(dto);
  }
  const list = [...sections.values()].sort((a, b) => byName(a.category, b.category));
  return { sections: list, total: list.reduce((sum, section) => sum + section.total, 0) };
}

/**
 * Sorted distinct non-empty values of a column over active products (filter selects, the suggestions' categories,
 * the sitemap). A loose index scan: a recursive query asks the column's index (products_category_idx,
 * products_brand_idx) for the first active value after the one before, one probe per distinct value, where
 * `select distinct` read every product (100,000 products: 0.2 ms against 25 ms; docs/decisions/0014-search-at-scale.md).
 */
export async function distinctActiveValues(db: DbOrTx, column: 'category' | 'brand'): Promise<string[]> {
  const field = column === 'category' ? products.category : products.brand;
  const result = await db.execute(sql`
    with recursive found as (
      (select ${field} as "value" from ${products} where ${products.active} order by ${field} limit 1)
      union all
      select (
        select ${field} from ${products} where ${products.active} and ${field} > found."value" order by ${field} limit 1
      )
      from found where found."value" is not null
    )
    select "value" from found where "value" is not null and btrim("value") <> ''`);
  return rowsOf<{ value: string }>(result)
    .map((row) => row.value)
    .sort(byName);
}

export async function findProductRow(
  db: DbOrTx,
  id: string,
  options: { includeInactive?: boolean; forUpdate?: boolean } = {},
): Promise<ProductRow | undefined> {
  const where = options.includeInactive ? eq(products.id, id) : and(eq(products.id, id), eq(products.active, true));
  const query = db.select(productColumns).from(products).where(where).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
