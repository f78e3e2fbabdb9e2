/**
 * To the buyer: the online payment was received and the order is being processed (docs/shop-rules.md#emails,
 * docs/shop-rules.md#payments); names the tax invoice the e-mail attaches when the order has one
 * (docs/shop-rules.md#invoices).
 */
import { formatPrice } from '@pumpkart/shared';
import { orderNumber, orderUrl } from './format';
import { ActionButton, MailLayout, Paragraph } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const paymentReceived: MailTemplate<'payment-received'> = {
  subject: ({ message }) => `Payment received for order #${orderNumber(message.orderId)}`,
  Email: ({ message, context, order }) => {
    const number = orderNumber(message.orderId);
    const total = formatPrice(order.total);
    return (
      <MailLayout
        context={context}
        preview={`We received ${total} for order #${number}. It is being processed.`}
        heading="Payment received"
      >
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>
          {'We have received your payment of '}
          <strong>{total}</strong>
          {` for order #${number}. Your order is being processed, and we will e-mail you when it ships.`}
        </Paragraph>
        {order.invoice && (
          <Paragraph>{`Your tax invoice ${order.invoice.number} is attached to this e-mail.`}</Paragraph>
        )}
        <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>View your order</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
