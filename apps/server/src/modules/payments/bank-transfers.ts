/**
 * Bank transfer with an advance (docs/shop-rules.md#bank-transfer, docs/decisions/0032-bank-transfer-and-advance.md):
 * the buyer records each transfer by its UTR; the owner (or orders staff) confirms what arrived or rejects it with a
 * reason; only confirmed money counts. A confirmation that completes the advance moves the order from pending to
 * processing; one that completes the total marks the payment 'success' and issues the tax invoice (the goods may
 * then leave). Each decision runs in one transaction that locks the order and its payment first, as every other
 * payment change does, so two decisions never count past the total.
 */
import {
  advancePaiseOf,
  BANK_MESSAGES,
  dueNowPaise,
  formatAmount,
  indiaDateOf,
  toPaise,
  toRupees,
  type BankDetails,
  type BankTransferDto,
  type OrderTransfersResponse,
  type RecordTransferBody,
} from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit';
import { issueInvoiceIfAbsent } from '../invoices';
import { enqueueMails, ownerEmail, type Envelope } from '../mail';
import { moveToProcessing } from '../orders';
import { findStoreSettings } from '../settings';
import {
  addReceived,
  decideTransfer,
  findTransfersOfOrder,
  insertTransfer,
  lockTransfer,
  setAdvancePercent,
  waitingPaiseOf,
  type BankTransferRow,
} from './store/bank-transfers';
import { findOrderWithPayment, lockOrderWithPayment, markPaid, type LockedPayment } from './store/payments';

type OrderRow = LockedPayment['order'];

/** The store's bank details when bank transfer is offered (entered and switched on), else null. */
export async function offeredBankDetails(ctx: Pick<AppContext, 'db'>): Promise<BankDetails | null> {
  const bank = (await findStoreSettings(ctx))?.bankDetails;
  return bank?.enabled ? bank : null;
}

const termsOf = (order: OrderRow) => ({
  totalPaise: order.totalPaise,
  advancePercent: order.advancePercent,
  receivedPaise: order.receivedPaise,
});

/** What the buyer is asked to transfer now, as the e-mail names it. */
export function stageOf(order: OrderRow): 'advance' | 'balance' | 'full' {
  if (order.advancePercent >= 100) return 'full';
  return order.receivedPaise < advancePaiseOf(order.totalPaise, order.advancePercent) ? 'advance' : 'balance';
}

/** The buyer's e-mail with the bank details and the amount due now (none when nothing is due or not offered). */
export function transferDueMail(order: OrderRow, bank: BankDetails | null): Envelope[] {
  const amountPaise = dueNowPaise(termsOf(order));
  if (!bank || amountPaise === 0 || order.status === 'cancelled') return [];
  return [
    {
      to: order.customerEmail,
      message: { kind: 'bank-transfer-due', orderId: order.id, amountPaise, stage: stageOf(order), bank },
    },
  ];
}

