/**
 * The business accounts' e-mails (docs/shop-rules.md#emails, docs/shop-rules.md#business-accounts): the invitation
 * with its accept link, the notice to approvers that a buyer's order waits for them, and the buyer's notice that it
 * was approved (a rejection is the order-cancelled e-mail).
 */
import { formatPrice } from '@pumpkart/shared';
import { orderNumber, orderUrl } from './format';
import { ActionButton, MailLayout, Paragraph, TextLink } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

export const businessInvite: MailTemplate<'business-invite'> = {
  subject: ({ message, context }) => `Join ${message.businessName} on ${context.store.name}`,
  Email: ({ message, context }) => (
    <MailLayout
      context={context}
      preview={`Accept the invitation: the link is valid for ${message.validDays} days.`}
      heading={`Join ${message.businessName}`}
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`You are invited to buy for ${message.businessName} on ${context.store.name} as ${message.role}. Log in, or create an account with this e-mail address, then accept.`}
      </Paragraph>
      <ActionButton href={message.acceptUrl}>Accept the invitation</ActionButton>
      <Paragraph>{`The link is valid for ${message.validDays} days and works once.`}</Paragraph>
      <Paragraph style={{ wordBreak: 'break-all' }} skipInText>
        {'If the button does not work, open this link: '}
        <TextLink href={message.acceptUrl}>{message.acceptUrl}</TextLink>
      </Paragraph>
      <Paragraph>If you did not expect this, you can ignore this e-mail.</Paragraph>
    </MailLayout>
  ),
};

export const approvalNeeded: MailTemplate<'approval-needed'> = {
  subject: ({ message }) => `Order #${orderNumber(message.orderId)} waits for your approval`,
  Email: ({ message, context, order }) => (
    <MailLayout
      context={context}
      preview={`${message.buyerName} placed an order of ${formatPrice(order.total)} above your approval limit.`}
      heading="An order waits for your approval"
    >
      <Paragraph>
        {`${message.buyerName} placed order #${orderNumber(message.orderId)} of ${formatPrice(order.total)} for ${message.businessName}. It is above your business's approval limit, so it waits for an approver before it can be paid and sent.`}
      </Paragraph>
      <ActionButton href={`${context.shopUrl}/account/approvals`}>Review the order</ActionButton>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};

export const approvalDecided: MailTemplate<'approval-decided'> = {
  subject: ({ message }) => `Order #${orderNumber(message.orderId)} approved`,
  Email: ({ message, context, order }) => (
    <MailLayout context={context} preview="Your business approved your order." heading="Your order was approved">
      <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
      <Paragraph>
        {order.paymentMode === 'online'
          ? `Your order #${orderNumber(message.orderId)} was approved by your business. You can pay for it now.`
          : `Your order #${orderNumber(message.orderId)} was approved by your business and goes ahead.`}
      </Paragraph>
      <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>View the order</ActionButton>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};
