/**
 * Order state changes that move stock or money (docs/shop-rules.md#cancellation, #order-status): the buyer's
 * cancel and the admin's status changes, whose cancellation itself is cancellation.ts's. An admin's "shipped" or
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
import { issueInvoiceIfAbsent } from '../invoices';
import { recordAssetsOfStatusChange } from '../assets';
import { recordContractsOfDelivery } from '../amc';
import type { AuditActor } from '../audit';
import { enqueueMail } from '../mail';
import { recordStatusChange } from './audit-trail';
import { cancelAndRefund, NOT_CANCELLED } from './cancellation';
import { findOrderRow, findPaymentOfOrder, hasOpenReturn, lockedStatusOf, setOrderStatus } from './store/lifecycle';
import { loadOrder } from './store/order-dto';
import type { OrderRow } from './store/orders';

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
    // Its annual maintenance contracts, a year from delivery with their visits (docs/shop-rules.md#amc).
    if (rows[0] && status === 'delivered') await recordContractsOfDelivery(tx, orderId, now);
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
