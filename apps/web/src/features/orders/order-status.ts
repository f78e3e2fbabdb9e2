/**
 * An order's state in words for the buyer (docs/shop-rules.md#order-status): an online order still
 * pending whose payment has not succeeded is 'Awaiting payment' (it can be paid until its payBy,
 * docs/shop-rules.md#payments); a COD order still pending is 'Pending' (placed, paid on delivery);
 * only a cancelled order (by the buyer, an admin or expiry) says 'Cancelled'.
 */
import { MESSAGES, paymentOf, type OrderDto, type OrderStatus } from '@pumpkart/shared';

export const orderNumber = (id: string) => id.slice(-6);

/** An online order that can still be paid: pending, its payment not (yet) a success. */
export function isAwaitingPayment(order: OrderDto): boolean {
  const payment = paymentOf(order);
  return order.status === 'pending' && payment.mode === 'online' && payment.status !== 'success';
}

const STATUS_WORDS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export type OrderBadge = OrderStatus | 'awaitingPayment';

export function orderBadge(order: OrderDto): { kind: OrderBadge; label: string } {
  if (isAwaitingPayment(order)) return { kind: 'awaitingPayment', label: MESSAGES.awaitingPayment };
  return { kind: order.status, label: STATUS_WORDS[order.status] };
}

/** The payment in words: how, and where it stands. */
export function paymentInWords(order: OrderDto): string {
  const payment = paymentOf(order);
  if (payment.mode === 'cod') {
    if (payment.status === 'success') return 'Cash on delivery · paid';
    if (payment.status === 'refunded') return 'Cash on delivery · cash to be returned';
    if (order.status === 'cancelled') return 'Cash on delivery · not collected';
    return 'Cash on delivery · pay when it arrives';
  }
  if (payment.status === 'success') return 'Paid online';
  if (payment.status === 'refunded') return 'Paid online · refunded';
  if (order.status === 'cancelled') return 'Online · not paid';
  return 'Online · not paid yet';
}
