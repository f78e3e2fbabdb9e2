/**
 * Every e-mail template by kind (docs/shop-rules.md#emails). MailTemplates maps every MailKind to its template, so
 * a new kind without one fails the type check.
 */
import { accountExists } from './account-exists';
import { bankTransferDecided, bankTransferDue, ownerTransferRecorded } from './bank-transfer';
import { approvalDecided, approvalNeeded, businessInvite } from './business';
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
import {
  ownerReturnRequested,
  returnApproved,
  returnReceived,
  returnRefunded,
  returnRefused,
  returnRequested,
} from './returns';
import { ownerQuoteAccepted, ownerQuoteRequested, quoteAnswered } from './quotes';
import { staffInvite } from './staff-invite';
import { taskReminder } from './task-reminder';
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
  'business-invite': businessInvite,
  'approval-needed': approvalNeeded,
  'approval-decided': approvalDecided,
  welcome,
  'owner-new-order': ownerNewOrder,
  'owner-low-stock': ownerLowStock,
  'owner-refund-action': ownerRefundAction,
  'return-requested': returnRequested,
  'return-approved': returnApproved,
  'return-refused': returnRefused,
  'return-received': returnReceived,
  'return-refunded': returnRefunded,
  'owner-return-requested': ownerReturnRequested,
  'owner-quote-requested': ownerQuoteRequested,
  'quote-answered': quoteAnswered,
  'owner-quote-accepted': ownerQuoteAccepted,
  'bank-transfer-due': bankTransferDue,
  'owner-transfer-recorded': ownerTransferRecorded,
  'bank-transfer-decided': bankTransferDecided,
  'task-reminder': taskReminder,
};

export type { MailInput, MailTemplate, MailTemplates } from './template';
