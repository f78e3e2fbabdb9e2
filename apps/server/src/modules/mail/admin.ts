/**
 * The admin's view of the outbox (docs/shop-rules.md#emails): a page of messages, newest first, filtered by
 * status, kind and part of the recipient's address; one message with its HTML, text and attachment names; and
 * sending a failed or kept message again (back to pending, attempts 0, due now).
 */
import { SERVER_MESSAGES, type MailDetail, type MailListQuery, type MailSummary } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { attachmentNames } from './attachments';
import { findMessage, findMessagePage, makeDueAgain, type OutboxRow } from './store/messages';

type Ctx = Pick<AppContext, 'db'>;

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

export async function listMails(ctx: Ctx, query: MailListQuery): Promise<{ data: MailSummary[]; total: number }> {
  const { rows, total } = await findMessagePage(ctx.db, query, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toSummary), total };
}

async function findRow(ctx: Ctx, id: string): Promise<OutboxRow> {
  const row = await findMessage(ctx.db, id);
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
  if (await makeDueAgain(ctx.db, id, RETRYABLE)) return;
  const row = await findRow(ctx, id);
  throw new ConflictError(row.status === 'sent' ? SERVER_MESSAGES.emailAlreadySent : SERVER_MESSAGES.emailStillPending);
}
