/**
 * Limits and names shared by the server and the web app. Kept apart from the zod schemas so that
 * code which needs only a number (the storefront) does not pull the validation library into its bundle.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PRODUCTS_DEFAULT_LIMIT = 24;
export const PRODUCTS_MAX_LIMIT = 100;
export const HOME_PRODUCTS_PER_CATEGORY = 4;
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** Upper bounds that keep paise and stock sums inside the database's integer columns. */
export const MAX_PRODUCT_PRICE = 10_000_000;
export const MAX_PRODUCT_STOCK = 1_000_000;
/** GET /api/products/admin/all: everything (inactive included) up to a cap, optionally searched. */
export const ADMIN_PRODUCTS_MAX_LIMIT = 1000;
export const MAX_IMAGES_PER_PRODUCT = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
