/**
 * Annual maintenance contracts (docs/shop-rules.md#amc): an order line of an AMC product delivered to a business's
 * outlet becomes a contract for that outlet, a year from the day of delivery, with its visits scheduled; the shop's
 * staff mark each visit done.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { businessOutlets, businesses } from './business';
import { products } from './catalog';
import { orderItems, orders } from './orders';

export const amcContracts = pgTable(
  'amc_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id').references(() => businessOutlets.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Unique: an order delivered again after a move back makes no second contract. */
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** The order line's title (with its size), as sold. */
    title: text('title').notNull(),
    /** The line's units the contract covers (e.g. two dispensers). */
    quantity: integer('quantity').notNull(),
    /** India calendar days: the day of delivery, and a year less a day later. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    visitsPerYear: integer('visits_per_year').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('amc_contracts_order_item_unique').on(table.orderItemId),
    index('amc_contracts_outlet_idx').on(table.outletId),
    check('amc_contracts_days_in_order', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

export const amcVisits = pgTable(
  'amc_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => amcContracts.id, { onDelete: 'cascade' }),
    /** 1 to the contract's visits a year. */
    number: integer('number').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Null while the visit is open. */
    doneOn: date('done_on', { mode: 'string' }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    unique('amc_visits_contract_number_unique').on(table.contractId, table.number),
    // The back office's list of open visits by due day.
    index('amc_visits_open_due_idx')
      .on(table.dueOn)
      .where(sql`${table.doneOn} is null`),
  ],
);
