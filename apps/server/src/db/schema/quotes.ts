/**
 * Requests for quote (docs/shop-rules.md#quotes): a buyer's request (its lines, the delivery address or outlet, the
 * notes), the owner's answers as numbered versions (a new version supersedes the last; versions are never edited),
 * and the messages both sides write. The accepted version becomes an order (orders.quote_id names its quote).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Address, QuoteStatus } from '@pumpkart/shared';
import { createdAt, money, updatedAt } from './columns';
import { users } from './accounts';
import { businesses, businessOutlets } from './business';
import { productVariants, products } from './catalog';

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The requester's business and the outlet to deliver to, when the requester is in one. */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    outletId: uuid('outlet_id').references(() => businessOutlets.id, { onDelete: 'set null' }),
    /** Stored: requested, quoted, accepted, declined, cancelled; "expired" is read from the current version's date. */
    status: text('status').$type<QuoteStatus>().notNull().default('requested'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerBusinessName: text('customer_business_name'),
    customerGstin: text('customer_gstin'),
    address: jsonb('address').$type<Address>().notNull(),
    notes: text('notes').notNull().default(''),
    /** The version accepted and the order it became (no foreign key: orders.quote_id references this table). */
    acceptedVersion: integer('accepted_version'),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('quotes_status', sql`${table.status} in ('requested', 'quoted', 'accepted', 'declined', 'cancelled')`),
    index('quotes_user_idx').on(table.userId, table.createdAt),
    index('quotes_business_idx').on(table.businessId, table.createdAt),
    index('quotes_status_idx').on(table.status, table.createdAt),
    index('quotes_created_idx').on(table.createdAt, table.id),
  ],
);

/** A line the buyer asked for: the product (or size) and the units; its title and size copied for when it goes. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    size: text('size'),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    check('quote_lines_quantity_positive', sql`${table.quantity} > 0`),
    index('quote_lines_quote_idx').on(table.quoteId, table.position),
  ],
);

/** One priced line of a version: the request's line with its GST-inclusive unit price and its tax data then. */
export interface QuotedLine {
  lineId: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  size: string | null;
  quantity: number;
  unitPricePaise: number;
  hsnCode: string | null;
  gstRate: number;
  certificates: string[];
}

/** The owner's answer, version 1 first; each is kept as written (an accepted order is priced from it). */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    lines: jsonb('lines').$type<QuotedLine[]>().notNull(),
    shippingPaise: money('shipping_paise').notNull(),
    /** The last day (in India, YYYY-MM-DD) on which it may be accepted. */
    validUntil: text('valid_until').notNull(),
    /** Payment terms: the share paid in advance (100: all of it), and the owner's words about them. */
    advancePercent: integer('advance_percent').notNull(),
    termsNote: text('terms_note').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('quote_versions_advance', sql`${table.advancePercent} between 1 and 100`),
    check('quote_versions_shipping', sql`${table.shippingPaise} >= 0`),
    unique('quote_versions_number_unique').on(table.quoteId, table.version),
  ],
);

/** The thread: a message of the buyer's side or the shop's. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    fromShop: boolean('from_shop').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('quote_messages_quote_idx').on(table.quoteId, table.createdAt)],
);
