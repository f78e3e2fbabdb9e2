/**
 * An order's state in words for the buyer (docs/shop-rules.md#order-status): an online order still
 * pending whose payment has not succeeded is 'Awaiting payment' (it can be paid until its payBy,
 * docs/shop-rules.md#payments); a COD order still pending is 'Pending' (placed, paid on delivery);
 * only a cancelled order (by the buyer, an admin or expiry) says 'Cancelled'.
 */
import { MESSAGES, ORDER_STATUS_LABELS, paymentOf, type OrderDto, type OrderStatus } from '@pumpkart/shared';

export { orderNumber, paymentInWords } from '@pumpkart/shared';

/** An online order that can still be paid: pending, its payment not (yet) a success. */
export function isAwaitingPayment(order: OrderDto): boolean {
  const payment = paymentOf(order);
  return order.status === 'pending' && payment.mode === 'online' && payment.status !== 'success';
}

export type OrderBadge = OrderStatus | 'awaitingPayment';

export function orderBadge(order: OrderDto): { kind: OrderBadge; label: string } {
  if (isAwaitingPayment(order)) return { kind: 'awaitingPayment', label: MESSAGES.awaitingPayment };
  return { kind: order.status, label: ORDER_STATUS_LABELS[order.status] };
}
