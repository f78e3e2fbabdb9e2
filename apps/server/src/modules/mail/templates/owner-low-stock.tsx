/**
 * To the owner: a product, or one of its sizes, reached its low-stock threshold (docs/shop-rules.md#emails,
 * docs/shop-rules.md#availability), with a link to the admin's products.
 */
import { adminProductsUrl, lineLabel } from './format';
import { ActionButton, MailLayout, Paragraph } from './layout';
import type { MailMessageOf } from '../messages';
import type { MailTemplate } from './template';

/** "Brass nozzle (M) is low: 2 left (threshold 5)"; at 0, "... is out of stock (threshold 5)". */
export function lowStockSentence(message: MailMessageOf<'owner-low-stock'>): string {
  const label = lineLabel(message.title, message.size);
  return message.stock > 0
    ? `${label} is low: ${message.stock} left (threshold ${message.threshold}).`
    : `${label} is out of stock (threshold ${message.threshold}).`;
}

export const ownerLowStock: MailTemplate<'owner-low-stock'> = {
  subject: ({ message }) => {
    const label = lineLabel(message.title, message.size);
    return message.stock > 0 ? `Low stock: ${label}, ${message.stock} left` : `Out of stock: ${label}`;
  },
  Email: ({ message, context }) => {
    const sentence = lowStockSentence(message);
    return (
      <MailLayout
        audience="owner"
        context={context}
        preview={sentence}
        heading={message.stock > 0 ? 'Low stock' : 'Out of stock'}
      >
        <Paragraph>{sentence}</Paragraph>
        <Paragraph>
          {message.stock > 0
            ? "Add stock in the admin's product list before it runs out."
            : "Add stock in the admin's product list so buyers can order it again."}
        </Paragraph>
        <ActionButton href={adminProductsUrl(context.shopUrl)}>Open the products</ActionButton>
      </MailLayout>
    );
  },
};
