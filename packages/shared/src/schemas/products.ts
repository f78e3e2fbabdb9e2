/** Contracts of /api/products (docs/shop-rules.md#catalog, docs/decisions/0003-catalog-list-shape.md). */
import { z } from 'zod';
import {
  PRODUCTS_DEFAULT_LIMIT,
  PRODUCTS_MAX_LIMIT,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_STOCK,
  ADMIN_PRODUCTS_MAX_LIMIT,
} from '../constants';
import { AVAILABILITY, PRICE_RANGES } from '../product';
import { idSchema, textSchema } from './fields';

export const productImageSchema = z.object({
  url: z.string(),
  public_id: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Resized WebP renditions, smallest first (for srcset). */
  sizes: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type ProductImageDto = z.infer<typeof productImageSchema>;

export const variantSchema = z.object({
  _id: z.string(),
  size: z.string().nullable(),
  price: z.number(),
  stock: z.number().int(),
});
export type VariantDto = z.infer<typeof variantSchema>;

/**
 * A product as the API returns it. With variants, price is the cheapest variant's price and stock
 * the sum of the variants' stock (docs/shop-rules.md#catalog).
 */
export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.number(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  availability: z.enum(AVAILABILITY),
  active: z.boolean(),
  images: z.array(productImageSchema),
  variants: z.array(variantSchema),
  /**
   * Changes with every admin edit and every stock move; the edit form sends back the version it
   * loaded, and a save based on an older one is refused (409).
   */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDto = z.infer<typeof productSchema>;

/** Accepts 'In Stock', 'in-stock', 'instock', 'out_of_stock', ... and 'All' (no filter). */
const availabilityFilterSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const compact = value.toLowerCase().replace(/[\s_-]/g, '');
    if (compact === '' || compact === 'all') return undefined;
    if (compact === 'instock') return 'In Stock';
    if (compact === 'outofstock') return 'Out of Stock';
    return value;
  },
  z.enum(AVAILABILITY, { error: "availability must be 'In Stock' or 'Out of Stock'." }).optional(),
);

/** '' and 'All' mean no filter for the select-backed filters. */
const optionalFilter = (label: string, max = 100) =>
  z.preprocess(
    (value) => (typeof value === 'string' && (value.trim() === '' || value.trim() === 'All') ? undefined : value),
    textSchema(label).trim().max(max).optional(),
  );

const searchSchema = textSchema('search').trim().max(100, 'search must be at most 100 characters.').optional();

export const productListQuerySchema = z.object({
  search: searchSchema,
  category: optionalFilter('category'),
  brand: optionalFilter('brand'),
  priceRange: z.preprocess(
    (value) => (value === '' || value === 'All' ? undefined : value),
    z.enum(PRICE_RANGES, { error: "priceRange must be one of '0-500', '500-1000', '1000+'." }).optional(),
  ),
  availability: availabilityFilterSchema,
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more.')
    .max(PRODUCTS_MAX_LIMIT, `limit must be at most ${PRODUCTS_MAX_LIMIT}.`)
    .default(PRODUCTS_DEFAULT_LIMIT),
  /** 'home': at most 4 products per category plus each category's total (docs/shop-rules.md#home). */
  view: z.enum(['home']).optional(),
  /** Comma-separated product ids (favorites page). */
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(idSchema).max(PRODUCTS_MAX_LIMIT).optional()),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * GET /api/products answers a bare list; the total match count is in X-Total-Count
 * (docs/decisions/0003-catalog-list-shape.md).
 */
export const productListResponseSchema = z.array(productSchema);

export const homeViewResponseSchema = z.object({
  sections: z.array(
    z.object({
      category: z.string(),
      /** How many products of this category match, beyond the ones returned. */
      total: z.number().int(),
      products: z.array(productSchema),
    }),
  ),
  total: z.number().int(),
});
export type HomeView = z.infer<typeof homeViewResponseSchema>;

export const stringListSchema = z.array(z.string());

/** Text fields of the multipart product form (docs/shop-rules.md#catalog), after variants[i][k] are gathered. */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const moneyField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'Price must be a number.' })
    .min(0, 'Price must be 0 or more.')
    .max(MAX_PRODUCT_PRICE, `Price must be at most ${MAX_PRODUCT_PRICE}.`)
    .default(0),
);
const stockField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'Stock must be a number.' })
    .int('Stock must be a whole number.')
    .min(0, 'Stock must be 0 or more.')
    .max(MAX_PRODUCT_STOCK, `Stock must be at most ${MAX_PRODUCT_STOCK}.`)
    .default(0),
);

export const variantInputSchema = z.object({
  _id: z.preprocess(emptyToUndefined, idSchema.optional()),
  size: z.preprocess(emptyToUndefined, textSchema('Size').trim().max(50).optional()),
  price: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Variant price is required.' })
      .min(0, 'Variant price must be 0 or more.')
      .max(MAX_PRODUCT_PRICE, `Variant price must be at most ${MAX_PRODUCT_PRICE}.`),
  ),
  stock: stockField,
});
export type VariantInput = z.infer<typeof variantInputSchema>;

export const productFormSchema = z.object({
  title: textSchema('Title', { error: 'Title is required.' }).trim().min(1, 'Title is required.').max(200),
  description: textSchema('Description').trim().max(5000).default(''),
  category: z.preprocess(emptyToUndefined, textSchema('Category').trim().max(100).default('Uncategorized')),
  brand: textSchema('Brand').trim().max(100).default(''),
  price: moneyField,
  stock: stockField,
  lowStockThreshold: stockField,
  active: z
    .preprocess((value) => (value === undefined ? 'true' : String(value)), z.enum(['true', 'false']))
    .transform((value) => value === 'true'),
  variants: z.array(variantInputSchema).max(50).default([]),
  /** Edit only: the product's version when the form was opened; optional, checked when sent. */
  version: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'version must be a number.' })
      .int('version must be a whole number.')
      .min(0, 'version must be 0 or more.')
      .optional(),
  ),
});
export type ProductForm = z.infer<typeof productFormSchema>;

/**
 * The 409 of an edit whose `version` is no longer current: the edit form reloads the product when it
 * gets this message (other 409s, such as a refused variant removal, keep the form as typed).
 */
export const PRODUCT_CHANGED_MESSAGE = 'This product changed since you opened it.';

export const toggleActiveBodySchema = z.object({ active: z.boolean() });

export const adminProductListQuerySchema = z.object({
  search: searchSchema,
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').max(10_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more.')
    .max(ADMIN_PRODUCTS_MAX_LIMIT, `limit must be at most ${ADMIN_PRODUCTS_MAX_LIMIT}.`)
    .default(ADMIN_PRODUCTS_MAX_LIMIT),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

/** Answer of DELETE /api/products/{id} (soft) and DELETE /api/products/{id}/destroy (permanent). */
export const productDeletedResponseSchema = z.object({ message: z.string(), _id: z.string() });

export const removeImageBodySchema = z.object({
  productId: idSchema,
  public_id: textSchema('public_id').min(1).max(200),
});
