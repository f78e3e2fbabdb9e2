/**
 * To the buyer: the payment gateway refunded the payment (docs/shop-rules.md#emails, docs/shop-rules.md#refunds),
 * with the gateway's refund reference when it gave one.
 */
import { orderNumber, orderUrl, priceOfPaise } from './format';
import { ActionButton, MailLayout, Paragraph } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const refundProcessed: MailTemplate<'refund-processed'> = {
  subject: ({ message }) =>
    `Refund of ${priceOfPaise(message.amountPaise)} processed for order #${orderNumber(message.orderId)}`,
  Email: ({ message, context, order }) => {
    const number = orderNumber(message.orderId);
    const amount = priceOfPaise(message.amountPaise);
    return (
      <MailLayout context={context} preview={`${amount} is on its way back to you.`} heading="Refund processed">
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>
          {'Your refund of '}
          <strong>{amount}</strong>
          {` for order #${number} has been processed. It will reach your original payment method in 5–7 working days.`}
        </Paragraph>
        {message.refundId && <Paragraph>{`Refund reference: ${message.refundId}`}</Paragraph>}
        <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>View your order</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
