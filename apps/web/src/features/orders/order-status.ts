/**
 * An order's state in words for the buyer (docs/shop-rules.md#order-status): an online order still
 * pending whose payment has not succeeded is 'Awaiting payment' (it can be paid until its payBy,
 * docs/shop-rules.md#payments); a COD order still pending is 'Pending' (placed, paid on delivery);
 * only a cancelled order (by the buyer, an admin or expiry) says 'Cancelled'. A business order above the business's
 * approval limit says 'Waiting for approval' until an approver decides, and cannot be paid before
 * (docs/shop-rules.md#business-accounts).
 */
import { MESSAGES, ORDER_STATUS_LABELS, paymentOf, type OrderDto, type OrderStatus } from '@pumpkart/shared';

export { orderNumber, paymentInWords } from '@pumpkart/shared';

/** An order whose business's approver has not decided yet. */
export const isAwaitingApproval = (order: OrderDto) => order.status === 'pending' && order.approvalStatus === 'pending';

/** An online order that can still be paid: pending, its payment not (yet) a success, not waiting for approval. */
export function isAwaitingPayment(order: OrderDto): boolean {
  const payment = paymentOf(order);
  return (
    order.status === 'pending' &&
    payment.mode === 'online' &&
    payment.status !== 'success' &&
    !isAwaitingApproval(order)
  );
}

export type OrderBadge = OrderStatus | 'awaitingPayment' | 'awaitingApproval';

export function orderBadge(order: OrderDto): { kind: OrderBadge; label: string } {
  if (isAwaitingApproval(order)) return { kind: 'awaitingApproval', label: 'Waiting for approval' };
  if (isAwaitingPayment(order)) return { kind: 'awaitingPayment', label: MESSAGES.awaitingPayment };
  return { kind: order.status, label: ORDER_STATUS_LABELS[order.status] };
}