export const transferDto = (row: BankTransferRow): BankTransferDto => ({
  _id: row.id,
  orderId: row.orderId,
  method: row.method,
  utr: row.utr,
  gatewayPaymentId: row.gatewayPaymentId,
  amount: toRupees(row.amountPaise),
  transferredOn: row.transferredOn,
  status: row.status,
  rejectReason: row.rejectReason,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A bank-transfer order as its buyer (userId) or the back office (userId null) may read it; 404 otherwise. */
export async function bankOrder(db: DbOrTx, orderId: string, userId: string | null, lock: boolean) {
  const found = lock ? await lockOrderWithPayment(db, orderId) : await findOrderWithPayment(db, orderId);
  const order = found?.order;
  // Another buyer's order is 404, never 403, so that ids cannot be probed.
  if (!order || !found.payment || (userId !== null && order.userId !== userId)) {
    throw new NotFoundError('Order not found.');
  }
  if (order.paymentMode !== 'bank') throw new ConflictError(BANK_MESSAGES.notBankOrder);
  return { order, payment: found.payment };
}

/** The order's terms, received money, amount due now, transfers, and the bank details to pay to. */
export async function orderTransfers(
  ctx: AppContext,
  orderId: string,
  userId: string | null,
): Promise<OrderTransfersResponse> {
  const { order } = await bankOrder(ctx.db, orderId, userId, false);
  const transfers = await findTransfersOfOrder(ctx.db, orderId);
  return {
    advancePercent: order.advancePercent,
    advance: toRupees(advancePaiseOf(order.totalPaise, order.advancePercent)),
    received: toRupees(order.receivedPaise),
    dueNow: order.status === 'cancelled' ? 0 : toRupees(dueNowPaise(termsOf(order))),
    bank: (await findStoreSettings(ctx))?.bankDetails ?? null,
    transfers: transfers.map(transferDto),
  };
}

/**
 * The buyer records a transfer: at most what is still due on the order, counting the transfers still waiting for
 * the owner (a larger amount is refused, so the shop never holds more than the order's total); a UTR already
 * recorded (and not rejected) is refused. The owner is told by e-mail.
 */
export async function recordTransfer(
  ctx: AppContext,
  userId: string,
  orderId: string,
  body: RecordTransferBody,
  now: Date = new Date(),
): Promise<BankTransferDto> {
  // The buyer's today is India's: before 05:30 IST the UTC date is still yesterday's.
  if (body.transferredOn > indiaDateOf(now)) throw new BadRequestError(BANK_MESSAGES.transferredOn);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const { order } = await bankOrder(tx, orderId, userId, true);
      if (order.status === 'cancelled') throw new ConflictError(BANK_MESSAGES.orderClosed);
      const openPaise = order.totalPaise - order.receivedPaise - (await waitingPaiseOf(tx, orderId));
      if (openPaise <= 0) throw new ConflictError(BANK_MESSAGES.nothingDue);
      const amountPaise = toPaise(body.amount);
      if (amountPaise > openPaise) throw new ConflictError(BANK_MESSAGES.tooMuch(formatAmount(toRupees(openPaise))));
      const inserted = await insertTransfer(tx, {
        orderId,
        utr: body.utr,
        amountPaise,
        transferredOn: body.transferredOn,
      });
      await enqueueMails(tx, [
        {
          to: ownerEmail(ctx.config),
          message: {
            kind: 'owner-transfer-recorded',
            orderId,
            utr: body.utr,
            amountPaise,
            transferredOn: body.transferredOn,
          },
        },
      ]);
      return inserted;
    });
    ctx.mail.wake();
    return transferDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(BANK_MESSAGES.utrUsed);
    throw error;
  }
}

/** The transfer's order id, or 404. */
async function orderIdOfTransfer(ctx: AppContext, transferId: string): Promise<string> {
  const row = await ctx.db.transaction((tx) => lockTransfer(tx, transferId));
  if (!row) throw new NotFoundError('Transfer not found.');
  return row.orderId;
}

/**
 * Money received on a bank-terms order, the one home of the rule for a confirmed transfer and a captured online
 * instalment alike (the caller holds the order's lock and checked that `amountPaise` fits the total): it counts as
 * received; the order moves to processing when the advance is complete (the owner is told of a new order), and its
 * payment becomes 'success' with the tax invoice issued when the total is. Answers the e-mails to send, the bank
 * details for the balance among them when the advance just became complete.
 */
export async function receiveMoney(
  ctx: AppContext,
  tx: DbOrTx,
  { order, payment }: LockedPayment,
  amountPaise: number,
  { log, now, bank }: { log: Log; now: Date; bank: BankDetails | null },
): Promise<{ receivedPaise: number; after: OrderRow; mails: Envelope[] }> {
  const receivedPaise = await addReceived(tx, order.id, amountPaise, now);
  const after = { ...order, receivedPaise };
  const mails: Envelope[] = [];
  if (order.status === 'pending' && receivedPaise >= advancePaiseOf(order.totalPaise, order.advancePercent)) {
    if (await moveToProcessing(tx, order.id, now)) {
      mails.push({ to: ownerEmail(ctx.config), message: { kind: 'owner-new-order', orderId: order.id } });
    }
  }
  if (receivedPaise >= order.totalPaise) {
    await markPaid(tx, payment.id, now);
    // Fully paid: the goods may leave, so the tax invoice is issued now (docs/decisions/0032).
    await issueInvoiceIfAbsent(tx, order.id, { log, now });
  }
  // The advance is in and a balance is due: the buyer is sent the bank details for it.
  if (stageOf(after) === 'balance' && stageOf(order) === 'advance') mails.push(...transferDueMail(after, bank));
  return { receivedPaise, after, mails };
}

/**
 * The owner confirms a transfer that arrived: it counts as received; the order moves to processing when the advance
 * is complete, and its payment becomes 'success' with the tax invoice issued when the total is. Recorded in the
 * audit trail; the buyer is told (with the amount due next).
 */
