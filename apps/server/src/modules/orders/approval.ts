/**
 * Approving a business buyer's order above the business's approval limit (docs/shop-rules.md#business-accounts).
 * The order waits with its stock held and cannot be paid or moved on; an approver or admin of the same business
 * approves it (its payment window starts then, and a COD order is told to the buyer and the owner as if placed now)
 * or rejects it, which cancels it exactly as a cancellation does (stock back, payment closed). Anyone outside the
 * business gets 404.
 */
import { BUSINESS_MESSAGES, mayApprove, type OrderDto } from '@pumpkart/shared';
import type { AppContext, Log } from '../../context';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { membershipOf } from '../business';
import { enqueueMails, ownerEmail, type Envelope } from '../mail';
import { cancelOrderInTransaction } from './cancellation';
import { ORDER_MESSAGES } from './lifecycle';
import { decideApproval, restartPaymentWindow } from './store/approval';
import { loadAwaitingApproval, loadOrder } from './store/order-dto';
import { findOrderRow } from './store/lifecycle';

/** The caller's business when they may approve in it; 404 for a person in none, 403 for a buyer or viewer. */
async function approverBusiness(ctx: AppContext, userId: string): Promise<string> {
  const membership = await membershipOf(ctx.db, userId);
  if (!membership) throw new NotFoundError(BUSINESS_MESSAGES.notFound);
  if (!mayApprove(membership.role)) throw new ForbiddenError(BUSINESS_MESSAGES.notApprover);
  return membership.businessId;
}

/** GET /api/business/approvals: the business's orders waiting for approval, the oldest first. */
export async function listAwaitingApproval(ctx: AppContext, userId: string): Promise<OrderDto[]> {
  const businessId = await approverBusiness(ctx, userId);
  return loadAwaitingApproval(ctx, businessId);
}

/** POST /api/business/approvals/{id}/approve or /reject. */
export async function decideOrder(
  ctx: AppContext,
  userId: string,
  orderId: string,
  decision: 'approved' | 'rejected',
  log: Log,
  now: Date = new Date(),
): Promise<{ message: string; data: OrderDto }> {
  const businessId = await approverBusiness(ctx, userId);
  const order = await findOrderRow(ctx.db, orderId);
  if (!order || order.businessId !== businessId) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const owner = ownerEmail(ctx.config);
  const result = await ctx.db.transaction(async (tx) => {
    const decided = await decideApproval(tx, orderId, decision, now);
    if (!decided) return null;
    let availabilityChanged = false;
    const mails: Envelope[] = [];
    if (decision === 'approved') {
      await restartPaymentWindow(tx, orderId, now);
      mails.push({ to: decided.customerEmail, message: { kind: 'approval-decided', orderId, approved: true } });
      // A COD order was held back from the buyer's and the owner's "placed" e-mails until now (checkout).
      if (decided.paymentMode === 'cod') {
        mails.push(
          { to: decided.customerEmail, message: { kind: 'order-placed', orderId } },
          { to: owner, message: { kind: 'owner-new-order', orderId } },
        );
      }
    } else {
      const cancelled = await cancelOrderInTransaction(tx, orderId, ['pending'], 'rejected by the business', {
        log,
        now,
        by: 'business',
        owner,
      });
      availabilityChanged = cancelled?.availabilityChanged ?? false;
    }
    await enqueueMails(tx, mails);
    await recordAudit(
      tx,
      { id: userId },
      {
        kind: decision === 'approved' ? 'order.approved' : 'order.rejected',
        entityType: 'order',
        entityId: orderId,
        summary: `${decision === 'approved' ? 'Approved' : 'Rejected'} by the business`,
        changes: { approvalStatus: { before: 'pending', after: decision } },
      },
    );
    return { availabilityChanged };
  });
  if (!result) throw new ConflictError(BUSINESS_MESSAGES.notAwaitingApproval);
  ctx.mail.wake();
  if (result.availabilityChanged) ctx.catalogCache.invalidate();
  const data = await loadOrder(ctx, orderId);
  if (!data) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return { message: decision === 'approved' ? BUSINESS_MESSAGES.approved : BUSINESS_MESSAGES.rejected, data };
}
