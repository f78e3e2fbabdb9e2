/**
 * The per-account login limit (docs/shop-rules.md#accounts): failed logins are counted per e-mail address and client
 * address together, and per e-mail address from everywhere, in the login_throttle table, so that every server process
 * on the database shares the counts whatever store the per-address rate limits use
 * (docs/decisions/0019-shared-rate-limits.md).
 */
import type { DbOrTx } from '../../db/client';
import { TooManyRequestsError } from '../../lib/errors';
import {
  deleteThrottle,
  deleteThrottlesBefore,
  deleteThrottlesOf,
  findThrottle,
  forgiveOneFailure,
  lockThrottle,
  saveThrottles,
  type ThrottleRow,
} from './store/login-throttle';

/**
 * Failed logins allowed per e-mail address (known account or not) from one client address in one window; beyond
 * them that address gets 429 for this e-mail until the window is over.
 */
export const LOGIN_ACCOUNT_MAX_FAILURES = 10;
export const LOGIN_ACCOUNT_WINDOW_MINUTES = 15;
/** The same for an existing and an unknown account, so the limit reveals nothing. */
export const LOGIN_ACCOUNT_LOCKED_MESSAGE = `Too many failed logins for this e-mail address. Please wait ${LOGIN_ACCOUNT_WINDOW_MINUTES} minutes and try again.`;
/**
 * Failed logins an e-mail address takes from all client addresses together in a window before each further attempt
 * must wait: 1 s after the next failure, then 2, 4, 8... at most LOGIN_DELAY_MAX_SECONDS (OWASP's Authentication
 * Cheat Sheet: slow a guessing attack down rather than lock the owner out).
 */
export const LOGIN_DELAY_FREE_FAILURES = 10;
export const LOGIN_DELAY_MAX_SECONDS = 60;
export const loginDelayMessage = (seconds: number) =>
  `Too many failed logins for this e-mail address. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

/** The wait before the attempt after an account's `failures`-th failure of the window, in seconds. */
export const loginDelaySeconds = (failures: number) =>
  failures < LOGIN_DELAY_FREE_FAILURES
    ? 0
    : Math.min(2 ** (failures - LOGIN_DELAY_FREE_FAILURES), LOGIN_DELAY_MAX_SECONDS);

const accountKey = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, address: string) => `${accountKey(email)}|${address}`;

/**
 * Counts one password attempt before the password is checked, in one transaction on the account's row (so
 * parallel guesses, on one process or many, are counted one by one), and refuses it with 429:
 * - when this client address already failed LOGIN_ACCOUNT_MAX_FAILURES times for this e-mail in the window: the
 *   limit holds for that address only, so an attacker cannot lock the owner out from elsewhere;
 * - while the account's growing delay runs (LOGIN_DELAY_FREE_FAILURES failures from anywhere in the window): the
 *   answer says how many seconds to wait. A refused attempt counts nowhere.
 * A counted attempt adds one to both rows and sets the account's next allowed time. A window over starts again.
 */
export async function countLoginAttempt(db: DbOrTx, email: string, address: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000);
  const fresh = (row: ThrottleRow | undefined) => (row && row.windowStartedAt > windowStart ? row : undefined);
  await db.transaction(async (tx) => {
    const key = accountKey(email);
    const account = fresh(await lockThrottle(tx, key, now));
    if (!account) {
      // A new window: drop the rows of windows that are over, so that the table stays small.
      await deleteThrottlesBefore(tx, windowStart);
    }
    const pair = fresh(await findThrottle(tx, pairKey(email, address)));
    if ((pair?.failures ?? 0) >= LOGIN_ACCOUNT_MAX_FAILURES)
      throw new TooManyRequestsError(LOGIN_ACCOUNT_LOCKED_MESSAGE);
    if (account?.nextAttemptAt && account.nextAttemptAt > now) {
      throw new TooManyRequestsError(
        loginDelayMessage(Math.ceil((account.nextAttemptAt.getTime() - now.getTime()) / 1000)),
      );
    }
    const failures = (account?.failures ?? 0) + 1;
    const delay = loginDelaySeconds(failures);
    await saveThrottles(tx, [
      {
        key,
        failures,
        windowStartedAt: account?.windowStartedAt ?? now,
        nextAttemptAt: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
      },
      {
        key: pairKey(email, address),
        failures: (pair?.failures ?? 0) + 1,
        windowStartedAt: pair?.windowStartedAt ?? now,
      },
    ]);
  });
}

/**
 * The password was right: this address's count for the e-mail starts again, and the attempt is taken off the
 * account's count (it was no failure), which also ends the account's delay.
 */
export async function countLoginSuccess(db: DbOrTx, email: string, address: string): Promise<void> {
  await deleteThrottle(db, pairKey(email, address));
  await forgiveOneFailure(db, accountKey(email));
}

/** The password was reset: every count of this e-mail address, from any address, starts again. */
export async function clearLoginAttempts(db: DbOrTx, email: string): Promise<void> {
  await deleteThrottlesOf(db, accountKey(email));
}
