/**
 * Payments as the admin's Payments page reads them (paymentSchema): rupees, with their order. loadPayments builds
 * them from drizzle's rows (one payment: COD "Mark as Paid"); the list's statement writes their JSON itself
 * (paymentsJson, docs/decisions/0011-admin-lists-at-size.md), byte for byte what the response schema
 * makes of loadPayments' DTOs (admin-list.test.ts).
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { toRupees, type PaymentDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { orders, payments, users } from '../../db/schema';
import { addressJson, isoTimeJson, jsonArray, jsonObject, jsonValue, rupeesJson } from '../../lib/json-text';
import { renderedOnce } from '../../lib/raw-rows';

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

/** loadPayments' DTO of one payment of `payments` (joined to its order and the order's buyer) as JSON text. */
const PAYMENT_DTO_JSON = renderedOnce(
  jsonObject({
    _id: jsonValue(payments.id),
    orderId: jsonValue(orders.id),
    mode: jsonValue(payments.mode),
    status: jsonValue(payments.status),
    amount: rupeesJson(payments.amountPaise),
    gateway: jsonValue(payments.gateway),
    transactionId: jsonValue(payments.gatewayPaymentId),
    razorpayOrderId: jsonValue(payments.gatewayOrderId),
    razorpayPaymentId: jsonValue(payments.gatewayPaymentId),
    signature: jsonValue(payments.signature),
    createdAt: isoTimeJson(payments.createdAt),
    updatedAt: isoTimeJson(payments.updatedAt),
    order: jsonObject({
      _id: jsonValue(orders.id),
      status: jsonValue(orders.status),
      total: rupeesJson(orders.totalPaise),
      address: addressJson(orders.address),
      customer: jsonObject({
        name: jsonValue(orders.customerName),
        email: jsonValue(orders.customerEmail),
        phone: jsonValue(orders.customerPhone),
      }),
      user: jsonObject({ _id: jsonValue(users.id), name: jsonValue(users.name), email: jsonValue(users.email) }),
    }),
  }),
);

/** The JSON text of the array of the DTOs of the payments of `where`, in `orderBy`'s order: a scalar subquery. */
export function paymentsJson(where: SQL, orderBy: SQL[]): SQL {
  return sql`(
    select ${jsonArray(PAYMENT_DTO_JSON, orderBy)}
    from ${payments}
    inner join ${orders} on ${orders.id} = ${payments.orderId}
    inner join ${users} on ${users.id} = ${orders.userId}
    where ${where}
  )`;
}
