/**
 * Catalog reads (docs/shop-rules.md#filters, #search, docs/decisions/0003-catalog-list-shape.md): one page in the
 * asked order (newest, price either way, or relevance to the search) with its total, and the products suggested
 * while typing; the filters, orders and home view are in catalog.ts, the ranked window of a page by relevance in
 * relevance.ts. Every read costs O(page), never O(catalog): a search counts its matches
 * up to SEARCH_COUNT_CAP + 1 only and a page by relevance ranks the newest matches it needs
 * (docs/decisions/0014-search-at-scale.md), except when a relevance group is rare among many matches.
 */
import { asc, count, inArray, sql, type SQL } from 'drizzle-orm';
import { ADMIN_COUNT_CAP, toRupees, type CatalogSort, type ProductDto, type Suggestions } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { productImages, products } from '../../../db/schema';
import { cappedCount } from '../../../lib/capped-count';
import type { ImageStorage } from '../../../storage/image-storage';
import { toImageDto } from '../images';
import { loadProducts, loadProductsInOrder } from './product-dto';
import { correctableWords, correctionOf } from './search-correction';
import { catalogOrder, catalogWhere, type CatalogFilter } from './catalog';
import { rankedIds, rankedRows, relevanceWindow } from './relevance';
import { searchRead, vocabularyFacts, type SearchRead } from './search-read';

export { vocabularyFacts };

/** The exact number of a list's matches (a list without a search; a search counts up to a cap, searchRead). */
async function exactCount(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  return Number(counted?.total ?? 0);
}

export interface ProductPage {
  products: ProductDto[];
  total: number;
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
