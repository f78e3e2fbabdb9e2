/**
 * Stock moves of orders (docs/shop-rules.md#stock). Reserving is a conditional decrement
 * (`... SET stock = stock - n WHERE id = ? AND stock >= n`), so no row can go below 0 and two
 * buyers can never both get the last unit. Each move touches the variant rows and the product's
 * denormalised stock (the sum of its variants), always in the same order (products, then variants,
 * each sorted by id: the products module's edits also lock the product row before its variants), so
 * that concurrent transactions on PostgreSQL cannot deadlock on each other.
 * Callers run these inside their transaction and hold it across the whole order write.
 * Every move that changes a product's stock also bumps its `version`, so that an admin edit form
 * opened before the move is refused instead of writing back the stock it loaded.
 *
 * Each move also answers whether it changed what a buyer can act on (see StockMove), so that the
 * callers clear the catalog cache only then, and all alike.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';
import { ConflictError } from '../../../lib/errors';
import { statement } from '../../../db/statement';

export interface StockLine {
  productId: string | null;
  variantId: string | null;
  quantity: number;
  /** How a refusal names the line, e.g. "Safety Helmet (L)". */
  label?: string;
  /** The product's title, for a refusal of the product's own (total) stock. */
  title?: string;
}

/**
 * What a stock move did to the catalog. `availabilityChanged`: some product or variant went out of
 * stock (its last unit taken) or came back in stock (from 0). Only then must the cached catalog
 * reads be cleared at once (lib/catalog-cache.ts), since those decide what a buyer can pick. Any
 * other move only changes a stock figure, which the catalog may then show stale for at most the
 * cache's TTL (5 s) plus the duration of one read (a read that began before the move may still be
 * cached): safe, because the server checks real stock when a line is added to the cart (cart
 * service) and when an order is placed (reserveStock below). The product's availability (In Stock /
 * Out of Stock, and so the availability filter) is that of its total stock, `stock > 0`
 * (availabilityOf in @pumpkart/shared).
 */
export interface StockMove {
  availabilityChanged: boolean;
}

/** A product whose stock an order took from above its low-stock threshold to at or below it (the owner is told). */
export interface LowStockCrossing {
  productId: string;
  title: string;
  stock: number;
  threshold: number;
}

/** What reserving did: the availability change, and the products it brought down to their low-stock threshold. */
export interface Reservation extends StockMove {
  lowStock: LowStockCrossing[];
}

/** Whether a row whose stock went from `before` to `after` crossed 0 either way. */
const crossesZero = (before: number, after: number) => before > 0 !== after > 0;

export const STOCK_MESSAGES = {
  onlyNLeft: (n: number, label: string) => `Only ${n} left of "${label}".`,
  outOfStock: (label: string) => `"${label}" is out of stock.`,
  unavailable: (label: string) => `"${label}" is no longer available.`,
} as const;

