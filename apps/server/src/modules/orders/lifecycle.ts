/**
 * Order state changes that move stock or money (docs/shop-rules.md#cancellation, #order-status):
 * cancellation by the buyer, by an admin or by the expiry sweeper, and the admin's status changes.
 * A cancellation is one conditional UPDATE ... WHERE status IN (...) RETURNING in the same
 * transaction as the stock return, so however many paths race (double click, sweeper, webhook),
 * exactly one of them cancels and the stock comes back exactly once. A captured online payment is
 * recorded as due for refund in that same transaction; the refund itself runs after the answer.
 * An invoiced order's credit note is issued in that same transaction too, and an admin's "shipped" or
 * "delivered" issues the invoice of an order that has none yet (docs/shop-rules.md#invoices).
 */
import {
  adminStatusChangeRefusal,
  BUSINESS_MESSAGES,
  BUYER_CANCELLABLE_STATUSES,
  buyerMayCancel,
  ewayBillRequired,
  formatAmount,
  isMoveBack,
  MESSAGES,
  ORDER_STATUSES,
  orderStatusLabel,
  SERVER_MESSAGES,
  termsOfOrderRow,
  toRupees,
  type OrderDto,
  type OrderStatus,
  type ShipmentInput,
} from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { issueCreditNoteIfInvoiced, issueInvoiceIfAbsent } from '../invoices';
import { recordAssetsOfStatusChange } from '../assets';
import type { AuditActor } from '../audit';
import { enqueueMail, enqueueMails, ownerEmail, type Envelope, type MailMessageOf } from '../mail';
import { recordRefundIfIssued, recordStatusChange } from './audit-trail';
import {
  cancelOrderRow,
  failPendingPayment,
  findOrderRow,
  findPaymentOfOrder,
  findStockLinesOfOrder,
  hasOpenReturn,
  lockedStatusOf,
  markCashOwedBack,
  markRefundDue,
  markTransfersOwedBack,
  REFUND_DUE,
  setOrderStatus,
  type PaymentRow,
} from './store/lifecycle';
import { loadOrder } from './store/order-dto';
import type { OrderRow } from './store/orders';
import { returnStock } from './store/stock';

export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
  cancelled: MESSAGES.orderCancelled,
  cancelledRefundPending: `${MESSAGES.orderCancelled}. Your refund will follow shortly.`,
  statusUpdated: 'Order status updated',
  /** An order that left the shop stays closed to the buyer's cancel, whatever its status became later. */
  cannotCancel: ({ status, shippedAt }: { status: OrderStatus; shippedAt: Date | null }) =>
    status === 'cancelled'
      ? 'This order has already been cancelled.'
      : `This order has already been ${status === 'delivered' || !shippedAt ? status : 'shipped'} and can no longer be cancelled.`,
  alreadyCancelled: 'This order has been cancelled and its stock returned, so its status can no longer be changed.',
  paymentNotComplete: "This order's payment is not complete yet, so its status cannot be changed.",
  balanceDue: (balance: string) =>
    `The balance of ${balance} has not been received yet, so this order cannot be shipped or delivered.`,
  hasReturns:
    'This order has returns: refund the returned goods through its returns instead of cancelling the whole order.',
} as const;

/** The refusal's message; a bank-transfer order's names the balance still due (docs/shop-rules.md#bank-transfer). */
function statusChangeRefusalMessage(
  refusal: 'cancelled' | 'paymentNotComplete' | 'balanceDue',
  order: { totalPaise: number; receivedPaise: number },
): string {
  if (refusal === 'balanceDue') {
    return ORDER_MESSAGES.balanceDue(formatAmount(toRupees(order.totalPaise - order.receivedPaise)));
  }
  return refusal === 'cancelled' ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.paymentNotComplete;
}

/** An admin's move to one of these issues the order's invoice if it has none yet (docs/shop-rules.md#invoices). */
const INVOICE_DUE_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered'];

/** The buyer's e-mail of an admin's status change, for the statuses that have one (docs/shop-rules.md#emails). */
async function enqueueStatusMail(
  tx: DbOrTx,
  order: { id: string; customerEmail: string },
  status: OrderStatus,
  shipment: ShipmentInput | undefined,
  now: Date,
): Promise<void> {
  if (status === 'shipped' && shipment) {
    await enqueueMail(tx, order.customerEmail, {
      kind: 'order-shipped',
      orderId: order.id,
      courier: shipment.courier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl ?? null,
    });
  } else if (status === 'delivered') {
    await enqueueMail(tx, order.customerEmail, {
      kind: 'order-delivered',
      orderId: order.id,
      deliveredAt: now.toISOString(),
    });
  }
}

