/**
 * The words and figures the e-mails share (docs/shop-rules.md#emails), in the storefront's own formats: the
 * order number as My Orders shows it, prices as formatPrice writes them (docs/decisions/0008-one-price-format.md),
 * dates in India's time zone, and the links into the shop.
 */
import { formatPrice, INDIA_TIME_ZONE, paymentOf, toRupees, type OrderDto } from '@pumpkart/shared';

export { orderNumber, paymentInWords } from '@pumpkart/shared';

/** An amount the message carries in paise, in the storefront's price format (₹1,850/-). */
export const priceOfPaise = (paise: number) => formatPrice(toRupees(paise));

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});

/** An ISO time as the date in India, as the storefront writes delivery dates: 'Tue, 25 Mar 2025'. */
export const formatMailDate = (iso: string) => dateFormat.format(new Date(iso));

/** A line's title with its size in brackets, as the order pages and the stock messages name it. */
export const lineLabel = (title: string, size: string | null | undefined) => (size ? `${title} (${size})` : title);

/** The buyer's page of the order. */
export const orderUrl = (shopUrl: string, orderId: string) => `${shopUrl}/order/${orderId}`;
/** The admin's order list (the owner's messages). */
export const adminOrdersUrl = (shopUrl: string) => `${shopUrl}/admin/orders`;
/** The admin's product list (low stock). */
export const adminProductsUrl = (shopUrl: string) => `${shopUrl}/admin/products`;

/** A link only when it is an http(s) address (the server checks tracking URLs too), so no link can run script. */
export function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The short name of the payment mode, for subjects: Cash on Delivery or Paid online. */
export const paymentModeName = (order: OrderDto) =>
  ({ cod: 'Cash on Delivery', online: 'Paid online', bank: 'Bank transfer' })[paymentOf(order).mode];
