/**
 * The payments' rows (docs/shop-rules.md#payments): reads and writes of the payment of an order, each taking the
 * database or the caller's transaction. The hot ones, which every checkout runs, are statements prepared once
 * (db/statement.ts). An order is read beside its payment, and locked before it, as cancellations lock them.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PaymentMode, PaymentStatus } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { orders, payments, REFUND_DUE, webhookEvents } from '../../../db/schema';
import { statement } from '../../../db/statement';

export type PaymentRow = typeof payments.$inferSelect;

export interface LockedPayment {
  order: typeof orders.$inferSelect;
  payment: PaymentRow;
}

/** An order with its payment (every checkout opens its payment through it). */
const orderWithPayment = statement('order_with_payment', ({ db }) =>
  db
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId'))),
);

export async function findOrderWithPayment(db: DbOrTx, orderId: string): Promise<LockedPayment | undefined> {
  const [row] = await orderWithPayment(db, { orderId });
  return row;
}

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The gateway order opened for a payment, stored unless a concurrent call stored one first. */
const storeGatewayOrderQuery = statement('store_gateway_order', ({ db }) =>
  db
    .update(payments)
    .set({
      gatewayOrderId: sql`${sql.placeholder('gatewayOrderId')}`,
      gateway: sql`${sql.placeholder('gateway')}`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(and(eq(payments.id, sql.placeholder('id')), isNull(payments.gatewayOrderId)))
    .returning({ gatewayOrderId: payments.gatewayOrderId }),
);

/** Answers the gateway order id stored, or undefined when another call had stored one. */
export async function storeGatewayOrder(
  db: DbOrTx,
  values: { id: string; gatewayOrderId: string; gateway: string; now: Date },
): Promise<string | undefined> {
  const [stored] = await storeGatewayOrderQuery(db, { ...values, now: values.now.toISOString() });
  return stored?.gatewayOrderId ?? undefined;
}

/**
 * The order and its payment, both locked, in one joined SELECT ... FOR UPDATE: orders come first in the FROM
 * list, so the order row is locked before the payment row (rows are locked in the order of the FROM list), the
 * order cancellations take. Both are read as they are once locked.
 */
const lockedBy = (db: DbOrTx, by: SQL) =>
  db
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(by)
    .for('update', { of: [orders, payments] });
const lockByOrderId = statement('lock_order_payment_by_order', ({ db }) =>
  lockedBy(db, eq(orders.id, sql.placeholder('orderId'))),
);
const lockByGatewayOrderId = statement('lock_order_payment_by_gateway_order', ({ db }) =>
  lockedBy(db, eq(payments.gatewayOrderId, sql.placeholder('gatewayOrderId'))),
);

/** Locks an order and its payment, found by the order's id or by the payment's gateway order id. */
export async function lockOrderAndPayment(
  tx: DbOrTx,
  by: { orderId: string } | { gatewayOrderId: string },
): Promise<LockedPayment | undefined> {
  const [locked] =
    'orderId' in by
      ? await lockByOrderId(tx, { orderId: by.orderId })
      : await lockByGatewayOrderId(tx, { gatewayOrderId: by.gatewayOrderId });
  return locked;
}

/** A capture recorded on a pending or failed payment; answers the payment as settled, none when it was not. */
const recordCaptureQuery = statement('record_capture', ({ db }) =>
  db
    .update(payments)
    .set({
      status: 'success',
      gatewayPaymentId: sql`${sql.placeholder('paymentId')}`,
      signature: sql`${sql.placeholder('signature')}`,
      paidAt: sql`${sql.placeholder('now')}::timestamptz`,
      failureReason: sql`${sql.placeholder('failureReason')}`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(and(eq(payments.id, sql.placeholder('id')), sql`${payments.status} in ('pending', 'failed')`))
    .returning({ id: payments.id, status: payments.status }),
);

/** Any earlier failed attempt is forgotten; a capture for a closed order is marked owed back (`refundDue`). */
export async function recordCapture(
  tx: DbOrTx,
  values: { id: string; paymentId: string; signature: string | null; now: Date; refundDue: boolean },
): Promise<{ id: string; status: PaymentStatus } | undefined> {
  const { refundDue, now, ...rest } = values;
  const [settled] = await recordCaptureQuery(tx, {
    ...rest,
    now: now.toISOString(),
    failureReason: refundDue ? REFUND_DUE : null,
  });
  return settled;
}

export async function setSignature(tx: DbOrTx, paymentId: string, signature: string): Promise<void> {
  await tx.update(payments).set({ signature }).where(eq(payments.id, paymentId));
}

/** A placed order's payment row. */
const insertPaymentQuery = statement('insert_payment', ({ db }) =>
  db
    .insert(payments)
    .values({
      orderId: sql.placeholder('orderId'),
      mode: sql.placeholder('mode'),
      status: 'pending',
      amountPaise: sql.placeholder('amountPaise'),
      gateway: sql.placeholder('gateway'),
    })
    .returning(),
);

export async function insertPayment(
  tx: DbOrTx,
  values: { orderId: string; mode: PaymentMode; amountPaise: number; gateway: string },
): Promise<PaymentRow> {
  const [payment] = await insertPaymentQuery(tx, values);
  return payment!;
}

/** A failed attempt recorded on a pending payment; answers its order, none when the payment is not pending. */
export async function recordFailure(db: DbOrTx, gatewayOrderId: string, reason: string): Promise<string | undefined> {
  const [recorded] = await db
    .update(payments)
    .set({ failureReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.gatewayOrderId, gatewayOrderId), eq(payments.status, 'pending')))
    .returning({ orderId: payments.orderId });
  return recorded?.orderId;
}

export async function findPaymentByGatewayOrder(db: DbOrTx, gatewayOrderId: string) {
  const [payment] = await db
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .where(eq(payments.gatewayOrderId, gatewayOrderId));
  return payment;
}

/** The payment a captured event names: its amount, and whether it is settled already. */
const capturedPaymentQuery = statement('webhook_captured_payment', ({ db }) =>
  db
    .select({ amountPaise: payments.amountPaise, status: payments.status, gatewayPaymentId: payments.gatewayPaymentId })
    .from(payments)
    .where(eq(payments.gatewayOrderId, sql.placeholder('gatewayOrderId'))),
);
export type CapturedPayment = Awaited<ReturnType<typeof capturedPaymentQuery>>[number];

export async function findCapturedPayment(db: DbOrTx, gatewayOrderId: string): Promise<CapturedPayment | undefined> {
  const [row] = await capturedPaymentQuery(db, { gatewayOrderId });
  return row;
}

/** Records a webhook event's id; answers false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(db: DbOrTx, id: string, event: string): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({ id, event })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return inserted.length > 0;
}

export async function forgetWebhookEvent(db: DbOrTx, id: string, event: string): Promise<void> {
  await db.delete(webhookEvents).where(and(eq(webhookEvents.id, id), eq(webhookEvents.event, event)));
}

/** The order row locked (FOR UPDATE) and its payment, for the owner's COD "Mark as Paid". */
export async function lockOrderWithPayment(tx: DbOrTx, orderId: string): Promise<Partial<LockedPayment>> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const [payment] = order ? await tx.select().from(payments).where(eq(payments.orderId, orderId)) : [];
  return { order, payment };
}

/** A pending payment marked paid at `now`; answers false when it was not pending. */
export async function markPaid(tx: DbOrTx, paymentId: string, now: Date): Promise<boolean> {
  const marked = await tx
    .update(payments)
    .set({ status: 'success', paidAt: now, failureReason: null, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return marked.length > 0;
}

/** A sandbox payment with its buyer (every sandbox payment goes through it). */
const sandboxPaymentWithBuyer = statement('sandbox_own_payment', ({ db }) =>
  db
    .select({ payment: payments, userId: orders.userId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.gatewayOrderId, sql.placeholder('gatewayOrderId')), eq(payments.gateway, 'sandbox'))),
);

export async function findSandboxPaymentWithBuyer(db: DbOrTx, gatewayOrderId: string) {
  const [row] = await sandboxPaymentWithBuyer(db, { gatewayOrderId });
  return row;
}

/** The sandbox's record that a pending payment was paid as `gatewayPaymentId`; false when it was claimed before. */
export async function claimSandboxPayment(db: DbOrTx, paymentId: string, gatewayPaymentId: string): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ gatewayPaymentId, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending'), isNull(payments.gatewayPaymentId)))
    .returning({ id: payments.id });
  return claimed.length > 0;
}
