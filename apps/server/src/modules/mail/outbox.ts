/**
 * Writing to the e-mail outbox (docs/shop-rules.md#emails). Call enqueueMail inside the transaction that makes
 * the change the message reports, so the message exists exactly when the change does; after the commit, call
 * ctx.mail.wake() so the worker sends it at once instead of at its next poll.
 */
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { preparedInsert } from '../../lib/prepared';
import type { MailMessage } from './messages';

export interface Envelope {
  to: string;
  message: MailMessage;
}

/** The outbox's INSERT, built once per number of messages. */
const insertMessages = preparedInsert(outboxMessages, ['kind', 'recipient', 'data', 'orderId'], 'insert_outbox');

const outboxRow = ({ to, message }: Envelope) => ({
  kind: message.kind,
  recipient: to,
  data: message as unknown as Record<string, unknown>,
  orderId: 'orderId' in message ? message.orderId : null,
});

/** Writes one message for `to`; answers its id (its Message-ID). */
export async function enqueueMail(tx: DbOrTx, to: string, message: MailMessage): Promise<string> {
  const [row] = await tx.insert(outboxMessages).values(outboxRow({ to, message })).returning({ id: outboxMessages.id });
  return row!.id;
}

/** Writes several messages with one statement (a checkout's buyer and owner messages); nothing for an empty list. */
export async function enqueueMails(tx: DbOrTx, envelopes: readonly Envelope[]): Promise<void> {
  await insertMessages(tx).execute(envelopes.map(outboxRow));
}

/** Where the owner's messages go: ORDER_NOTIFY_EMAIL, else the admin's e-mail. */
export const ownerEmail = (config: Pick<Config, 'ORDER_NOTIFY_EMAIL' | 'ADMIN_EMAIL'>) =>
  config.ORDER_NOTIFY_EMAIL ?? config.ADMIN_EMAIL;
