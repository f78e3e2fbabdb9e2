/**
 * The rows an order's state changes write (lifecycle.ts, docs/shop-rules.md#cancellation, #order-status): the
 * conditional cancellation and what it does to the order's payment, an admin's status change with its shipment
 * columns, and the order's status locked for the audit trail. Each takes the caller's transaction or the database.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, ShipmentInput } from '@pumpkart/shared';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { bankTransfers, orderItems, orderReturns, orders, payments, REFUND_DUE } from '../../../db/schema';
import type { OrderRow } from './orders';
import type { StockLine } from './stock';

/** The failure reason of a captured online payment whose refund is due (payments' refund.ts makes it). */
export { REFUND_DUE };
export type PaymentRow = typeof payments.$inferSelect;

export interface OrderStatusSnapshot {
  status: OrderStatus;
  courier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  ewayBillNumber: string | null;
  vehicleNumber: string | null;
  transporterId: string | null;
}

/** The order's status and shipment, its row locked (as the change's UPDATE would lock it) until commit. */
export async function lockedStatusOf(tx: DbOrTx, orderId: string): Promise<OrderStatusSnapshot | undefined> {
  const [row] = await tx
    .select({
      status: orders.status,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      trackingUrl: orders.trackingUrl,
      ewayBillNumber: orders.ewayBillNumber,
      vehicleNumber: orders.vehicleNumber,
      transporterId: orders.transporterId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

export async function findOrderRow(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function findPaymentOfOrder(db: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return payment;
}

/**
 * A return not refused (docs/shop-rules.md#returns): its goods and money are handled by the return, so the order can
 * no longer be cancelled whole (a full credit note and refund would count them twice).
 */
const openReturn = (orderId: SQL | typeof orders.id) =>
  sql`exists (select 1 from ${orderReturns} r where r.order_id = ${orderId} and r.status <> 'refused')`;

/** Whether the order has a return that is not refused. */
export async function hasOpenReturn(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ open: openReturn(sql`${orderId}::uuid`).mapWith(Boolean) })
    .from(sql`(select 1) as one`);
  return Boolean(row?.open);
}

/**
 * Cancels order `orderId` if its status is one of `from` (and, with `unshippedOnly`, it never left the shop) and it
 * has no return that is not refused, in one conditional UPDATE; answers the cancelled row, or undefined when not.
 */
export async function cancelOrderRow(
  tx: DbOrTx,
  orderId: string,
  from: readonly OrderStatus[],
  unshippedOnly: boolean,
  now: Date,
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, [...from]),
        unshippedOnly ? isNull(orders.shippedAt) : undefined,
        sql`not ${openReturn(orders.id)}`,
      ),
    )
    .returning();
  return order;
}

/** The order's lines as the stock return reads them. */
export function findStockLinesOfOrder(tx: DbOrTx, orderId: string): Promise<StockLine[]> {
  return tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** Closes the order's payment, if still pending, as 'failed' with `reason`. */
export async function failPendingPayment(tx: DbOrTx, orderId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', failureReason: reason, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

/** Records the refund of the order's captured online payment as due (REFUND_DUE), unless a reason is recorded. */
export async function markRefundDue(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ failureReason: REFUND_DUE, updatedAt: now })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.mode, 'online'),
        eq(payments.status, 'success'),
        isNull(payments.failureReason),
      ),
    );
}

/** Marks the order's collected COD cash as 'refunded' (owed back), with `reason`. */
export async function markCashOwedBack(tx: DbOrTx, orderId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'refunded', failureReason: `${reason}: cash to be returned`, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.mode, 'cod'), eq(payments.status, 'success')));
}

/**
 * A cancelled bank-transfer order (docs/shop-rules.md#bank-transfer): its confirmed instalments are owed back
 * ('returned', which takes them out of the revenue) and a complete payment becomes 'refunded'. Answers the paise
 * the owner must transfer back by hand (`byHandPaise`) and those the gateway refunds (`onlinePaise`, instalments
 * paid online, refunded by the payments module after commit).
 */
export async function markTransfersOwedBack(
  tx: DbOrTx,
  orderId: string,
  reason: string,
  now: Date,
): Promise<{ byHandPaise: number; onlinePaise: number }> {
  const returned = await tx
    .update(bankTransfers)
    .set({ status: 'returned' })
    .where(and(eq(bankTransfers.orderId, orderId), eq(bankTransfers.status, 'confirmed')))
    .returning({ amountPaise: bankTransfers.amountPaise, method: bankTransfers.method });
  await tx
    .update(payments)
    .set({ status: 'refunded', failureReason: `${reason}: transfers to be returned`, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.mode, 'bank'), eq(payments.status, 'success')));
  const sum = (method: string) =>
    returned.filter((row) => row.method === method).reduce((total, row) => total + row.amountPaise, 0);
  return { byHandPaise: sum('transfer'), onlinePaise: sum('razorpay') };
}

/**
 * The shipment columns an admin's status change writes: 'shipped' stores the tracking data and the e-way bill
 * (re-setting it corrects them), 'delivered' when it arrived. The first 'shipped' or 'delivered' also records when the order left the shop
 * (shipped_at, never changed or cleared after: the buyer's cancel stays closed, docs/shop-rules.md#order-status).
 * Other statuses, moves back included, leave them all as they are.
 */
function statusChangeColumns(
  status: OrderStatus,
  shipment: ShipmentInput | undefined,
  now: Date,
): PgUpdateSetSource<typeof orders> {
  const leftTheShop = sql`coalesce(${orders.shippedAt}, ${now.toISOString()}::timestamptz)`;
  if (status === 'shipped' && shipment) {
    return {
      courier: shipment.courier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl ?? null,
      ewayBillNumber: shipment.ewayBillNumber ?? null,
      vehicleNumber: shipment.vehicleNumber ?? null,
      transporterId: shipment.transporterId ?? null,
      shippedAt: leftTheShop,
    };
  }
  if (status === 'delivered') return { deliveredAt: now, shippedAt: leftTheShop };
  return {};
}

/**
 * An admin's status change with its shipment columns, conditional on the order not being cancelled and its payment
 * being 'success', so that a concurrent cancellation (whose stock is already back) is never undone.
 */
export function setOrderStatus(
  tx: DbOrTx,
  orderId: string,
  status: OrderStatus,
  shipment: ShipmentInput | undefined,
  now: Date,
): Promise<{ id: string; customerEmail: string }[]> {
  return tx
    .update(orders)
    .set({ status, updatedAt: now, ...statusChangeColumns(status, shipment, now) })
    .where(
      and(
        eq(orders.id, orderId),
        ne(orders.status, 'cancelled'),
        sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} = 'success')`,
      ),
    )
    .returning({ id: orders.id, customerEmail: orders.customerEmail });
}
