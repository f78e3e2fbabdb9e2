/** Accounts and what guards them: users, login throttling, rate limits, password reset links, generated secrets. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ROLES, type Address, type Role } from '@pumpkart/shared';
import { createdAt, updatedAt } from './columns';

export const roleEnum = pgEnum('role', ROLES as unknown as [Role, ...Role[]]);

export const users = pgTable(
  'users',
  {
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
  },
  // The Customers page's search, newest-first and by-name pages (docs/shop-rules.md#customers-page); the search
  // expression is the store's USER_TEXT (modules/customers/store.ts), word for word, or the index is not used.
  (table) => [
    index('users_customer_search_trgm_idx')
      .using(
        'gin',
        sql`lower(${table.name} || chr(10) || ${table.email} || chr(10) || ${table.phone} || chr(10) || coalesce(${table.gstin}, '') || chr(10) || coalesce(${table.businessName}, '')) gin_trgm_ops`,
      )
      // Written straight into the index: no pending list, which the planner prices as a read of every entry.
      .with({ fastupdate: false }),
    index('users_customer_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.role} = 'customer'`),
    index('users_customer_name_idx')
      .on(sql`lower(${table.name})`, table.id)
      .where(sql`${table.role} = 'customer'`),
  ],
);

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
 * Secrets the operator did not set in the environment (lib/secrets.ts): generated once by whichever process starts
 * first and read by every other, so servers on one database sign and check login tokens and sandbox signatures
 * alike. The name is e.g. 'jwt_secret'.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
