/** Payments as the admin's Payments page reads them (paymentSchema): rupees, with their order. */
import { desc, eq, type SQL } from 'drizzle-orm';
import { toRupees, type PaymentDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { orders, payments, users } from '../../db/schema';

export async function loadPayments(db: DbOrTx, where?: SQL): Promise<PaymentDto[]> {
  const rows = await db
    .select({ payment: payments, order: orders, user: { id: users.id, name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(({ payment, order, user }) => ({
    _id: payment.id,
    orderId: order.id,
    mode: payment.mode,
    status: payment.status,
    amount: toRupees(payment.amountPaise),
    gateway: payment.gateway,
    transactionId: payment.gatewayPaymentId,
    razorpayOrderId: payment.gatewayOrderId,
    razorpayPaymentId: payment.gatewayPaymentId,
    signature: payment.signature,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    order: {
      _id: order.id,
      status: order.status,
      total: toRupees(order.totalPaise),
      address: order.address,
      customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
      user: { _id: user.id, name: user.name, email: user.email },
    },
  }));
}
