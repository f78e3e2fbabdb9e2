/**
 * What every owner's step of a return shares (steps.ts, refund.ts; docs/shop-rules.md#returns): one transaction that
 * locks the order and the return and refuses a return in the wrong status, its audit entry, and the answer (the
 * order's returns as they are after it), so a double click changes nothing twice.
 */
import { RETURN_MESSAGES, RETURN_STATUS_LABELS, type OrderReturns, type ReturnStatus } from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit, type AuditActor, type AuditChanges } from '../audit';
import { orderReturnsFor } from './service';
import { linesOfReturn, lockOrderForReturns, lockReturn, type ReturnOrder, type ReturnRow } from './store';

export const ACTIONS = { approve: 'approved', refuse: 'refused', receive: 'received', refund: 'refunded' } as const;
export const REFUND_IN_PROGRESS = 'refund_in_progress';
/** A claim of a gateway refund left by a process that stopped mid-call is taken over after this. */
export const REFUND_CLAIM_MS = 2 * 60_000;

export interface StepOptions {
  actor: AuditActor;
  log: Log;
  now?: Date;
}

export interface StepContext {
  tx: DbOrTx;
  order: ReturnOrder;
  row: ReturnRow;
  mailLines: { title: string; size: string | null; quantity: number }[];
}

/** Locks the order and the return, refuses a return not in `from`, and runs `work` in that transaction. */
export async function step<T>(
  ctx: AppContext,
  orderId: string,
  returnId: string,
  action: keyof typeof ACTIONS,
  from: readonly ReturnStatus[],
  work: (step: StepContext) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderForReturns(tx, orderId);
    const row = order && (await lockReturn(tx, orderId, returnId));
    if (!order || !row) throw new NotFoundError(RETURN_MESSAGES.notFound);
    if (!from.includes(row.status)) {
      throw new ConflictError(RETURN_MESSAGES.wrongStatus(ACTIONS[action], RETURN_STATUS_LABELS[row.status]));
    }
    const lines = await linesOfReturn(tx, returnId);
    const mailLines = lines.map((line) => ({ title: line.title, size: line.size, quantity: line.quantity }));
    return work({ tx, order, row, mailLines });
  });
  ctx.mail.wake();
  return result;
}

export function audit(
  tx: DbOrTx,
  actor: AuditActor,
  orderId: string,
  kind: string,
  summary: string,
  changes: AuditChanges,
) {
  return recordAudit(tx, actor, {
    kind: kind as 'order.return_approved',
    entityType: 'order',
    entityId: orderId,
    summary,
    changes,
  });
}

export const statusChange = (before: ReturnStatus, after: ReturnStatus): AuditChanges => ({
  [`return`]: { before: RETURN_STATUS_LABELS[before], after: RETURN_STATUS_LABELS[after] },
});

export type Answer = { message: string; data: OrderReturns };
const staff = { sub: '', role: 'admin' as const };
export const answer = async (ctx: AppContext, orderId: string, message: string): Promise<Answer> => ({
  message,
  data: await orderReturnsFor(ctx, staff, orderId),
});
