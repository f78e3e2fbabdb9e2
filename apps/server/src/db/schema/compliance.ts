/**
 * The owner's changes to the compliance schedules (docs/compliance-schedules.md#owner-changes), one row per task
 * key: either an override of a default task (`owner_task` false: a new interval, or turned off), or a task the
 * owner added (`owner_task` true: its title, category, optional product, interval and basis). The defaults
 * themselves live in code (DEFAULT_COMPLIANCE_TASKS), so a row never copies them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './catalog';

export const complianceScheduleEdits = pgTable(
  'compliance_schedule_edits',
  {
    taskKey: text('task_key').primaryKey(),
    ownerTask: boolean('owner_task').notNull(),
    intervalMonths: integer('interval_months'),
    intervalDays: integer('interval_days'),
    /** A default task turned off: left out of every asset's tasks. */
    disabled: boolean('disabled').notNull().default(false),
    title: text('title'),
    categoryKey: text('category_key'),
    /** An owner's task for one product; deleting the product deletes its tasks. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    basisSource: text('basis_source'),
    basisClause: text('basis_clause'),
    basisKind: text('basis_kind'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('compliance_schedule_edits_product_idx').on(table.productId),
    check(
      'compliance_schedule_edits_interval',
      sql`(${table.intervalMonths} is null or ${table.intervalDays} is null)
        and (${table.intervalMonths} is null or ${table.intervalMonths} between 1 and 120)
        and (${table.intervalDays} is null or ${table.intervalDays} between 1 and 3650)`,
    ),
    check(
      'compliance_schedule_edits_kind',
      sql`(not ${table.ownerTask} and ${table.title} is null and ${table.productId} is null and (${table.disabled} or ${table.intervalMonths} is not null or ${table.intervalDays} is not null))
        or (${table.ownerTask} and not ${table.disabled} and ${table.title} is not null and ${table.categoryKey} is not null
          and ${table.basisSource} is not null and ${table.basisClause} is not null
          and ${table.basisKind} in ('law', 'standard', 'practice')
          and (${table.intervalMonths} is not null or ${table.intervalDays} is not null))`,
    ),
  ],
);