export async function confirmTransfer(
  ctx: AppContext,
  transferId: string,
  log: Log,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<BankTransferDto> {
  const orderId = await orderIdOfTransfer(ctx, transferId);
  const bank = await offeredBankDetails(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const { order, payment } = await bankOrder(tx, orderId, null, true);
    if (order.status === 'cancelled') throw new ConflictError(BANK_MESSAGES.orderClosed);
    const transfer = await lockTransfer(tx, transferId);
    if (!transfer || transfer.status !== 'recorded') throw new ConflictError(BANK_MESSAGES.notWaiting);
    const openPaise = order.totalPaise - order.receivedPaise;
    if (transfer.amountPaise > openPaise) {
      throw new ConflictError(BANK_MESSAGES.tooMuch(formatAmount(toRupees(Math.max(0, openPaise)))));
    }
    const decided = (await decideTransfer(tx, transferId, { status: 'confirmed' }, now))!;
    const { receivedPaise, after, mails } = await receiveMoney(ctx, tx, { order, payment }, transfer.amountPaise, {
      log,
      now,
      bank,
    });
    await recordAudit(tx, actor, {
      kind: 'order.transfer_confirmed',
      entityType: 'order',
      entityId: orderId,
      summary: `Bank transfer ${transfer.utr} of ${formatAmount(toRupees(transfer.amountPaise))} confirmed`,
      changes: { received: { before: toRupees(order.receivedPaise), after: toRupees(receivedPaise) } },
    });
    mails.push({
      to: order.customerEmail,
      message: {
        kind: 'bank-transfer-decided',
        orderId,
        utr: transfer.utr ?? '',
        amountPaise: transfer.amountPaise,
        confirmed: true,
        reason: null,
        dueNowPaise: dueNowPaise(termsOf(after)),
      },
    });
    await enqueueMails(tx, mails);
    return decided;
  });
  ctx.mail.wake();
  return transferDto(row);
}

/** The owner rejects a transfer that did not arrive (with the reason, told to the buyer); nothing is counted. */
export async function rejectTransfer(
  ctx: AppContext,
  transferId: string,
  reason: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<BankTransferDto> {
  const orderId = await orderIdOfTransfer(ctx, transferId);
  const row = await ctx.db.transaction(async (tx) => {
    const { order } = await bankOrder(tx, orderId, null, true);
    const decided = await decideTransfer(tx, transferId, { status: 'rejected', reason }, now);
    if (!decided) throw new ConflictError(BANK_MESSAGES.notWaiting);
    await recordAudit(tx, actor, {
      kind: 'order.transfer_rejected',
      entityType: 'order',
      entityId: orderId,
      summary: `Bank transfer ${decided.utr} of ${formatAmount(toRupees(decided.amountPaise))} rejected: ${reason}`,
    });
    await enqueueMails(tx, [
      {
        to: order.customerEmail,
        message: {
          kind: 'bank-transfer-decided',
          orderId,
          utr: decided.utr ?? '',
          amountPaise: decided.amountPaise,
          confirmed: false,
          reason,
          dueNowPaise: order.status === 'cancelled' ? 0 : dueNowPaise(termsOf(order)),
        },
      },
    ]);
    return decided;
  });
  ctx.mail.wake();
  return transferDto(row);
}

/**
 * The owner changes an order's advance percentage: only a pending bank-transfer order on which nothing was
 * received yet (409 otherwise). Recorded in the audit trail.
 */
export async function setPaymentTerms(
  ctx: AppContext,
  orderId: string,
  advancePercent: number,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<OrderTransfersResponse> {
  await ctx.db.transaction(async (tx) => {
    const { order } = await bankOrder(tx, orderId, null, true);
    if (order.status !== 'pending' || order.receivedPaise > 0) throw new ConflictError(BANK_MESSAGES.termsLocked);
    if (order.advancePercent === advancePercent) return;
    if (!(await setAdvancePercent(tx, orderId, advancePercent, now)))
      throw new ConflictError(BANK_MESSAGES.termsLocked);
    await recordAudit(tx, actor, {
      kind: 'order.terms_changed',
      entityType: 'order',
      entityId: orderId,
      summary: `Advance: ${order.advancePercent} % → ${advancePercent} %`,
      changes: { advancePercent: { before: order.advancePercent, after: advancePercent } },
    });
  });
  return orderTransfers(ctx, orderId, null);
}
