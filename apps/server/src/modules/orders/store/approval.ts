/**
 * The approval of a business buyer's order above the business's limit (docs/shop-rules.md#business-accounts): the
 * conditional write of its decision, and the restart of its payment window when it is approved.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders, payments } from '../../../db/schema';
import type { OrderRow } from './orders';

/**
 * Sets the decision of an order still `pending` approval and `pending` (not cancelled); undefined when it was not
 * (decided or cancelled meanwhile), so two approvers deciding at once never both win.
 */
export async function decideApproval(
  tx: DbOrTx,
  orderId: string,
  decision: 'approved' | 'rejected',
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ approvalStatus: decision, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.approvalStatus, 'pending'), eq(orders.status, 'pending')))
    .returning();
  return row;
}

/**
 * The payment window of an approved order starts at its approval: its still-pending payment's clock (the one the
 * expiry sweeper and `payBy` read) is set to `now`, so a buyer whose approver took a day still has the whole window.
 */
export async function restartPaymentWindow(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ createdAt: now, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

/** Whether an order waits for its business's approval (payments and the owner's moves refuse it then). */
export async function awaitsApproval(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.approvalStatus, 'pending')));
  return row !== undefined;
}
