/**
 * Cart line rules (docs/shop-rules.md#cart): line identity, line price and stock resolution,
 * quantity clamping, and the totals of the selected in-stock lines.
 */
import { orderTotals, type OrderTotals } from './delivery';
import { toPaise } from './money';

export interface CartLineLike {
  product: { _id: string; price?: number; stock?: number; active?: boolean } | null;
  variant?: { _id: string; price?: number; stock?: number } | null;
  variantId?: string | null;
  quantity: number;
  price?: number;
  stock?: number;
}

/** Item identity: product id plus variant id, or 'base' when there is no variant. */
export function cartLineKey(productId: string, variantId: string | null | undefined): string {
  return `${productId}:${variantId || 'base'}`;
}

export function keyOfLine(line: CartLineLike): string {
  return cartLineKey(line.product?._id ?? '', line.variantId ?? line.variant?._id ?? null);
}

/** Why a line's variant choice does not fit its product (see variantChoiceOf). */
export type VariantChoiceProblem = 'chooseVariant' | 'variantNotOfProduct' | 'noVariants';

/**
 * A product with variants needs one of its own variants; a product without variants takes none.
 * Answers the chosen variant (null for a product without variants), or the problem.
 */
export function variantChoiceOf<V>(
  variants: readonly V[],
  variantId: string | null | undefined,
  idOf: (variant: V) => string,
): { variant: V | null; problem?: undefined } | { variant?: undefined; problem: VariantChoiceProblem } {
  if (variants.length === 0) return variantId ? { problem: 'noVariants' } : { variant: null };
  if (!variantId) return { problem: 'chooseVariant' };
  const variant = variants.find((candidate) => idOf(candidate) === variantId);
  return variant === undefined ? { problem: 'variantNotOfProduct' } : { variant };
}

/** Line price: the variant price, else the item price, else the product price. */
export function linePrice(line: CartLineLike): number {
  return line.variant?.price ?? line.price ?? line.product?.price ?? 0;
}

/** Line stock: the variant stock, else the product stock. */
export function lineStock(line: CartLineLike): number {
  return line.variant?.stock ?? line.stock ?? line.product?.stock ?? 0;
}

/** A line can be bought (selected, counted, ordered) when it has stock and its product is still active. */
export function isLineAvailable(line: CartLineLike): boolean {
  return lineStock(line) > 0 && line.product?.active !== false;
}

/** Cart update quantity is clamped between 1 and the stock (docs/shop-rules.md#cart). */
export function clampQuantity(quantity: number, stock: number): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.max(1, Math.min(whole, Math.max(stock, 1)));
}

/** Totals over the selected lines that are in stock (docs/shop-rules.md#cart); money in paise. */
export function selectionTotals(lines: readonly CartLineLike[], selectedKeys: ReadonlySet<string>): OrderTotals {
  return orderTotals(
    lines
      .filter((line) => selectedKeys.has(keyOfLine(line)) && lineStock(line) > 0)
      .map((line) => ({ unitPricePaise: toPaise(linePrice(line)), quantity: line.quantity })),
  );
}
