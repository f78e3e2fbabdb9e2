/**
 * The cart (docs/shop-rules.md#cart): one cart per user, created on first use; a line is a product
 * plus a variant (or none). Quantities are kept between 1 and the line's current stock; every call
 * answers the whole cart with each line's current price and stock, so the client can show what is
 * out of stock, and each line's quantity at most its live stock, with a notice where it holds less
 * than was asked. Ordered lines leave the cart through removeOrderedLines (orders and payments
 * modules).
 */
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { clampQuantity, MESSAGES, toRupees, variantChoiceOf, type CartLine, type CartResponse } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { cartItems, carts, orderItems, products, productVariants } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { preparedStatement } from '../../lib/prepared';
import { loadProductImages } from '../products';

export const CART_MESSAGES = {
  productNotFound: 'This product does not exist.',
  lineNotFound: 'This item is not in your cart.',
  chooseVariant: (title: string) => `Please choose a size of "${title}".`,
  variantNotOfProduct: (title: string) => `That size is not available for "${title}".`,
  noVariants: (title: string) => `"${title}" has no sizes to choose from.`,
} as const;

type Ctx = Pick<AppContext, 'db' | 'storage'>;

export interface LineKey {
  productId: string;
  variantId: string | null;
}

/** An add or update that asked for more than the stock: the line it capped, and at what. */
export interface CappedLine extends LineKey {
  stock: number;
}

/** The user's cart id, creating the cart on first use (race-safe: one row per user). */
async function ensureCartId(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return row!.id;
}

async function findCartId(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row?.id;
}

/**
 * The product and variant a line refers to, and its current stock (0 when the product is
 * inactive). A product with variants needs one of its own variants; one without takes none
 * (variantChoiceOf in @pumpkart/shared, which order pricing applies too).
 */
async function resolveLine(db: DbOrTx, key: LineKey) {
  const [product] = await db.select().from(products).where(eq(products.id, key.productId));
  if (!product) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const variants = await db.select().from(productVariants).where(eq(productVariants.productId, product.id));
  const choice = variantChoiceOf(variants, key.variantId, (v) => v.id);
  if (choice.problem) throw new BadRequestError(CART_MESSAGES[choice.problem](product.title));
  const { variant } = choice;
  const stock = product.active ? (variant ? variant.stock : product.stock) : 0;
  return { product, variant, stock };
}

const lineMatches = (key: LineKey): SQL =>
  and(
    eq(cartItems.productId, key.productId),
    key.variantId ? eq(cartItems.variantId, key.variantId) : isNull(cartItems.variantId),
  )!;

/**
 * The cart as every call answers it. A line whose stored quantity is above its live stock (the stock fell since it
 * was added) is answered at the stock with a notice, and so is the line `capped` by this call's add or update; the
 * stored quantity stays, so the line holds it again if the stock comes back.
 */
export async function getCart({ db, storage }: Ctx, userId: string, capped?: CappedLine): Promise<CartResponse> {
  const rows = await db
    .select({ item: cartItems, product: products, variant: productVariants })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const images = await loadProductImages(
    db,
    storage,
    rows.map((row) => row.product.id),
  );
  const items = rows.map(({ item, product, variant }): CartLine => {
    // An inactive product is unavailable: every stock figure the client might read says 0.
    const productStock = product.active ? product.stock : 0;
    const variantStock = variant && product.active ? variant.stock : 0;
    const stock = variant ? variantStock : productStock;
    const cappedHere =
      capped !== undefined &&
      capped.productId === product.id &&
      capped.variantId === item.variantId &&
      item.quantity >= stock;
    const over = stock > 0 && (item.quantity > stock || cappedHere);
    return {
      _id: item.id,
      product: {
        _id: product.id,
        title: product.title,
        brand: product.brand,
        category: product.category,
        price: toRupees(product.pricePaise),
        stock: productStock,
        active: product.active,
        images: images.get(product.id) ?? [],
      },
      variant: variant
        ? {
            _id: variant.id,
            size: variant.size,
            price: toRupees(variant.pricePaise),
            mrp: variant.mrpPaise === null ? null : toRupees(variant.mrpPaise),
            stock: variantStock,
          }
        : null,
      variantId: item.variantId,
      quantity: stock > 0 ? Math.min(item.quantity, stock) : item.quantity,
      price: toRupees(variant ? variant.pricePaise : product.pricePaise),
      stock,
      ...(over ? { notice: MESSAGES.cartOnlyNInStock(stock) } : {}),
    };
  });
  return { items };
}

