/**
 * The database schema (docs/architecture.md#database): one Drizzle pg-core schema for the embedded
 * PGlite and for a PostgreSQL server, one file per area, all re-exported here. Money is integer paise in
 * bigint columns (read as JavaScript numbers: an order's total is capped far below 2^53 by MAX_ORDER_AMOUNT),
 * so an order above ₹2,14,74,836.47 (the int4 limit in paise) is stored exactly; ids are UUIDs; timestamps
 * are timestamptz. Migrations in ../../../drizzle are generated from this folder by `npm run db:generate -w
 * apps/server`.
 */
import { appSecrets, loginThrottle, passwordResetTokens, rateLimitHits, users } from './accounts';
import { amcContracts, amcVisits } from './amc';
import { assets, assetTaskRecords } from './assets';
import { businesses, businessInvitations, businessMembers, businessOutlets } from './business';
import { auditEvents, customerTotals, dashboardDeltas, dashboardTotals, outboxMessages } from './back-office';
import { productImages, products, productVariants, searchWords } from './catalog';
import { complianceScheduleEdits } from './compliance';
import { documentSequences, storeSettings, taxDocuments } from './invoices';
import { orderItems, orders, payments, webhookEvents } from './orders';
import { priceListRules, priceLists } from './price-lists';
import { orderReturnLines, orderReturns } from './returns';
import { quoteLines, quoteMessages, quotes, quoteVersions } from './quotes';
import { reminderRuns, reminderSends } from './reminders';
import { cartItems, carts, favorites } from './shopping';

export * from './accounts';
export * from './amc';
export * from './assets';
export * from './back-office';
export * from './business';
export * from './catalog';
export * from './compliance';
export * from './invoices';
export * from './orders';
export * from './price-lists';
export * from './quotes';
export * from './reminders';
export * from './returns';
export * from './shopping';

export const schema = {
  users,
  businesses,
  businessOutlets,
  businessMembers,
  priceLists,
  priceListRules,
  businessInvitations,
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
  orderReturns,
  orderReturnLines,
  quotes,
  quoteLines,
  quoteVersions,
  quoteMessages,
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
  customerTotals,
  appSecrets,
  complianceScheduleEdits,
  assets,
  assetTaskRecords,
  reminderSends,
  reminderRuns,
  amcContracts,
  amcVisits,
};
