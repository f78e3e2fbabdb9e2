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
import type { AppContext, Log } from '../../context';
import { ownerEmail } from '../mail';
import { cancelOrderInTransaction } from '../orders';
import { retryRefund } from './refund';
import { claimExpiredOrder, findDueRefunds, findExpiredOrders } from './store/expiry';

const BATCH = 100;

export interface SweepResult {
  expired: number;
  refundsRetried: number;
}

/** One sweep at `now` (tests pass a clock); safe to run in several processes at once. */
export async function sweepExpiredOrders(ctx: AppContext, log: Log, now: Date = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - ctx.config.ORDER_PAYMENT_TIMEOUT_MIN * 60_000);
  let expired = 0;
  for (;;) {
    const candidates = await findExpiredOrders(ctx.db, cutoff, BATCH);
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

  const dueRefunds = await findDueRefunds(ctx.db, now, BATCH);
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