/**
 * Adds to a line (merging with an existing one), capped at the line's stock and at least 1; answers the line when
 * the cap cut what was asked (what it held plus the quantity added is above the stock).
 */
export async function addToCart(
  { db }: Ctx,
  userId: string,
  input: LineKey & { quantity: number },
): Promise<CappedLine | undefined> {
  const { stock } = await resolveLine(db, input);
  if (stock <= 0) throw new ConflictError(MESSAGES.productOutOfStock);
  const cartId = await ensureCartId(db, userId);
  const asked = Math.max(1, input.quantity);
  // What the line held, only to tell the buyer when the cap cut what was asked (the write below caps by itself).
  const [held] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), lineMatches(input)));
  await db
    .insert(cartItems)
    .values({ cartId, productId: input.productId, variantId: input.variantId, quantity: Math.min(asked, stock) })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.variantId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${stock})` },
    });
  return asked + (held?.quantity ?? 0) > stock
    ? { productId: input.productId, variantId: input.variantId, stock }
    : undefined;
}

/** Sets a line's quantity, clamped to [1, stock]; a missing line is 404. Answers the line when above the stock. */
export async function updateCartLine(
  { db }: Ctx,
  userId: string,
  input: LineKey & { quantity: number },
): Promise<CappedLine | undefined> {
  const { stock } = await resolveLine(db, input);
  const cartId = await findCartId(db, userId);
  const quantity = clampQuantity(input.quantity, stock);
  const updated = cartId
    ? await db
        .update(cartItems)
        .set({ quantity })
        .where(and(eq(cartItems.cartId, cartId), lineMatches(input)))
        .returning({ id: cartItems.id })
    : [];
  if (updated.length === 0) throw new NotFoundError(CART_MESSAGES.lineNotFound);
  return stock > 0 && input.quantity > stock
    ? { productId: input.productId, variantId: input.variantId, stock }
    : undefined;
}

/** Removes a line; removing a line that is not there changes nothing (a double click is harmless). */
export async function removeCartLine({ db }: Ctx, userId: string, key: LineKey): Promise<void> {
  const cartId = await findCartId(db, userId);
  if (cartId) await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), lineMatches(key)));
}

export async function clearCart({ db }: Ctx, userId: string): Promise<void> {
  const cartId = await findCartId(db, userId);
  if (cartId) await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/**
 * Inside the caller's transaction: the ordered lines leave the buyer's cart (COD at ordering,
 * online after a successful payment).
 */
export async function removeOrderedLines(tx: DbOrTx, userId: string, lines: readonly LineKey[]): Promise<void> {
  if (lines.length === 0) return;
  const cartId = await findCartId(tx, userId);
  if (!cartId) return;
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), or(...lines.map(lineMatches))));
}

/**
 * The DELETE of the lines of the buyer `userId`'s cart that the order `orderId` holds (same product, same size), for
 * a statement that makes it beside other changes (a payment's settlement, payments/settle.ts) or on its own.
 */
export function removeLinesOfOrderSql(userId: unknown, orderId: unknown): SQL {
  return sql`delete from ${cartItems}
    where ${cartItems.cartId} in (select ${carts.id} from ${carts} where ${carts.userId} = ${userId})
      and exists (
        select 1 from ${orderItems}
        where ${orderItems.orderId} = ${orderId} and ${orderItems.productId} = ${cartItems.productId}
          and ${orderItems.variantId} is not distinct from ${cartItems.variantId}
      )`;
}

/** removeLinesOfOrder's statement, built once. */
const removeLinesOfOrderQuery = preparedStatement('remove_lines_of_order', () =>
  removeLinesOfOrderSql(sql.placeholder('userId'), sql.placeholder('orderId')),
);

/** The same for an order already written (online, once paid): its lines are read by the one DELETE itself. */
export async function removeLinesOfOrder(tx: DbOrTx, userId: string, orderId: string): Promise<void> {
  await removeLinesOfOrderQuery(tx).execute({ userId, orderId });
}
