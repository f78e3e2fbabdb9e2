/**
 * Reading an order: the payment under `payment` or
 * `paymentDetails`, the buyer under `customer` or `user`, the mode from the order or its payment.
 */
import type { OrderDto } from '@pumpkart/shared';

type OrderPaymentView = { mode?: string; status?: string; amount?: number; transactionId?: string | null };

export function paymentOf(order: OrderDto): OrderPaymentView | null {
  const withDetails = order as OrderDto & { paymentDetails?: OrderPaymentView | null };
  return order.payment ?? withDetails.paymentDetails ?? null;
}

export function buyerOf(order: OrderDto): { name: string; email: string; phone: string } {
  const customer = order.customer as Partial<OrderDto['customer']> | undefined;
  const user = order.user as Partial<OrderDto['user']> | undefined;
  return {
    name: customer?.name || user?.name || '',
    email: customer?.email || user?.email || '',
    phone: customer?.phone || '',
  };
}

export function modeOf(order: OrderDto): string {
  return order.paymentMode ?? paymentOf(order)?.mode ?? 'online';
}

/** The status dropdown is enabled only once the payment succeeded (docs/shop-rules.md#order-status). */
export const isPaid = (order: OrderDto) => paymentOf(order)?.status === 'success';

/** 'Mark as Paid' is offered for a COD payment not yet successful (docs/shop-rules.md#cod). */
export const canMarkCodPaid = (order: OrderDto) => modeOf(order) === 'cod' && !isPaid(order);
