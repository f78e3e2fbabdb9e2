/**
 * Refunds of captured online payments (docs/shop-rules.md#refunds): a cancelled paid order, or a
 * capture that arrives after its order was cancelled (e.g. expired). The cancellation records the
 * refund as due ('refund_due') in its own transaction; the first attempt then runs in the
 * background, never inside the request that cancelled (refundInBackground), or at once for a late
 * capture. A refund is claimed with a conditional update before the gateway is called, so two paths
 * can never refund one payment twice. A due refund that no attempt took up (the process stopped) is
 * made by the sweeper after REFUND_DUE_GRACE_MS. An attempt that failed ('refund_failed: ...') or
 * never finished (still 'refund_in_progress' long after it began: the process stopped mid-call) is
 * retried by the sweeper: with a growing delay, at most MAX_REFUND_ATTEMPTS calls in all, and only
 * after asking the gateway whether the earlier call did refund the payment after all (then that
 * refund is recorded and no new one is made).
 */
import type { AppContext, Log } from '../../context';
import { enqueueMail, ownerEmail } from '../mail';
import { MAX_REFUND_ATTEMPTS, REFUND_FAILED_PREFIX } from './refund-schedule';
import type { PaymentRow } from './store/payments';
import {
  claimDueRefund,
  claimRefundRetry,
  findOrderEmail,
  recordRefundedRow,
  recordRefundFailure,
  type RefundedPayment,
} from './store/refunds';

export {
  MAX_REFUND_ATTEMPTS,
  REFUND_DUE_GRACE_MS,
  REFUND_FAILED_PREFIX,
  REFUND_IN_PROGRESS,
  REFUND_RETRY_BASE_MS,
  refundRetryDelayMs,
} from './refund-schedule';

export type RefundOutcome = 'refunded' | 'failed' | 'not_needed';

/** Makes the first attempt of a refund recorded as due; answers what happened. */
export async function refundCapturedPayment(ctx: AppContext, paymentId: string, log: Log): Promise<RefundOutcome> {
  const now = new Date();
  const claimed = await claimDueRefund(ctx.db, paymentId, now);
  if (!claimed || !claimed.gatewayPaymentId) return 'not_needed';
  return runRefund(ctx, claimed, log, now);
}

const backgroundRefunds = new WeakMap<AppContext, Set<Promise<void>>>();

/**
 * Starts the first attempt of a due refund after the current request has answered; errors are
 * logged (the sweeper retries). refundsSettled(ctx) waits for the ones under way (graceful shutdown).
 */
export function refundInBackground(ctx: AppContext, paymentId: string, log: Log): void {
  let running = backgroundRefunds.get(ctx);
  if (!running) backgroundRefunds.set(ctx, (running = new Set()));
  const set = running;
  const attempt: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => refundCapturedPayment(ctx, paymentId, log))
    .then(
      () => undefined,
      (err: unknown) => log.error({ err, paymentId }, 'the refund could not be started; the sweeper will retry it'),
    )
    .finally(() => set.delete(attempt));
  set.add(attempt);
}

export async function refundsSettled(ctx: AppContext): Promise<void> {
  const running = backgroundRefunds.get(ctx);
  if (running) await Promise.all([...running]);
}

/**
 * The sweeper's retry of an unfinished refund that is due at `now`. The claim is conditional on the
 * attempt count the sweeper saw, so of several sweepers racing exactly one makes the attempt.
 */
export async function retryRefund(
  ctx: AppContext,
  payment: { id: string; refundAttempts: number },
  log: Log,
  now: Date = new Date(),
): Promise<RefundOutcome> {
  const claimed = await claimRefundRetry(ctx.db, payment, now);
  if (!claimed || !claimed.gatewayPaymentId) return 'not_needed';
  // The earlier call may have reached the gateway although its answer was never recorded.
  let earlier;
  try {
    earlier = await ctx.payments.gateway.findRefund({
      paymentId: claimed.gatewayPaymentId,
      amountPaise: claimed.amountPaise,
    });
  } catch (err) {
    return recordFailure(ctx, claimed, err, log, now);
  }
  if (earlier) {
    await recordRefunded(ctx, claimed, earlier.id, now);
    log.info({ orderId: claimed.orderId, refundId: earlier.id }, 'refund found at the gateway; recorded');
    return 'refunded';
  }
  return runRefund(ctx, claimed, log, now);
}

