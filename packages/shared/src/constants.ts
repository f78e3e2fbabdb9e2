/**
 * Limits and names shared by the server and the web app. Kept apart from the zod schemas so that
 * code which needs only a number (the storefront) does not pull the validation library into its bundle.
 */

/** A buyer's password (docs/shop-rules.md#accounts, password.ts). */
export const PASSWORD_MIN_LENGTH = 8;
/** An admin's or a staff member's password is longer: they can change prices, stock and orders. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PRODUCTS_DEFAULT_LIMIT = 24;
export const PRODUCTS_MAX_LIMIT = 100;
export const HOME_PRODUCTS_PER_CATEGORY = 4;
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Set on a catalog page answered for the corrected words of a search that found nothing as typed
 * (docs/shop-rules.md#search): the corrected search, URI-encoded (headers are ASCII).
 */
export const CORRECTED_SEARCH_HEADER = 'x-corrected-search';
/** Suggestions while typing (docs/shop-rules.md#search): from this many characters, at most this many products. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGESTED_PRODUCTS_LIMIT = 8;
export const SUGGESTED_CATEGORIES_LIMIT = 4;
/**
 * The admin lists count at most this many matches (docs/shop-rules.md#admin-lists): a total of ADMIN_COUNT_CAP + 1
 * means "more than ADMIN_COUNT_CAP", so a page costs the same whatever the size of the shop's history.
 */
export const ADMIN_COUNT_CAP = 1_000;
/** Whether an admin list's total is the cap's lower bound ("1,000+") rather than the count. */
export const totalIsCapped = (total: number) => total > ADMIN_COUNT_CAP;
/**
 * A storefront search counts at most this many matches (docs/shop-rules.md#search): a total of SEARCH_COUNT_CAP + 1
 * means "more than SEARCH_COUNT_CAP" ("1,000+ results for 'dispenser'"), so a popular word costs what a page costs.
 */
export const SEARCH_COUNT_CAP = 1_000;
/** Whether a search's total is the cap's lower bound ("1,000+") rather than the count. */
export const searchTotalIsCapped = (total: number) => total > SEARCH_COUNT_CAP;
/**
 * Upper bounds on what a client can send, so that no figure can overflow: a price (rupees) of at
 * most 1 crore (a fuel dispenser costs lakhs) and stock of at most 10 lakh units per product or
 * variant (50 variants still sum inside a 32-bit stock column).
 */
export const MAX_PRODUCT_PRICE = 10_000_000;
export const MAX_PRODUCT_STOCK = 1_000_000;
/** An order has at most 50 lines of at most 1000 units each. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 1000;
/**
 * The most units of one product an unpaid order may hold, unless the owner sets another limit (store settings,
 * docs/shop-rules.md#orders): an unpaid order holds its stock (an online one up to ORDER_PAYMENT_TIMEOUT_MIN, a COD
 * one until the owner confirms it), so one account cannot take a product out of sale; a buyer who needs more asks
 * the shop.
 */
export const DEFAULT_MAX_UNITS_PER_PRODUCT = 10;
/**
 * The most any order can come to, in rupees: every line at the caps above plus delivery (at most
 * 8 %), about ₹54,000 crore. In paise that is far inside a JavaScript safe integer and the bigint
 * money columns, so a large genuine order (a pump chain's ₹3 crore) is stored exactly.
 */
export const MAX_ORDER_AMOUNT = (MAX_ORDER_LINES * MAX_LINE_QUANTITY * MAX_PRODUCT_PRICE * 108) / 100;
/** GET /api/products/admin/all: one page of every product, inactive included (docs/shop-rules.md#admin). */
export const ADMIN_PRODUCTS_DEFAULT_LIMIT = 20;
export const ADMIN_PRODUCTS_MAX_LIMIT = 100;
/** GET /api/products/admin/low-stock: the dashboard's card shows 10. */
export const LOW_STOCK_DEFAULT_LIMIT = 10;
export const MAX_IMAGES_PER_PRODUCT = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Returns (docs/shop-rules.md#returns): the window after delivery by default and at most, in days. */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;
export const MAX_RETURN_WINDOW_DAYS = 90;
/** Photos one return request may carry, each at most MAX_IMAGE_BYTES. */
export const MAX_RETURN_PHOTOS = 4;
/** The longest reason a buyer (or the owner refusing, or a debit note) may give. */
export const RETURN_REASON_MAX = 500;

/**
 * What a product is (docs/shop-rules.md#service-products): goods are shipped; a service (a refill, a pressure test,
 * a re-verification visit) is done at an outlet on a booked day and invoiced under its SAC code; an annual
 * maintenance contract (amc) covers an outlet's compliance tasks for a year with scheduled visits.
 */
export const PRODUCT_KINDS = ['goods', 'service', 'amc'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
