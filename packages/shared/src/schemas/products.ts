/** Contracts of /api/products (docs/shop-rules.md#catalog, docs/decisions/0003-catalog-list-shape.md). */
import { z } from 'zod';
import { productOrderFormFields } from './price-lists';
import {
  PRODUCTS_DEFAULT_LIMIT,
  PRODUCTS_MAX_LIMIT,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_STOCK,
  ADMIN_PRODUCTS_MAX_LIMIT,
  ADMIN_PRODUCTS_DEFAULT_LIMIT,
  LOW_STOCK_DEFAULT_LIMIT,
  SUGGEST_MIN_CHARS,
} from '../constants';
import { AVAILABILITY, CATALOG_SORTS, PRICE_BOUND_MAX, PRICE_RANGES, priceAboveMrpProblem } from '../product';
import { isGstRate } from '../gst';
import { COMPLIANCE_CATEGORY_KEYS, EXTINGUISHER_TYPES } from '../compliance';
import { TAX_DATA_MESSAGES } from '../messages';
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
const optionalFilter = (label: string, max = 100) =>
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

const searchSchema = textSchema('search').trim().max(100, 'search must be at most 100 characters.').optional();

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
/**
 * An MRP of the form (docs/shop-rules.md#mrp): rupees above 0; empty or not sent, none (null), as the form's price
 * is what it sends.
 */
const mrpField = (label: string) =>
  z.preprocess(
    (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? null : value),
    z.coerce
      .number({ error: `${label} must be a number.` })
      .gt(0, `${label} must be above 0.`)
      .max(MAX_PRODUCT_PRICE, `${label} must be at most ${MAX_PRODUCT_PRICE}.`)
      .nullable(),
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
  mrp: mrpField('Variant MRP'),
  stock: stockField,
});
export type VariantInput = z.infer<typeof variantInputSchema>;

/** 4, 6 or 8 digits (docs/shop-rules.md#tax-data). */
export const HSN_CODE_PATTERN = /^\d{4}(?:\d{2}){0,2}$/;
export const PRODUCT_TAX_LIMITS = { countryOfOrigin: 100, manufacturer: 300, certificate: 100 } as const;

/**
 * A tax field of the form: a field not sent stays undefined (an edit keeps the stored value), a field sent
 * empty becomes null (cleared; the GST rate and the country go back to their defaults).
 */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalTaxText = (label: string, max: number) =>
  z.preprocess(
    emptyToNull,
    textSchema(label).trim().max(max, TAX_DATA_MESSAGES.tooLong(label, max)).nullable().optional(),
  );

/** What the product form's equipment fields answer (docs/shop-rules.md#assets). */
export const PRODUCT_EQUIPMENT_MESSAGES = {
  category: `Compliance category must be one of: ${COMPLIANCE_CATEGORY_KEYS.join(', ')}.`,
  extinguisherType: `Extinguisher type must be one of: ${EXTINGUISHER_TYPES.join(', ')}.`,
  extinguisherTypeOnlyForExtinguishers: 'An extinguisher type is only for products of category fire-extinguisher.',
  warranty: 'Warranty must be a whole number of months from 0 to 600.',
} as const;

