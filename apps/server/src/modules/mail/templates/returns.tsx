/**
 * The e-mails of a return (docs/shop-rules.md#returns, docs/shop-rules.md#emails): to the buyer at each step
 * (requested, approved, refused, goods received, refunded) and to the owner when a buyer asks. Each names the return
 * and lists its units; the order's summary follows.
 */
import type { ReactElement } from 'react';
import { adminOrdersUrl, lineLabel, orderNumber, orderUrl, priceOfPaise } from './format';
import { ActionButton, MailLayout, Paragraph, SubHeading } from './layout';
import { OrderSummary } from './order-summary';
import type { ReturnMessage } from '../messages';
import type { MailInput, MailTemplate } from './template';

type ReturnKind =
  | 'return-requested'
  | 'owner-return-requested'
  | 'return-approved'
  | 'return-refused'
  | 'return-received'
  | 'return-refunded';

function ReturnedLines({ lines }: { lines: { title: string; size: string | null; quantity: number }[] }) {
  return (
    <>
      <SubHeading>Returned items</SubHeading>
      {lines.map((line, index) => (
        <Paragraph key={index}>{`${line.quantity} × ${lineLabel(line.title, line.size)}`}</Paragraph>
      ))}
    </>
  );
}

/** A buyer's e-mail of one step: its heading, preview and paragraphs, with the lines, a link and the order. */
function buyerTemplate<K extends ReturnKind>(spec: {
  subject: (input: MailInput<K>, name: string) => string;
  heading: string;
  body: (input: MailInput<K>) => string[];
}): MailTemplate<K> {
  // Every return kind carries the return's fields; TypeScript cannot see it through the generic K.
  const fields = (input: MailInput<K>) => input.message as unknown as ReturnMessage;
  const name = (input: MailInput<K>) =>
    `return ${fields(input).returnNumber} of order #${orderNumber(fields(input).orderId)}`;
  return {
    subject: (input) => spec.subject(input, name(input)),
    Email: (input): ReactElement => {
      const { context, order } = input as MailInput<K> & { order: MailInput<'return-approved'>['order'] };
      const message = fields(input);
      const paragraphs = spec.body(input);
      return (
        <MailLayout context={context} preview={paragraphs[0] ?? spec.heading} heading={spec.heading}>
          <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
          {paragraphs.map((text, index) => (
            <Paragraph key={index}>{text}</Paragraph>
          ))}
          <ReturnedLines lines={message.lines} />
          <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>View your order</ActionButton>
          <OrderSummary order={order} />
        </MailLayout>
      );
    },
  };
}

export const returnRequested = buyerTemplate<'return-requested'>({
  subject: (_, name) => `We have your request: ${name}`,
  heading: 'Return requested',
  body: ({ message }) => [
    `We have received your request to return items of order #${orderNumber(message.orderId)}. The shop will approve or refuse it shortly; you will hear from us by e-mail.`,
    `Your reason: ${message.reason}`,
  ],
});

export const returnApproved = buyerTemplate<'return-approved'>({
  subject: (_, name) => `Approved: ${name}`,
  heading: 'Return approved',
  body: () => [
    'Your return has been approved. Please pack the items below and send them back to the shop; your refund follows once they arrive.',
  ],
});

export const returnRefused = buyerTemplate<'return-refused'>({
  subject: (_, name) => `Refused: ${name}`,
  heading: 'Return refused',
  body: ({ message }) => ['We are sorry: the shop cannot accept this return.', `The shop's reason: ${message.reason}`],
});

export const returnReceived = buyerTemplate<'return-received'>({
  subject: (_, name) => `Items received: ${name}`,
  heading: 'Returned items received',
  body: ({ message }) => [
    `The shop has received the items below. Your refund of ${priceOfPaise(message.refundPaise)} follows.`,
  ],
});

export const returnRefunded = buyerTemplate<'return-refunded'>({
  subject: ({ message }, name) => `Refund of ${priceOfPaise(message.amountPaise)}: ${name}`,
  heading: 'Return refunded',
  body: ({ message }) => [
    message.mode === 'online'
      ? `Your refund of ${priceOfPaise(message.amountPaise)} has been processed. It will reach your original payment method in 5–7 working days.`
      : `Your refund of ${priceOfPaise(message.amountPaise)} has been paid to you in cash by the shop.`,
    ...(message.refundId ? [`Refund reference: ${message.refundId}`] : []),
    ...(message.creditNoteNumber
      ? [`Credit note ${message.creditNoteNumber} has been issued; download it from your order.`]
      : []),
  ],
});

export const ownerReturnRequested: MailTemplate<'owner-return-requested'> = {
  subject: ({ message }) => `Return requested: order #${orderNumber(message.orderId)} (return ${message.returnNumber})`,
  Email: ({ message, context, order }) => (
    <MailLayout
      audience="owner"
      context={context}
      preview={`Order #${orderNumber(message.orderId)}: ${message.reason}`}
      heading="A buyer asks to return goods"
    >
      <Paragraph>{`${order.customer.name} asks to return items of order #${orderNumber(message.orderId)}.`}</Paragraph>
      <Paragraph>{`Reason: ${message.reason}`}</Paragraph>
      <ReturnedLines lines={message.lines} />
      <ActionButton href={adminOrdersUrl(context.shopUrl)}>Open the orders</ActionButton>
      <OrderSummary order={order} />
    </MailLayout>
  ),
};
