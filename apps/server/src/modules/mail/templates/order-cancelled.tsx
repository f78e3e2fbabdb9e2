/**
 * To the buyer: the order was cancelled (docs/shop-rules.md#emails, docs/shop-rules.md#cancellation): by them, by
 * the store, or because its payment was not completed in time; and what happens to what they paid
 * (docs/shop-rules.md#refunds, docs/shop-rules.md#cod).
 */
import { orderNumber, orderUrl, priceOfPaise } from './format';
import { MailLayout, Paragraph, TextLink } from './layout';
import { OrderSummary } from './order-summary';
import type { MailMessageOf } from '../messages';
import type { MailTemplate } from './template';

type Cancelled = MailMessageOf<'order-cancelled'>;

const WHY: Record<Cancelled['by'], (number: string) => string> = {
  buyer: (number) => `Your order #${number} was cancelled, as you asked.`,
  admin: (number) => `Your order #${number} was cancelled by the store. We are sorry for the trouble.`,
  expiry: (number) => `Your order #${number} was cancelled because its payment was not completed in time.`,
  business: (number) => `Your order #${number} was not approved by your business, so it was cancelled.`,
};

/** What happens to the money: the refund and how it reaches the buyer, or nothing was charged. */
export function refundSentence(message: Pick<Cancelled, 'refundPaise' | 'refundMode'>): string {
  if (message.refundPaise === null) return 'Nothing was charged for this order.';
  const amount = priceOfPaise(message.refundPaise);
  if (message.refundMode === 'bank') return `The ${amount} you transferred will be transferred back to you.`;
  return message.refundMode === 'cash'
    ? `The ${amount} you paid will be returned to you.`
    : `A refund of ${amount} will reach your original payment method in 5–7 working days.`;
}

export const orderCancelled: MailTemplate<'order-cancelled'> = {
  subject: ({ message }) => `Order #${orderNumber(message.orderId)} cancelled`,
  Email: ({ message, context, order }) => {
    const number = orderNumber(message.orderId);
    const refund = refundSentence(message);
    return (
      <MailLayout context={context} preview={refund} heading="Order cancelled">
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>{WHY[message.by](number)}</Paragraph>
        <Paragraph>
          <strong>{refund}</strong>
        </Paragraph>
        <Paragraph>
          <TextLink href={orderUrl(context.shopUrl, message.orderId)}>View your order</TextLink>
        </Paragraph>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
