/**
 * Products (docs/shop-rules.md#catalog): the catalog's reads, for the storefront and the admin list. With variants,
 * a product's price is its cheapest variant's price and its stock the sum of the variants' stock. The admin's
 * writes are in edits.ts.
 */
import {
  SUGGESTED_CATEGORIES_LIMIT,
  SUGGESTED_PRODUCTS_LIMIT,
  type AdminProductListQuery,
  type HomeView,
  type LowStockItem,
  type ProductListQuery,
  type Suggestions,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { adminListOrder, adminListWhere, findLowStock } from './store/admin-queries';
import { correctSearch } from './store/search-correction';
import { distinctActiveValues, findHomeView, type CatalogFilter } from './store/catalog';
import { loadProductById } from './store/products';
import { findProductPage, findSuggestedProducts, vocabularyFacts, type ProductPage } from './store/queries';

export const PRODUCT_NOT_FOUND = 'Product not found.';
type Ctx = Pick<AppContext, 'db' | 'storage' | 'catalogCache'>;

function filterOf(
  query: Pick<
    ProductListQuery,
    'search' | 'category' | 'brand' | 'priceRange' | 'minPrice' | 'maxPrice' | 'availability' | 'ids'
  >,
) {
  const filter: CatalogFilter = {
    search: query.search || undefined,
    category: query.category,
    brand: query.brand,
    priceRange: query.priceRange,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    availability: query.availability,
    ids: query.ids,
  };
  return filter;
}

/**
 * One page of the catalog. A search that finds nothing as typed is answered for its corrected words, when it has
 * some and `exact` is not asked (docs/shop-rules.md#search): `correctedSearch` then says which.
 */
export async function listProducts(
  ctx: Ctx,
  query: ProductListQuery,
): Promise<ProductPage & { correctedSearch?: string }> {
  // The search's read knows its correction when it finds nothing (findProductPage, queries.ts).
  const { correction: correctedSearch, ...page } = await findProductPage(ctx.db, ctx.storage, filterOf(query), {
    ...query,
    correct: !query.exact,
  });
  if (!correctedSearch) return page;
  const { correction: _none, ...corrected } = await findProductPage(
    ctx.db,
    ctx.storage,
    filterOf({ ...query, search: correctedSearch }),
    query,
  );
  return { ...corrected, correctedSearch };
}

/**
 * What the navbar suggests for a typed term (docs/shop-rules.md#search): the products a search would list first
 * (for the corrected words when the typed ones find none) and the categories whose name contains the term, from
 * the cached category list.
 */
export async function suggest(ctx: Ctx, search: string, category?: string): Promise<Suggestions> {
  const categoryList = await ctx.catalogCache.getOrLoad('categories', async () => ({
    payload: await listCategories(ctx),
  }));
  const term = search.toLowerCase();
  const categories = (JSON.parse(categoryList.body.toString()) as string[])
    .filter((category) => category.toLowerCase().includes(term))
    .slice(0, SUGGESTED_CATEGORIES_LIMIT);
  // On a category page, its products only: the suggestions are what Enter would list there.
  const found = await findSuggestedProducts(ctx.db, ctx.storage, search, SUGGESTED_PRODUCTS_LIMIT, category);
  if (found.length > 0) return { products: found, categories, correctedSearch: null };
  const correctedSearch = await correctSearch(ctx.db, search);
  if (!correctedSearch) return { products: [], categories, correctedSearch: null };
  const products = await findSuggestedProducts(
    ctx.db,
    ctx.storage,
    correctedSearch,
    SUGGESTED_PRODUCTS_LIMIT,
    category,
  );
  return { products, categories, correctedSearch };
}

export function homeView(ctx: Ctx, query: ProductListQuery): Promise<HomeView> {
  return findHomeView(ctx.db, ctx.storage, filterOf(query));
}

/**
 * One page of the admin list (docs/shop-rules.md#admin): every product, inactive too, filtered and sorted,
 * with each product's tax data (docs/shop-rules.md#tax-data), read in the page's one statement (product-dto.ts).
 */
export async function listAllProducts(ctx: Ctx, query: AdminProductListQuery): Promise<ProductPage> {
  // A search that nothing else narrows but to active products matches at least every active product with a title
  // word containing the term: the title vocabulary's count, often past the cap (docs/decisions/0014-search-at-scale.md).
  const searchOnly = query.search && !query.category && !query.brand && !query.stock && (query.active ?? true) === true;
  const atLeast = searchOnly ? (await vocabularyFacts(ctx.db, { search: query.search })).atLeast : 0;
  return findProductPage(
    ctx.db,
    ctx.storage,
    {},
    {
      page: query.page,
      limit: query.limit,
      where: adminListWhere(query),
      order: adminListOrder(query.sort),
      capped: true,
      atLeast,
      taxData: true,
    },
  );
}

/** The dashboard's low-stock list (docs/shop-rules.md#admin), worst first. */
export async function listLowStock(ctx: Ctx, limit: number): Promise<{ data: LowStockItem[] }> {
  return { data: await findLowStock(ctx.db, limit) };
}

export const listCategories = (ctx: Ctx) => distinctActiveValues(ctx.db, 'category');
export const listBrands = (ctx: Ctx) => distinctActiveValues(ctx.db, 'brand');

/** A product as the storefront links to it (active ones only), with its tax data (docs/shop-rules.md#tax-data). */
export async function getProduct(ctx: Ctx, id: string, options: { includeInactive?: boolean } = {}) {
  // One statement: the product with its sizes, images and tax data (product-dto.ts), as a page's products are read.
  const dto = await loadProductById(ctx.db, ctx.storage, id, options.includeInactive ?? false);
  if (!dto) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return dto;
}
