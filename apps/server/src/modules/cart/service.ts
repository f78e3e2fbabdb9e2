/**
 * The cart (docs/shop-rules.md#cart): one cart per user, created on first use; a line is a product
 * plus a variant (or none). Quantities are kept between 1 and the line's current stock; every call
 * answers the whole cart with each line's current price and stock, so the client can show what is
 * out of stock, and each line's quantity at most its live stock, with a notice where it holds less
 * than was asked. Ordered lines leave the cart through store.ts (removeOrderedLines, removeLinesOfOrder), which
 * the checkout module calls.
 */
import {
  buyerUnitPrice,
  clampQuantity,
  MESSAGES,
  orderQuantityProblem,
  serviceDateProblem,
  toRupees,
  variantChoiceOf,
  type CartLine,
  type CartResponse,
} from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { buyerRulesFor } from '../price-lists';
import { loadProductImages } from '../products';
import {
  addToLine,
  deleteAllLines,
  deleteLine,
  ensureCartId,
  findCartId,
  findCartRows,
  findLineQuantity,
  findProductWithVariants,
  setLineQuantity,
  type LineKey,
} from './store';

export const CART_MESSAGES = {
  productNotFound: 'This product does not exist.',
  lineNotFound: 'This item is not in your cart.',
  chooseVariant: (title: string) => `Please choose a size of "${title}".`,
  variantNotOfProduct: (title: string) => `That size is not available for "${title}".`,
  noVariants: (title: string) => `"${title}" has no sizes to choose from.`,
  /** A product sold only through a quote (docs/shop-rules.md#quotes). */
  priceOnRequest: (title: string) => `"${title}" is sold on request: ask the shop for a quote instead.`,
} as const;

type Ctx = Pick<AppContext, 'db' | 'storage'>;

/** An add or update that asked for more than the stock: the line it capped, and at what. */
export interface CappedLine extends LineKey {
  stock: number;
}

/**
 * The product and variant a line refers to, and its current stock (0 when the product is
 * inactive). A product with variants needs one of its own variants; one without takes none
 * (variantChoiceOf in @pumpkart/shared, which order pricing applies too).
 */
async function resolveLine(db: Ctx['db'], key: LineKey) {
  const found = await findProductWithVariants(db, key.productId);
  if (!found) throw new NotFoundError(CART_MESSAGES.productNotFound);
  const { product, variants } = found;
  const choice = variantChoiceOf(variants, key.variantId, (v) => v.id);
  if (choice.problem) throw new BadRequestError(CART_MESSAGES[choice.problem](product.title));
  if (product.priceOnRequest) throw new ConflictError(CART_MESSAGES.priceOnRequest(product.title));
  const { variant } = choice;
  const stock = product.active ? (variant ? variant.stock : product.stock) : 0;
  return { product, variant, stock };
}

/** Refuses a quantity below the product's minimum or not a whole number of its packs (docs/shop-rules.md#business-prices). */
function assertOrderQuantity(line: Awaited<ReturnType<typeof resolveLine>>, quantity: number): void {
  const label = line.variant?.size ? `${line.product.title} (${line.variant.size})` : line.product.title;
  const problem = orderQuantityProblem(quantity, line.product, label);
  if (problem) throw new BadRequestError(problem);
}

/** Refuses a service without a bookable day, and goods with one (docs/shop-rules.md#service-products). */
function assertServiceDate(line: Awaited<ReturnType<typeof resolveLine>>, date: string | null | undefined, now: Date) {
  const problem = serviceDateProblem(line.product, date, now);
  if (problem) throw new BadRequestError(problem, [{ path: 'serviceDate', message: problem }]);
}

/**
 * The cart as every call answers it. A line whose stored quantity is above its live stock (the stock fell since it
 * was added) is answered at the stock with a notice, and so is the line `capped` by this call's add or update; the
 * stored quantity stays, so the line holds it again if the stock comes back.
 */
