/**
 * The expiry sweeper (docs/shop-rules.md#stock,
 * docs/decisions/0005-unpaid-orders-release-stock.md): every SWEEP_INTERVAL_SEC, online orders
 * still pending with a pending payment older than ORDER_PAYMENT_TIMEOUT_MIN are cancelled, their
 * payment marked 'failed' (reason 'expired') and their stock returned, each exactly once (the
 * cancellation is the same conditional update as every other path, so it may race a buyer, a
 * webhook or another process). It also retries refunds of cancelled orders whose gateway call
 * failed or never finished, when they are due (refund.ts: growing delay, bounded attempts, the
 * gateway asked first).
 *
 * Every process runs it; each job runs once (docs/decisions/0020-several-processes.md): an expired
 * order is claimed with FOR UPDATE SKIP LOCKED in the transaction that cancels it, so concurrent
 * sweepers take different orders, and one that dies mid-transaction releases its order to the next
 * sweep; a refund retry is claimed by refund.ts's conditional update (the attempt count is the lease).
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext, Log } from '../../context';
import type { Transaction } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { ownerEmail } from '../mail';
import { cancelOrderInTransaction } from '../orders';
import { refundRetryDue, retryRefund } from './refund';

const BATCH = 100;

export interface SweepResult {
  expired: number;
  refundsRetried: number;
}

/** Online orders still pending whose payment is still pending since before `cutoff`. */
const expiredBefore = (cutoff: Date) =>
  and(
    eq(orders.status, 'pending'),
    eq(orders.paymentMode, 'online'),
    eq(payments.status, 'pending'),
    lt(payments.createdAt, cutoff),
  );

/**
 * Locks order `id` for this transaction if it is still expired. SKIP LOCKED: an order whose row another
 * transaction holds (another sweeper cancelling it, a buyer's payment settling it) is skipped at once
 * instead of waited for; the next sweep sees it again if it is still expired then.
 */
async function claimExpiredOrder(tx: Transaction, id: string, cutoff: Date): Promise<boolean> {
  const claimed = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.id, id), expiredBefore(cutoff)))
    .for('update', { of: orders, skipLocked: true });
  return claimed.length > 0;
}

/** One sweep at `now` (tests pass a clock); safe to run in several processes at once. */
export async function sweepExpiredOrders(ctx: AppContext, log: Log, now: Date = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - ctx.config.ORDER_PAYMENT_TIMEOUT_MIN * 60_000);
  let expired = 0;
  for (;;) {
    const candidates = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(expiredBefore(cutoff))
      .orderBy(asc(payments.createdAt))
      .limit(BATCH);
    let cancelledThisBatch = 0;
    for (const { id } of candidates) {
      const cancelled = await ctx.db.transaction(async (tx) => {
        if (!(await claimExpiredOrder(tx, id, cutoff))) return null;
        // Still the conditional cancellation every path uses: the claim does not replace it.
        return cancelOrderInTransaction(tx, id, ['pending'], 'expired', {
          log,
          by: 'expiry',
          owner: ownerEmail(ctx.config),
        });
      });
      if (cancelled) cancelledThisBatch += 1;
    }
    expired += cancelledThisBatch;
    // Stop when the batch was the last one, or when others took all of it (no progress to make here).
    if (candidates.length < BATCH || cancelledThisBatch === 0) break;
  }
  if (expired > 0) {
    ctx.catalogCache.invalidate();
    ctx.mail.wake();
    log.info({ expired }, 'expired unpaid orders cancelled');
  }

  const dueRefunds = await ctx.db
    .select({ id: payments.id, refundAttempts: payments.refundAttempts })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.status, 'cancelled'), refundRetryDue(now)))
    .orderBy(asc(payments.updatedAt))
    .limit(BATCH);
  let refundsRetried = 0;
  for (const payment of dueRefunds) {
    if ((await retryRefund(ctx, payment, log, now)) === 'refunded') refundsRetried += 1;
  }
  return { expired, refundsRetried };
}

/** Starts the periodic sweep; stop() clears the timer and waits for a sweep under way. */
export function startSweeper(ctx: AppContext, log: Log): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepExpiredOrders(ctx, log)
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'the expiry sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, ctx.config.SWEEP_INTERVAL_SEC * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
