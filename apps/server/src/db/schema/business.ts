/**
 * Business accounts (docs/shop-rules.md#business-accounts): a business, its outlets (the delivery addresses its
 * people pick at checkout) and its people. A user is in at most one business (the member's primary key), and a user
 * in none shops as a consumer.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Address, BusinessRole, OutletBrand } from '@pumpkart/shared';
import { createdAt, money, updatedAt } from './columns';
import { users } from './accounts';
import { priceLists } from './price-lists';

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legalName: text('legal_name').notNull(),
    /** Checked like the profile's GSTIN; null for a business not registered for GST. */
    gstin: text('gstin'),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    /** Orders above this total wait for an approver; null: no order needs approval. */
    approvalLimitPaise: money('approval_limit_paise'),
    /** The business's prices (docs/shop-rules.md#business-prices); null: list prices. */
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The Customers page's search, newest-first and by-name pages (docs/shop-rules.md#customers-page); the search
  // expression is the store's BUSINESS_TEXT (modules/customers/store.ts), word for word, or the index is not used.
  (table) => [
    index('businesses_search_trgm_idx')
      .using('gin', sql`lower(${table.legalName} || chr(10) || coalesce(${table.gstin}, '')) gin_trgm_ops`)
      // Written straight into the index: no pending list, which the planner prices as a read of every entry.
      .with({ fastupdate: false }),
    index('businesses_created_idx').on(table.createdAt, table.id),
    index('businesses_name_idx').on(sql`lower(${table.legalName})`, table.id),
  ],
);

/** An outlet (a fuel station, a depot): its delivery address, the oil company's brand and the dealer's code with it. */
export const businessOutlets = pgTable(
  'business_outlets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: jsonb('address').$type<Address>().notNull(),
    brand: text('brand').$type<OutletBrand>().notNull(),
    dealerCode: text('dealer_code').notNull().default(''),
    /**
     * The outlet's PESO licence to store petroleum (Petroleum Rules, 2002, Form XIV) and the last day it is valid,
     * an India calendar day; both optional. The register shows its renewal as a task (docs/shop-rules.md#assets).
     */
    pesoLicenceNumber: text('peso_licence_number'),
    pesoLicenceValidUntil: date('peso_licence_valid_until', { mode: 'string' }),
    /** Whether the outlet's people get e-mails of tasks falling due (docs/shop-rules.md#reminders). */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /**
     * The secret of the outlet's calendar feed URL (calendar apps send no login): made on the business's first
     * request for the URL, replaced by "Reset link" (docs/shop-rules.md#assets). Null until then.
     */
    calendarToken: text('calendar_token').unique('business_outlets_calendar_token_unique'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('business_outlets_business_idx').on(table.businessId)],
);

export const businessMembers = pgTable(
  'business_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role').$type<BusinessRole>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('business_members_business_idx').on(table.businessId)],
);

/**
 * An invitation to a business by e-mail (docs/shop-rules.md#business-accounts): only its token's SHA-256 is kept;
 * it works once (accepted_at) until expires_at, for the account whose e-mail it names.
 */
export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<BusinessRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('business_invitations_business_idx').on(table.businessId)],
);
