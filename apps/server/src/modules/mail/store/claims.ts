/**
 * The outbox worker's statements (docs/decisions/0010-email-outbox.md): claiming due messages under a lease, and
 * recording each attempt's outcome only while the claim is still the worker's (same attempt count).
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { outboxMessages } from '../../../db/schema';
import { statement } from '../../../db/statement';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** `ms` milliseconds after the database's clock, so every process measures leases and retries alike. */
const fromNow = (ms: number): SQL => sql`now() + make_interval(secs => ${ms / 1000})`;

const due = () => and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`));

/**
 * Claims up to `limit` due messages for `leaseMs`: one UPDATE whose subquery locks them (skipping rows another
 * process is claiming), counting the attempt and moving next_attempt_at to the end of the lease, atomic on its
 * own without an explicit transaction. Answers the rows as claimed (`attempts` is the claim's number).
 */
export function claimDueMessages(db: Database, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return claimQuery(db, { limit, leaseSeconds: leaseMs / 1000 });
}

/** claimDueMessages' UPDATE, prepared (docs/decisions/0015-checkout-statements.md). */
const claimQuery = statement('claim_outbox', ({ db }) => {
  const dueIds = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(due())
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${sql.placeholder('leaseSeconds')})`,
    })
    .where(and(inArray(outboxMessages.id, dueIds), eq(outboxMessages.status, 'pending')))
    .returning();
});

/**
 * The outcomes every message records, prepared, each while the claim is still this worker's (MailWorker.record):
 * its rendering stored before the first send, its rendering kept (no SMTP_URL), and its sending.
 */
const stillClaimed = () =>
  and(
    eq(outboxMessages.id, sql.placeholder('id')),
    eq(outboxMessages.attempts, sql.placeholder('attempts')),
    eq(outboxMessages.status, 'pending'),
  );
const rendering = () => ({
  subject: sql`${sql.placeholder('subject')}`,
  html: sql`${sql.placeholder('html')}`,
  text: sql`${sql.placeholder('text')}`,
});
export const RECORDS = {
  rendered: statement('record_outbox_rendered', ({ db }) =>
    db.update(outboxMessages).set(rendering()).where(stillClaimed()).returning({ id: outboxMessages.id }),
  ),
  kept: statement('record_outbox_kept', ({ db }) =>
    db
      .update(outboxMessages)
      .set({ ...rendering(), status: 'kept', lastError: null })
      .where(stillClaimed())
      .returning({ id: outboxMessages.id }),
  ),
  sent: statement('record_outbox_sent', ({ db }) =>
    db
      .update(outboxMessages)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null, linkToken: null })
      .where(stillClaimed())
      .returning({ id: outboxMessages.id }),
  ),
};

/** The placeholders of a claim's own row (stillClaimed). */
export const claimOf = (row: OutboxRow) => ({ id: row.id, attempts: row.attempts });

/** Whether any message is due now. */
export async function anyMessageDue(db: Database): Promise<boolean> {
  const rows = await db.select({ id: outboxMessages.id }).from(outboxMessages).where(due()).limit(1);
  return rows.length > 0;
}

/** The claim's row, while it is still claimed (stillClaimed without placeholders). */
const claimed = (row: OutboxRow) =>
  and(eq(outboxMessages.id, row.id), eq(outboxMessages.attempts, row.attempts), eq(outboxMessages.status, 'pending'));

/** Records the claimed message failed for good; answers the rows updated (none once another sender took it). */
export function recordFailed(db: Database, row: OutboxRow, lastError: string): Promise<{ id: string }[]> {
  return db
    .update(outboxMessages)
    .set({ status: 'failed', lastError })
    .where(claimed(row))
    .returning({ id: outboxMessages.id });
}

/** Records the failed attempt and the next one `delayMs` later, as recordFailed. */
export function recordRetry(
  db: Database,
  row: OutboxRow,
  lastError: string,
  delayMs: number,
): Promise<{ id: string }[]> {
  return db
    .update(outboxMessages)
    .set({ lastError, nextAttemptAt: fromNow(delayMs) })
    .where(claimed(row))
    .returning({ id: outboxMessages.id });
}
