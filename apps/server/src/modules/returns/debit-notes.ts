/**
 * The owner's debit note (docs/shop-rules.md#debit-notes, CGST Act s.34(3), Rule 53): the price of some lines of an
 * invoiced order raised after the invoice, by GST-inclusive amounts, with a reason; numbered in its own gap-free
 * series (DN/26-27/000001), with an audit entry, in one transaction that locks the order.
 */
import { formatAmount, RETURN_MESSAGES, toPaise, toRupees, type DebitNoteInput } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { issueDebitNote } from '../invoices';
import { answer, audit, type StepOptions } from './step';
import { lockOrderForReturns } from './store';

export async function issueDebitNoteForOrder(
  ctx: AppContext,
  orderId: string,
  input: DebitNoteInput,
  options: StepOptions,
) {
  const now = options.now ?? new Date();
  const number = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderForReturns(tx, orderId);
    if (!order) throw new NotFoundError('Order not found.');
    if (order.status === 'cancelled') throw new ConflictError('A cancelled order gets no debit note.');
    const lines = input.lines.map((line) => ({ orderItemId: line.orderItemId, amountPaise: toPaise(line.amount) }));
    const note = await issueDebitNote(tx, { orderId, lines, reason: input.reason, now });
    const total = lines.reduce((sum, line) => sum + line.amountPaise, 0);
    await audit(
      tx,
      options.actor,
      orderId,
      'order.debit_note_issued',
      `Debit note ${note.number} issued: ${formatAmount(toRupees(total))} more`,
      { debitNote: { before: null, after: note.number }, reason: { before: null, after: input.reason } },
    );
    return note.number;
  });
  return answer(ctx, orderId, RETURN_MESSAGES.debitNoteIssued(number));
}