export async function getCart({ db, storage }: Ctx, userId: string, capped?: CappedLine): Promise<CartResponse> {
  const rows = await findCartRows(db, userId);
  const images = await loadProductImages(
    db,
    storage,
    rows.map((row) => row.product.id),
  );
  // The buyer's prices (docs/shop-rules.md#business-prices): the business's list, then the quantity breaks.
  const rules = rows.length
    ? await buyerRulesFor(
        db,
        userId,
        rows.map(({ product }) => ({ productId: product.id, category: product.category })),
      )
    : null;
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
    const quantity = stock > 0 ? Math.min(item.quantity, stock) : item.quantity;
    const listPaise = variant ? variant.pricePaise : product.pricePaise;
    const unitPaise = buyerUnitPrice(
      { productId: product.id, variantId: variant?.id ?? null, category: product.category, listPaise },
      rules,
      product.quantityBreaks,
      quantity,
    );
    return {
      _id: item.id,
      product: {
        _id: product.id,
        title: product.title,
        brand: product.brand,
        category: product.category,
        price: toRupees(variant ? product.pricePaise : unitPaise),
        stock: productStock,
        active: product.active,
        images: images.get(product.id) ?? [],
        minOrderQty: product.minOrderQty,
        packSize: product.packSize,
        kind: product.kind,
      },
      variant: variant
        ? {
            _id: variant.id,
            size: variant.size,
            price: toRupees(unitPaise),
            mrp: variant.mrpPaise === null ? null : toRupees(variant.mrpPaise),
            stock: variantStock,
          }
        : null,
      variantId: item.variantId,
      quantity,
      serviceDate: item.serviceDate,
      price: toRupees(unitPaise),
      ...(unitPaise < listPaise ? { listPrice: toRupees(listPaise) } : {}),
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
  input: LineKey & { quantity: number; serviceDate?: string | null },
  now: Date = new Date(),
): Promise<CappedLine | undefined> {
  const line = await resolveLine(db, input);
  const { stock } = line;
  if (stock <= 0) throw new ConflictError(MESSAGES.productOutOfStock);
  assertServiceDate(line, input.serviceDate, now);
  const cartId = await ensureCartId(db, userId);
  const asked = Math.max(1, input.quantity);
  // What the line held: the line's new quantity must be one the product is sold in, and the buyer is told when the
  // cap cut what was asked (the write below caps by itself).
  const held = await findLineQuantity(db, cartId, input);
  assertOrderQuantity(line, asked + (held ?? 0));
  await addToLine(db, cartId, input, Math.min(asked, stock), stock, input.serviceDate ?? null);
  return asked + (held ?? 0) > stock ? { productId: input.productId, variantId: input.variantId, stock } : undefined;
}

/** Sets a line's quantity, clamped to [1, stock]; a missing line is 404. Answers the line when above the stock. */
export async function updateCartLine(
  { db }: Ctx,
  userId: string,
  input: LineKey & { quantity: number; serviceDate?: string | null },
  now: Date = new Date(),
): Promise<CappedLine | undefined> {
  const line = await resolveLine(db, input);
  const { stock } = line;
  // A day sent is checked; not sent, the line keeps its day.
  if (input.serviceDate !== undefined) assertServiceDate(line, input.serviceDate, now);
  // Below 1 is taken as 1 (clamped below), as before order quantities existed.
  assertOrderQuantity(line, Math.max(1, Math.floor(input.quantity)));
  const cartId = await findCartId(db, userId);
  const quantity = clampQuantity(input.quantity, stock);
  const updated = cartId ? await setLineQuantity(db, cartId, input, quantity, input.serviceDate) : false;
  if (!updated) throw new NotFoundError(CART_MESSAGES.lineNotFound);
  return stock > 0 && input.quantity > stock
    ? { productId: input.productId, variantId: input.variantId, stock }
    : undefined;
}

/** Removes a line; removing a line that is not there changes nothing (a double click is harmless). */
export async function removeCartLine({ db }: Ctx, userId: string, key: LineKey): Promise<void> {
  const cartId = await findCartId(db, userId);
  if (cartId) await deleteLine(db, cartId, key);
}

export async function clearCart({ db }: Ctx, userId: string): Promise<void> {
  const cartId = await findCartId(db, userId);
  if (cartId) await deleteAllLines(db, cartId);
}
