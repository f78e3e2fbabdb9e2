/**
 * A captured online payment (docs/shop-rules.md#payments), keyed on the gateway order id and shared by the browser's
 * verify call, the webhook and the sandbox. Idempotent: the state change is a conditional UPDATE inside a transaction
 * that first locks the order and its payment (payments' store; the same lock order as cancellations: order, then
 * payment), so racing callers settle a payment once. When the payment is recorded and its order is still pending,
 * the order moves to processing (orders), its lines leave the buyer's cart (cart), the paid e-mails are written
 * (mail) and the tax invoice is issued (invoices), all in that transaction.
 */
import type { AppContext, Log } from '../../context';
import { removeLinesOfOrder } from '../cart';
import { issueInvoiceIfAbsent } from '../invoices';
import { enqueueMails, ownerEmail } from '../mail';
import { moveToProcessing } from '../orders';
import {
  lockOrderAndPayment,
  recordCapture,
  refundCapturedPayment,
  setSignature,
  type LockedPayment,
  type SettleOutcome,
} from '../payments';

/** Which payment to settle: by its gateway order id (webhook), or by its order, accepted by the caller once locked (verify). */
export type SettleTarget = { gatewayOrderId: string } | { orderId: string; accept(locked: LockedPayment): void };

/**
 * A captured payment: payment 'success' (payment id, signature, paid_at), order pending -> processing, the ordered
 * lines leave the buyer's cart, and the order's tax invoice is issued (docs/shop-rules.md#invoices; `now` is the time
 * of payment and of issue). If the order was already cancelled (expired or cancelled by the buyer), the capture is
 * recorded as due for refund and refunded at once. Answers undefined for a gateway order we never opened.
 */
export async function settleCapturedPayment(
  ctx: AppContext,
  input: SettleTarget & { paymentId: string; signature: string | null },
  log: Log,
  now: Date = new Date(),
): Promise<SettleOutcome | undefined> {
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrderAndPayment(tx, input);
    if (!locked) return undefined;
    if ('accept' in input) input.accept(locked);
    const { order, payment } = locked;
    // Read locked, so its status is exact: a payment already settled (the webhook or verify came first) is not
    // updated again.
    const settleable = payment.status === 'pending' || payment.status === 'failed';
    const cancelled = order.status === 'cancelled';
    const settled = settleable
      ? await recordCapture(tx, {
          id: payment.id,
          paymentId: input.paymentId,
          signature: input.signature,
          now,
          refundDue: cancelled,
        })
      : undefined;
    if (!settled) {
      // Already settled: the browser's verify may still bring the signature the webhook lacked.
      if (input.signature && !payment.signature && payment.gatewayPaymentId === input.paymentId) {
        await setSignature(tx, payment.id, input.signature);
      }
      return { orderId: order.id, status: payment.status, changed: false, refundPaymentId: undefined };
    }
    // Paid: the order moves on, its lines leave the cart, and the buyer's receipt (with the invoice) and the owner's
    // new order are written (docs/shop-rules.md#emails), only when the order moves from pending (it is locked).
    if (order.status === 'pending' && (await moveToProcessing(tx, order.id, now))) {
      // An order that went through its business's approval left the cart when it was placed (place-order.ts).
      if (order.approvalStatus === null) await removeLinesOfOrder(tx, order.userId, order.id);
      await enqueueMails(tx, [
        { to: order.customerEmail, message: { kind: 'payment-received', orderId: order.id } },
        { to: ownerEmail(ctx.config), message: { kind: 'owner-new-order', orderId: order.id } },
      ]);
    }
    // Paid, so invoiced: in this same transaction (a cancelled order is refunded instead).
    if (!cancelled) await issueInvoiceIfAbsent(tx, order.id, { log, now, lockedOrder: order });
    return {
      orderId: order.id,
      status: settled.status,
      changed: true,
      refundPaymentId: cancelled ? settled.id : undefined,
    };
  });
  if (!result) return undefined;
  if (result.changed) ctx.mail.wake();
  if (result.refundPaymentId) {
    log.warn({ orderId: result.orderId }, 'payment captured for a cancelled order: refunding it');
    const refund = await refundCapturedPayment(ctx, result.refundPaymentId, log);
    return { orderId: result.orderId, status: refund === 'refunded' ? 'refunded' : 'success', changed: true };
  }
  return { orderId: result.orderId, status: result.status, changed: result.changed };
}
