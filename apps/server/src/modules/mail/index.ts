/**
 * E-mail (docs/shop-rules.md#emails): the outbox others write to inside their transactions (enqueueMail), the
 * owner's address (ownerEmail), and the message contract. app.ts builds the worker that delivers the messages
 * (createMailWorker; it is ctx.mail) and registers the admin's E-mails routes (mailAdminRoutes, /api/admin).
 * Depends on settings (the store's name in e-mails) and invoices (the tax invoice attached to 'payment-received');
 * the order a message reports is loaded through the loader app.ts hands in, so mail never imports orders.
 */
export { enqueueMail, enqueueMails, ownerEmail, REDACTED_LINK_TOKEN, type Envelope } from './store/outbox';
export { countMailsSince } from './store/messages';
export type { MailMessage, MailMessageOf, ReminderTask, RenderedMail } from './messages';
export { createMailWorker, type MailWorker } from './worker';
export { default as mailAdminRoutes } from './admin-routes';
