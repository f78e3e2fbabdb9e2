/**
 * An instalment of a bank-terms order paid through the gateway (docs/shop-rules.md#bank-transfer): the buyer pays
 * the amount due now (the advance still missing, else the balance) online instead of by a transfer. The gateway's
 * capture confirms the money, so no owner decides: the browser's verify and the webhook both settle it through
 * settleCapturedInstalment, which counts it once (the row moves from 'opened' only once, under the order's lock)
 * and hands it to receiveMoney, the rule a confirmed transfer follows. A capture that no longer fits (the order was
 * cancelled, or other money completed it meanwhile) is refunded through the gateway instead.
 */
import {
  BANK_MESSAGES,
  BUSINESS_MESSAGES,
  dueNowPaise,
  formatAmount,
  indiaDateOf,
  toRupees,
  type CreatePaymentResponse,
  type PaymentStatus,
} from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import { ConflictError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { enqueueMail, enqueueMails, ownerEmail } from '../mail';
import { bankOrder, offeredBankDetails, receiveMoney } from './bank-transfers';
import {
  findInstalmentByGatewayOrder,
  findInstalmentsToRefund,
  findOpenedInstalment,
  insertOpenedInstalment,
  lockInstalment,
  recordInstalmentRefund,
  settleInstalmentRow,
  waitingPaiseOf,
  type BankTransferRow,
} from './store/bank-transfers';

/**
 * Opens (or reuses) a gateway order for exactly the amount due now on the caller's bank-terms order. 409 when
 * nothing is due, the order is cancelled or awaits its approver, or a recorded transfer waits for the owner (it may
 * cover the amount: paying online as well could take more than the buyer meant).
 */
export async function openInstalmentPayment(
  ctx: AppContext,
  userId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<CreatePaymentResponse> {
  const { order } = await bankOrder(ctx.db, orderId, userId, false);
  if (order.status === 'cancelled') throw new ConflictError(BANK_MESSAGES.orderClosed);
  if (order.approvalStatus === 'pending') throw new ConflictError(BUSINESS_MESSAGES.awaitingApproval);
  const amountPaise = dueNowPaise(order);
  if (amountPaise === 0) throw new ConflictError(BANK_MESSAGES.nothingDue);
  if ((await waitingPaiseOf(ctx.db, orderId)) > 0) throw new ConflictError(BANK_MESSAGES.transferWaiting);

  const { gateway } = ctx.payments;
  // A retry for the same amount answers the gateway order already opened; two racing calls may open two, of
  // which only what fits is counted (settleCapturedInstalment).
  const opened =
    (await findOpenedInstalment(ctx.db, orderId, amountPaise)) ??
    (await insertOpenedInstalment(ctx.db, {
      orderId,
      amountPaise,
      gatewayOrderId: (await gateway.createOrder({ amountPaise, receipt: orderId })).id,
      openedOn: indiaDateOf(now),
    }));
  return { rzpOrderId: opened.gatewayOrderId!, amount: amountPaise, currency: 'INR', key: gateway.keyId, orderId };
}

export interface InstalmentOutcome {
  orderId: string;
  /** 'success': counted as received; 'refunded': captured for an order that could not take it, refunded. */
  status: PaymentStatus;
  changed: boolean;
}

/**
 * A captured payment of an online instalment (verify or webhook): counted once. `accept` checks the locked row for
 * the browser's verify (its buyer, its signature); a refusal rolls back. Answers undefined for a gateway order that
 * is not an instalment.
 */
export async function settleCapturedInstalment(
  ctx: AppContext,
  input: { gatewayOrderId: string; paymentId: string; accept?: (row: BankTransferRow, userId: string) => void },
  log: Log,
  now: Date = new Date(),
): Promise<InstalmentOutcome | undefined> {
  const found = await findInstalmentByGatewayOrder(ctx.db, input.gatewayOrderId);
  if (!found) return undefined;
  const orderId = found.row.orderId;
  const bank = await offeredBankDetails(ctx);
  const outcome = await ctx.db.transaction(async (tx): Promise<InstalmentOutcome> => {
    const locked = await bankOrder(tx, orderId, null, true);
    const row = (await lockInstalment(tx, input.gatewayOrderId))!;
    input.accept?.(row, locked.order.userId);
    if (row.status !== 'opened') {
      return { orderId, status: row.status === 'returned' ? 'refunded' : 'success', changed: false };
    }
    const { order } = locked;
    if (order.status === 'cancelled' || row.amountPaise > order.totalPaise - order.receivedPaise) {
      await settleInstalmentRow(tx, row.id, { status: 'returned', gatewayPaymentId: input.paymentId, now });
      log.warn({ orderId, gatewayOrderId: input.gatewayOrderId }, 'instalment captured after it stopped fitting');
      return { orderId, status: 'refunded', changed: true };
    }
    await settleInstalmentRow(tx, row.id, { status: 'confirmed', gatewayPaymentId: input.paymentId, now });
    const { receivedPaise, mails } = await receiveMoney(ctx, tx, locked, row.amountPaise, { log, now, bank });
    await recordAudit(tx, null, {
      kind: 'order.instalment_paid_online',
      entityType: 'order',
      entityId: orderId,
      summary: `Instalment of ${formatAmount(toRupees(row.amountPaise))} paid online (${input.paymentId})`,
      changes: { received: { before: toRupees(order.receivedPaise), after: toRupees(receivedPaise) } },
    });
    await enqueueMails(tx, mails);
    return { orderId, status: 'success', changed: true };
  });
  ctx.mail.wake();
  if (outcome.changed && outcome.status === 'refunded') await refundInstalments(ctx, orderId, log);
  return outcome;
}

/**
 * Refunds through the gateway every online instalment of the order that was returned (a cancellation, or a capture
 * that no longer fitted) and not refunded yet, each under its own receipt (a retry answers the same refund). A
 * refusal is logged and the owner told to refund it from the gateway's dashboard.
 */
export async function refundInstalments(ctx: AppContext, orderId: string, log: Log): Promise<void> {
  for (const row of await findInstalmentsToRefund(ctx.db, orderId)) {
    if (!row.gatewayPaymentId) continue;
    try {
      const refund = await ctx.payments.gateway.refund({
        paymentId: row.gatewayPaymentId,
        amountPaise: row.amountPaise,
        receipt: row.id,
      });
      await ctx.db.transaction(async (tx) => {
        if (!(await recordInstalmentRefund(tx, row.id, refund.id))) return;
        const { order } = await bankOrder(tx, orderId, null, false);
        await enqueueMail(tx, order.customerEmail, {
          kind: 'refund-processed',
          orderId,
          amountPaise: row.amountPaise,
          refundId: refund.id,
        });
      });
    } catch (err) {
      log.error({ err, orderId, gatewayPaymentId: row.gatewayPaymentId }, 'instalment refund failed');
      await enqueueMail(ctx.db, ownerEmail(ctx.config), {
        kind: 'owner-refund-action',
        orderId,
        amountPaise: row.amountPaise,
        reason: `The payment gateway refused the refund of the instalment paid online (${row.gatewayPaymentId}). Refund it from the payment gateway's dashboard.`,
      });
    }
  }
  ctx.mail.wake();
}

/** Starts refundInstalments after the current request has answered (a cancellation); errors are logged. */
export function refundInstalmentsInBackground(ctx: AppContext, orderId: string, log: Log): void {
  setImmediate(() => {
    refundInstalments(ctx, orderId, log).catch((err: unknown) =>
      log.error({ err, orderId }, 'instalment refunds could not be started'),
    );
  });
}

/** The webhook's capture of an instalment: only for exactly its amount; undefined when it names no instalment. */
export async function instalmentWebhookCapture(
  ctx: AppContext,
  payment: { id: string; order_id: string; amount?: number | null },
  log: Log,
): Promise<'processed' | 'duplicate' | 'ignored' | undefined> {
  const found = await findInstalmentByGatewayOrder(ctx.db, payment.order_id);
  if (!found) return undefined;
  if (found.row.status !== 'opened' && found.row.gatewayPaymentId === payment.id) return 'duplicate';
  if (payment.amount !== found.row.amountPaise) {
    log.error(
      { gatewayOrderId: payment.order_id, amount: payment.amount ?? null, expected: found.row.amountPaise },
      'captured amount differs from the instalment: not settled',
    );
    return 'ignored';
  }
  const outcome = await settleCapturedInstalment(ctx, { gatewayOrderId: payment.order_id, paymentId: payment.id }, log);
  return outcome?.changed ? 'processed' : 'duplicate';
}
