/**
 * The admin's product reads (docs/shop-rules.md#admin): the WHERE and ORDER BY of the paged admin list
 * (every product, inactive too, with its filters and sorts), and the low-stock list of the dashboard.
 * Both cost O(page): the list through findProductPage (queries.ts), the low-stock list through two
 * queries of at most `limit` rows each.
 */
import { and, asc, desc, eq, exists, gt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { AdminProductListQuery, AdminProductSort, LowStockItem, StockLevel } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';
import { containsPattern, NEWEST_FIRST, productColumns } from './catalog';

/**
 * Search (docs/shop-rules.md#search) as the storefront matches it, on the lower-cased title and
 * description, and on the brand and the category too: an admin looks a product up by any of them.
 */
function adminSearch(search: string): SQL {
  const pattern = containsPattern(search);
  return or(
    sql`${products.searchText} like lower(${pattern})`,
    sql`lower(${products.brand}) like lower(${pattern})`,
    sql`lower(${products.category}) like lower(${pattern})`,
  )!;
}

/** `in` above 0; `low` above 0 and at or below a threshold above 0; `out` 0. */
function stockLevelCondition(level: StockLevel): SQL {
  switch (level) {
    case 'in':
      return gt(products.stock, 0);
    case 'low':
      return and(
        gt(products.lowStockThreshold, 0),
        gt(products.stock, 0),
        lte(products.stock, products.lowStockThreshold),
      )!;
    case 'out':
      return eq(products.stock, 0);
  }
}

/** The WHERE clause of an admin list page; without filters every product, inactive ones too. */
export function adminListWhere(
  query: Pick<AdminProductListQuery, 'search' | 'category' | 'brand' | 'active' | 'stock'>,
): SQL {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) conditions.push(adminSearch(query.search));
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.brand) conditions.push(eq(products.brand, query.brand));
  if (query.active !== undefined) conditions.push(eq(products.active, query.active));
  if (query.stock) conditions.push(stockLevelCondition(query.stock));
  return and(...conditions) ?? sql`true`;
}

/** One key of an admin list's order: what it compares, which way, and its SQL type (a keyset cursor casts to it). */
interface SortKey {
  value: SQL | typeof products.id;
  descending: boolean;
  type: 'text' | 'bigint' | 'integer' | 'timestamptz' | 'uuid';
}

/**
 * The keys of an admin list's order; every order ends on the id so that pages never overlap. Titles compare
 * lower-cased in byte order ("C"), the same on every database whatever its collation.
 */
function adminListKeys(sort: AdminProductSort): SortKey[] {
  const byId: SortKey = { value: products.id, descending: false, type: 'uuid' };
  switch (sort) {
    case 'title':
      return [{ value: sql`lower(${products.title}) collate "C"`, descending: false, type: 'text' }, byId];
    case 'price_asc':
    case 'price_desc':
      return [{ value: sql`${products.pricePaise}`, descending: sort === 'price_desc', type: 'bigint' }, byId];
    case 'stock_asc':
    case 'stock_desc':
      return [{ value: sql`${products.stock}`, descending: sort === 'stock_desc', type: 'integer' }, byId];
    case 'newest':
      return [
        { value: sql`${products.createdAt}`, descending: true, type: 'timestamptz' },
        { ...byId, descending: true },
      ];
  }
}

/** The ORDER BY of an admin list page (newest: NEWEST_FIRST, as the storefront's). */
export function adminListOrder(sort: AdminProductSort): SQL[] {
  if (sort === 'newest') return NEWEST_FIRST;
  return adminListKeys(sort).map((key) => (key.descending ? desc(key.value) : asc(key.value)));
}

/**
 * The position of a row in an admin list's order, as text (a timestamp keeps its microseconds), for a keyset
 * cursor: select it with the row, and read on with adminListAfter.
 */
export function adminListPosition(sort: AdminProductSort): SQL<string[]> {
  const keys = adminListKeys(sort).map((key) => sql`(${key.value})::text`);
  return sql<string[]>`array[${sql.join(keys, sql`, `)}]`;
}