/** The tax fields of the product form (docs/shop-rules.md#tax-data), and the equipment fields (#assets). */
export const productTaxFormFields = {
  /** Spaces and dots are dropped: '8413 11 00' is 84131100. */
  hsnCode: z.preprocess(
    (value) => emptyToNull(typeof value === 'string' ? value.replace(/[\s.]/g, '') : value),
    z
      .string({ error: TAX_DATA_MESSAGES.hsnCodeFormat })
      .regex(HSN_CODE_PATTERN, TAX_DATA_MESSAGES.hsnCodeFormat)
      .nullable()
      .optional(),
  ),
  /** Percent; '18' and '18 %' are 18. */
  gstRate: z.preprocess(
    (value) => emptyToNull(typeof value === 'string' ? value.replace(/\s*%\s*$/, '') : value),
    z.coerce
      .number({ error: TAX_DATA_MESSAGES.gstRateInvalid })
      .refine(isGstRate, TAX_DATA_MESSAGES.gstRateInvalid)
      .nullable()
      .optional(),
  ),
  countryOfOrigin: optionalTaxText('Country of origin', PRODUCT_TAX_LIMITS.countryOfOrigin),
  manufacturer: optionalTaxText('Manufacturer', PRODUCT_TAX_LIMITS.manufacturer),
  bisLicence: optionalTaxText('BIS licence number', PRODUCT_TAX_LIMITS.certificate),
  pesoApproval: optionalTaxText('PESO approval number', PRODUCT_TAX_LIMITS.certificate),
  legalMetrologyApproval: optionalTaxText('Legal Metrology approval number', PRODUCT_TAX_LIMITS.certificate),
  complianceCategory: z.preprocess(
    emptyToNull,
    z.enum(COMPLIANCE_CATEGORY_KEYS, { error: PRODUCT_EQUIPMENT_MESSAGES.category }).nullable().optional(),
  ),
  extinguisherType: z.preprocess(
    emptyToNull,
    z.enum(EXTINGUISHER_TYPES, { error: PRODUCT_EQUIPMENT_MESSAGES.extinguisherType }).nullable().optional(),
  ),
  warrantyMonths: z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: PRODUCT_EQUIPMENT_MESSAGES.warranty })
      .int(PRODUCT_EQUIPMENT_MESSAGES.warranty)
      .min(0, PRODUCT_EQUIPMENT_MESSAGES.warranty)
      .max(600, PRODUCT_EQUIPMENT_MESSAGES.warranty)
      .nullable()
      .optional(),
  ),
};

export const productFormSchema = z
  .object({
    title: textSchema('Title', { error: 'Title is required.' }).trim().min(1, 'Title is required.').max(200),
    description: textSchema('Description').trim().max(5000).default(''),
    category: z.preprocess(emptyToUndefined, textSchema('Category').trim().max(100).default('Uncategorized')),
    brand: textSchema('Brand').trim().max(100).default(''),
    price: moneyField,
    mrp: mrpField('MRP'),
    stock: stockField,
    lowStockThreshold: stockField,
    active: z
      .preprocess((value) => (value === undefined ? 'true' : String(value)), z.enum(['true', 'false']))
      .transform((value) => value === 'true'),
    priceOnRequest: z
      .preprocess((value) => (value === undefined ? 'false' : String(value)), z.enum(['true', 'false']))
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
    /** Tax data (docs/shop-rules.md#tax-data): a field not sent keeps the product's value on an edit. */
    ...productTaxFormFields,
    ...productOrderFormFields,
  })
  // No one may sell above the MRP (docs/shop-rules.md#mrp): each price is checked against its own MRP, the
  // product's own only without variants (with variants its price and MRP are the cheapest variant's).
  .superRefine((form, ctx) => {
    const problems =
      form.variants.length === 0
        ? [{ path: ['price'], problem: priceAboveMrpProblem(form.price, form.mrp) }]
        : form.variants.map((variant, index) => ({
            path: ['variants', index, 'price'],
            problem: priceAboveMrpProblem(variant.price, variant.mrp, `The price of size ${variant.size ?? index + 1}`),
          }));
    for (const { path, problem } of problems) if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
    if (form.extinguisherType && form.complianceCategory !== 'fire-extinguisher') {
      ctx.addIssue({
        code: 'custom',
        path: ['extinguisherType'],
        message: PRODUCT_EQUIPMENT_MESSAGES.extinguisherTypeOnlyForExtinguishers,
      });
    }
  });
export type ProductForm = z.infer<typeof productFormSchema>;

/**
 * The 409 of an edit whose `version` is no longer current: the edit form reloads the product when it
 * gets this message (other 409s, such as a refused variant removal, keep the form as typed).
 */
export const PRODUCT_CHANGED_MESSAGE = 'This product changed since you opened it.';

export const toggleActiveBodySchema = z.object({ active: z.boolean() });

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
