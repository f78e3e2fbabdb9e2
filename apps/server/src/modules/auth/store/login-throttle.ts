/**
 * The login_throttle table: failed logins per e-mail address (`<e-mail>`) and per e-mail and client address
 * (`<e-mail>|<address>`) in the current window, shared by every server process on the database.
 */
import { eq, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { loginThrottle } from '../../../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/** The row of `key`, created empty when missing, locked for the caller's transaction. */
export async function lockThrottle(tx: DbOrTx, key: string, now: Date): Promise<ThrottleRow | undefined> {
  await tx.insert(loginThrottle).values({ key, failures: 0, windowStartedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
  return row;
}

export async function findThrottle(tx: DbOrTx, key: string): Promise<ThrottleRow | undefined> {
  const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row;
}

/** Drops the rows of windows that started at `windowStart` or before, so that the table stays small. */
export async function deleteThrottlesBefore(tx: DbOrTx, windowStart: Date): Promise<void> {
  await tx.delete(loginThrottle).where(lte(loginThrottle.windowStartedAt, windowStart));
}

/** Writes the rows whole (failures, window start, next attempt). */
export async function saveThrottles(tx: DbOrTx, rows: (typeof loginThrottle.$inferInsert)[]): Promise<void> {
  await tx
    .insert(loginThrottle)
    .values(rows)
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`excluded.failures`,
        windowStartedAt: sql`excluded.window_started_at`,
        nextAttemptAt: sql`excluded.next_attempt_at`,
      },
    });
}

export async function deleteThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Takes one failure off the row (never below 0) and ends its delay. */
export async function forgiveOneFailure(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, nextAttemptAt: null })
    .where(eq(loginThrottle.key, key));
}

/** Drops the row of `key` and every `<key>|<address>` row. */
export async function deleteThrottlesOf(db: DbOrTx, key: string): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(or(eq(loginThrottle.key, key), sql`starts_with(${loginThrottle.key}, ${`${key}|`})`));
}
