/** Contracts of /api/products (docs/shop-rules.md#catalog, docs/decisions/0003-catalog-list-shape.md). */
import { z } from 'zod';
import { PRODUCT_KINDS, PRODUCTS_DEFAULT_LIMIT, PRODUCTS_MAX_LIMIT, SUGGEST_MIN_CHARS } from '../constants';
import { AVAILABILITY } from '../product';
import { CATALOG_SORTS, PRICE_BOUND_MAX, PRICE_RANGES } from '../catalog-filters';
import { COMPLIANCE_CATEGORY_KEYS, EXTINGUISHER_TYPES } from '../compliance';
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
  /** The list price in rupees, only when the logged-in buyer's price above is lower (docs/shop-rules.md#business-prices). */
  listPrice: z.number().optional(),
  /** The size's MRP in rupees, or null when not entered (docs/shop-rules.md#mrp). */
  mrp: z.number().nullable(),
  stock: z.number().int(),
});
export type VariantDto = z.infer<typeof variantSchema>;

/**
 * A product's tax data (docs/shop-rules.md#tax-data), which every variant of it shares: HSN code, GST rate (of
 * GST_RATES, default 18), country of origin (default India), manufacturer, and the certificate numbers a
 * product may carry. Null means not entered.
 */
export const productTaxDataSchema = z.object({
  hsnCode: z.string().nullable(),
  gstRate: z.number(),
  countryOfOrigin: z.string(),
  manufacturer: z.string().nullable(),
  bisLicence: z.string().nullable(),
  pesoApproval: z.string().nullable(),
  legalMetrologyApproval: z.string().nullable(),
  /**
   * Equipment data (docs/shop-rules.md#assets), carried with the tax data because the same reads and form carry it:
   * the compliance category that makes each delivered unit an asset of the outlet, the extinguisher type (fire
   * extinguishers only) and the warranty in months from delivery. Null: not such equipment, not entered.
   */
  complianceCategory: z.enum(COMPLIANCE_CATEGORY_KEYS).nullable(),
  extinguisherType: z.enum(EXTINGUISHER_TYPES).nullable(),
  warrantyMonths: z.number().int().nullable(),
});
export type ProductTaxData = z.infer<typeof productTaxDataSchema>;

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
  /** As a size's: the list price, only when the logged-in buyer's price is lower. */
  listPrice: z.number().optional(),
  /** The MRP in rupees, or null when not entered; with variants, the cheapest variant's (docs/shop-rules.md#mrp). */
  mrp: z.number().nullable(),
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  availability: z.enum(AVAILABILITY),
  active: z.boolean(),
  /** Sold only through a quote (docs/shop-rules.md#quotes): shown as "Price on request", never added to a cart. */
  priceOnRequest: z.boolean(),
  /**
   * Goods, a service or an annual maintenance contract (docs/shop-rules.md#service-products): a service is booked for
   * a day in the cart, and its tax code (hsnCode) is a SAC.
   */
  kind: z.enum(PRODUCT_KINDS),
  /** The compliance tasks (schedule keys) the product does, e.g. a refill: a reminder of such a task links to it. */
  taskKeys: z.array(z.string()),
  /** An AMC's visits a year (docs/shop-rules.md#amc); stored for every product, read for kind 'amc' only. */
  amcVisitsPerYear: z.number().int(),
  images: z.array(productImageSchema),
  variants: z.array(variantSchema),
  /** Order quantities and quantity breaks (docs/shop-rules.md#business-prices). */
  minOrderQty: z.number().int(),
  packSize: z.number().int(),
  quantityBreaks: z.array(z.object({ minQty: z.number().int(), percentOff: z.number() })),
  /**
   * Changes with every admin edit and every stock move; the edit form sends back the version it
   * loaded, and a save based on an older one is refused (409).
   */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The tax data: in one product and the admin list; the storefront list and the home view leave it out. */
  ...productTaxDataSchema.partial().shape,
});
export type ProductDto = z.infer<typeof productSchema>;

