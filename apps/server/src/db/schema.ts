/**
 * The database schema (docs/architecture.md#database): one Drizzle pg-core schema for the embedded
 * PGlite and for a PostgreSQL server. Money is integer paise in bigint columns (read as JavaScript
 * numbers: an order's total is capped far below 2^53 by MAX_ORDER_AMOUNT), so an order above
 * ₹2,14,74,836.47 (the int4 limit in paise) is stored exactly; ids are UUIDs; timestamps are
 * timestamptz. Migrations in ../../drizzle are generated from this file by `npm run db:generate -w
 * apps/server`.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_MAX_UNITS_PER_PRODUCT,
  GST_RATES,
  ORDER_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  ROLES,
  type Address,
  type DeliveryTaxMethod,
  type MailKind,
  type MailStatus,
  type OrderStatus,
  type PaymentMode,
  type PaymentStatus,
  type Role,
  type TaxDocument,
} from '@pumpkart/shared';

/** The two kinds of tax document, and the two numbering series. */
export type TaxDocumentKind = TaxDocument['kind'];

/** An amount of money in paise. */
const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES as unknown as [Role, ...Role[]]);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES as unknown as [OrderStatus, ...OrderStatus[]]);
export const paymentStatusEnum = pgEnum(
  'payment_status',
  PAYMENT_STATUSES as unknown as [PaymentStatus, ...PaymentStatus[]],
);
export const paymentModeEnum = pgEnum('payment_mode', PAYMENT_MODES as unknown as [PaymentMode, ...PaymentMode[]]);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: roleEnum('role').notNull().default('customer'),
  /** Saved addresses, replaced as a whole by the profile update. */
  addresses: jsonb('addresses').$type<Address[]>().notNull().default([]),
  /**
   * Tokens carry the version they were signed with; a password change, e-mail change, reset or
   * "log out everywhere" bumps it, so every older token is refused (docs/decisions/0007).
   */
  tokenVersion: integer('token_version').notNull().default(0),
  /** The buyer's business name and GSTIN (checked), offered for tax invoices (docs/shop-rules.md#accounts). */
  businessName: text('business_name'),
  gstin: text('gstin'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    active: boolean('active').notNull().default(true),
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
    check('products_stock_non_negative', sql`${table.stock} >= 0`),
    check('products_price_non_negative', sql`${table.pricePaise} >= 0`),
    check('products_mrp_not_below_price', sql`${table.mrpPaise} > 0 and ${table.mrpPaise} >= ${table.pricePaise}`),
    check('products_hsn_code_digits', sql`${table.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('products_gst_rate_known', sql`${table.gstRate} in (${sql.raw(GST_RATES.join(', '))})`),
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

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // A line is product + variant (or none): NULLS NOT DISTINCT makes "no variant" one line too.
    unique('cart_items_line_unique').on(table.cartId, table.productId, table.variantId).nullsNotDistinct(),
    check('cart_items_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('pending'),
    paymentMode: paymentModeEnum('payment_mode').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** A business buyer's name and GSTIN (checked) for the tax invoice; null for a consumer (docs/shop-rules.md#invoices). */
    customerBusinessName: text('customer_business_name'),
    customerGstin: text('customer_gstin'),
    address: jsonb('address').$type<Address>().notNull(),
    subtotalPaise: money('subtotal_paise').notNull(),
    shippingPaise: money('shipping_paise').notNull(),
    totalPaise: money('total_paise').notNull(),
    /** The client's Idempotency-Key of the request that placed it: a retry answers this order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 of the placing request's body (canonical JSON) when it carried a key: a retry with the key and another
     * body is refused (422) instead of answered with this order. Null for orders placed before it was kept.
     */
    idempotencyBodyHash: text('idempotency_body_hash'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The shipment the admin gave with `shipped` (docs/shop-rules.md#order-status); null until shipped. */
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin's buyer search matches: the name, e-mail and phone given with the order, lower-cased once
     * when the row is written and joined by line breaks (a search never holds one, so no match spans two), so the
     * search is one trigram index scan and a plain LIKE per candidate instead of three index scans and three ILIKEs.
     * Never written by the app.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(customer_name || chr(10) || customer_email || chr(10) || customer_phone)`,
    ),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    // A list filtered by status and payment mode over a range of days, counted from the index alone.
    index('orders_status_mode_created_idx').on(table.status, table.paymentMode, table.createdAt),
    // Newest first with the id as the tie-break, read from the index alone (a deep page's OFFSET walks it).
    index('orders_created_idx').on(table.createdAt, table.id),
    // The sorts by total (docs/decisions/0011-admin-lists-at-size.md): read in order until the page is full.
    index('orders_total_idx').on(table.totalPaise, table.createdAt, table.id),
    // The admin's orders list (docs/decisions/0011-admin-lists-at-size.md): each table's newest first, the
    // 6-character order number, and the buyer search (a case-insensitive substring of search_text, trigram GIN).
    index('orders_mode_created_idx').on(table.paymentMode, table.createdAt, table.id),
    index('orders_number_idx').on(sql`right(${table.id}::text, 6)`),
    index('orders_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // The to-ship queue (docs/shop-rules.md#to-ship), oldest first: only the orders not yet shipped, so its page
    // and its count read the queue, never the shop's shipped history (decision 0011, eighth part).
    index('orders_to_ship_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} in ('pending', 'processing') and ${table.shippedAt} is null`),
    unique('orders_user_idempotency_key_unique').on(table.userId, table.idempotencyKey),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null after a permanent product delete; the copies below keep the line readable. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    size: text('size'),
    imageUrl: text('image_url'),
    unitPricePaise: money('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    subtotalPaise: money('subtotal_paise').notNull(),
    /**
     * The product's tax data at purchase, so the invoice uses the rate of the time of sale
     * (docs/shop-rules.md#invoices): HSN code (null when the product had none), GST rate (null only on lines
     * written before these columns existed) and certificate numbers as printed, e.g. 'PESO approval: P/HQ/..'.
     */
    hsnCode: text('hsn_code'),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }),
    certificates: jsonb('certificates').$type<string[]>().notNull().default([]),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    check('order_items_hsn_code_digits', sql`${table.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('order_items_gst_rate_known', sql`${table.gstRate} in (${sql.raw(GST_RATES.join(', '))})`),
  ],
);

/**
 * payments.failure_reason of a captured online payment whose order was cancelled: the refund is
 * owed and no attempt has been made yet. The cancellation (orders) or a late capture (payments)
 * records it; the payments module's refunds take it up.
 */
export const REFUND_DUE = 'refund_due';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    mode: paymentModeEnum('mode').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    amountPaise: money('amount_paise').notNull(),
    /** 'sandbox', 'razorpay' or 'cod'. */
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id').unique(),
    gatewayPaymentId: text('gateway_payment_id'),
    signature: text('signature'),
    refundId: text('refund_id'),
    /** Refund calls made so far: the sweeper retries a failed or lost one a bounded number of times. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_status_idx').on(table.status, table.createdAt),
    index('payments_status_mode_created_idx').on(table.status, table.mode, table.createdAt),
    // The admin's payments list (docs/decisions/0011-admin-lists-at-size.md).
    index('payments_mode_created_idx').on(table.mode, table.createdAt, table.id),
    index('payments_created_idx').on(table.createdAt, table.id),
    index('payments_gateway_payment_idx').on(table.gatewayPaymentId),
    index('payments_order_number_idx').on(sql`right(${table.orderId}::text, 6)`),
    index('payments_amount_idx').on(table.amountPaise, table.createdAt, table.id),
  ],
);

/** Webhook events already handled, by the gateway's event id (deduplication, docs/shop-rules.md#webhook). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed logins per account in the current window (per-account login limit): shared by every
 * server process on one database. `key` is the lower-cased e-mail, known account or not.
 */
export const loginThrottle = pgTable('login_throttle', {
  /** `<e-mail>` counts an account's failures from every address; `<e-mail>|<address>` those from one address. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** An account's row: no attempt from any address before this time (the growing delay, modules/auth/service.ts). */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
});

/**
 * The per-address rate limits of the auth routes when the shop runs on PostgreSQL without Redis
 * (docs/decisions/0019-shared-rate-limits.md): one row per route and client address, shared by every server
 * process on the database. `hits` counts the requests of the window that ends at `expires_at`; a request after
 * it starts a new window. Rows whose window is over are deleted now and then (plugins/rate-limit-store.ts).
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The store's business details (docs/shop-rules.md#store-settings): one row, id 1. The PAN is the GSTIN's
 * characters 3 to 12 and the invoice prefix 1 to 3 capitals or digits other than CN; the shared schema checks
 * the rest (the GSTIN's check character, the state against the GSTIN's state code).
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    tradeName: text('trade_name').notNull(),
    gstin: text('gstin').notNull(),
    pan: text('pan').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    /** The GST name of the state, e.g. 'Maharashtra'. */
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    invoicePrefix: text('invoice_prefix').notNull(),
    authorisedSignatory: text('authorised_signatory').notNull(),
    grievanceOfficerName: text('grievance_officer_name').notNull(),
    grievanceOfficerDesignation: text('grievance_officer_designation').notNull(),
    /** A product without an MRP shows price x 1.1 struck through (docs/shop-rules.md#mrp): the demo's default. */
    computedOriginalPrice: boolean('computed_original_price').notNull().default(true),
    /** The most units of one product one unpaid order may hold (docs/shop-rules.md#orders). */
    maxUnitsPerProduct: integer('max_units_per_product').notNull().default(DEFAULT_MAX_UNITS_PER_PRODUCT),
    /** How invoices tax the delivery charge (docs/decisions/0024-delivery-charge-tax.md). */
    deliveryTaxMethod: text('delivery_tax_method').$type<DeliveryTaxMethod>().notNull().default('apportioned'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('store_settings_one_row', sql`${table.id} = 1`),
    check('store_settings_gstin_format', sql`${table.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'`),
    check('store_settings_pan_in_gstin', sql`${table.pan} = substr(${table.gstin}, 3, 10)`),
    check('store_settings_max_units_per_product', sql`${table.maxUnitsPerProduct} between 1 and 1000`),
    check('store_settings_delivery_tax_method', sql`${table.deliveryTaxMethod} in ('apportioned', 'highest-rate')`),
    check(
      'store_settings_invoice_prefix',
      sql`${table.invoicePrefix} ~ '^[A-Z0-9]{1,3}$' and ${table.invoicePrefix} <> 'CN'`,
    ),
  ],
);

/**
 * Issued tax invoices and credit notes (docs/shop-rules.md#invoices, CGST Rules 46 and 53). `document` is the
 * snapshot rendered to PDF at every download, so an issued document never changes; the totals are copied out of it
 * for reports. One invoice and at most one credit note per order; numbers are unique, and consecutive within a
 * kind and financial year (document_sequences). Rows are never deleted, so an order with one cannot be deleted.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TaxDocumentKind>().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    /** e.g. '2026-27' (by the date of issue in India). */
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
    taxablePaise: money('taxable_paise').notNull(),
    cgstPaise: money('cgst_paise').notNull(),
    sgstPaise: money('sgst_paise').notNull(),
    utgstPaise: money('utgst_paise').notNull(),
    igstPaise: money('igst_paise').notNull(),
    totalPaise: money('total_paise').notNull(),
    buyerGstin: text('buyer_gstin'),
    /** The GST state code of the place of supply, e.g. '29'. */
    placeOfSupply: text('place_of_supply').notNull(),
    /** E-invoicing: the IRN and signed QR code, empty until the seller must use it. */
    irn: text('irn'),
    signedQrCode: text('signed_qr_code'),
    /** A credit note's invoice. */
    referenceId: uuid('reference_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('tax_documents_kind', sql`${table.kind} in ('invoice', 'credit-note')`),
    check('tax_documents_sequence_positive', sql`${table.sequence} >= 1`),
    check(
      'tax_documents_credit_note_reference',
      sql`(${table.kind} = 'credit-note') = (${table.referenceId} is not null)`,
    ),
    unique('tax_documents_order_kind_unique').on(table.orderId, table.kind),
    unique('tax_documents_series_unique').on(table.kind, table.financialYear, table.sequence),
    index('tax_documents_issued_idx').on(table.issuedAt),
  ],
);

/**
 * The next number of each series (invoices, credit notes) in each financial year. Taken with one upsert inside
 * the issuing transaction: the row lock orders concurrent issuers and a rollback gives the number back, so the
 * numbers have no gaps (docs/shop-rules.md#invoices).
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    series: text('series').$type<TaxDocumentKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    /** The number the next document of the series gets. */
    nextValue: integer('next_value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.series, table.financialYear] }),
    check('document_sequences_series', sql`${table.series} in ('invoice', 'credit-note')`),
    check('document_sequences_next_value_positive', sql`${table.nextValue} >= 1`),
  ],
);

