/**
 * To the buyer: the order was delivered (docs/shop-rules.md#emails, docs/shop-rules.md#order-status), on the date
 * in India the admin recorded.
 */
import { orderNumber, orderUrl, formatMailDate } from './format';
import { ActionButton, MailLayout, Paragraph } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const orderDelivered: MailTemplate<'order-delivered'> = {
  subject: ({ message }) => `Order #${orderNumber(message.orderId)} delivered`,
  Email: ({ message, context, order }) => {
    const number = orderNumber(message.orderId);
    const date = formatMailDate(message.deliveredAt);
    return (
      <MailLayout context={context} preview={`Order #${number} was delivered on ${date}.`} heading="Order delivered">
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>{`Your order #${number} was delivered on ${date}. We hope you enjoy it!`}</Paragraph>
        <Paragraph>If anything is not right with it, please get in touch with us.</Paragraph>
        <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>View your order</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