/** Quantities per id, ids sorted: the fixed lock order. */
function totalsById(lines: readonly StockLine[], key: 'productId' | 'variantId') {
  const totals = new Map<string, { quantity: number; label: string }>();
  for (const line of lines) {
    const id = line[key];
    if (!id) continue;
    const name = key === 'productId' ? (line.title ?? line.label) : line.label;
    const entry = totals.get(id) ?? { quantity: 0, label: name ?? 'This product' };
    entry.quantity += line.quantity;
    totals.set(id, entry);
  }
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function refusal(available: number | undefined, label: string): ConflictError {
  if (available === undefined) return new ConflictError(STOCK_MESSAGES.unavailable(label));
  if (available <= 0) return new ConflictError(STOCK_MESSAGES.outOfStock(label));
  return new ConflictError(STOCK_MESSAGES.onlyNLeft(available, label));
}

/** The quantities as one JSON parameter, read by `json_to_recordset` (one statement, whatever the line count). */
const wantedJson = (totals: ReturnType<typeof totalsById>) =>
  JSON.stringify(totals.map(([id, { quantity }]) => ({ id, quantity })));

/** reserveStock's statement for the products, built once: `wanted` is the lines' totals as JSON (wantedJson). */
const takeProductStock = statement<{ id: string; stock: number; title: string; threshold: number }>(
  'take_product_stock',
  ({ value }) => sql`
    with wanted as (select * from json_to_recordset(${value('wanted')}::json) as w(id uuid, quantity int)),
    locked as materialized (
      select id from ${products} where id in (select id from wanted) order by id for no key update
    )
    update ${products} set stock = ${products.stock} - wanted.quantity, version = ${products.version} + 1
    from locked join wanted on wanted.id = locked.id
    where ${products.id} = locked.id and ${products.active} and ${products.stock} >= wanted.quantity
    returning ${products.id} as id, ${products.stock} as stock, ${products.title} as title,
      ${products.lowStockThreshold} as threshold`,
);

/** The same for the sizes (variants). */
const takeVariantStock = statement<{ id: string; stock: number }>(
  'take_variant_stock',
  ({ value }) => sql`
    with wanted as (select * from json_to_recordset(${value('wanted')}::json) as w(id uuid, quantity int)),
    locked as materialized (
      select id from ${productVariants} where id in (select id from wanted) order by id for no key update
    )
    update ${productVariants} set stock = ${productVariants.stock} - wanted.quantity
    from locked join wanted on wanted.id = locked.id
    where ${productVariants.id} = locked.id and ${productVariants.stock} >= wanted.quantity
    returning ${productVariants.id} as id, ${productVariants.stock} as stock`,
);

/**
 * Takes the lines' quantities out of stock, or throws 409 naming the line (the caller rolls back).
 * One statement for all the lines' products and one for their variants: each first locks its rows
 * sorted by id (the materialized `locked` CTE hands them on in that order, whatever plan the UPDATE
 * gets), then takes every quantity with the conditional decrement. A row it could not take from
 * (not enough stock, inactive, gone) is missing from what it answers: the first such line, in id
 * order, is refused as before, and the transaction rolls back whatever was taken.
 * Answers whether a product or variant sold out by it, and which products it brought down to their
 * low-stock threshold (from above it to at or below it, so each crossing is reported once; a threshold of
 * 0 is no threshold, as for the storefront's 'Hurry! Only n left!').
 */
export async function reserveStock(tx: DbOrTx, lines: readonly StockLine[]): Promise<Reservation> {
  let availabilityChanged = false;
  const lowStock: LowStockCrossing[] = [];
  const productTotals = totalsById(lines, 'productId');
  if (productTotals.length > 0) {
    const taken = await takeProductStock(tx, { wanted: wantedJson(productTotals) });
    const after = new Map(taken.map((row) => [row.id, row]));
    for (const [productId, { quantity, label }] of productTotals) {
      const row = after.get(productId);
      if (!row) {
        const [current] = await tx
          .select({ stock: products.stock, active: products.active })
          .from(products)
          .where(eq(products.id, productId));
        throw refusal(current?.active ? current.stock : undefined, label);
      }
      if (crossesZero(row.stock + quantity, row.stock)) availabilityChanged = true;
      if (row.threshold > 0 && row.stock + quantity > row.threshold && row.stock <= row.threshold) {
        lowStock.push({ productId, title: row.title, stock: row.stock, threshold: row.threshold });
      }
    }
  }
  const variantTotals = totalsById(lines, 'variantId');
  if (variantTotals.length > 0) {
    const taken = await takeVariantStock(tx, { wanted: wantedJson(variantTotals) });
    const after = new Map(taken.map((row) => [row.id, row.stock]));
    for (const [variantId, { quantity, label }] of variantTotals) {
      const stock = after.get(variantId);
      if (stock === undefined) {
        const [current] = await tx
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.id, variantId));
        throw refusal(current?.stock, label);
      }
      if (crossesZero(stock + quantity, stock)) availabilityChanged = true;
    }
  }
  return { availabilityChanged, lowStock };
}

/**
 * How many of a product's returned units may go back onto its own stock. A line without a variant
 * for a product that has variants now (its variant was removed once no open order held it, and the
 * closed order was then cancelled by an admin) has no variant to go back to: adding its units to
 * the product alone would break "product stock = sum of its variants' stock", so they are dropped.
 * The product row is locked first (the products module's edits lock it FOR UPDATE before changing variants),
 * so the check sees any edit that committed before it. FOR NO KEY UPDATE, the lock the stock update below takes
 * anyway: it waits for an edit, but not for an order being placed, whose order_items hold FOR KEY SHARE on their
 * products (the foreign key) taken in line order, before its stock moves lock them in id order; FOR UPDATE would
 * wait for those, and such an order wait for the next product this cancellation locks: a deadlock.
 */
async function returnableToProduct(tx: DbOrTx, productId: string, lines: readonly StockLine[]): Promise<number> {
  let total = 0;
  let loose = 0;
  for (const line of lines) {
    if (line.productId !== productId) continue;
    total += line.quantity;
    if (!line.variantId) loose += line.quantity;
  }
  if (loose === 0) return total;
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('no key update');
  const [variant] = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .limit(1);
  return variant ? total - loose : total;
}

/**
 * Puts the lines' quantities back (cancellation, failed or expired payment). Answers whether a
 * product or variant came back in stock by it.
 */
export async function returnStock(tx: DbOrTx, lines: readonly StockLine[]): Promise<StockMove> {
  let availabilityChanged = false;
  for (const [productId] of totalsById(lines, 'productId')) {
    const quantity = await returnableToProduct(tx, productId, lines);
    if (quantity === 0) continue;
    const [returned] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${quantity}`, version: sql`${products.version} + 1` })
      .where(eq(products.id, productId))
      .returning({ stock: products.stock });
    if (returned && crossesZero(returned.stock - quantity, returned.stock)) availabilityChanged = true;
  }
  for (const [variantId, { quantity }] of totalsById(lines, 'variantId')) {
    const [returned] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${quantity}` })
      .where(eq(productVariants.id, variantId))
      .returning({ stock: productVariants.stock });
    if (returned && crossesZero(returned.stock - quantity, returned.stock)) availabilityChanged = true;
  }
  return { availabilityChanged };
}
