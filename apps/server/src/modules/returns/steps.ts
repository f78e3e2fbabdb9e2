/**
 * The owner's first steps of a return (docs/shop-rules.md#returns): approve or refuse it (with a reason), and record
 * the goods received, and whether they go back to stock: the refund and the delivery share are fixed then. The
 * refund itself is refund.ts.
 */
import { formatAmount, RETURN_MESSAGES, toRupees } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { deliveryShareOf } from '../invoices';
import { enqueueMail } from '../mail';
import { returnStock } from '../orders';
import { answer, audit, statusChange, step, type StepOptions } from './step';
import { linesOfReturn, paidOnline, updateReturn, valueReturnedBefore } from './store';

export async function approveReturn(ctx: AppContext, orderId: string, returnId: string, options: StepOptions) {
  const now = options.now ?? new Date();
  await step(ctx, orderId, returnId, 'approve', ['requested'], async ({ tx, order, row, mailLines }) => {
    await updateReturn(tx, returnId, ['requested'], { status: 'approved', decidedAt: now, updatedAt: now });
    await enqueueMail(tx, order.customerEmail, {
      kind: 'return-approved',
      orderId,
      returnNumber: row.number,
      lines: mailLines,
    });
    await audit(
      tx,
      options.actor,
      orderId,
      'order.return_approved',
      `Return ${row.number} approved`,
      statusChange(row.status, 'approved'),
    );
  });
  return answer(ctx, orderId, RETURN_MESSAGES.approved);
}

export async function refuseReturn(
  ctx: AppContext,
  orderId: string,
  returnId: string,
  reason: string,
  options: StepOptions,
) {
  const now = options.now ?? new Date();
  await step(ctx, orderId, returnId, 'refuse', ['requested'], async ({ tx, order, row, mailLines }) => {
    await updateReturn(tx, returnId, ['requested'], {
      status: 'refused',
      refusalReason: reason,
      decidedAt: now,
      updatedAt: now,
    });
    await enqueueMail(tx, order.customerEmail, {
      kind: 'return-refused',
      orderId,
      returnNumber: row.number,
      lines: mailLines,
      reason,
    });
    await audit(tx, options.actor, orderId, 'order.return_refused', `Return ${row.number} refused`, {
      ...statusChange(row.status, 'refused'),
      reason: { before: null, after: reason },
    });
  });
  return answer(ctx, orderId, RETURN_MESSAGES.refused);
}

/**
 * The goods arrived: back to stock when `restock`, and the refund fixed: the goods' value and their share of the
 * delivery charge (deliveryShareOf, over the returns received before this one).
 */
export async function receiveReturn(
  ctx: AppContext,
  orderId: string,
  returnId: string,
  restock: boolean,
  options: StepOptions,
) {
  const now = options.now ?? new Date();
  const availabilityChanged = await step(ctx, orderId, returnId, 'receive', ['approved'], async (s) => {
    const { tx, order, row, mailLines } = s;
    const lines = await linesOfReturn(tx, returnId);
    const value = lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaise, 0);
    const before = await valueReturnedBefore(tx, orderId, returnId);
    const share = deliveryShareOf(order.shippingPaise, order.subtotalPaise, before, value);
    const refundPaise = value + share;
    const online = await paidOnline(tx, orderId);
    await updateReturn(tx, returnId, ['approved'], {
      status: 'received',
      restocked: restock,
      refundPaise,
      deliverySharePaise: share,
      refundMode: online ? 'online' : 'cash',
      receivedAt: now,
      updatedAt: now,
    });
    const moved = restock ? await returnStock(tx, lines) : { availabilityChanged: false };
    await enqueueMail(tx, order.customerEmail, {
      kind: 'return-received',
      orderId,
      returnNumber: row.number,
      lines: mailLines,
      refundPaise,
    });
    await audit(
      tx,
      options.actor,
      orderId,
      'order.return_received',
      `Return ${row.number}: goods received${restock ? ', back to stock' : ', not restocked'}; refund ${formatAmount(toRupees(refundPaise))}`,
      {
        ...statusChange(row.status, 'received'),
        restocked: { before: null, after: restock },
        refund: { before: null, after: toRupees(refundPaise) },
        deliveryShare: { before: null, after: toRupees(share) },
      },
    );
    return moved.availabilityChanged;
  });
  if (availabilityChanged) ctx.catalogCache.invalidate();
  return answer(ctx, orderId, RETURN_MESSAGES.received);
}
