/**
 * A refund of part of a captured online payment (docs/shop-rules.md#returns): a return's goods and their delivery
 * share, through the same gateway call as a cancellation's full refund, with the amount in paise and the return's
 * id as the receipt. The caller (modules/returns) records the answer; a call that failed may be made again, and
 * first asks the gateway whether the earlier one went through after all, so a part is never refunded twice. The
 * payment stays 'success': its status says whether the whole of it was refunded.
 */
import type { AppContext } from '../../context';
import { ConflictError } from '../../lib/errors';
import { findCapturedPaymentOfOrder } from './store/refunds';

export const NO_ONLINE_PAYMENT = 'This order has no captured online payment to refund.';

export async function refundPartOfPayment(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  input: { orderId: string; amountPaise: number; receipt: string },
): Promise<{ refundId: string }> {
  const payment = await findCapturedPaymentOfOrder(ctx.db, input.orderId);
  if (!payment?.gatewayPaymentId) throw new ConflictError(NO_ONLINE_PAYMENT);
  const request = { paymentId: payment.gatewayPaymentId, amountPaise: input.amountPaise, receipt: input.receipt };
  const earlier = await ctx.payments.gateway.findRefund(request);
  if (earlier) return { refundId: earlier.id };
  const refund = await ctx.payments.gateway.refund(request);
  return { refundId: refund.id };
}
