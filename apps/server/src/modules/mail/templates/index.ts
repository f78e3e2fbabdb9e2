/**
 * Every e-mail template by kind (docs/shop-rules.md#emails). MailTemplates maps every MailKind to its template, so
 * a new kind without one fails the type check.
 */
import { accountExists } from './account-exists';
import { orderCancelled } from './order-cancelled';
import { orderDelivered } from './order-delivered';
import { orderPlaced } from './order-placed';
import { orderShipped } from './order-shipped';
import { ownerLowStock } from './owner-low-stock';
import { ownerNewOrder } from './owner-new-order';
import { ownerRefundAction } from './owner-refund-action';
import { passwordReset } from './password-reset';
import { paymentReceived } from './payment-received';
import { refundProcessed } from './refund-processed';
import { staffInvite } from './staff-invite';
import type { MailTemplates } from './template';
import { welcome } from './welcome';

export const MAIL_TEMPLATES: MailTemplates = {
  'order-placed': orderPlaced,
  'payment-received': paymentReceived,
  'order-shipped': orderShipped,
  'order-delivered': orderDelivered,
  'order-cancelled': orderCancelled,
  'refund-processed': refundProcessed,
  'password-reset': passwordReset,
  'account-exists': accountExists,
  'staff-invite': staffInvite,
  welcome,
  'owner-new-order': ownerNewOrder,
  'owner-low-stock': ownerLowStock,
  'owner-refund-action': ownerRefundAction,
};

export type { MailInput, MailTemplate, MailTemplates } from './template';
