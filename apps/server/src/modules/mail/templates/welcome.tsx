/** To a new account holder: welcome, and a link to the shop (docs/shop-rules.md#emails, docs/shop-rules.md#accounts). */
import { ActionButton, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './template';

export const welcome: MailTemplate<'welcome'> = {
  subject: ({ context }) => `Welcome to ${context.store.name}`,
  Email: ({ message, context }) => (
    <MailLayout
      context={context}
      preview="Your account is ready. Happy shopping!"
      heading={`Welcome to ${context.store.name}!`}
    >
      <Paragraph>{`Hi ${message.name},`}</Paragraph>
      <Paragraph>
        {`Thank you for creating your ${context.store.name} account. You can now save favorites, check out in a few steps and follow your orders in My Orders.`}
      </Paragraph>
      <ActionButton href={context.shopUrl}>Start shopping</ActionButton>
    </MailLayout>
  ),
};
