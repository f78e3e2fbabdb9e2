/**
 * The rows of the orders' CSV export (export.ts, docs/shop-rules.md#orders-csv): the orders the admin list shows for
 * the same filters (filtersOf, admin-list.ts), newest first, read a batch at a time by keyset on (created_at, id),
 * and the lines of a batch of orders.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderFilters } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { orderItems, orders, payments } from '../../../db/schema';
import { keysetBatches } from '../../../lib/keyset-batches';
import { filtersOf } from './admin-list';

/**
 * Where a batch starts: the last order of the batch before. Its time is kept as PostgreSQL's text of the
 * timestamp, which has microseconds; a JavaScript Date has milliseconds only and would skip or repeat orders.
 */
interface Cursor {
  createdAt: string;
  id: string;
}

const orderColumns = {
  id: orders.id,
  cursor: sql<string>`${orders.createdAt}::text`,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentMode: orders.paymentMode,
  paymentStatus: payments.status,
  transactionId: payments.gatewayPaymentId,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  businessName: orders.customerBusinessName,
  gstin: orders.customerGstin,
  address: orders.address,
  subtotalPaise: orders.subtotalPaise,
  shippingPaise: orders.shippingPaise,
  totalPaise: orders.totalPaise,
};

/** The next batch of orders matching `where`, newest first, after `after`. */
function readOrders(db: DbOrTx, where: SQL | undefined, after: Cursor | undefined, size: number) {
  const afterCursor = after
    ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  // Every order has one payment row (payments.order_id is unique); the payment status filter is on it.
  return db
    .select(orderColumns)
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(where, afterCursor))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size);
}

export type ExportOrderRow = Awaited<ReturnType<typeof readOrders>>[number];

/** The orders matching the filters, newest first, `batchSize` at a time. */
export function exportOrderBatches(
  db: DbOrTx,
  filters: AdminOrderFilters,
  batchSize: number,
): AsyncGenerator<ExportOrderRow[]> {
  const where = filtersOf(filters);
  return keysetBatches(
    (after: Cursor | undefined, size) => readOrders(db, where, after, size),
    (order) => ({ createdAt: order.cursor, id: order.id }),
    batchSize,
  );
}

const lineColumns = {
  orderId: orderItems.orderId,
  title: orderItems.title,
  size: orderItems.size,
  quantity: orderItems.quantity,
  unitPricePaise: orderItems.unitPricePaise,
  subtotalPaise: orderItems.subtotalPaise,
  hsnCode: orderItems.hsnCode,
  gstRate: orderItems.gstRate,
};
export type ExportLineRow = { [K in keyof typeof lineColumns]: (typeof orderItems.$inferSelect)[K] };

/** The lines of orders `ids`, in the invoice's order: title, then id. */
export function findExportLines(db: DbOrTx, ids: string[]): Promise<ExportLineRow[]> {
  return db
    .select(lineColumns)
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
}
