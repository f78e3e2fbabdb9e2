/**
 * Catalog reads (docs/shop-rules.md#filters, #search, docs/decisions/0003-catalog-list-shape.md): one page in the
 * asked order (newest, price either way, or relevance to the search) with its total, and the products suggested
 * while typing; the filters, orders and home view are in catalog.ts, the ranked window of a page by relevance in
 * relevance.ts. Every read costs O(page), never O(catalog): a search counts its matches
 * up to SEARCH_COUNT_CAP + 1 only and a page by relevance ranks the newest matches it needs
 * (docs/decisions/0014-search-at-scale.md), except when a relevance group is rare among many matches.
 */
import { asc, count, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_COUNT_CAP,
  SEARCH_COUNT_CAP,
  toPaise,
  toRupees,
  type CatalogSort,
  type ProductDto,
  type Suggestions,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { productImages, products, searchWords } from '../../../db/schema';
import { cappedCount, cappedCountSql } from '../../../lib/capped-count';
import { preparesByName, statementByShape } from '../../../db/statement';
import { rowsOf } from '../../../lib/raw-rows';
import type { ImageStorage } from '../../../storage/image-storage';
import { toImageDto } from '../images';
import {
  loadProducts,
  loadProductsInOrder,
  productDtosOfRows,
  productRowsJson,
  type ProductJsonRow,
} from './product-dto';
import {
  correctableWords,
  correctionCandidates,
  correctionOf,
  correctionValues,
  type CandidateRow,
  inline,
  type Bind,
} from './search-correction';
import { catalogOrder, catalogWhere, containsPattern, searchPattern, type CatalogFilter } from './catalog';
import { pageIds, rankedIds, rankedRows, relevanceWindow } from './relevance';

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
