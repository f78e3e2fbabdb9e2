/**
 * Business prices (docs/shop-rules.md#business-prices): the one rule that turns a product's list price into the
 * price a buyer pays. A price list (assigned to businesses) holds fixed prices per size or product and a percentage
 * off per category; the most specific rule wins (size's fixed price, then the product's fixed price, then the
 * category's percentage, else the list price). The product's quantity breaks (a percentage off from a quantity up)
 * then apply to every buyer. A price never rises above the list price. Money in paise; the server calls this for
 * the listing, the product page, the cart, quotes and checkout, the web only shows what the server computed.
 */
import { MESSAGES } from './messages';

/** A quantity break: from `minQty` units of one line up, `percentOff` off the buyer's unit price. */
export interface QuantityBreak {
  minQty: number;
  percentOff: number;
}

/** A price list's rules as the pricing reads them (the server loads them once per list). */
export interface PriceListRules {
  /** Fixed unit prices in paise by variant id. */
  variantPaise: ReadonlyMap<string, number>;
  /** Fixed unit prices in paise by product id (a product without sizes, or every size of it). */
  productPaise: ReadonlyMap<string, number>;
  /** Percentage off by category name. */
  categoryPercent: ReadonlyMap<string, number>;
}

/** The line a price is asked for: its product, its category, its size (null without) and its list price. */
export interface PricedItem {
  productId: string;
  variantId: string | null;
  category: string;
  listPaise: number;
}

/** The percentage off of a quantity: the break with the highest minimum at or below it (0 below every break). */
export function breakPercentAt(breaks: readonly QuantityBreak[], quantity: number): number {
  let percent = 0;
  let from = 0;
  for (const entry of breaks) {
    if (quantity >= entry.minQty && entry.minQty >= from) {
      percent = entry.percentOff;
      from = entry.minQty;
    }
  }
  return percent;
}

/** `paise` less `percent` %, rounded to the paisa (half up): a category's percentage and a quantity break alike. */
export const percentOff = (paise: number, percent: number) => Math.round((paise * (100 - percent)) / 100);

/**
 * The product page's table of quantity breaks: each range of quantities and its unit price in paise, from the
 * buyer's 1-unit price (which the server computed); empty without breaks.
 */
export function quantityBreakRows(
  unitPaise: number,
  breaks: readonly QuantityBreak[],
  minOrderQty = 1,
): { from: number; to: number | null; paise: number }[] {
  if (breaks.length === 0) return [];
  const sorted = [...breaks].sort((a, b) => a.minQty - b.minQty);
  const starts = [
    Math.max(1, minOrderQty),
    ...sorted.map((entry) => entry.minQty).filter((from) => from > minOrderQty),
  ];
  return starts.map((from, i) => ({
    from,
    to: i + 1 < starts.length ? starts[i + 1]! - 1 : null,
    paise: percentOff(unitPaise, breakPercentAt(sorted, from)),
  }));
}

/** The buyer's unit price of one item before quantity breaks: the list's most specific rule, never above the list price. */
export function listRulePaise(item: PricedItem, rules: PriceListRules | null): number {
  if (!rules) return item.listPaise;
  const fixed =
    (item.variantId ? rules.variantPaise.get(item.variantId) : undefined) ?? rules.productPaise.get(item.productId);
  if (fixed !== undefined) return Math.min(fixed, item.listPaise);
  const percent = rules.categoryPercent.get(item.category);
  return percent === undefined ? item.listPaise : percentOff(item.listPaise, percent);
}

/**
 * The unit price in paise a buyer pays for `quantity` of an item: the price list's rule (null for a buyer without
 * one), then the product's quantity break at that quantity.
 */
export function buyerUnitPrice(
  item: PricedItem,
  rules: PriceListRules | null,
  breaks: readonly QuantityBreak[],
  quantity: number,
): number {
  const unit = listRulePaise(item, rules);
  const percent = breakPercentAt(breaks, quantity);
  return percent > 0 ? percentOff(unit, percent) : unit;
}

/**
 * Why a quantity may not be ordered, or null when it may: at least the minimum order quantity, and a whole number
 * of packs (docs/shop-rules.md#business-prices).
 */
export function orderQuantityProblem(
  quantity: number,
  rules: { minOrderQty: number; packSize: number },
  label: string,
): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return MESSAGES.quantityNotWhole(label);
  if (quantity < rules.minOrderQty) return MESSAGES.belowMinimumOrder(rules.minOrderQty, label);
  if (quantity % rules.packSize !== 0) return MESSAGES.notWholePacks(rules.packSize, label);
  return null;
}

/** The smallest quantity one may order: the minimum order quantity rounded up to a whole number of packs. */
export function smallestOrderQuantity(rules: { minOrderQty: number; packSize: number }): number {
  return Math.ceil(Math.max(1, rules.minOrderQty) / rules.packSize) * rules.packSize;
}
