/**
 * To the owner: a refund a person must make (docs/shop-rules.md#emails, docs/shop-rules.md#refunds,
 * docs/shop-rules.md#cod): a gateway refund whose last attempt failed, or cash collected for a cancelled COD order.
 */
import { adminOrdersUrl, orderNumber, priceOfPaise } from './format';
import { ActionButton, MailLayout, Paragraph, TextLink } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const ownerRefundAction: MailTemplate<'owner-refund-action'> = {
  subject: ({ message }) =>
    `Refund to make by hand: ${priceOfPaise(message.amountPaise)} for order #${orderNumber(message.orderId)}`,
  Email: ({ message, context, order }) => {
    const number = orderNumber(message.orderId);
    const amount = priceOfPaise(message.amountPaise);
    const { customer } = order;
    return (
      <MailLayout
        audience="owner"
        context={context}
        preview={`${amount} for order #${number}: ${message.reason}`}
        heading="A refund needs your action"
      >
        <Paragraph>
          {'A refund of '}
          <strong>{amount}</strong>
          {` for order #${number} needs to be made by hand.`}
        </Paragraph>
        <Paragraph>{message.reason}</Paragraph>
        <Paragraph>
          {`Buyer: ${customer.name}, `}
          <TextLink href={`mailto:${customer.email}`}>{customer.email}</TextLink>
          {`, ${customer.phone}`}
        </Paragraph>
        <ActionButton href={adminOrdersUrl(context.shopUrl)}>Open the orders</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
