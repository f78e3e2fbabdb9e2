/**
 * To the buyer: a cash-on-delivery order was placed (docs/shop-rules.md#emails, docs/shop-rules.md#cod): what to
 * pay on delivery, and the order.
 */
import { formatPrice, MESSAGES } from '@pumpkart/shared';
import { orderNumber, orderUrl } from './format';
import { ActionButton, MailLayout, Paragraph } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const orderPlaced: MailTemplate<'order-placed'> = {
  subject: ({ message, context }) => `Order #${orderNumber(message.orderId)} placed — ${context.store.name}`,
  Email: ({ message, context, order }) => {
    const total = formatPrice(order.total);
    return (
      <MailLayout
        context={context}
        preview={`Cash on delivery: keep ${total} ready when it arrives.`}
        heading={MESSAGES.orderPlaced}
      >
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>
          {`Thank you! Your order #${orderNumber(message.orderId)} is placed. You pay cash on delivery: please keep `}
          <strong>{total}</strong>
          {' ready when it arrives.'}
        </Paragraph>
        <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>View your order</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
