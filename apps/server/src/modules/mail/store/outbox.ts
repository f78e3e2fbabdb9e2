/**
 * Writing to the e-mail outbox (docs/shop-rules.md#emails). Call enqueueMail inside the transaction that makes
 * the change the message reports, so the message exists exactly when the change does; after the commit, call
 * ctx.mail.wake() so the worker sends it at once instead of at its next poll.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { outboxMessages } from '../../../db/schema';
import { statement } from '../../../db/statement';
import type { MailMessage } from '../messages';

export interface Envelope {
  to: string;
  message: MailMessage;
}

/**
 * What a password link's token is in a stored or previewed message (`.../reset-password#token=REDACTED`): the
 * owner's E-mails page never shows a working link to someone else's account. Only the copy handed to SMTP carries
 * the token (withLinkToken).
 */
export const REDACTED_LINK_TOKEN = 'REDACTED';
const REDACTED_FRAGMENT = `#token=${REDACTED_LINK_TOKEN}`;

/** The rendered message with its redacted links completed by `token`: the recipient's copy. */
export function withLinkToken<T extends { subject: string; html: string; text: string }>(
  mail: T,
  token: string | null,
): T {
  if (token === null) return mail;
  const fill = (part: string) => part.replaceAll(REDACTED_FRAGMENT, `#token=${token}`);
  return { ...mail, html: fill(mail.html), text: fill(mail.text) };
}

const outboxRow = ({ to, message }: Envelope) => ({
  kind: message.kind,
  recipient: to,
  data: message as unknown as Record<string, unknown>,
  orderId: 'orderId' in message ? message.orderId : null,
});

/**
 * Writes one message for `to`; answers its id (its Message-ID). A message with a password link builds it with
 * REDACTED_LINK_TOKEN and passes the real token as `linkToken`, kept apart from what the owner can read.
 */
export async function enqueueMail(
  tx: DbOrTx,
  to: string,
  message: MailMessage,
  linkToken: string | null = null,
): Promise<string> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({ ...outboxRow({ to, message }), linkToken })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

/** The messages of `envelopes` as one JSON array, as enqueueMails' statement reads them. */
const messagesJson = (envelopes: readonly Envelope[]) =>
  JSON.stringify(
    envelopes
      .map(outboxRow)
      .map(({ kind, recipient, data, orderId }) => ({ kind, recipient, data, order_id: orderId })),
  );

/** enqueueMails' INSERT, built once for any number of messages (one JSON parameter, messagesJson). */
const insertMessages = statement(
  'insert_outbox',
  ({ value }) => sql`insert into ${outboxMessages} (kind, recipient, data, order_id)
    select kind, recipient, data, order_id
    from json_to_recordset(${value('messages')}::json) as m(kind text, recipient text, data jsonb, order_id uuid)`,
);

/** Writes several messages with one statement (a checkout's buyer and owner messages); nothing for an empty list. */
export async function enqueueMails(tx: DbOrTx, envelopes: readonly Envelope[]): Promise<void> {
  if (envelopes.length > 0) await insertMessages(tx, { messages: messagesJson(envelopes) });
}

/** Where the owner's messages go: ORDER_NOTIFY_EMAIL, else the admin's e-mail. */
export const ownerEmail = (config: Pick<Config, 'ORDER_NOTIFY_EMAIL' | 'ADMIN_EMAIL'>) =>
  config.ORDER_NOTIFY_EMAIL ?? config.ADMIN_EMAIL;
