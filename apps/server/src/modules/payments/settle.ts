/**
 * The outcomes of an online payment that change the payment alone (docs/shop-rules.md#payments): a failed attempt
 * and a refund reported by the gateway. A capture, which also moves the order, empties the cart and writes e-mails,
 * is settled by the checkout module (ctx.checkout).
 */
import type { PaymentStatus } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { markRefunded } from './refund';
import { findPaymentByGatewayOrder, recordFailure } from './store/payments';

export interface SettleOutcome {
  orderId: string;
  status: PaymentStatus;
  /** False when an earlier call had already settled it (nothing was changed this time). */
  changed: boolean;
}

/**
 * A failed payment attempt (webhook payment.failed): the failure is recorded on the payment, which
 * stays 'pending', and the order keeps its stock, because the buyer may try again in the same payment
 * window. The order closes only when it is paid, cancelled by the buyer, or expired by the sweeper
 * (ORDER_PAYMENT_TIMEOUT_MIN). A failure reported after a success or a cancellation changes nothing.
 */
export async function settleFailedPayment(
  ctx: AppContext,
  input: { gatewayOrderId: string; reason: string },
): Promise<SettleOutcome | undefined> {
  const orderId = await recordFailure(ctx.db, input.gatewayOrderId, input.reason);
  if (orderId) return { orderId, status: 'pending', changed: true };
  const payment = await findPaymentByGatewayOrder(ctx.db, input.gatewayOrderId);
  return payment ? { orderId: payment.orderId, status: payment.status, changed: false } : undefined;
}

/** A refund reported by the gateway (refund.processed / payment.refunded). */
export async function settleRefundedPayment(
  ctx: AppContext,
  input: { gatewayPaymentId: string; refundId: string | null; refundPaise?: number | null },
): Promise<boolean> {
  // A refund of less than the payment (a return's part, docs/shop-rules.md#returns) does not refund the payment.
  return markRefunded(
    ctx,
    { gatewayPaymentId: input.gatewayPaymentId, atLeastPaise: input.refundPaise ?? undefined },
    input.refundId,
    new Date(),
  );
}