/** Statuses from which an order can still be cancelled by anyone (an admin may cancel any). */
const NOT_CANCELLED = ORDER_STATUSES.filter((status) => status !== 'cancelled');

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
async function cancelAndRefund(
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

const orderRow = (ctx: AppContext, orderId: string): Promise<OrderRow | undefined> => findOrderRow(ctx.db, orderId);

async function orderDto(ctx: AppContext, orderId: string): Promise<OrderDto> {
  const dto = await loadOrder(ctx, orderId);
  if (!dto) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return dto;
}

/** A buyer cancels their own order while it is pending or processing and never shipped (buyerMayCancel); others' are 404. */
export async function cancelByBuyer(
  ctx: AppContext,
  userId: string,
  orderId: string,
  log: Log,
): Promise<{ message: string; data: OrderDto }> {
  const order = await orderRow(ctx, orderId);
  if (!order || order.userId !== userId) throw new NotFoundError(ORDER_MESSAGES.notFound);
  if (!buyerMayCancel(order)) throw new ConflictError(ORDER_MESSAGES.cannotCancel(order));
  // The cancellation itself is conditional on the same statuses: a concurrent change still wins.
  const outcome = await cancelAndRefund(ctx, orderId, BUYER_CANCELLABLE_STATUSES, 'cancelled', log, 'buyer');
  if (!outcome.cancelled) {
    const current = await orderRow(ctx, orderId);
    throw new ConflictError(ORDER_MESSAGES.cannotCancel(current ?? order));
  }
  const message = outcome.refundPending ? ORDER_MESSAGES.cancelledRefundPending : ORDER_MESSAGES.cancelled;
  return { message, data: await orderDto(ctx, orderId) };
}

/**
 * An admin sets any status once the order's payment is 'success' (docs/shop-rules.md#order-status).
 * 'cancelled' returns the stock once and refunds a paid online order; a cancelled order keeps its
 * status. 'shipped' stores the shipment (the body schema requires it), replacing earlier tracking
 * data, so setting 'shipped' again corrects it; above ₹50,000 it needs the e-way bill number or the reason
 * there is none (400 without, docs/shop-rules.md#e-way-bills); 'delivered' records its time. A move back from
 * shipped or delivered (isMoveBack) needs `reason` (400 without), checked against the locked row:
 * it is recorded with the reason, sends no e-mail, keeps the shipment and moves no stock or money.
 * `now` is injectable for tests.
 */
export async function setStatusByAdmin(
  ctx: AppContext,
  orderId: string,
  status: OrderStatus,
  log: Log,
  {
    shipment,
    reason,
    now = new Date(),
    actor = null,
  }: { shipment?: ShipmentInput; reason?: string; now?: Date; actor?: AuditActor } = {},
): Promise<{ message: string; data: OrderDto }> {
  const order = await orderRow(ctx, orderId);
  if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
  // A business's order above its approval limit waits for its approver: the owner may only cancel it meanwhile.
  if (order.approvalStatus === 'pending' && status !== 'cancelled') {
    throw new ConflictError(BUSINESS_MESSAGES.awaitingApproval);
  }
  const payment = await findPaymentOfOrder(ctx.db, orderId);
  const refusal = adminStatusChangeRefusal({ ...order, payment: payment ?? null }, status, termsOfOrderRow(order));
  if (refusal) throw new ConflictError(statusChangeRefusalMessage(refusal, order));
  // Goods worth more than ₹50,000 move under an e-way bill (CGST Rule 138), or the admin says why not.
  if (status === 'shipped' && shipment && ewayBillRequired(order.totalPaise)) {
    if (!shipment.ewayBillNumber && !shipment.noEwayBillReason) {
      throw new BadRequestError(SERVER_MESSAGES.ewayBillRequired(formatAmount(toRupees(order.totalPaise))));
    }
  }

  if (status === 'cancelled') {
    if (await hasOpenReturn(ctx.db, orderId)) throw new ConflictError(ORDER_MESSAGES.hasReturns);
    const outcome = await cancelAndRefund(ctx, orderId, NOT_CANCELLED, 'cancelled by admin', log, 'admin', { actor });
    if (!outcome.cancelled) throw new ConflictError(ORDER_MESSAGES.alreadyCancelled);
    const message = outcome.refundPending ? ORDER_MESSAGES.cancelledRefundPending : ORDER_MESSAGES.cancelled;
    return { message, data: await orderDto(ctx, orderId) };
  }

  // Conditional, so that a concurrent cancellation (whose stock is already back) is never undone.
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await lockedStatusOf(tx, orderId);
    const movedBack = before !== undefined && isMoveBack(before.status, status);
    if (movedBack && !reason) {
      throw new BadRequestError(
        SERVER_MESSAGES.moveBackReasonRequired(orderStatusLabel(before.status), orderStatusLabel(status)),
      );
    }
    const rows = await setOrderStatus(tx, orderId, status, shipment, now);
    // A move back corrects the record: the buyer already heard of the shipment, so nothing is sent.
    if (rows[0] && !movedBack) await enqueueStatusMail(tx, rows[0], status, shipment, now);
    if (rows[0] && before) {
      await recordStatusChange(tx, actor, orderId, before, status, {
        shipment,
        reason: movedBack ? reason : undefined,
      });
    }
    // The goods leave: the invoice is due now at the latest (a COD order not yet marked paid, or one whose
    // invoice could not be issued earlier, e.g. before the store's details or an HSN code were entered).
    if (rows.length > 0 && INVOICE_DUE_STATUSES.includes(status)) await issueInvoiceIfAbsent(tx, orderId, { log });
    // Serial numbers when shipped, the outlet's assets when delivered (docs/shop-rules.md#assets).
    if (rows[0]) await recordAssetsOfStatusChange(tx, { orderId, status, serials: shipment?.serials, now });
    return rows;
  });
  if (updated.length > 0) ctx.mail.wake();
  if (updated.length === 0) {
    const current = await orderRow(ctx, orderId);
    throw new ConflictError(
      current?.status === 'cancelled' ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.paymentNotComplete,
    );
  }
  return { message: ORDER_MESSAGES.statusUpdated, data: await orderDto(ctx, orderId) };
}
