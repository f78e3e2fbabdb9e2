/**
 * Service products (docs/shop-rules.md#service-products): a product of kind 'service' (or 'amc') is work done at an
 * outlet, such as an extinguisher refill or a dispenser's re-verification visit. Its tax code is a SAC (Services
 * Accounting Code: 6 digits of chapter 99) where goods carry an HSN code, and a service in a cart or an order is booked
 * for a day.
 */
import type { ProductKind } from './constants';
import { addDays, compareDays } from './compliance/dates';
import { indiaDateOf } from './gst/financial-year';

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  goods: 'Goods',
  service: 'Service',
  amc: 'Annual maintenance contract',
};

/** A SAC: 6 digits starting 99, the chapter the GST scheme of classification of services gives services. */
export const SAC_CODE_PATTERN = /^99\d{4}$/;

/** How far ahead a service may be booked, in days from today (India's day). */
export const SERVICE_BOOKING_MAX_DAYS = 365;

export const SERVICE_MESSAGES = {
  sacCodeFormat: 'SAC code of a service must be 6 digits starting with 99.',
  goodsCodeNotSac: 'An HSN code of goods may not start with 99: codes starting 99 are SAC codes of services.',
  serviceNotEquipment: 'A service is not equipment: leave its compliance category empty.',
  serviceDateRequired: (title: string) => `Choose the visit date of "${title}".`,
  serviceDateForGoods: (title: string) => `"${title}" is not a service: it takes no visit date.`,
  serviceDateRange: (title: string, from: string, to: string) =>
    `The visit date of "${title}" must be from ${formatServiceDay(from)} to ${formatServiceDay(to)}.`,
} as const;

/** What the /book page (a reminder's link) says when it adds nothing, and when it added the product. */
export const BOOKING_MESSAGES = {
  productNotFound: 'This link names a product the shop does not sell any more. Nothing was added to your cart.',
  outletNotYours: "This link is for an outlet that is not one of your business's. Nothing was added to your cart.",
  onRequest: 'This product is sold on request: ask the shop for a quote. Nothing was added to your cart.',
  addedFor: (outletName: string) => `Added for ${outletName}`,
} as const;

/** True for the kinds that are work rather than goods: their tax code is a SAC. */
export const isServiceKind = (kind: ProductKind | null | undefined): boolean => kind === 'service' || kind === 'amc';

/** Only a service is booked for a day (an AMC runs for a year from its order). */
export const isBookable = (kind: ProductKind | null | undefined): boolean => kind === 'service';

/** The label of a product's tax code field and invoice column for its kind. */
export const taxCodeLabel = (kind: ProductKind | null | undefined): 'SAC code' | 'HSN code' =>
  isServiceKind(kind) ? 'SAC code' : 'HSN code';

/** Why `code` does not suit a product of `kind`; null when it does (or no code is entered). */
export function taxCodeProblem(kind: ProductKind, code: string | null | undefined): string | null {
  if (!code) return null;
  if (isServiceKind(kind)) return SAC_CODE_PATTERN.test(code) ? null : SERVICE_MESSAGES.sacCodeFormat;
  return code.startsWith('99') ? SERVICE_MESSAGES.goodsCodeNotSac : null;
}

/** The days a service may be booked for: from tomorrow to SERVICE_BOOKING_MAX_DAYS ahead (India's days). */
export function serviceDateRange(now: Date = new Date()): { from: string; to: string } {
  const today = indiaDateOf(now);
  return { from: addDays(today, 1), to: addDays(today, SERVICE_BOOKING_MAX_DAYS) };
}

/**
 * Why a line's booked day does not fit its product: a service needs one in serviceDateRange, goods take none. Null
 * when it fits. `date` is an already checked YYYY-MM-DD day or null.
 */
export function serviceDateProblem(
  product: { kind: ProductKind; title: string },
  date: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!isBookable(product.kind)) return date ? SERVICE_MESSAGES.serviceDateForGoods(product.title) : null;
  if (!date) return SERVICE_MESSAGES.serviceDateRequired(product.title);
  const { from, to } = serviceDateRange(now);
  if (compareDays(date, from) < 0 || compareDays(date, to) > 0) {
    return SERVICE_MESSAGES.serviceDateRange(product.title, from, to);
  }
  return null;
}

/** The day a /book link asks for when it is still bookable, else tomorrow (the buyer changes it in the cart). */
export function bookableDayOr(date: string | null | undefined, now: Date = new Date()): string {
  const { from, to } = serviceDateRange(now);
  return date && compareDays(date, from) >= 0 && compareDays(date, to) <= 0 ? date : from;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2027-01-12 as '12 Jan 2027'. */
export function formatServiceDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** What an order line, an invoice line and a cart line say of a booked service: 'Booked for 12 Jan 2027'. */
export const bookedForText = (date: string): string => `Booked for ${formatServiceDay(date)}`;
