/**
 * What one e-mail template is (docs/shop-rules.md#emails): the subject and the body of one kind of message, both
 * computed from the message, the context and, for a message about an order, the order loaded at render time.
 */
import type { ReactElement } from 'react';
import type { MailKind, OrderDto } from '@pumpkart/shared';
import type { MailMessageOf } from '../messages';
import type { MailContext } from '../render';

/** The inputs of one kind's template; a message about an order also gets the order itself. */
export type MailInput<K extends MailKind> = {
  message: MailMessageOf<K>;
  context: MailContext;
} & (MailMessageOf<K> extends {
  orderId: string;
}
  ? { order: OrderDto }
  : unknown);

export interface MailTemplate<K extends MailKind> {
  /** Short and specific, e.g. "Payment received for order #a1b2c3". */
  subject: (input: MailInput<K>) => string;
  /** The whole e-mail (MailLayout around its content); its plain-text part is rendered from the same element. */
  Email: (input: MailInput<K>) => ReactElement;
}

/** One template for every kind: a kind without one fails the type check. */
export type MailTemplates = { [K in MailKind]: MailTemplate<K> };
