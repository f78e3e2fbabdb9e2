/**
 * To the owner: a new order to fulfil, paid online or cash on delivery (docs/shop-rules.md#emails): who bought,
 * what, and the total, with a link to the admin's orders.
 */
import { formatPrice } from '@pumpkart/shared';
import { adminOrdersUrl, orderNumber, paymentModeName } from './format';
import { ActionButton, MailLayout, Paragraph, TextLink } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const ownerNewOrder: MailTemplate<'owner-new-order'> = {
  subject: ({ message, order }) =>
    `New order #${orderNumber(message.orderId)}: ${formatPrice(order.total)}, ${paymentModeName(order)}`,
  Email: ({ message, context, order }) => {
    const number = orderNumber(message.orderId);
    const total = formatPrice(order.total);
    const how = order.paymentMode === 'cod' ? 'a cash-on-delivery order' : 'an order paid online';
    const { customer } = order;
    return (
      <MailLayout
        audience="owner"
        context={context}
        preview={`${customer.name} placed ${how} of ${total}.`}
        heading={`New order #${number}`}
      >
        <Paragraph>
          {`${customer.name} placed ${how} of `}
          <strong>{total}</strong>.
        </Paragraph>
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
