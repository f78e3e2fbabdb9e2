/**
 * To the account holder: the link that sets a new password (docs/shop-rules.md#emails,
 * docs/shop-rules.md#password-reset), how long it stays valid, and to ignore it when they did not ask.
 */
import { ActionButton, MailLayout, Paragraph, TextLink } from './layout';
import type { MailTemplate } from './template';

export const passwordReset: MailTemplate<'password-reset'> = {
  subject: ({ context }) => `Reset your ${context.store.name} password`,
  Email: ({ message, context }) => (
    <MailLayout
      context={context}
      preview={`The link is valid for ${message.validMinutes} minutes.`}
      heading="Reset your password"
    >
      <Paragraph>{`Hi ${message.name},`}</Paragraph>
      <Paragraph>{`We received a request to reset the password of your ${context.store.name} account.`}</Paragraph>
      <ActionButton href={message.resetUrl}>Reset your password</ActionButton>
      <Paragraph>{`The link is valid for ${message.validMinutes} minutes and works once.`}</Paragraph>
      <Paragraph style={{ wordBreak: 'break-all' }} skipInText>
        {'If the button does not work, open this link: '}
        <TextLink href={message.resetUrl}>{message.resetUrl}</TextLink>
      </Paragraph>
      <Paragraph>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</Paragraph>
    </MailLayout>
  ),
};