/**
 * The answer of a product save (the form's POST and PUT): the product, and when it asked to be active without what
 * a product on sale needs, the notice saying it was kept as a draft and what it lacks (docs/shop-rules.md#on-sale).
 */
export const productSavedSchema = productSchema.extend({
  notice: z.string().optional(),
});
export type ProductSavedDto = z.infer<typeof productSavedSchema>;

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
export const optionalFilter = (label: string, max = 100) =>
  z.preprocess(
    (value) => (typeof value === 'string' && (value.trim() === '' || value.trim() === 'All') ? undefined : value),
    textSchema(label).trim().max(max).optional(),
  );

/** minPrice, maxPrice: whole rupees, inclusive (docs/shop-rules.md#filters); '' means no bound. */
const priceBoundSchema = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${label} must be a whole number of rupees.` })
      .int(`${label} must be a whole number of rupees.`)
      .min(0, `${label} must be 0 or more.`)
      .max(PRICE_BOUND_MAX, `${label} must be at most ${PRICE_BOUND_MAX}.`)
      .optional(),
  );

export const searchSchema = textSchema('search').trim().max(100, 'search must be at most 100 characters.').optional();

export const productListQuerySchema = z
  .object({
    search: searchSchema,
    category: optionalFilter('category'),
    brand: optionalFilter('brand'),
    priceRange: z.preprocess(
      (value) => (value === '' || value === 'All' ? undefined : value),
      z.enum(PRICE_RANGES, { error: "priceRange must be one of '0-500', '500-1000', '1000+'." }).optional(),
    ),
    availability: availabilityFilterSchema,
    minPrice: priceBoundSchema('minPrice'),
    maxPrice: priceBoundSchema('maxPrice'),
    /** The order of a list page; none means newest first. The home view ignores it. */
    sort: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(CATALOG_SORTS, { error: "sort must be one of 'relevance', 'price_asc', 'price_desc', 'newest'." })
        .optional(),
    ),
    page: z.coerce.number().int().min(1, 'page must be 1 or more.').max(10_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be 1 or more.')
      .max(PRODUCTS_MAX_LIMIT, `limit must be at most ${PRODUCTS_MAX_LIMIT}.`)
      .default(PRODUCTS_DEFAULT_LIMIT),
    /**
     * '1' or 'true': the search exactly as typed, never its corrected words (docs/shop-rules.md#search), e.g. after
     * "Search instead for ...".
     */
    exact: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(['1', 'true', '0', 'false'], { error: "exact must be '1' or 'true' (or '0', 'false')." })
        .transform((value) => value === '1' || value === 'true')
        .optional(),
    ),
    /** 'home': at most 4 products per category plus each category's total (docs/shop-rules.md#home). */
    view: z.enum(['home']).optional(),
    /** Comma-separated product ids (favorites page). */
    ids: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
      .pipe(z.array(idSchema).max(PRODUCTS_MAX_LIMIT).optional()),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'minPrice must not be above maxPrice.',
    path: ['minPrice'],
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

/** GET /api/products/suggest (docs/shop-rules.md#search): what the navbar suggests while a term is typed. */
export const suggestQuerySchema = z.object({
  q: textSchema('q')
    .trim()
    .min(SUGGEST_MIN_CHARS, `q must be at least ${SUGGEST_MIN_CHARS} characters.`)
    .max(100, 'q must be at most 100 characters.'),
  /** On a category page: products of that category only, as its search results are (docs/shop-rules.md#search). */
  category: optionalFilter('category'),
});

export const suggestionsResponseSchema = z.object({
  /** At most SUGGESTED_PRODUCTS_LIMIT active products, by relevance (the corrected words' when the typed ones find none). */
  products: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      /** The (cheapest) price in rupees, as on the product card. */
      price: z.number(),
      image: productImageSchema.nullable(),
    }),
  ),
  /** Categories whose name contains the term, at most SUGGESTED_CATEGORIES_LIMIT, by name. */
  categories: z.array(z.string()),
  /** The corrected search the products were found for, or null when the typed term found them. */
  correctedSearch: z.string().nullable(),
});
export type Suggestions = z.infer<typeof suggestionsResponseSchema>;