/**
 * The e-mail outbox (docs/shop-rules.md#emails): a message is written here in the same transaction as the
 * change it reports, and delivered afterwards by the mail worker (modules/mail). `id` is the message's stable
 * identity: its Message-ID, so a retry after a crash sends the same e-mail again, never a different one.
 * `data` is what the template needs besides the order (loaded at render time); subject, html and text are
 * filled at the first render and reused by every retry. A message is claimed for an attempt by moving
 * `next_attempt_at` past the lease (FOR UPDATE SKIP LOCKED), so each is sent by one server process at a time,
 * and one whose sender died is due again when the lease ends.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<MailKind>().notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * The token of the password link a reset or invite message carries, for the recipient's copy only: the stored
     * data and rendering show the link redacted, the worker puts the token in as it hands the message to SMTP, and
     * clears this once the message is sent (docs/shop-rules.md#emails).
     */
    linkToken: text('link_token'),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    check('outbox_messages_status', sql`${table.status} in ('pending', 'sent', 'failed', 'kept')`),
    index('outbox_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_messages_created_idx').on(table.createdAt),
    index('outbox_messages_order_idx').on(table.orderId),
  ],
);

/**
 * Password reset links (docs/shop-rules.md#password-reset): only the SHA-256 of the random token is stored; a
 * token is valid until `expires_at` and only once (`used_at`).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The audit trail (docs/shop-rules.md#audit): one row per admin change, append-only. Rows name the person and the
 * thing changed by value (no foreign keys), so deleting a product or an account never touches its history, and a
 * trigger (migration 0010) refuses every UPDATE and DELETE: not even the server can rewrite it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who: the account's id and e-mail at the time; null for the system (e.g. the expiry sweeper). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** What happened, e.g. 'product.updated', 'order.status_changed' (AUDIT_KINDS in @pumpkart/shared). */
    kind: text('kind').notNull(),
    /** What it happened to: 'product', 'order' or 'settings', and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** One line for people, e.g. 'Status: Processing → Shipped'. */
    summary: text('summary').notNull(),
    /** The changed fields' values before and after: { field: { before, after } }. */
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.at),
    index('audit_events_at_idx').on(table.at),
    index('audit_events_actor_idx').on(table.actorId, table.at),
    index('audit_events_kind_idx').on(table.kind, table.at),
  ],
);

