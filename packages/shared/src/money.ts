/**
 * Money helpers. Inside the system money is an integer number of paise; at the edges (API, screens)
 * it is rupees as a number with at most 2 decimals (docs/decisions/0002-money-in-paise.md).
 */

/**
 * Rupees (number, may carry paise as decimals) to integer paise. The product is first cut to 4
 * decimals so that binary noise (1.005 * 100 = 100.49999...) rounds the way a person expects.
 */
export function toPaise(rupees: number): number {
  return Math.round(Number((rupees * 100).toFixed(4))) || 0;
}

/** Integer paise to rupees as a number with at most 2 decimals. */
export function toRupees(paise: number): number {
  return Math.round(paise) / 100;
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const twoDecimals = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Storefront price text: rupee sign, Indian digit grouping and the '/-' suffix (docs/shop-rules.md#money).
 * Every amount the storefront shows uses it: product cards, cart lines and summary, the checkout
 * modal, My Orders and the order confirmation (docs/decisions/0008-one-price-format.md).
 * Whole rupees show none of the paise, anything else both digits of them:
 * 125000 -> '₹1,25,000/-', 499.5 -> '₹499.50/-' (never '₹499.5/-').
 */
export function formatPrice(rupees: number): string {
  const paise = Math.round(rupees * 100) % 100 !== 0;
  return `₹${(paise ? twoDecimals : wholeRupees).format(rupees)}/-`;
}

/** An amount to 2 decimals with Indian grouping, e.g. 1234.5 -> '₹1,234.50' (the admin's own tables). */
export function formatAmount(rupees: number): string {
  return `₹${twoDecimals.format(rupees)}`;
}

/** Indian digit grouping without a currency sign, e.g. 1234567 -> '12,34,567'. */
export function formatIndianNumber(value: number): string {
  return wholeRupees.format(value);
}
