/**
 * The e-mails of a request for quote (docs/shop-rules.md#quotes, #emails): to the owner when a buyer asks and when a
 * buyer accepts, to the buyer when the owner answers or revises. Each links to the quote's page.
 */
import { orderNumber, priceOfPaise } from './format';
import { ActionButton, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './template';

const quoteUrl = (shopUrl: string, quoteId: string) => `${shopUrl}/quotes/${quoteId}`;
const adminQuoteUrl = (shopUrl: string, quoteId: string) => `${shopUrl}/admin/quotes/${quoteId}`;

export const ownerQuoteRequested: MailTemplate<'owner-quote-requested'> = {
  subject: ({ message }) => `Quote requested: #${orderNumber(message.quoteId)} by ${message.customerName}`,
  Email: ({ message, context }) => (
    <MailLayout
      audience="owner"
      context={context}
      preview={`${message.customerName} asks for prices`}
      heading="A buyer asks for a quote"
    >
      <Paragraph>{`${message.customerName} sent request #${orderNumber(message.quoteId)}. Price its lines and send it back.`}</Paragraph>
      <ActionButton href={adminQuoteUrl(context.shopUrl, message.quoteId)}>Open the request</ActionButton>
    </MailLayout>
  ),
};

export const quoteAnswered: MailTemplate<'quote-answered'> = {
  subject: ({ message }) =>
    `${message.version > 1 ? 'Revised quote' : 'Your quote'} #${orderNumber(message.quoteId)}: ${priceOfPaise(message.totalPaise)}`,
  Email: ({ message, context }) => (
    <MailLayout
      context={context}
      preview={`${priceOfPaise(message.totalPaise)}, valid until ${message.validUntil}`}
      heading={message.version > 1 ? 'Your quote was revised' : 'Your quote is ready'}
    >
      <Paragraph>{`Hi ${message.customerName},`}</Paragraph>
      <Paragraph>
        {`The shop priced your request #${orderNumber(message.quoteId)} at ${priceOfPaise(message.totalPaise)} in all, GST and delivery included, valid until ${message.validUntil}.`}
      </Paragraph>
      {message.version > 1 ? (
        <Paragraph>This version replaces the earlier one, which can no longer be accepted.</Paragraph>
      ) : null}
      <ActionButton href={quoteUrl(context.shopUrl, message.quoteId)}>Read and accept the quote</ActionButton>
    </MailLayout>
  ),
};

export const ownerQuoteAccepted: MailTemplate<'owner-quote-accepted'> = {
  subject: ({ message }) => `Quote accepted: #${orderNumber(message.quoteId)} is order #${message.orderNumber}`,
  Email: ({ message, context }) => (
    <MailLayout
      audience="owner"
      context={context}
      preview={`${message.customerName} accepted version ${message.version}`}
      heading="A quote was accepted"
    >
      <Paragraph>{`${message.customerName} accepted version ${message.version} of quote #${orderNumber(message.quoteId)}. It is now order #${message.orderNumber}, at the quoted prices.`}</Paragraph>
      <ActionButton href={adminQuoteUrl(context.shopUrl, message.quoteId)}>Open the quote</ActionButton>
    </MailLayout>
  ),
};
