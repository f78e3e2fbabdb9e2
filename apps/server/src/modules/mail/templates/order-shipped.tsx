/**
 * To the buyer: the order was shipped (docs/shop-rules.md#emails, docs/shop-rules.md#order-status): the courier and
 * tracking number as the admin gave them when shipping, and a "Track shipment" button when there is a tracking URL.
 */
import { MESSAGES } from '@pumpkart/shared';
import { orderNumber, orderUrl, safeHttpUrl } from './format';
import { ActionButton, MailLayout, Paragraph, TextLink } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const orderShipped: MailTemplate<'order-shipped'> = {
  subject: ({ message }) => `Order #${orderNumber(message.orderId)} has shipped`,
  Email: ({ message, context, order }) => {
    const number = orderNumber(message.orderId);
    const trackingUrl = safeHttpUrl(message.trackingUrl);
    return (
      <MailLayout
        context={context}
        preview={MESSAGES.shippedWith(message.courier, message.trackingNumber)}
        heading="Your order is on its way"
      >
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>{`Good news: your order #${number} has shipped with ${message.courier}.`}</Paragraph>
        <Paragraph>
          {'Tracking number: '}
          <strong>{message.trackingNumber}</strong>
        </Paragraph>
        {trackingUrl ? (
          <ActionButton href={trackingUrl}>{MESSAGES.trackShipment}</ActionButton>
        ) : (
          <Paragraph>{`To follow it, enter the tracking number on ${message.courier}'s website.`}</Paragraph>
        )}
        <Paragraph>
          <TextLink href={orderUrl(context.shopUrl, message.orderId)}>View your order</TextLink>
        </Paragraph>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
