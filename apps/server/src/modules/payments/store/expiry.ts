/**
 * The expiry sweeper's rows (sweeper.ts): online orders still pending whose payment has been pending too long, the
 * lock that claims one of them, and the cancelled orders' refunds that are due for a retry.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../../db/client';
import { orders, payments } from '../../../db/schema';
import { refundRetryDue } from './refunds';

/**
 * Online orders still pending whose payment is still pending since before `cutoff`; never one waiting for its
 * business's approval (it cannot be paid yet; its window starts when approved, docs/shop-rules.md#business-accounts).
 */
const expiredBefore = (cutoff: Date) =>
  and(
    eq(orders.status, 'pending'),
    eq(orders.paymentMode, 'online'),
    eq(payments.status, 'pending'),
    lt(payments.createdAt, cutoff),
    sql`${orders.approvalStatus} is distinct from 'pending'`,
  );

/** Up to `limit` expired orders, the oldest payment first, read without locks. */
export function findExpiredOrders(db: DbOrTx, cutoff: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(expiredBefore(cutoff))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/**
 * Locks order `id` for this transaction if it is still expired. SKIP LOCKED: an order whose row another
 * transaction holds (another sweeper cancelling it, a buyer's payment settling it) is skipped at once
 * instead of waited for; the next sweep sees it again if it is still expired then.
 */
export async function claimExpiredOrder(tx: Transaction, id: string, cutoff: Date): Promise<boolean> {
  const claimed = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.id, id), expiredBefore(cutoff)))
    .for('update', { of: orders, skipLocked: true });
  return claimed.length > 0;
}

/** Up to `limit` payments of cancelled orders whose refund retry is due at `now`, the longest waiting first. */
export function findDueRefunds(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<{ id: string; refundAttempts: number }[]> {
  return db
    .select({ id: payments.id, refundAttempts: payments.refundAttempts })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.status, 'cancelled'), refundRetryDue(now)))
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}
