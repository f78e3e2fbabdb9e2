/** The catalog: products, their variants and images, and the search vocabulary. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  COMPLIANCE_CATEGORY_KEYS,
  EXTINGUISHER_TYPES,
  GST_RATES,
  PRODUCT_KINDS,
  type ComplianceCategoryKey,
  type ExtinguisherType,
  type ProductKind,
  type QuantityBreak,
} from '@pumpkart/shared';
import { money, createdAt, updatedAt } from './columns';

/** Constant keys as an SQL list for a CHECK constraint: 'a', 'b'. */
export const sqlList = (keys: readonly string[]) => sql.raw(keys.map((key) => `'${key}'`).join(', '));

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    brand: text('brand').notNull().default(''),
    category: text('category').notNull().default('Uncategorized'),
    /** With variants: the cheapest variant's price, kept in step by the products service. */
    pricePaise: money('price_paise').notNull().default(0),
    /**
     * The MRP (docs/shop-rules.md#mrp), or null when not entered; with variants, the MRP of the cheapest variant
     * (the first of them), kept in step by the products service. Never below the price: no one may sell above it.
     */
    mrpPaise: money('mrp_paise'),
    /** With variants: the sum of the variants' stock, kept in step by the products service. */
    stock: integer('stock').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    /** Business prices (docs/shop-rules.md#business-prices): the least one may order, and the pack it is sold in. */
    minOrderQty: integer('min_order_qty').notNull().default(1),
    packSize: integer('pack_size').notNull().default(1),
    /** Quantity breaks: from minQty units of one line up, percentOff off the buyer's price; ascending minQty. */
    quantityBreaks: jsonb('quantity_breaks').$type<QuantityBreak[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /** Shown as "Price on request": never added to a cart, only asked for in a quote (docs/shop-rules.md#quotes). */
    priceOnRequest: boolean('price_on_request').notNull().default(false),
    /** Tax data, shared by the product's variants (docs/shop-rules.md#tax-data): 4, 6 or 8 digits, or not entered. */
    hsnCode: text('hsn_code'),
    /** Percent, one of GST_RATES (0.25 among them, hence numeric). */
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(18),
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    /** Name and address, free text. */
    manufacturer: text('manufacturer'),
    bisLicence: text('bis_licence'),
    pesoApproval: text('peso_approval'),
    legalMetrologyApproval: text('legal_metrology_approval'),
    /**
     * Equipment (docs/shop-rules.md#assets): a product with a compliance category becomes an asset of the outlet it
     * is delivered to; the extinguisher type (fire extinguishers only) picks its schedules; the warranty in months
     * from delivery. All null for a product that is not such equipment.
     */
    complianceCategory: text('compliance_category').$type<ComplianceCategoryKey>(),
    extinguisherType: text('extinguisher_type').$type<ExtinguisherType>(),
    warrantyMonths: integer('warranty_months'),
    /** Goods, a service or an annual maintenance contract (PRODUCT_KINDS); a service's hsn_code holds its SAC code. */
    kind: text('kind').$type<ProductKind>().notNull().default('goods'),
    /**
     * The compliance tasks (their keys in the schedule) this product does for an asset, such as a CO2 refill or a
     * dispenser's re-verification visit: a reminder of such a task links to it (docs/shop-rules.md#reminders).
     */
    taskKeys: text('task_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Bumped by every admin edit and every stock move (orders, cancellations): an edit based on an
     * older version is refused with 409, so a stale form never overwrites live stock.
     */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What search matches: title and description, lower-cased once when the row is written (joined
     * by a line break, which a search term never holds, so no match spans the two), so a
     * search is one trigram index scan and a plain LIKE per candidate rather than two index scans
     * and an ILIKE (which lower-cases both texts again) per candidate. Never written by the app.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(title || chr(10) || description)`),
  },
  (table) => [
    check('products_order_quantities_positive', sql`${table.minOrderQty} >= 1 and ${table.packSize} >= 1`),
    check('products_stock_non_negative', sql`${table.stock} >= 0`),
    check('products_price_non_negative', sql`${table.pricePaise} >= 0`),
    check('products_mrp_not_below_price', sql`${table.mrpPaise} > 0 and ${table.mrpPaise} >= ${table.pricePaise}`),
    check('products_hsn_code_digits', sql`${table.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('products_gst_rate_known', sql`${table.gstRate} in (${sql.raw(GST_RATES.join(', '))})`),
    check(
      'products_compliance_category_known',
      sql`${table.complianceCategory} in (${sqlList(COMPLIANCE_CATEGORY_KEYS)})`,
    ),
    check(
      'products_extinguisher_type_known',
      sql`${table.extinguisherType} is null or (${table.extinguisherType} in (${sqlList(EXTINGUISHER_TYPES)}) and ${table.complianceCategory} = 'fire-extinguisher')`,
    ),
    check('products_kind_known', sql`${table.kind} in (${sqlList(PRODUCT_KINDS)})`),
    check('products_warranty_months_range', sql`${table.warrantyMonths} between 0 and 600`),
    index('products_category_idx').on(table.active, table.category, table.createdAt),
    index('products_brand_idx').on(table.brand),
    index('products_price_idx').on(table.pricePaise),
    index('products_created_idx').on(table.createdAt),
    // The price-range and availability filters and the home view's per-category counts, answered
    // from the index alone (an index-only scan) instead of visiting every matching row.
    index('products_active_price_stock_idx')
      .on(table.pricePaise, table.stock, table.category)
      .where(sql`${table.active}`),
    // Case-insensitive substring search over title and description
    // (docs/decisions/0006-search-text-column.md).
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // The admin's products list and the dashboard's low stock (docs/decisions/0011-admin-lists-at-size.md).
    index('products_stock_idx').on(table.stock, table.id),
    index('products_category_price_idx').on(table.category, table.pricePaise),
    // A category's count by stock level (in stock, out): an index-only range scan that stops at the capped count.
    index('products_category_stock_idx').on(table.category, table.stock),
    // The dashboard's low stock: only the products at or below their alert level, in the card's order (worst
    // first, then the level, the title byte by byte, the id), so the ten worst are the index's first ten entries.
    index('products_low_stock_idx')
      .on(table.stock, table.lowStockThreshold.desc().nullsFirst(), sql`${table.title} collate "C"`, table.id)
      .where(sql`${table.active} and ${table.lowStockThreshold} > 0 and ${table.stock} <= ${table.lowStockThreshold}`),
  ],
);

/**
 * The words of active products' titles, each with how many active products have it in the title
 * (docs/shop-rules.md#search, docs/decisions/0012-typo-tolerant-search.md): the vocabulary that a search finding
 * nothing as typed is corrected against. Triggers on `products` keep it (a word is a run of 3 or more letters,
 * lower-cased); a word whose count is down to 0 stays, and is never suggested. Its trigram index finds the words
 * close to a misspelt one.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (table) => [index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size'),
    pricePaise: money('price_paise').notNull(),
    /** The size's MRP (docs/shop-rules.md#mrp), or null when not entered; never below its price. */
    mrpPaise: money('mrp_paise'),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
    /**
     * Copies of the product's, so that the dashboard's low stock of sizes reads this table alone, in its order
     * (docs/decisions/0011-admin-lists-at-size.md): triggers keep them (migration 0019), never the app. The alert
     * level is the product's low-stock threshold while the product is active and the threshold above 0, else null:
     * a size of an inactive (or deleted) product, or of a product without alert, never alerts.
     */
    alertLevel: integer('alert_level'),
    /** The default only lets an insert leave it out: the insert's trigger sets the product's title. */
    productTitle: text('product_title').notNull().default(''),
  },
  (table) => [
    check('variants_stock_non_negative', sql`${table.stock} >= 0`),
    check('variants_price_non_negative', sql`${table.pricePaise} >= 0`),
    check('variants_mrp_not_below_price', sql`${table.mrpPaise} > 0 and ${table.mrpPaise} >= ${table.pricePaise}`),
    index('variants_product_idx').on(table.productId, table.position),
    // The dashboard's low stock of sizes: only the sizes at or below their alert level, in the card's order (worst
    // first, then the level, the title and the size byte by byte, the id), so the ten worst are its first ten entries.
    index('variants_low_stock_idx')
      .on(
        table.stock,
        table.alertLevel.desc().nullsFirst(),
        sql`${table.productTitle} collate "C"`,
        sql`coalesce(${table.size}, '') collate "C"`,
        table.id,
      )
      .where(sql`${table.stock} <= ${table.alertLevel}`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The storage key (the API's public_id); renditions are named after it. */
    publicId: text('public_id').notNull().unique(),
    width: integer('width'),
    height: integer('height'),
    /** Widths of the stored WebP renditions, smallest first. */
    renditions: jsonb('renditions').$type<number[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('images_product_idx').on(table.productId, table.position)],
);
