/** Reading a payment's order: the buyer under the order's `customer` or `user`. */
import type { PaymentDto } from '@pumpkart/shared';

export function paymentCustomer(payment: PaymentDto): { name: string; email: string; phone: string } {
  const order = payment.order as Partial<PaymentDto['order']> | undefined;
  return {
    name: order?.customer?.name || order?.user?.name || '',
    email: order?.customer?.email || order?.user?.email || '',
    phone: order?.customer?.phone || order?.address?.recipientPhone || '',
  };
}

/** The order a payment belongs to. */
export const paymentOrderId = (payment: PaymentDto) => payment.orderId ?? payment.order?._id ?? '';
