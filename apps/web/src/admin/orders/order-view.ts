/**
 * Reading an order in the admin area: its payment through the shared paymentOf (the only place the
 * API sends it), the buyer under `customer` or `user`.
 */
import { adminMayChangeStatus, paymentOf, termsOfOrderDto, type OrderDto } from '@pumpkart/shared';

export { paymentOf };

export function buyerOf(order: OrderDto): { name: string; email: string; phone: string } {
  const customer = order.customer as Partial<OrderDto['customer']> | undefined;
  const user = order.user as Partial<OrderDto['user']> | undefined;
  return {
    name: customer?.name || user?.name || '',
    email: customer?.email || user?.email || '',
    phone: customer?.phone || '',
  };
}

/** The table an order goes in: its payment mode. */
export const modeOf = (order: OrderDto) => order.paymentMode;

/** The payment succeeded (docs/shop-rules.md#order-status). */
export const isPaid = (order: OrderDto) => paymentOf(order).status === 'success';

/**
 * The status dropdown is enabled when the shared rule lets an admin change the status
 * (docs/shop-rules.md#order-status): the payment succeeded and the order is not cancelled; a bank-transfer order's
 * once its advance is received (the server refuses shipping it before the balance, with its message).
 */
export const mayChangeStatus = (order: OrderDto) => adminMayChangeStatus(order, termsOfOrderDto(order));

/** 'Mark as Paid' is offered for a COD payment not yet successful (docs/shop-rules.md#cod). */
export const canMarkCodPaid = (order: OrderDto) => modeOf(order) === 'cod' && !isPaid(order);
