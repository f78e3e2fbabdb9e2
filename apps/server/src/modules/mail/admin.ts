/**
 * The admin's view of the outbox (docs/shop-rules.md#emails): a page of messages, newest first, filtered by
 * status, kind and part of the recipient's address; one message with its HTML, text and attachment names; and
 * sending a failed or kept message again (back to pending, attempts 0, due now).
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SERVER_MESSAGES, type MailDetail, type MailListQuery, type MailSummary } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { outboxMessages } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { attachmentNames } from './attachments';

type Ctx = Pick<AppContext, 'db'>;
type OutboxRow = typeof outboxMessages.$inferSelect;

/** Statuses from which an admin may send a message again. */
const RETRYABLE = ['failed', 'kept'] as const;

function toSummary(row: OutboxRow): MailSummary {
  return {
    _id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    // Only a pending message has a next attempt; the column keeps the last lease or retry time otherwise.
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

function filtersOf(query: MailListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(outboxMessages.status, query.status));
  if (query.kind) conditions.push(eq(outboxMessages.kind, query.kind));
  // strpos, not LIKE: the text is matched as it is, % and _ included.
  if (query.to) conditions.push(sql`strpos(lower(${outboxMessages.recipient}), ${query.to.toLowerCase()}) > 0`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of messages matching the query, newest first, and how many match in all. */
export async function listMails(ctx: Ctx, query: MailListQuery): Promise<{ data: MailSummary[]; total: number }> {
  const where = filtersOf(query);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ total: count() }).from(outboxMessages).where(where),
  ]);
  return { data: rows.map(toSummary), total: counted?.total ?? 0 };
}

async function findRow(ctx: Ctx, id: string): Promise<OutboxRow> {
  const [row] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new NotFoundError(SERVER_MESSAGES.emailNotFound);
  return row;
}

/** One message as rendered (html and text are null until its first attempt). */
export async function getMail(ctx: Ctx, id: string): Promise<MailDetail> {
  const row = await findRow(ctx, id);
  return { ...toSummary(row), html: row.html, text: row.text, attachments: await attachmentNames(ctx.db, row) };
}

/**
 * Puts a failed or kept message back in the queue: pending, attempts 0, due now; the stored rendering is kept,
 * so the same e-mail goes out. 409 for a pending or sent one. The caller wakes the worker.
 */
export async function retryMail(ctx: Ctx, id: string): Promise<void> {
  const updated = await ctx.db
    .update(outboxMessages)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, [...RETRYABLE])))
    .returning({ id: outboxMessages.id });
  if (updated.length > 0) return;
  const row = await findRow(ctx, id);
  throw new ConflictError(row.status === 'sent' ? SERVER_MESSAGES.emailAlreadySent : SERVER_MESSAGES.emailStillPending);
}
