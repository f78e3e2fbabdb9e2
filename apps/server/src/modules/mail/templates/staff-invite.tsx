/**
 * To a person the owner invited to the staff (docs/shop-rules.md#emails, docs/shop-rules.md#staff): what they may
 * do in the back office, and the link that sets their password, how long it stays valid.
 */
import { ROLE_LABELS, STAFF_ROLE_SCOPES } from '@pumpkart/shared';
import { ActionButton, MailLayout, Paragraph, TextLink } from './layout';
import type { MailTemplate } from './template';

export const staffInvite: MailTemplate<'staff-invite'> = {
  subject: ({ context }) => `You are invited to the ${context.store.name} back office`,
  Email: ({ message, context }) => (
    <MailLayout
      context={context}
      preview={`Set your password: the link is valid for ${message.validDays} days.`}
      heading={`Join the ${context.store.name} back office`}
    >
      <Paragraph>{`Hi ${message.name},`}</Paragraph>
      <Paragraph>
        {`You are invited to work in the ${context.store.name} back office as ${ROLE_LABELS[message.role].toLowerCase()}: ${STAFF_ROLE_SCOPES[message.role].toLowerCase()}.`}
      </Paragraph>
      <ActionButton href={message.setPasswordUrl}>Set your password</ActionButton>
      <Paragraph>{`The link is valid for ${message.validDays} days and works once. Then log in with your e-mail address and the new password.`}</Paragraph>
      <Paragraph style={{ wordBreak: 'break-all' }} skipInText>
        {'If the button does not work, open this link: '}
        <TextLink href={message.setPasswordUrl}>{message.setPasswordUrl}</TextLink>
      </Paragraph>
      <Paragraph>If you did not expect this, you can ignore this e-mail.</Paragraph>
    </MailLayout>
  ),
};