/** The rows after `position` (from adminListPosition) in the admin list's order. */
export function adminListAfter(sort: AdminProductSort, position: readonly string[]): SQL {
  const keys = adminListKeys(sort);
  const after = (index: number): SQL => {
    const key = keys[index]!;
    const value = sql`cast(${position[index]} as ${sql.raw(key.type)})`;
    const beyond = key.descending ? sql`${key.value} < ${value}` : sql`${key.value} > ${value}`;
    return index === keys.length - 1 ? beyond : sql`(${beyond} or (${key.value} = ${value} and ${after(index + 1)}))`;
  };
  return after(0);
}

/** Byte order, as "C" collation sorts. */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Worst first: the lowest stock (0, out of stock, first), then the higher threshold, then by title, size
 * and id. The two queries below sort the same way, so their first rows merge into the true first rows.
 */
function worstFirst(a: LowStockItem, b: LowStockItem): number {
  return (
    a.stock - b.stock ||
    b.threshold - a.threshold ||
    byBytes(a.title, b.title) ||
    byBytes(a.size ?? '', b.size ?? '') ||
    byBytes(a.variantId ?? a.productId, b.variantId ?? b.productId)
  );
}

const inBytes = (column: SQL | typeof products.title | typeof productVariants.productTitle) =>
  sql`${column} collate "C"`;

const hasVariants = exists(sql`(select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`);

/**
 * Active products without variants, and the variants of active products, whose stock is at or below
 * their product's low-stock threshold (a threshold of 0 means no alert), worst first: the `limit`
 * worst of each kind are read, merged and cut to `limit`.
 */
export async function findLowStock(db: DbOrTx, limit: number): Promise<LowStockItem[]> {
  const alerting = and(eq(products.active, true), gt(products.lowStockThreshold, 0));
  const [plain, sizes] = await Promise.all([
    db
      .select({
        productId: products.id,
        title: products.title,
        stock: products.stock,
        threshold: products.lowStockThreshold,
      })
      .from(products)
      .where(and(alerting, lte(products.stock, products.lowStockThreshold), not(hasVariants)))
      .orderBy(asc(products.stock), desc(products.lowStockThreshold), asc(inBytes(products.title)), asc(products.id))
      .limit(limit),
    // The sizes carry their product's alert level (null when it never alerts) and title, kept by triggers
    // (migration 0019): the WHERE and ORDER BY are variants_low_stock_idx's own, so the first `limit` entries of
    // that index are the answer, however many sizes tie.
    db
      .select({
        productId: productVariants.productId,
        title: productVariants.productTitle,
        variantId: productVariants.id,
        size: productVariants.size,
        stock: productVariants.stock,
        // Never null here: stock <= null is not true.
        threshold: sql<number>`${productVariants.alertLevel}`,
      })
      .from(productVariants)
      .where(lte(productVariants.stock, productVariants.alertLevel))
      .orderBy(
        asc(productVariants.stock),
        desc(productVariants.alertLevel),
        asc(inBytes(productVariants.productTitle)),
        asc(sql`coalesce(${productVariants.size}, '') collate "C"`),
        asc(productVariants.id),
      )
      .limit(limit),
  ]);
  const items: LowStockItem[] = [...plain.map((row) => ({ ...row, variantId: null, size: null })), ...sizes];
  return items.sort(worstFirst).slice(0, limit);
}

/**
 * A batch of the admin list's filtered view in its order, after the position of the batch before (keyset, for the
 * CSV export): the rows with their positions.
 */
export function findAdminListBatch(
  db: DbOrTx,
  filter: Parameters<typeof adminListWhere>[0] & { sort: AdminProductSort },
  after: string[] | undefined,
  size: number,
) {
  const where = adminListWhere(filter);
  return db
    .select({ ...productColumns, position: adminListPosition(filter.sort) })
    .from(products)
    .where(after ? and(where, adminListAfter(filter.sort, after)) : where)
    .orderBy(...adminListOrder(filter.sort))
    .limit(size);
}
