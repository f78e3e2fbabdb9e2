/** The buyer's carts and favorites. */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { productVariants, products } from './catalog';

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
    /** A service's booked day (India calendar, docs/shop-rules.md#service-products); null for goods. */
    serviceDate: date('service_date', { mode: 'string' }),
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
