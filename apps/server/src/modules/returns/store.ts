/**
 * The returns' rows (docs/shop-rules.md#returns): the order as a return reads it (locked, so that requests and
 * steps of one order run one at a time), its lines and the units already asked back, the returns with their lines
 * and credit note, and each step's conditional update. service.ts keeps the rules.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ReturnStatus } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import {
  orderItems,
  orderReturnLines,
  orderReturns,
  orders,
  payments,
  taxDocuments,
  type ReturnPhoto,
} from '../../db/schema';

export type ReturnRow = typeof orderReturns.$inferSelect;

/** The order's facts a return needs, its row locked FOR UPDATE until the caller's transaction ends. */
export async function lockOrderForReturns(tx: DbOrTx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      deliveredAt: orders.deliveredAt,
      subtotalPaise: orders.subtotalPaise,
      shippingPaise: orders.shippingPaise,
      customerEmail: orders.customerEmail,
      paymentMode: orders.paymentMode,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order;
}
export type ReturnOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForReturns>>>;

/** The order's buyer and status, unlocked (who may read its returns). */
export async function findOrderForReturns(db: DbOrTx, orderId: string) {
  const [order] = await db
    .select({
      userId: orders.userId,
      businessId: orders.businessId,
      status: orders.status,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** The order's lines with the units of each asked back by returns not refused. */
export function linesWithReturnedUnits(db: DbOrTx, orderId: string) {
  return db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      title: orderItems.title,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      // Qualified by hand: drizzle writes a one-table select's columns unqualified.
      returned: sql<number>`coalesce((
        select sum(l.quantity) from ${orderReturnLines} l join ${orderReturns} r on r.id = l.return_id
        where l.order_item_id = "order_items"."id" and r.status <> 'refused'
      ), 0)`.mapWith(Number),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
}
export type ReturnableLine = Awaited<ReturnType<typeof linesWithReturnedUnits>>[number];

/** A new return, numbered after the order's last one. */
export async function insertReturn(
  tx: DbOrTx,
  values: { orderId: string; reason: string; photos: ReturnPhoto[]; now: Date },
  lines: readonly { orderItemId: string; quantity: number }[],
): Promise<ReturnRow> {
  const [row] = await tx
    .insert(orderReturns)
    .values({
      orderId: values.orderId,
      number: sql`(select coalesce(max(${orderReturns.number}), 0) + 1 from ${orderReturns} where ${orderReturns.orderId} = ${values.orderId})`,
      reason: values.reason,
      photos: values.photos,
      requestedAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  await tx.insert(orderReturnLines).values(lines.map((line) => ({ returnId: row!.id, ...line })));
  return row!;
}

/** The return of the order, its row locked until the caller's transaction ends. */
export async function lockReturn(tx: DbOrTx, orderId: string, returnId: string): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.orderId, orderId)))
    .for('update');
  return row;
}

/** Moves the return from `from` with `values`; answers the row, or undefined when it was no longer in `from`. */
export async function updateReturn(
  tx: DbOrTx,
  returnId: string,
  from: readonly ReturnStatus[],
  values: Partial<typeof orderReturns.$inferInsert>,
): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .update(orderReturns)
    .set(values)
    .where(and(eq(orderReturns.id, returnId), inArray(orderReturns.status, [...from])))
    .returning();
  return row;
}

/** The return's lines with what the order line says of them. */
export function linesOfReturn(db: DbOrTx, returnId: string) {
  return db
    .select({
      orderItemId: orderReturnLines.orderItemId,
      quantity: orderReturnLines.quantity,
      title: orderItems.title,
      size: orderItems.size,
      unitPricePaise: orderItems.unitPricePaise,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
    })
    .from(orderReturnLines)
    .innerJoin(orderItems, eq(orderItems.id, orderReturnLines.orderItemId))
    .where(eq(orderReturnLines.returnId, returnId))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
}

/**
 * The value (units × unit price) of the order's returns whose refund is already fixed (received or later), other
 * than `exceptId`: what earlier returns took of the delivery charge is computed from it (deliveryShareOf).
 */
export async function valueReturnedBefore(tx: DbOrTx, orderId: string, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({
      value: sql<number>`coalesce(sum(${orderReturnLines.quantity} * ${orderItems.unitPricePaise}), 0)`.mapWith(Number),
    })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .innerJoin(orderItems, eq(orderItems.id, orderReturnLines.orderItemId))
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        ne(orderReturns.id, exceptId),
        inArray(orderReturns.status, ['received', 'refund_pending', 'refunded']),
      ),
    );
  return row?.value ?? 0;
}

/** The order's returns, first first, with their lines and credit note. */
export async function returnsOfOrder(db: DbOrTx, orderId: string) {
  const rows = await db
    .select({
      row: orderReturns,
      creditNote: sql<{ id: string; number: string; issuedAt: string } | null>`(
        select json_build_object('id', d.id, 'number', d.number, 'issuedAt', d.issued_at)
        from ${taxDocuments} d where d.id = ${orderReturns.creditNoteId}
      )`,
    })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(asc(orderReturns.number));
  const lines = rows.length
    ? await db
        .select({
          returnId: orderReturnLines.returnId,
          orderItemId: orderReturnLines.orderItemId,
          quantity: orderReturnLines.quantity,
          title: orderItems.title,
          size: orderItems.size,
          unitPricePaise: orderItems.unitPricePaise,
        })
        .from(orderReturnLines)
        .innerJoin(orderItems, eq(orderItems.id, orderReturnLines.orderItemId))
        .where(
          inArray(
            orderReturnLines.returnId,
            rows.map((r) => r.row.id),
          ),
        )
        .orderBy(asc(orderItems.title), asc(orderItems.id))
    : [];
  return rows.map(({ row, creditNote }) => ({
    ...row,
    creditNote,
    lines: lines.filter((line) => line.returnId === row.id),
  }));
}

/** Whether the order's payment is a captured online one (its refund goes through the gateway). */
export async function paidOnline(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.mode, 'online'), eq(payments.status, 'success')));
  return row !== undefined;
}

/** The number of a tax document (a return's credit note). */
export async function documentNumberOf(db: DbOrTx, documentId: string | null): Promise<string | null> {
  if (!documentId) return null;
  const [row] = await db
    .select({ number: taxDocuments.number })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, documentId));
  return row?.number ?? null;
}
