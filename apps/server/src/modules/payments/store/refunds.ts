/**
 * The refunds' rows (docs/shop-rules.md#refunds): which payments a refund attempt may claim, the claim itself
 * (a conditional update: of two paths, one claims), and what an attempt records. refund.ts keeps the rules.
 */
import { and, eq, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders, payments, REFUND_DUE } from '../../../db/schema';
import {
  MAX_REFUND_ATTEMPTS,
  REFUND_DUE_GRACE_MS,
  REFUND_FAILED_PREFIX,
  REFUND_IN_PROGRESS,
  refundRetryDelayMs,
} from '../refund-schedule';
import type { PaymentRow } from './payments';

/**
 * Which payment a refund is recorded on: by its id, or by the gateway's payment id (its webhook, with the refund's
 * amount when it says: a refund smaller than the payment is a part, and leaves the payment as it is).
 */
export type RefundedPayment = { id: string } | { gatewayPaymentId: string; atLeastPaise?: number };

const refundable = (paymentId: string) =>
  and(eq(payments.id, paymentId), eq(payments.mode, 'online'), eq(payments.status, 'success'));

/** A failed attempt, or one still marked in progress: what the sweeper may retry. */
const unfinishedRefund = or(
  eq(payments.failureReason, REFUND_IN_PROGRESS),
  like(payments.failureReason, `${REFUND_FAILED_PREFIX}%`),
)!;

/**
 * Payments whose refund retry is due at `now`: unfinished, fewer than MAX_REFUND_ATTEMPTS calls made,
 * and the last one at least refundRetryDelayMs(attempts) ago (attempts 0: a failure recorded before
 * attempts were counted); or recorded as due and not taken up within REFUND_DUE_GRACE_MS.
 */
export function refundRetryDue(now: Date): SQL {
  const due = Array.from({ length: MAX_REFUND_ATTEMPTS }, (_, attempts) =>
    and(
      eq(payments.refundAttempts, attempts),
      lt(payments.updatedAt, new Date(now.getTime() - refundRetryDelayMs(attempts))),
    ),
  );
  const neverAttempted = and(
    eq(payments.failureReason, REFUND_DUE),
    lt(payments.refundAttempts, MAX_REFUND_ATTEMPTS),
    lt(payments.updatedAt, new Date(now.getTime() - REFUND_DUE_GRACE_MS)),
  );
  return and(
    eq(payments.mode, 'online'),
    eq(payments.status, 'success'),
    or(and(unfinishedRefund, or(...due)), neverAttempted),
  )!;
}

/** Marks a refund in progress and counts the attempt, for the payment `where` picks, if it still does. */
async function claimRefundAttempt(db: DbOrTx, where: SQL, now: Date): Promise<PaymentRow | undefined> {
  const [claimed] = await db
    .update(payments)
    .set({ failureReason: REFUND_IN_PROGRESS, refundAttempts: sql`${payments.refundAttempts} + 1`, updatedAt: now })
    .where(where)
    .returning();
  return claimed;
}

/** Claims the first attempt of the refund recorded as due on payment `paymentId`, if it still is. */
export function claimDueRefund(db: DbOrTx, paymentId: string, now: Date): Promise<PaymentRow | undefined> {
  return claimRefundAttempt(db, and(refundable(paymentId), eq(payments.failureReason, REFUND_DUE))!, now);
}

/**
 * Claims a retry of payment `payment`'s refund, conditional on the attempt count the sweeper saw, so of several
 * sweepers racing exactly one claims it.
 */
export function claimRefundRetry(
  db: DbOrTx,
  payment: { id: string; refundAttempts: number },
  now: Date,
): Promise<PaymentRow | undefined> {
  return claimRefundAttempt(
    db,
    and(refundable(payment.id), eq(payments.refundAttempts, payment.refundAttempts), refundRetryDue(now))!,
    now,
  );
}

/** Records payment `which`, if still 'success', as refunded; answers what the refund e-mail needs, if it changed. */
export async function recordRefundedRow(tx: DbOrTx, which: RefundedPayment, refundId: string | null, at: Date) {
  const match =
    'id' in which
      ? eq(payments.id, which.id)
      : and(
          eq(payments.gatewayPaymentId, which.gatewayPaymentId),
          which.atLeastPaise === undefined ? undefined : lte(payments.amountPaise, which.atLeastPaise),
        );
  const [refunded] = await tx
    .update(payments)
    .set({ status: 'refunded', refundId: refundId ?? undefined, failureReason: null, updatedAt: at })
    .where(and(match, eq(payments.status, 'success')))
    .returning({
      id: payments.id,
      orderId: payments.orderId,
      amountPaise: payments.amountPaise,
      refundId: payments.refundId,
    });
  return refunded;
}

/** The buyer's e-mail address on order `orderId`. */
export async function findOrderEmail(tx: DbOrTx, orderId: string): Promise<string | undefined> {
  const [order] = await tx.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, orderId));
  return order?.email;
}

/** Records a failed attempt on payment `paymentId` unless it is no longer 'success'; answers whether it did. */
export async function recordRefundFailure(tx: DbOrTx, paymentId: string, reason: string, at: Date): Promise<boolean> {
  const recorded = await tx
    .update(payments)
    .set({ failureReason: reason, updatedAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'success')))
    .returning({ id: payments.id });
  return recorded.length > 0;
}

/** The order's captured online payment (still 'success'), if any: what a return's refund is taken from. */
export async function findCapturedPaymentOfOrder(db: DbOrTx, orderId: string) {
  const [payment] = await db
    .select({ id: payments.id, gatewayPaymentId: payments.gatewayPaymentId, amountPaise: payments.amountPaise })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.mode, 'online'), eq(payments.status, 'success')));
  return payment;
}
