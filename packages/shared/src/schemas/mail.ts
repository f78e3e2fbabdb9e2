/**
 * Contracts of the e-mail outbox (docs/shop-rules.md#emails): the kinds of message the shop sends, their
 * states, and what the admin's E-mails page reads (GET /api/admin/emails, GET /api/admin/emails/{id}).
 */
import { z } from 'zod';

/** Every kind of e-mail, with the name the admin's E-mails page gives it. */
export const MAIL_KIND_LABELS = {
  'order-placed': 'Order placed (cash on delivery)',
  'payment-received': 'Payment received',
  'order-shipped': 'Order shipped',
  'order-delivered': 'Order delivered',
  'order-cancelled': 'Order cancelled',
  'refund-processed': 'Refund processed',
  'password-reset': 'Password reset',
  'account-exists': 'Sign-up with an existing account',
  'staff-invite': 'Staff invitation',
  'business-invite': 'Business invitation',
  'approval-needed': 'Order waiting for approval (to approvers)',
  'approval-decided': 'Order approved or rejected (to the buyer)',
  welcome: 'Welcome',
  'owner-new-order': 'New order (to the owner)',
  'owner-low-stock': 'Low stock (to the owner)',
  'owner-refund-action': 'Refund needs action (to the owner)',
  'return-requested': 'Return requested',
  'return-approved': 'Return approved',
  'return-refused': 'Return refused',
  'return-received': 'Returned goods received',
  'return-refunded': 'Return refunded',
  'owner-return-requested': 'Return requested (to the owner)',
  'owner-quote-requested': 'Quote requested (to the owner)',
  'quote-answered': 'Quote answered or revised',
  'owner-quote-accepted': 'Quote accepted (to the owner)',
  'bank-transfer-due': 'Bank transfer due',
  'owner-transfer-recorded': 'Bank transfer to confirm (to the owner)',
  'bank-transfer-decided': 'Bank transfer confirmed or rejected',
  'task-reminder': "Tasks falling due (to an outlet's people)",
} as const;
export type MailKind = keyof typeof MAIL_KIND_LABELS;
export const MAIL_KINDS = Object.keys(MAIL_KIND_LABELS) as [MailKind, ...MailKind[]];

/**
 * pending: waiting to be sent (or for its next attempt); sent: the SMTP server accepted it; failed: every
 * attempt failed, an admin may retry it; kept: no SMTP_URL is set, so it was rendered and kept, not sent.
 */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  /** Null until the message is first rendered (a pending message's first attempt). */
  subject: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The order it reports, when it reports one. */
  orderId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailDetailSchema = mailSummarySchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  /** The file names of what the message attaches (e.g. the tax invoice PDF). */
  attachments: z.array(z.string()),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;

export const mailListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(MAIL_STATUSES).optional(),
  kind: z.enum(MAIL_KINDS).optional(),
  /** Part of the recipient's address. */
  to: z.string().trim().max(200).optional(),
});
export type MailListQuery = z.infer<typeof mailListQuerySchema>;

export const mailListResponseSchema = z.object({ data: z.array(mailSummarySchema), total: z.number().int() });
export type MailListResponse = z.infer<typeof mailListResponseSchema>;
export const mailDetailResponseSchema = z.object({ data: mailDetailSchema });
