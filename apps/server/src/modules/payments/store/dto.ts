/**
 * Payments as the admin's Payments page reads them (paymentSchema): rupees, with their order. One statement reads
 * any number of them with their order and buyer as json (paymentsJson: the list's page, COD "Mark as Paid"'s one
 * payment) and paymentDtoOf alone writes the DTO's shape.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { toRupees, type Address, type PaymentDto } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { orders, payments, users } from '../../../db/schema';
import { epochMs, jsonObjectOf, renderedOnce, rowsOf } from '../../../lib/raw-rows';

/** A payment as PAYMENT_JSON reads it: the columns paymentDtoOf reads, instants as epoch milliseconds. */
interface PaymentJson {
  payment: Pick<
    typeof payments.$inferSelect,
    'id' | 'mode' | 'status' | 'amountPaise' | 'gateway' | 'gatewayPaymentId' | 'gatewayOrderId' | 'signature'
  > & { createdAt: number; updatedAt: number };
  order: Pick<
    typeof orders.$inferSelect,
    'id' | 'status' | 'totalPaise' | 'receivedPaise' | 'customerName' | 'customerEmail' | 'customerPhone'
  > & { address: Address };
  user: { id: string; name: string; email: string };
}

/** One payment of `payments` (joined to its order and the order's buyer) as PaymentJson, rendered once. */
const PAYMENT_JSON = renderedOnce(
  jsonObjectOf({
    payment: jsonObjectOf({
      id: payments.id,
      mode: payments.mode,
      status: payments.status,
      amountPaise: payments.amountPaise,
      gateway: payments.gateway,
      gatewayPaymentId: payments.gatewayPaymentId,
      gatewayOrderId: payments.gatewayOrderId,
      signature: payments.signature,
      createdAt: epochMs(payments.createdAt),
      updatedAt: epochMs(payments.updatedAt),
    }),
    order: jsonObjectOf({
      id: orders.id,
      status: orders.status,
      totalPaise: orders.totalPaise,
      receivedPaise: orders.receivedPaise,
      address: orders.address,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
    }),
    user: jsonObjectOf({ id: users.id, name: users.name, email: users.email }),
  }),
);

/** The DTO, in paymentSchema's shape and key order: the one home of a payment's answer. */
export function paymentDtoOf({ payment, order, user }: PaymentJson): PaymentDto {
  return {
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
    createdAt: new Date(payment.createdAt).toISOString(),
    updatedAt: new Date(payment.updatedAt).toISOString(),
    order: {
      _id: order.id,
      status: order.status,
      total: toRupees(order.totalPaise),
      received: toRupees(order.receivedPaise),
      address: order.address,
      customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
      user: { _id: user.id, name: user.name, email: user.email },
    },
  };
}

/** Newest first, the id breaking ties. */
const NEWEST_FIRST = [desc(payments.createdAt), desc(payments.id)];

/**
 * The payments of `where` as a scalar subquery: a json array of PaymentJson in `orderBy`'s order, `[]` for none.
 * Map it with paymentDtosOf.
 */
export function paymentsJson(where: SQL | undefined, orderBy: SQL[]): SQL {
  return sql`(
    select coalesce(json_agg(${PAYMENT_JSON} order by ${sql.join(orderBy, sql`, `)}), '[]')
    from ${payments}
    inner join ${orders} on ${orders.id} = ${payments.orderId}
    inner join ${users} on ${users.id} = ${orders.userId}
    ${where ? sql`where ${where}` : sql``}
  )`;
}

export const paymentDtosOf = (rows: PaymentJson[]): PaymentDto[] => rows.map(paymentDtoOf);

/** The payments of `where`, newest first. */
export async function loadPayments(db: DbOrTx, where?: SQL): Promise<PaymentDto[]> {
  const [row] = rowsOf<{ payments: PaymentJson[] }>(
    await db.execute(sql`select ${paymentsJson(where, NEWEST_FIRST)} as "payments"`),
  );
  return paymentDtosOf(row!.payments);
}

/** The payment `id` (COD "Mark as Paid" answers it). */
export async function loadPayment(db: DbOrTx, id: string): Promise<PaymentDto | undefined> {
  const [payment] = await loadPayments(db, eq(payments.id, id));
  return payment;
}
