/** Contracts of the back office's product calls (docs/shop-rules.md#admin): its list, low stock and deletions. */
import { z } from 'zod';
import { ADMIN_PRODUCTS_DEFAULT_LIMIT, ADMIN_PRODUCTS_MAX_LIMIT, LOW_STOCK_DEFAULT_LIMIT } from '../constants';
import { idSchema, textSchema } from './fields';
import { optionalFilter, searchSchema } from './products';

/**
 * Orders of the admin product list (docs/shop-rules.md#admin): newest first (the default), by title (A to Z),
 * by price or by stock either way. Ties go by id, so pages are stable.
 */
export const ADMIN_PRODUCT_SORTS = ['newest', 'title', 'price_asc', 'price_desc', 'stock_asc', 'stock_desc'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/**
 * Stock levels of the admin filter: `in` stock above 0, `low` above 0 and at or below the product's
 * low-stock threshold (a threshold above 0), `out` stock 0.
 */
export const STOCK_LEVELS = ['in', 'low', 'out'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** '' means no filter: an empty select of the admin page. */
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

const pageSchema = z.coerce
  .number({ error: 'page must be a whole number from 1.' })
  .int('page must be a whole number from 1.')
  .min(1, 'page must be 1 or more.')
  .max(100_000, 'page must be at most 100000.')
  .default(1);

/** GET /api/products/admin/all (docs/shop-rules.md#admin): one page, filtered and sorted. */
export const adminProductListQuerySchema = z.object({
  /** Title, description, brand or category contains it, ignoring case. */
  search: searchSchema,
  category: optionalFilter('category'),
  brand: optionalFilter('brand'),
  active: z.preprocess(
    emptyIsAbsent,
    z
      .enum(['true', 'false'], { error: "active must be 'true' or 'false'." })
      .transform((value) => value === 'true')
      .optional(),
  ),
  stock: z.preprocess(
    emptyIsAbsent,
    z.enum(STOCK_LEVELS, { error: "stock must be one of 'in', 'low', 'out'." }).optional(),
  ),
  sort: z.preprocess(
    emptyIsAbsent,
    z
      .enum(ADMIN_PRODUCT_SORTS, {
        error: `sort must be one of ${ADMIN_PRODUCT_SORTS.map((s) => `'${s}'`).join(', ')}.`,
      })
      .default('newest'),
  ),
  page: pageSchema,
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1.' })
    .int('limit must be a whole number from 1.')
    .min(1, 'limit must be 1 or more.')
    .max(ADMIN_PRODUCTS_MAX_LIMIT, `limit must be at most ${ADMIN_PRODUCTS_MAX_LIMIT}.`)
    .default(ADMIN_PRODUCTS_DEFAULT_LIMIT),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;
/** The query as a client writes it: every part optional. */
export interface AdminProductListParams {
  page?: number;
  limit?: number;
  search?: string;
  category?: string;
  brand?: string;
  active?: 'true' | 'false';
  stock?: StockLevel;
  sort?: AdminProductSort;
}

/** GET /api/products/admin/low-stock (docs/shop-rules.md#admin). */
export const lowStockQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1.' })
    .int('limit must be a whole number from 1.')
    .min(1, 'limit must be 1 or more.')
    .max(ADMIN_PRODUCTS_MAX_LIMIT, `limit must be at most ${ADMIN_PRODUCTS_MAX_LIMIT}.`)
    .default(LOW_STOCK_DEFAULT_LIMIT),
});

/** A product, or one size of it, at or below its product's low-stock threshold. */
export const lowStockItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  /** The variant's id and size; null for a product without variants. */
  variantId: z.string().nullable(),
  size: z.string().nullable(),
  stock: z.number().int(),
  threshold: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;
export const lowStockResponseSchema = z.object({ data: z.array(lowStockItemSchema) });

/** Answer of DELETE /api/products/{id} (soft) and DELETE /api/products/{id}/destroy (permanent). */
export const productDeletedResponseSchema = z.object({ message: z.string(), _id: z.string() });

export const removeImageBodySchema = z.object({
  productId: idSchema,
  public_id: textSchema('public_id').min(1).max(200),
});
