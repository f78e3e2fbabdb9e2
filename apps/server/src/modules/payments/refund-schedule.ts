/**
 * When refunds are retried (docs/shop-rules.md#refunds), and the markers an unfinished refund leaves in a payment's
 * failure reason: refund.ts runs the attempts, and its store (store/refunds.ts) picks the payments that are due.
 */

export const REFUND_IN_PROGRESS = 'refund_in_progress';
export const REFUND_FAILED_PREFIX = 'refund_failed';

/** How long a recorded refund waits for its first attempt before the sweeper makes it instead. */
export const REFUND_DUE_GRACE_MS = 60_000;

/** Refund calls per payment, first one included, before the sweeper leaves it to a person. */
export const MAX_REFUND_ATTEMPTS = 8;
/** The wait before the first retry; it doubles after each attempt (5, 10, 20 ... 320 minutes). */
export const REFUND_RETRY_BASE_MS = 5 * 60_000;

/** How long after attempt number `attempts` (1 = the first) the next one is due. */
export function refundRetryDelayMs(attempts: number): number {
  return REFUND_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);
}
