/**
 * To the account holder: someone tried to register with their e-mail (docs/shop-rules.md#emails,
 * docs/shop-rules.md#accounts). Registration answers the same as for a new e-mail, so the owner is told here
 * instead; the e-mail says nothing was changed, how to get in, and to ignore it when it was not them.
 */
import { ActionButton, MailLayout, Paragraph, TextLink } from './layout';
import type { MailTemplate } from './template';

export const accountExists: MailTemplate<'account-exists'> = {
  subject: ({ context }) => `You already have a ${context.store.name} account`,
  Email: ({ message, context }) => (
    <MailLayout
      context={context}
      preview="Someone tried to register with this e-mail. Nothing was changed."
      heading="You already have an account"
    >
      <Paragraph>{`Hi ${message.name},`}</Paragraph>
      <Paragraph>
        {`Someone tried to register a ${context.store.name} account with this e-mail address. It already has one, so nothing was created or changed.`}
      </Paragraph>
      <Paragraph>If it was you, log in, or reset your password if you have forgotten it:</Paragraph>
      <ActionButton href={message.loginUrl}>Log in</ActionButton>
      <Paragraph>
        {'Forgot your password? '}
        <TextLink href={message.forgotPasswordUrl}>Reset your password</TextLink>
      </Paragraph>
      <Paragraph>If it was not you, you can ignore this e-mail: your account stays as it is.</Paragraph>
    </MailLayout>
  ),
};
