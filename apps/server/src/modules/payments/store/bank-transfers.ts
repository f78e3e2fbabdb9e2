/**
 * The bank transfers' rows (docs/shop-rules.md#bank-transfer): the transfers a buyer recorded against an order, the
 * owner's decision on each, and the order's terms and received money they change. Every write runs in the caller's
 * transaction, after the order and its payment were locked (lockOrderAndPayment), so two decisions on one order
 * never race past the amount due.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { indiaDateOf } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { bankTransfers, orders } from '../../../db/schema';

export type BankTransferRow = typeof bankTransfers.$inferSelect;

/** The order's instalments, gateway orders opened but never paid left out. */
export async function findTransfersOfOrder(db: DbOrTx, orderId: string): Promise<BankTransferRow[]> {
  return db
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.orderId, orderId), ne(bankTransfers.status, 'opened')))
    .orderBy(asc(bankTransfers.createdAt), asc(bankTransfers.id));
}

/** A transfer with its row locked (the order's lock is taken first by the caller). */
export async function lockTransfer(tx: DbOrTx, id: string): Promise<BankTransferRow | undefined> {
  const [row] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id)).for('update');
  return row;
}

/** The sum of this order's transfers still waiting for the owner's decision. */
export async function waitingPaiseOf(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${bankTransfers.amountPaise}), 0)` })
    .from(bankTransfers)
    .where(and(eq(bankTransfers.orderId, orderId), eq(bankTransfers.status, 'recorded')));
  return Number(row?.paise ?? 0);
}

export async function insertTransfer(
  tx: DbOrTx,
  values: { orderId: string; utr: string; amountPaise: number; transferredOn: string },
): Promise<BankTransferRow> {
  const [row] = await tx.insert(bankTransfers).values(values).returning();
  return row!;
}

/** The online instalment opened as gateway order `gatewayOrderId`, if any. */
export async function findInstalmentByGatewayOrder(db: DbOrTx, gatewayOrderId: string) {
  const [row] = await db
    .select({ row: bankTransfers, userId: orders.userId })
    .from(bankTransfers)
    .innerJoin(orders, eq(orders.id, bankTransfers.orderId))
    .where(and(eq(bankTransfers.gatewayOrderId, gatewayOrderId), eq(bankTransfers.method, 'razorpay')));
  return row;
}

/** An opened online instalment of `amountPaise` still unpaid, to answer again instead of opening another. */
export async function findOpenedInstalment(db: DbOrTx, orderId: string, amountPaise: number) {
  const [row] = await db
    .select()
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.orderId, orderId),
        eq(bankTransfers.status, 'opened'),
        eq(bankTransfers.amountPaise, amountPaise),
        isNull(bankTransfers.gatewayPaymentId),
      ),
    )
    .orderBy(asc(bankTransfers.createdAt))
    .limit(1);
  return row;
}

export async function insertOpenedInstalment(
  tx: DbOrTx,
  values: { orderId: string; amountPaise: number; gatewayOrderId: string; openedOn: string },
): Promise<BankTransferRow> {
  const [row] = await tx
    .insert(bankTransfers)
    .values({
      orderId: values.orderId,
      method: 'razorpay',
      status: 'opened',
      amountPaise: values.amountPaise,
      gatewayOrderId: values.gatewayOrderId,
      transferredOn: values.openedOn,
    })
    .returning();
  return row!;
}

/** The online instalment by its gateway order, locked (the order's lock is taken first by the caller). */
export async function lockInstalment(tx: DbOrTx, gatewayOrderId: string): Promise<BankTransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankTransfers)
    .where(eq(bankTransfers.gatewayOrderId, gatewayOrderId))
    .for('update');
  return row;
}

/**
 * A captured online instalment: 'confirmed' (counted) or 'returned' (to be refunded through the gateway), with the
 * gateway's payment id; only while it is 'opened', so of verify and webhook one settles it.
 */
export async function settleInstalmentRow(
  tx: DbOrTx,
  id: string,
  values: { status: 'confirmed' | 'returned'; gatewayPaymentId: string; now: Date },
): Promise<BankTransferRow | undefined> {
  const [row] = await tx
    .update(bankTransfers)
    .set({
      status: values.status,
      gatewayPaymentId: values.gatewayPaymentId,
      transferredOn: indiaDateOf(values.now),
      decidedAt: values.now,
    })
    .where(and(eq(bankTransfers.id, id), eq(bankTransfers.status, 'opened')))
    .returning();
  return row;
}

/** The sandbox's record that an opened instalment was paid as `gatewayPaymentId`; false when claimed before. */
export async function claimSandboxInstalment(db: DbOrTx, id: string, gatewayPaymentId: string): Promise<boolean> {
  const claimed = await db
    .update(bankTransfers)
    .set({ gatewayPaymentId })
    .where(and(eq(bankTransfers.id, id), eq(bankTransfers.status, 'opened'), isNull(bankTransfers.gatewayPaymentId)))
    .returning({ id: bankTransfers.id });
  return claimed.length > 0;
}

/** Online instalments returned on a cancellation and not refunded yet. */
export async function findInstalmentsToRefund(db: DbOrTx, orderId: string): Promise<BankTransferRow[]> {
  return db
    .select()
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.orderId, orderId),
        eq(bankTransfers.method, 'razorpay'),
        eq(bankTransfers.status, 'returned'),
        isNull(bankTransfers.refundId),
      ),
    );
}

/** Records the gateway's refund of an online instalment; false when another call recorded one first. */
export async function recordInstalmentRefund(db: DbOrTx, id: string, refundId: string): Promise<boolean> {
  const recorded = await db
    .update(bankTransfers)
    .set({ refundId })
    .where(and(eq(bankTransfers.id, id), isNull(bankTransfers.refundId)))
    .returning({ id: bankTransfers.id });
  return recorded.length > 0;
}

/** Confirms or rejects a waiting transfer; answers undefined when it was no longer waiting. */
export async function decideTransfer(
  tx: DbOrTx,
  id: string,
  decision: { status: 'confirmed' } | { status: 'rejected'; reason: string },
  now: Date,
): Promise<BankTransferRow | undefined> {
  const [row] = await tx
    .update(bankTransfers)
    .set({
      status: decision.status,
      rejectReason: decision.status === 'rejected' ? decision.reason : null,
      decidedAt: now,
    })
    .where(and(eq(bankTransfers.id, id), eq(bankTransfers.status, 'recorded')))
    .returning();
  return row;
}

/** Adds a confirmed amount to the order's received money; answers the new total received. */
export async function addReceived(tx: DbOrTx, orderId: string, paise: number, now: Date): Promise<number> {
  const [row] = await tx
    .update(orders)
    .set({ receivedPaise: sql`${orders.receivedPaise} + ${paise}`, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning({ receivedPaise: orders.receivedPaise });
  return row!.receivedPaise;
}

/** The order's advance percentage, only while nothing was received (the caller checks the rest under its lock). */
export async function setAdvancePercent(tx: DbOrTx, orderId: string, advancePercent: number, now: Date) {
  const [row] = await tx
    .update(orders)
    .set({ advancePercent, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.receivedPaise, 0)))
    .returning({ id: orders.id });
  return row !== undefined;
}