/**
 * The dashboard's running totals (docs/shop-rules.md#dashboard, docs/decisions/0011-admin-lists-at-size.md): the
 * triggers of migration 0013 append what each change to orders, order lines and payments adds to a figure (a
 * metric and its key, e.g. 'orders_by_status' / 'shipped', +1) to `dashboard_deltas`, in the change's own
 * transaction and without updating any shared row, so checkouts never wait for each other here. The dashboard and
 * a periodic job fold the deltas into `dashboard_totals`; a figure is its total plus its pending deltas.
 */
export const dashboardDeltas = pgTable('dashboard_deltas', {
  metric: text('metric').notNull(),
  key: text('key').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const dashboardTotals = pgTable(
  'dashboard_totals',
  {
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.metric, table.key] }),
    // The top products: the largest totals of a metric first, equal totals by key, so that the first few entries
    // are the top few whatever the ties (docs/decisions/0011-admin-lists-at-size.md).
    index('dashboard_totals_value_idx').on(table.metric, table.value.desc(), table.key),
  ],
);

/**
 * Secrets the operator did not set in the environment (lib/secrets.ts): generated once by whichever process starts
 * first and read by every other, so servers on one database sign and check login tokens and sandbox signatures
 * alike. The name is e.g. 'jwt_secret'.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const schema = {
  users,
  products,
  searchWords,
  productVariants,
  productImages,
  carts,
  cartItems,
  favorites,
  orders,
  orderItems,
  payments,
  webhookEvents,
  loginThrottle,
  rateLimitHits,
  storeSettings,
  taxDocuments,
  documentSequences,
  outboxMessages,
  passwordResetTokens,
  auditEvents,
  dashboardDeltas,
  dashboardTotals,
  appSecrets,
};
