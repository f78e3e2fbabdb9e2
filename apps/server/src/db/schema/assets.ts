/**
 * The outlet register (docs/shop-rules.md#assets): each piece of compliance equipment at a business's outlet, made
 * when an order delivered to the outlet is marked delivered (one row per unit) or registered by the business, and
 * the records of its compliance tasks done. A retired asset keeps its row (retired_on set) and leaves the register.
 */
import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  COMPLIANCE_CATEGORY_KEYS,
  EXTINGUISHER_TYPES,
  type ComplianceCategoryKey,
  type ExtinguisherType,
} from '@pumpkart/shared';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { businessOutlets, businesses } from './business';
import { products, sqlList } from './catalog';
import { orderItems, orders } from './orders';

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Null only once its outlet was removed (an outlet with live assets cannot be: the business service refuses). */
    outletId: uuid('outlet_id').references(() => businessOutlets.id, { onDelete: 'set null' }),
    /** The product it was bought as; null for equipment bought elsewhere (or a product deleted since). */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The order line and unit (0-based) it was delivered as: unique, so a second "delivered" makes no second asset. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    unitIndex: integer('unit_index'),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
    serialNumber: text('serial_number'),
    complianceCategory: text('compliance_category').$type<ComplianceCategoryKey>().notNull(),
    extinguisherType: text('extinguisher_type').$type<ExtinguisherType>(),
    /** India calendar days. */
    installedOn: date('installed_on', { mode: 'string' }).notNull(),
    manufacturedOn: date('manufactured_on', { mode: 'string' }),
    warrantyEndsOn: date('warranty_ends_on', { mode: 'string' }),
    retiredOn: date('retired_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('assets_outlet_idx')
      .on(table.outletId)
      .where(sql`${table.retiredOn} is null`),
    index('assets_business_idx').on(table.businessId),
    unique('assets_order_unit_unique').on(table.orderItemId, table.unitIndex),
    check(
      'assets_compliance_category_known',
      sql`${table.complianceCategory} in (${sqlList(COMPLIANCE_CATEGORY_KEYS)})`,
    ),
    check(
      'assets_extinguisher_type_known',
      sql`${table.extinguisherType} is null or (${table.extinguisherType} in (${sqlList(EXTINGUISHER_TYPES)}) and ${table.complianceCategory} = 'fire-extinguisher')`,
    ),
  ],
);

/** A compliance task done for an asset: the task's key (of the asset's tasks), the day, a note. */
export const assetTaskRecords = pgTable(
  'asset_task_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    taskKey: text('task_key').notNull(),
    doneOn: date('done_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The note or certificate the buyer attached (a PDF or picture), its bytes in asset_record_files under the same
     * id; all null when none. Name as uploaded, type as its magic bytes showed, size in bytes.
     */
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    createdAt: createdAt(),
  },
  (table) => [index('asset_task_records_asset_idx').on(table.assetId, table.taskKey, table.doneOn)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The bytes of a record's attachment. Kept in the database, not the image storage: a certificate is private to its
 * business (the image storage is served publicly at /uploads or from a public bucket), every server sees it, and it
 * is backed up with the records it proves.
 */
export const assetRecordFiles = pgTable('asset_record_files', {
  recordId: uuid('record_id')
    .primaryKey()
    .references(() => assetTaskRecords.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
});
