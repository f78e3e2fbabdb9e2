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

/** Digits of a decimal number, `int` without leading zeros (at least one digit), `fraction` as many as given. */
interface DecimalDigits {
  int: string;
  fraction: string;
}

/** The shortest decimal digits that read back as `value` (finite, not negative), as JavaScript prints it. */
function decimalDigitsOf(value: number): DecimalDigits {
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt === -1) {
    const [int = '0', fraction = ''] = text.split('.');
    return { int, fraction };
  }
  // 1.5e+22, 1e-7: the digits with the point moved by the exponent.
  const [whole = '0', decimals = ''] = text.slice(0, exponentAt).split('.');
  const digits = whole + decimals;
  const point = whole.length + Number(text.slice(exponentAt + 1));
  if (point <= 0) return { int: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { int: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { int: digits.slice(0, point), fraction: digits.slice(point) };
}

/** `digits` (decimal, no sign) plus one, e.g. '0999' -> '1000'. */
function incremented(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return '1' + '0'.repeat(digits.length);
  return digits.slice(0, index) + String(Number(digits[index]) + 1) + '0'.repeat(digits.length - index - 1);
}

/** Where the formatting below cannot say it (NaN, infinities), Intl's own text; created only then. */
let nonFinite: Intl.NumberFormat | undefined;

/**
 * `value` the way `new Intl.NumberFormat('en-IN', { minimumFractionDigits, maximumFractionDigits })` formats it
 * (the shortest decimal that reads back as the number, rounded half away from zero, Indian digit grouping, a
 * negative sign on anything below zero, -0 included), without Intl: the first Intl formatter a browser tab
 * creates costs it 35 to 200 ms of main-thread time (its locale data), which the storefront's first screens
 * do not pay (docs/decisions/0016-storefront-weight.md). money.test.ts compares the two.
 */
function formatIndian(value: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  if (!Number.isFinite(value)) {
    nonFinite ??= new Intl.NumberFormat('en-IN');
    return nonFinite.format(value);
  }
  const negative = value < 0 || Object.is(value, -0);
  let { int, fraction } = decimalDigitsOf(Math.abs(value));
  if (fraction.length > maximumFractionDigits) {
    const roundUp = fraction[maximumFractionDigits]! >= '5';
    fraction = fraction.slice(0, maximumFractionDigits);
    if (roundUp) {
      const rounded = incremented(int + fraction);
      int = rounded.slice(0, rounded.length - fraction.length);
      fraction = rounded.slice(rounded.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  // The last 3 digits, then groups of 2: 1,23,45,678.
  const groups = int.length > 3 ? [int.slice(-3)] : [int];
  for (let end = int.length - 3; end > 0; end -= 2) groups.unshift(int.slice(Math.max(0, end - 2), end));
  return `${negative ? '-' : ''}${groups.join(',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Storefront price text: rupee sign, Indian digit grouping and the '/-' suffix (docs/shop-rules.md#money).
 * Every amount the storefront shows uses it: product cards, cart lines and summary, the checkout
 * modal, My Orders and the order confirmation (docs/decisions/0008-one-price-format.md).
 * Whole rupees show none of the paise, anything else both digits of them:
 * 125000 -> '₹1,25,000/-', 499.5 -> '₹499.50/-' (never '₹499.5/-').
 */
export function formatPrice(rupees: number): string {
  const paise = Math.round(rupees * 100) % 100 !== 0;
  return `₹${formatIndian(rupees, paise ? 2 : 0, 2)}/-`;
}

/** An amount to 2 decimals with Indian grouping, e.g. 1234.5 -> '₹1,234.50' (the admin's own tables). */
export function formatAmount(rupees: number): string {
  return `₹${formatIndian(rupees, 2, 2)}`;
}

/** Indian digit grouping without a currency sign, e.g. 1234567 -> '12,34,567'. */
export function formatIndianNumber(value: number): string {
  return formatIndian(value, 0, 2);
}
