/**
 * The refund of a received return (docs/shop-rules.md#returns): in one transaction, the credit note of exactly the
 * returned lines and their delivery share (unless the order has no invoice, or CGST Act s.34(2)'s time limit has
 * passed) and, for cash (a COD order), the refund recorded as paid by the owner. An online refund is then asked of
 * the gateway for the return's amount in paise, after the commit (a slow gateway never holds the order's lock): the
 * return waits as 'refund_pending' and becomes 'refunded' with the gateway's answer, or keeps the failure for the
 * owner to try again; a second try first asks the gateway for a refund under the return's receipt.
 */
import { formatAmount, RETURN_MESSAGES, toRupees } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { ConflictError } from '../../lib/errors';
import { issueReturnCreditNote } from '../invoices';
import { enqueueMail } from '../mail';
import { refundPartOfPayment } from '../payments';
import { answer, audit, REFUND_CLAIM_MS, REFUND_IN_PROGRESS, statusChange, step, type StepOptions } from './step';
import { documentNumberOf, linesOfReturn, updateReturn } from './store';

const UNDER_WAY = 'A refund of this return is already under way; wait a minute and look again.';

export async function refundReturn(ctx: AppContext, orderId: string, returnId: string, options: StepOptions) {
  const now = options.now ?? new Date();
  const claimed = await step(ctx, orderId, returnId, 'refund', ['received', 'refund_pending'], async (s) => {
    const { tx, order, row, mailLines } = s;
    const amountPaise = row.refundPaise ?? 0;
    const amount = formatAmount(toRupees(amountPaise));
    if (row.status === 'refund_pending') {
      const fresh = now.getTime() - row.updatedAt.getTime() < REFUND_CLAIM_MS;
      if (row.refundError === REFUND_IN_PROGRESS && fresh) throw new ConflictError(UNDER_WAY);
      await updateReturn(tx, returnId, ['refund_pending'], { refundError: REFUND_IN_PROGRESS, updatedAt: now });
      const creditNoteNumber = await documentNumberOf(tx, row.creditNoteId);
      return { row, order, mailLines, amountPaise, creditNoteNumber, note: '' };
    }
    const lines = await linesOfReturn(tx, returnId);
    const outcome = await issueReturnCreditNote(tx, {
      orderId,
      returnId,
      lines,
      deliverySharePaise: row.deliverySharePaise ?? 0,
      reason: `Goods returned (return ${row.number})`,
      now,
    });
    const creditNote = 'issued' in outcome ? outcome.issued : null;
    const note =
      'notIssued' in outcome && outcome.notIssued === 'too-late'
        ? RETURN_MESSAGES.creditNoteTooLate(outcome.lastDay)
        : '';
    const cash = row.refundMode === 'cash';
    await updateReturn(tx, returnId, ['received'], {
      status: cash ? 'refunded' : 'refund_pending',
      creditNoteId: creditNote?.id ?? null,
      refundError: cash ? null : REFUND_IN_PROGRESS,
      refundedAt: cash ? now : null,
      updatedAt: now,
    });
    if (cash) {
      await enqueueMail(tx, order.customerEmail, {
        kind: 'return-refunded',
        orderId,
        returnNumber: row.number,
        lines: mailLines,
        amountPaise,
        mode: 'cash',
        refundId: null,
        creditNoteNumber: creditNote?.number ?? null,
      });
    }
    const how = cash ? 'paid in cash by the owner' : 'asked of the payment gateway';
    await audit(
      tx,
      options.actor,
      orderId,
      'order.return_refunded',
      `Return ${row.number}: refund of ${amount} ${how}${creditNote ? `; credit note ${creditNote.number}` : ''}`,
      {
        ...statusChange(row.status, cash ? 'refunded' : 'refund_pending'),
        refund: { before: null, after: toRupees(amountPaise) },
        refundMode: { before: null, after: row.refundMode },
        creditNote: { before: null, after: creditNote?.number ?? null },
      },
    );
    return cash ? null : { row, order, mailLines, amountPaise, creditNoteNumber: creditNote?.number ?? null, note };
  });
  if (!claimed) return answer(ctx, orderId, RETURN_MESSAGES.refunded);

  const { row, order, mailLines, amountPaise, creditNoteNumber, note } = claimed;
  let refundId: string;
  try {
    ({ refundId } = await refundPartOfPayment(ctx, { orderId, amountPaise, receipt: returnId }));
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    options.log.error({ err: error, orderId, returnId }, "a return's refund failed; the owner may try again");
    await updateReturn(ctx.db, returnId, ['refund_pending'], { refundError: message, updatedAt: new Date() });
    return answer(ctx, orderId, [RETURN_MESSAGES.refundFailed(message), note].filter(Boolean).join(' '));
  }
  await ctx.db.transaction(async (tx) => {
    const done = await updateReturn(tx, returnId, ['refund_pending'], {
      status: 'refunded',
      refundId,
      refundError: null,
      refundedAt: new Date(),
      updatedAt: new Date(),
    });
    if (!done) return;
    await enqueueMail(tx, order.customerEmail, {
      kind: 'return-refunded',
      orderId,
      returnNumber: row.number,
      lines: mailLines,
      amountPaise,
      mode: 'online',
      refundId,
      creditNoteNumber,
    });
  });
  ctx.mail.wake();
  return answer(ctx, orderId, [RETURN_MESSAGES.refunded, note].filter(Boolean).join(' '));
}
