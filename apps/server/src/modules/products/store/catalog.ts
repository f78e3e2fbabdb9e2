/**
 * The catalog's filters and orders as SQL (docs/shop-rules.md#filters, #search), and its simple reads: the home view
 * (at most 4 products per category, through a LATERAL subquery per category), the distinct categories and brands,
 * and one product's row.
 */
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  HOME_PRODUCTS_PER_CATEGORY,
  toPaise,
  type CatalogSort,
  type HomeView,
  type PriceRange,
  type ProductDto,
  type ProductListQuery,
} from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';
import { inline, type Bind } from './search-correction';
import { rowsOf } from '../../../lib/raw-rows';
import type { ImageStorage } from '../../../storage/image-storage';
import { loadProducts, productDtoOf, VARIANT_ORDER } from './product-dto';
import { loadProductImages } from './product-images';

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
export const searchPattern = (search: string, bind: Bind): SQL =>
  sql`lower(${bind('pattern', containsPattern(search))})`;

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
export function searchRank(search: string): SQL {
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
