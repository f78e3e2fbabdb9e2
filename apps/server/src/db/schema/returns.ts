/** Returns of delivered goods (docs/shop-rules.md#returns): the buyer's request, its lines and photos, its refund. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReturnStatus } from '@pumpkart/shared';
import { createdAt, money, updatedAt } from './columns';
import { orderItems, orders } from './orders';

/** A stored photo of a return: the image pipeline's public_id and the widths stored under it. */
export interface ReturnPhoto {
  publicId: string;
  renditions: number[];
}

/**
 * One return of an order. Several per order (`number` counts them, 1 first); the units of each line over the
 * returns not refused never exceed what was bought (the request locks the order row to check it). The refund and
 * the delivery share are fixed when the goods are received; `credit_note_id` is the tax document issued with the
 * refund (no foreign key: tax_documents names its return, so the two tables do not reference each other).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    reason: text('reason').notNull(),
    photos: jsonb('photos').$type<ReturnPhoto[]>().notNull().default([]),
    refusalReason: text('refusal_reason'),
    restocked: boolean('restocked'),
    refundPaise: money('refund_paise'),
    deliverySharePaise: money('delivery_share_paise'),
    refundMode: text('refund_mode').$type<'online' | 'cash'>(),
    refundId: text('refund_id'),
    refundError: text('refund_error'),
    creditNoteId: uuid('credit_note_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'order_returns_status',
      sql`${table.status} in ('requested', 'approved', 'refused', 'received', 'refund_pending', 'refunded')`,
    ),
    check('order_returns_refund_mode', sql`${table.refundMode} is null or ${table.refundMode} in ('online', 'cash')`),
    check('order_returns_refund_non_negative', sql`${table.refundPaise} is null or ${table.refundPaise} >= 0`),
    unique('order_returns_order_number_unique').on(table.orderId, table.number),
    index('order_returns_status_idx').on(table.status, table.requestedAt),
  ],
);

/** The units of one order line a return takes back. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.orderItemId] }),
    check('order_return_lines_quantity_positive', sql`${table.quantity} >= 1`),
    index('order_return_lines_item_idx').on(table.orderItemId),
  ],
);
