/**
 * Cancelling an order (docs/shop-rules.md#cancellation), by the buyer, by an admin or by the expiry sweeper: one
 * conditional UPDATE ... WHERE status IN (...) RETURNING in the same transaction as the stock return, so however many
 * paths race (double click, sweeper, webhook), exactly one of them cancels and the stock comes back exactly once. A
 * captured online payment is recorded as due for refund in that same transaction, and the refund itself runs after
 * the answer; an invoiced order's credit note is issued in that transaction too.
 */
import { ORDER_STATUSES, type OrderStatus } from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { issueCreditNoteIfInvoiced } from '../invoices';
import type { AuditActor } from '../audit';
import { enqueueMails, ownerEmail, type Envelope, type MailMessageOf } from '../mail';
import { recordRefundIfIssued, recordStatusChange } from './audit-trail';
import {
  cancelOrderRow,
  failPendingPayment,
  findPaymentOfOrder,
  findStockLinesOfOrder,
  lockedStatusOf,
  markCashOwedBack,
  markRefundDue,
  markTransfersOwedBack,
  REFUND_DUE,
  type PaymentRow,
} from './store/lifecycle';
import type { OrderRow } from './store/orders';
import { returnStock } from './store/stock';

/** Statuses from which an order can still be cancelled by anyone (an admin may cancel any). */
export const NOT_CANCELLED = ORDER_STATUSES.filter((status) => status !== 'cancelled');

/**
 * Inside the caller's transaction: cancels the order if its status is one of `from`, returns its
 * stock, closes a still-pending payment as 'failed' with `reason`, records a captured online
 * payment's refund as due (REFUND_DUE), marks collected COD cash as 'refunded' (owed back) and
 * issues the credit note of the order's invoice, if it has one (`now` is its time of issue).
 * Answers null when the order was not in one of `from` (someone else got there first): nothing was
 * changed then.
 * `availabilityChanged`: the returned stock brought a product or variant back in stock, so the
 * caller clears the catalog cache after commit (store/stock.ts, StockMove).
 */
export async function cancelOrderInTransaction(
  tx: DbOrTx,
  orderId: string,
  from: readonly OrderStatus[],
  reason: string,
  { log, now = new Date(), by, owner, unshippedOnly = false }: CancelOptions,
): Promise<{ order: OrderRow; payment: PaymentRow | undefined; availabilityChanged: boolean } | null> {
  const order = await cancelOrderRow(tx, orderId, from, unshippedOnly, now);
  if (!order) return null;
  const items = await findStockLinesOfOrder(tx, orderId);
  const { availabilityChanged } = await returnStock(tx, items);
  await failPendingPayment(tx, orderId, reason, now);
  await markRefundDue(tx, orderId, now);
  // Cash already collected for a cancelled COD order is owed back: it no longer counts as revenue.
  await markCashOwedBack(tx, orderId, reason, now);
  // Money received by bank transfer is owed back too, by a transfer the owner makes.
  const returned = await markTransfersOwedBack(tx, orderId, reason, now);
  const payment = await findPaymentOfOrder(tx, orderId);
  await issueCreditNoteIfInvoiced(tx, orderId, { log, now });
  await enqueueMails(tx, cancellationMails(order, payment, by, owner, returned));
  return { order, payment, availabilityChanged };
}

export interface CancelOptions {
  log: Log;
  now?: Date;
  /** Who cancelled: the buyer's e-mail says so. */
  by: MailMessageOf<'order-cancelled'>['by'];
  /** Where the owner's messages go (ownerEmail): collected COD cash must be returned by hand. */
  owner: string;
  /** Only an order that never left the shop (the buyer's cancel: buyerMayCancel), checked in the same UPDATE. */
  unshippedOnly?: boolean;
}

/**
 * The e-mails of a cancellation (docs/shop-rules.md#emails): the buyer's, with what comes back to them (a captured
 * online payment through the gateway, collected cash by hand), and the owner's when cash must be returned by hand.
 */
function cancellationMails(
  order: OrderRow,
  payment: PaymentRow | undefined,
  by: CancelOptions['by'],
  owner: string,
  { byHandPaise, onlinePaise } = { byHandPaise: 0, onlinePaise: 0 },
): Envelope[] {
  const online = payment?.mode === 'online' && payment.failureReason === REFUND_DUE;
  const cash = payment?.mode === 'cod' && payment.status === 'refunded';
  // A bank-transfer order's instalments: transfers go back by the owner's transfer, online ones through the gateway.
  const bank = byHandPaise + onlinePaise > 0;
  const refundPaise = bank ? byHandPaise + onlinePaise : online || cash ? payment!.amountPaise : null;
  const mails: Envelope[] = [
    {
      to: order.customerEmail,
      message: {
        kind: 'order-cancelled',
        orderId: order.id,
        by,
        refundPaise,
        refundMode: byHandPaise > 0 ? 'bank' : online || onlinePaise > 0 ? 'online' : cash ? 'cash' : null,
      },
    },
  ];
  if (byHandPaise > 0) {
    mails.push({
      to: owner,
      message: {
        kind: 'owner-refund-action',
        orderId: order.id,
        amountPaise: byHandPaise,
        reason: 'The money received by bank transfer for this order must be transferred back to the buyer.',
      },
    });
  }
  if (cash) {
    mails.push({
      to: owner,
      message: {
        kind: 'owner-refund-action',
        orderId: order.id,
        amountPaise: payment!.amountPaise,
        reason: 'The cash collected for this cash-on-delivery order must be returned to the buyer.',
      },
    });
  }
  return mails;
}

/**
 * Cancels with stock return; a captured online payment's refund, recorded as due, is asked for
 * through ctx.refunds, which starts it in the background so that the caller answers at once (a
 * silent gateway never holds the request up).
 */
export async function cancelAndRefund(
  ctx: AppContext,
  orderId: string,
  from: readonly OrderStatus[],
  reason: string,
  log: Log,
  by: CancelOptions['by'],
  /** An admin's cancellation: recorded in the audit trail (docs/shop-rules.md#audit) with its refund. */
  admin?: { actor: AuditActor },
): Promise<{ cancelled: boolean; refundPending: boolean }> {
  const result = await ctx.db.transaction(async (tx) => {
    const before = admin ? await lockedStatusOf(tx, orderId) : undefined;
    const cancelled = await cancelOrderInTransaction(tx, orderId, from, reason, {
      log,
      by,
      owner: ownerEmail(ctx.config),
      unshippedOnly: by === 'buyer',
    });
    if (cancelled && admin && before) {
      await recordStatusChange(tx, admin.actor, orderId, before, 'cancelled');
      await recordRefundIfIssued(tx, admin.actor, orderId, cancelled.payment);
    }
    return cancelled;
  });
  if (!result) return { cancelled: false, refundPending: false };
  ctx.mail.wake();
  // Only stock coming back from 0 changes what the catalog offers (store/stock.ts, StockMove).
  if (result.availabilityChanged) ctx.catalogCache.invalidate();
  const refundPending = result.payment?.failureReason === REFUND_DUE;
  if (refundPending) ctx.refunds.requestRefund(result.payment!.id, log);
  // Instalments paid online are refunded through the gateway (none: nothing is done).
  if (result.order.paymentMode === 'bank') ctx.refunds.refundInstalments(orderId, log);
  return { cancelled: true, refundPending };
}
