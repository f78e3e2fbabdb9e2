/**
 * Price lists (docs/shop-rules.md#business-prices): the owner's lists of business prices, each assigned to
 * businesses (businesses.price_list_id). A rule is one of: a category's percentage off, a product's fixed price, a
 * size's fixed price (the check keeps exactly one target and the matching amount).
 */
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';
import { productVariants, products } from './catalog';

export const priceLists = pgTable('price_lists', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  notes: text('notes').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const priceListRules = pgTable(
  'price_list_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    category: text('category'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** A category's rule: percent off the list price (0 < p < 100). */
    percentOff: numeric('percent_off', { precision: 5, scale: 2, mode: 'number' }),
    /** A product's or size's rule: the fixed unit price. */
    pricePaise: money('price_paise'),
  },
  (table) => [
    index('price_list_rules_list_idx').on(table.priceListId),
    check(
      'price_list_rules_one_target',
      sql`(${table.category} is not null and ${table.productId} is null and ${table.percentOff} > 0 and ${table.percentOff} < 100 and ${table.pricePaise} is null)
        or (${table.category} is null and ${table.productId} is not null and ${table.percentOff} is null and ${table.pricePaise} >= 0)`,
    ),
  ],
);