/**
 * Calls the gateway for a claimed payment and records the answer. The row keeps `attemptedAt`, the
 * attempt's start, as its updated_at: the next retry is due a delay after it.
 */
async function runRefund(ctx: AppContext, payment: PaymentRow, log: Log, attemptedAt: Date): Promise<RefundOutcome> {
  try {
    const refund = await ctx.payments.gateway.refund({
      paymentId: payment.gatewayPaymentId!,
      amountPaise: payment.amountPaise,
      receipt: payment.orderId,
    });
    await recordRefunded(ctx, payment, refund.id, attemptedAt);
    log.info({ orderId: payment.orderId, refundId: refund.id }, 'payment refunded');
    return 'refunded';
  } catch (err) {
    return recordFailure(ctx, payment, err, log, attemptedAt);
  }
}

async function recordRefunded(ctx: AppContext, payment: PaymentRow, refundId: string, attemptedAt: Date) {
  await markRefunded(ctx, { id: payment.id }, refundId, attemptedAt);
}

/**
 * Records a captured payment (`which`, still 'success') as refunded, and in the same transaction the buyer's
 * "refund processed" e-mail (docs/shop-rules.md#emails). Conditional on 'success', so of the gateway's answer and
 * its webhook, whichever comes second changes nothing and sends nothing. Answers whether it changed the payment.
 */
export async function markRefunded(
  ctx: AppContext,
  which: RefundedPayment,
  refundId: string | null,
  at: Date,
): Promise<boolean> {
  const changed = await ctx.db.transaction(async (tx) => {
    const refunded = await recordRefundedRow(tx, which, refundId, at);
    if (!refunded) return false;
    const email = await findOrderEmail(tx, refunded.orderId);
    if (email !== undefined) {
      await enqueueMail(tx, email, {
        kind: 'refund-processed',
        orderId: refunded.orderId,
        amountPaise: refunded.amountPaise,
        refundId: refunded.refundId,
      });
    }
    return true;
  });
  if (changed) ctx.mail.wake();
  return changed;
}

async function recordFailure(
  ctx: AppContext,
  payment: PaymentRow,
  err: unknown,
  log: Log,
  attemptedAt: Date,
): Promise<RefundOutcome> {
  const message = err instanceof Error ? err.message : String(err);
  const reason = `${REFUND_FAILED_PREFIX}: ${message}`.slice(0, 500);
  const last = payment.refundAttempts >= MAX_REFUND_ATTEMPTS;
  const toldOwner = await ctx.db.transaction(async (tx) => {
    // Conditional: a refund the gateway reported meanwhile (webhook) stays recorded as refunded.
    const recorded = await recordRefundFailure(tx, payment.id, reason, attemptedAt);
    if (!last || !recorded) return false;
    // No more attempts: the owner must refund it by hand (docs/shop-rules.md#emails).
    await enqueueMail(tx, ownerEmail(ctx.config), {
      kind: 'owner-refund-action',
      orderId: payment.orderId,
      amountPaise: payment.amountPaise,
      reason: `The payment gateway refused the refund ${payment.refundAttempts} times (last: ${message.slice(0, 200)}). Refund it from the payment gateway's dashboard.`,
    });
    return true;
  });
  if (toldOwner) ctx.mail.wake();
  if (last) {
    log.error(
      { err, orderId: payment.orderId, attempts: payment.refundAttempts },
      'refund failed for the last time: it will not be retried; refund this payment by hand',
    );
  } else {
    log.error({ err, orderId: payment.orderId, attempts: payment.refundAttempts }, 'refund failed; it will be retried');
  }
  return 'failed';
}
