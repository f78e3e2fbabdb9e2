/** The outbox_messages table as the admin's E-mails page and other modules read it (docs/shop-rules.md#emails). */
import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { MailKind, MailListQuery, MailStatus } from '@pumpkart/shared';
import type { DbOrTx } from '../../../db/client';
import { outboxMessages } from '../../../db/schema';

export type OutboxRow = typeof outboxMessages.$inferSelect;
type MessageFilter = Pick<MailListQuery, 'status' | 'kind' | 'to'>;

function filtersOf(query: MessageFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(outboxMessages.status, query.status));
  if (query.kind) conditions.push(eq(outboxMessages.kind, query.kind));
  // strpos, not LIKE: the text is matched as it is, % and _ included.
  if (query.to) conditions.push(sql`strpos(lower(${outboxMessages.recipient}), ${query.to.toLowerCase()}) > 0`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of messages matching the query, newest first, and how many match in all. */
/** A page of the messages matching the filter, newest first, and how many match in all. */
export async function findMessagePage(
  db: DbOrTx,
  filter: MessageFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = filtersOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(outboxMessages).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findMessage(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

/** Makes the message due now with its attempts counted from zero, if its status is one of `from`; true when it was. */
export async function makeDueAgain(db: DbOrTx, id: string, from: readonly MailStatus[]): Promise<boolean> {
  const updated = await db
    .update(outboxMessages)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, [...from])))
    .returning({ id: outboxMessages.id });
  return updated.length > 0;
}

/** The messages of this kind written to `recipient` since `since` (for a limit on how many a person is sent). */
export async function countMailsSince(tx: DbOrTx, kind: MailKind, recipient: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.kind, kind), eq(outboxMessages.recipient, recipient), gte(outboxMessages.createdAt, since)),
    );
  return row!.n;
}
