/**
 * The outcome of an online payment (docs/shop-rules.md#payments), keyed on the gateway order id and
 * shared by the browser's verify call, the webhook and the sandbox. Each function is idempotent:
 * the state change is a conditional UPDATE inside a transaction that first locks the order row (the
 * same lock order as cancellations: order, then payment), so racing callers settle a payment once.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PaymentStatus } from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders, payments, REFUND_DUE } from '../../db/schema';
import { preparedInTransaction, preparedStatement } from '../../lib/prepared';
import { removeLinesOfOrderSql } from '../cart';
import { issueInvoiceIfAbsent } from '../invoices';
import { insertMessagesSql, messagesJson, ownerEmail, type Envelope } from '../mail';
import { markRefunded, refundCapturedPayment } from './refund';

export interface SettleOutcome {
  orderId: string;
  status: PaymentStatus;
  /** False when an earlier call had already settled it (nothing was changed this time). */
  changed: boolean;
}

export interface LockedPayment {
  order: typeof orders.$inferSelect;
  payment: typeof payments.$inferSelect;
}

/** Which payment to settle: by its gateway order id (webhook), or by its order, accepted by the caller once locked (verify). */
export type SettleTarget = { gatewayOrderId: string } | { orderId: string; accept(locked: LockedPayment): void };

/**
 * The order and its payment, both locked, in one joined SELECT ... FOR UPDATE: orders come first in the FROM
 * list, so the order row is locked before the payment row (rows are locked in the order of the FROM list), the
 * order cancellations take. Both are read as they are once locked.
 */
function lockedOrderAndPayment(tx: DbOrTx, by: SQL) {
  return tx
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(by)
    .for('update', { of: [orders, payments] });
}

/** lockOrderAndPayment's two statements, built once (lib/prepared.ts, preparedInTransaction). */
const lockByOrderId = preparedInTransaction((tx) =>
  lockedOrderAndPayment(tx, eq(orders.id, sql.placeholder('orderId'))).prepare('lock_order_payment_by_order'),
);
const lockByGatewayOrderId = preparedInTransaction((tx) =>
  lockedOrderAndPayment(tx, eq(payments.gatewayOrderId, sql.placeholder('gatewayOrderId'))).prepare(
    'lock_order_payment_by_gateway_order',
  ),
);

async function lockOrderAndPayment(tx: DbOrTx, target: SettleTarget): Promise<LockedPayment | undefined> {
  const [locked] =
    'orderId' in target
      ? await lockByOrderId(tx).execute({ orderId: target.orderId })
      : await lockByGatewayOrderId(tx).execute({ gatewayOrderId: target.gatewayOrderId });
  if (locked && 'accept' in target) target.accept(locked);
  return locked;
}

/**
 * A capture recorded on a pending or failed payment, in one statement built once (docs/decisions/0015-checkout-statements.md): the payment recorded as successful and, when its order is still pending, the order moved to
 * processing, its lines leaving the buyer's cart and the paid e-mails written (`mails`). Its data-modifying parts touch
 * different tables; only the order's move is read by the others (through its RETURNING, the one way they can see it).
 * Answers the payment as settled; run on the rows the transaction has locked.
 */
const recordCapture = preparedStatement<{ id: string; status: PaymentStatus }>('record_capture', () => {
  const value = (name: string) => sql.placeholder(name);
  return sql`with settled as (
      update ${payments}
      set status = 'success', gateway_payment_id = ${value('paymentId')}, signature = ${value('signature')},
        paid_at = ${value('now')}::timestamptz, failure_reason = ${value('failureReason')},
        updated_at = ${value('now')}::timestamptz
      where ${payments.id} = ${value('id')} and ${payments.status} in ('pending', 'failed')
      returning ${payments.id} as id, ${payments.status} as status
    ),
    processing as (
      update ${orders} set status = 'processing', updated_at = ${value('now')}::timestamptz
      where ${orders.id} = ${value('orderId')} and ${orders.status} = 'pending' and exists (select 1 from settled)
      returning ${orders.id}
    ),
    removed as (${removeLinesOfOrderSql(value('userId'), value('orderId'))} and exists (select 1 from processing)),
    mailed as (${insertMessagesSql(value('mails'))} where exists (select 1 from processing))
    select id, status from settled`;
});

/**
 * A captured payment: payment 'success' (payment id, signature, paid_at), order pending ->
 * processing, the ordered lines leave the buyer's cart, and the order's tax invoice is issued
 * (docs/shop-rules.md#invoices; `now` is the time of payment and of issue). If the order was already cancelled
 * (expired or cancelled by the buyer), the capture is recorded as due for refund and refunded at once.
 * Answers undefined for a gateway order we never opened.
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
    const { order, payment } = locked;
    // Read locked, so its status is exact: a payment already settled (the webhook or verify came first) is not
    // updated again.
    const settleable = payment.status === 'pending' || payment.status === 'failed';
    // Paid: the buyer's receipt (with the invoice, issued below) and the owner's new order (docs/shop-rules.md#emails),
    // written only when the order moves from pending.
    const mails: Envelope[] = [
      { to: order.customerEmail, message: { kind: 'payment-received', orderId: order.id } },
      { to: ownerEmail(ctx.config), message: { kind: 'owner-new-order', orderId: order.id } },
    ];
    const [settled] = settleable
      ? await recordCapture(tx).execute({
          id: payment.id,
          paymentId: input.paymentId,
          signature: input.signature,
          now: now.toISOString(),
          // Any earlier failed attempt is forgotten; a capture for a closed order is owed back.
          failureReason: order.status === 'cancelled' ? REFUND_DUE : null,
          orderId: order.id,
          userId: order.userId,
          mails: messagesJson(mails),
        })
      : [];
    if (!settled) {
      // Already settled: the browser's verify may still bring the signature the webhook lacked.
      if (input.signature && !payment.signature && payment.gatewayPaymentId === input.paymentId) {
        await tx.update(payments).set({ signature: input.signature }).where(eq(payments.id, payment.id));
      }
      return { orderId: order.id, status: payment.status, changed: false, refundPaymentId: undefined };
    }
    // Paid, so invoiced: in this same transaction (a cancelled order is refunded instead).
    if (order.status !== 'cancelled') await issueInvoiceIfAbsent(tx, order.id, { log, now, lockedOrder: order });
    const refundPaymentId = order.status === 'cancelled' ? settled.id : undefined;
    return { orderId: order.id, status: settled.status, changed: true, refundPaymentId };
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
  const [recorded] = await ctx.db
    .update(payments)
    .set({ failureReason: input.reason, updatedAt: new Date() })
    .where(and(eq(payments.gatewayOrderId, input.gatewayOrderId), eq(payments.status, 'pending')))
    .returning({ orderId: payments.orderId });
  if (recorded) return { orderId: recorded.orderId, status: 'pending', changed: true };
  const [payment] = await ctx.db
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .where(eq(payments.gatewayOrderId, input.gatewayOrderId));
  return payment ? { orderId: payment.orderId, status: payment.status, changed: false } : undefined;
}

/** A refund reported by the gateway (refund.processed / payment.refunded). */
export async function settleRefundedPayment(
  ctx: AppContext,
  input: { gatewayPaymentId: string; refundId: string | null },
): Promise<boolean> {
  return markRefunded(ctx, eq(payments.gatewayPaymentId, input.gatewayPaymentId), input.refundId, new Date());
}
