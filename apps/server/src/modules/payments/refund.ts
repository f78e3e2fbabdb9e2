/**
 * Refunds of captured online payments (DESIGN section 3.8): a cancelled paid order, or a capture
 * that arrives after its order was cancelled (e.g. expired). A refund is claimed with a conditional
 * update before the gateway is called, so two paths can never refund one payment twice; a failed
 * call is recorded on the payment ('refund_failed: ...') and retried by the sweeper.
 */
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { payments } from '../../db/schema';

type PaymentRow = typeof payments.$inferSelect;
export type Log = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

export const REFUND_IN_PROGRESS = 'refund_in_progress';
export const REFUND_FAILED_PREFIX = 'refund_failed';

export type RefundOutcome = 'refunded' | 'failed' | 'not_needed';

/** Refunds a captured online payment once; answers what happened. */
export async function refundCapturedPayment(ctx: AppContext, paymentId: string, log: Log): Promise<RefundOutcome> {
  const [claimed] = await ctx.db
    .update(payments)
    .set({ failureReason: REFUND_IN_PROGRESS, updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.mode, 'online'),
        eq(payments.status, 'success'),
        or(isNull(payments.failureReason), like(payments.failureReason, `${REFUND_FAILED_PREFIX}%`)),
      ),
    )
    .returning();
  if (!claimed || !claimed.gatewayPaymentId) return 'not_needed';
  return runRefund(ctx, claimed, log);
}

/** Calls the gateway for a claimed payment and records the answer. */
export async function runRefund(ctx: AppContext, payment: PaymentRow, log: Log): Promise<RefundOutcome> {
  try {
    const refund = await ctx.payments.gateway.refund({
      paymentId: payment.gatewayPaymentId!,
      amountPaise: payment.amountPaise,
      receipt: payment.orderId,
    });
    await ctx.db
      .update(payments)
      .set({ status: 'refunded', refundId: refund.id, failureReason: null, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    log.info({ orderId: payment.orderId, refundId: refund.id }, 'payment refunded');
    return 'refunded';
  } catch (err) {
    const reason = `${REFUND_FAILED_PREFIX}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
    await ctx.db
      .update(payments)
      .set({ failureReason: reason, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    log.error({ err, orderId: payment.orderId }, 'refund failed; the sweeper will retry it');
    return 'failed';
  }
}
