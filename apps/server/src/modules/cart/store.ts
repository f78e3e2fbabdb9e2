/**
 * The cart's rows (docs/shop-rules.md#cart): the only file of the module that reads or writes them. Each function
 * takes the database or the caller's transaction.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { cartLineKey } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { cartItems, carts, orderItems, orders, products, productVariants } from '../../db/schema';
import { statement } from '../../db/statement';

export interface LineKey {
  productId: string;
  variantId: string | null;
}

/** The user's cart id, creating the cart on first use (race-safe: one row per user). */
export async function ensureCartId(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return row!.id;
}

export async function findCartId(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row?.id;
}

/** A product and its sizes, for resolving a line. */
export async function findProductWithVariants(db: DbOrTx, productId: string) {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) return undefined;
  const variants = await db.select().from(productVariants).where(eq(productVariants.productId, product.id));
  return { product, variants };
}

const lineMatches = (key: LineKey): SQL =>
  and(
    eq(cartItems.productId, key.productId),
    key.variantId ? eq(cartItems.variantId, key.variantId) : isNull(cartItems.variantId),
  )!;

/** The lines of the user's cart with their products and sizes, oldest first. */
export function findCartRows(db: DbOrTx, userId: string) {
  return db
    .select({ item: cartItems, product: products, variant: productVariants })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** The quantity a line holds, if the cart has it. */
export async function findLineQuantity(db: DbOrTx, cartId: string, key: LineKey): Promise<number | undefined> {
  const [held] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), lineMatches(key)));
  return held?.quantity;
}

/**
 * Adds `quantity` to a line (a new line holds it), the line's quantity at most `stock`. A service's `serviceDate`
 * becomes the line's booked day; without one, a line keeps the day it had.
 */
export async function addToLine(
  db: DbOrTx,
  cartId: string,
  key: LineKey,
  quantity: number,
  stock: number,
  serviceDate: string | null = null,
) {
  await db
    .insert(cartItems)
    .values({ cartId, productId: key.productId, variantId: key.variantId, quantity, serviceDate })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.variantId],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${stock})`,
        serviceDate: sql`coalesce(excluded.service_date, ${cartItems.serviceDate})`,
      },
    });
}

/** Sets a line's quantity (and a service's day, when given); answers whether the cart had the line. */
export async function setLineQuantity(
  db: DbOrTx,
  cartId: string,
  key: LineKey,
  quantity: number,
  serviceDate?: string | null,
): Promise<boolean> {
  const updated = await db
    .update(cartItems)
    .set(serviceDate === undefined ? { quantity } : { quantity, serviceDate })
    .where(and(eq(cartItems.cartId, cartId), lineMatches(key)))
    .returning({ id: cartItems.id });
  return updated.length > 0;
}

export async function deleteLine(db: DbOrTx, cartId: string, key: LineKey): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), lineMatches(key)));
}

export async function deleteAllLines(db: DbOrTx, cartId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/**
 * Inside the caller's transaction: the ordered lines leave the buyer's cart (a COD order, as it is placed).
 */
export async function removeOrderedLines(tx: DbOrTx, userId: string, lines: readonly LineKey[]): Promise<void> {
  if (lines.length === 0) return;
  const cartId = await findCartId(tx, userId);
  if (!cartId) return;
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), or(...lines.map(lineMatches))));
}

/** removeLinesOfOrder's DELETE, built once: the lines of the buyer's cart that the order holds (same product and size). */
const removeLinesOfOrderQuery = statement(
  'remove_lines_of_order',
  ({ value }) => sql`delete from ${cartItems}
    where ${cartItems.cartId} in (select ${carts.id} from ${carts} where ${carts.userId} = ${value('userId')})
      and exists (
        select 1 from ${orderItems}
        where ${orderItems.orderId} = ${value('orderId')} and ${orderItems.productId} = ${cartItems.productId}
          and ${orderItems.variantId} is not distinct from ${cartItems.variantId}
      )`,
);

/** The same for an order already written (online, once paid): its lines are read by the one DELETE itself. */
export async function removeLinesOfOrder(tx: DbOrTx, userId: string, orderId: string): Promise<void> {
  await removeLinesOfOrderQuery(tx, { userId, orderId });
}

/** The lines of one of the buyer's orders, as ordered; undefined when the order is not the buyer's (or not there). */
export async function findOwnOrderLines(db: DbOrTx, userId: string, orderId: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return undefined;
  return db
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      title: orderItems.title,
      size: orderItems.size,
      unitPricePaise: orderItems.unitPricePaise,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** Products by id with their sizes (one read each), for lines that name many products at once. */
export async function findProductsWithVariants(db: DbOrTx, productIds: readonly string[]) {
  if (productIds.length === 0)
    return new Map<string, NonNullable<Awaited<ReturnType<typeof findProductWithVariants>>>>();
  const found = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...productIds]));
  const variants = found.length
    ? await db
        .select()
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            found.map((product) => product.id),
          ),
        )
        .orderBy(asc(productVariants.position))
    : [];
  return new Map(
    found.map((product) => [product.id, { product, variants: variants.filter((v) => v.productId === product.id) }]),
  );
}

/** Which product each of these size ids belongs to (sizes that are not there are left out). */
export async function findVariantProducts(db: DbOrTx, variantIds: readonly string[]): Promise<Map<string, string>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, [...variantIds]));
  return new Map(rows.map((row) => [row.id, row.productId]));
}

/** The quantities the cart holds, by cartLineKey. */
export async function findCartQuantities(db: DbOrTx, cartId: string | undefined): Promise<Map<string, number>> {
  if (!cartId) return new Map();
  const rows = await db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return new Map(rows.map((row) => [cartLineKey(row.productId, row.variantId), row.quantity]));
}
