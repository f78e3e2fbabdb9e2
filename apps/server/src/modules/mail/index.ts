/**
 * E-mail (docs/shop-rules.md#emails): the outbox others write to inside their transactions (enqueueMail), the
 * owner's address (ownerEmail), and the message contract.
 */
export { enqueueMail, enqueueMails, ownerEmail, type Envelope } from './outbox';
export type { MailMessage, MailMessageOf, RenderedMail } from './messages';
