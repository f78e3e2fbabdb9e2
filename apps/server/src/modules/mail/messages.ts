/**
 * What each e-mail says, as data (docs/shop-rules.md#emails): the outbox row keeps a MailMessage in `data`, and
 * the templates (./templates) render it. A message about an order carries only what the order row does not
 * keep (the refund amount, the tracking data at the time of shipping...): the order itself (lines, amounts,
 * address) never changes after it is placed and is loaded when the message is rendered.
 */
import type { BankDetails, BusinessRole, MailKind, StaffRole } from '@pumpkart/shared';

interface OrderMessage {
  orderId: string;
}

/** A return of some units of an order (docs/shop-rules.md#returns): its number within the order and its lines. */
export interface ReturnMessage extends OrderMessage {
  returnNumber: number;
  lines: { title: string; size: string | null; quantity: number }[];
}

/**
 * One task of a reminder (docs/shop-rules.md#reminders): what is due, on what, when, how many days ahead it is
 * reminded (30, 7 or 0), and the products that do it at the business's price (none: the e-mail links the register).
 */
export interface ReminderTask {
  title: string;
  /** The asset as the register names it ("Tokheim Quantium, serial TQ-1"), or the licence and its number. */
  item: string;
  dueOn: string;
  daysBefore: number;
  offers: { productId: string; title: string; pricePaise: number }[];
}

/** A request for quote (docs/shop-rules.md#quotes): which, and who asked. */
interface QuoteMessage {
  quoteId: string;
  customerName: string;
}

export type MailMessage =
  /** To the owner: a buyer asked for a quote. */
  | ({ kind: 'owner-quote-requested' } & QuoteMessage)
  /** To the buyer: the owner answered (version 1) or revised the quote. */
  | ({ kind: 'quote-answered'; version: number; totalPaise: number; validUntil: string } & QuoteMessage)
  /** To the owner: the buyer accepted a version; it became the order numbered `orderNumber`. */
  | ({ kind: 'owner-quote-accepted'; version: number; orderNumber: string } & QuoteMessage)
  /** To the buyer: a cash-on-delivery order was placed. */
  | ({ kind: 'order-placed' } & OrderMessage)
  /** To the buyer: the online payment was captured (attaches the tax invoice when it exists). */
  | ({ kind: 'payment-received' } & OrderMessage)
  /** To the buyer: the admin set the order to shipped. */
  | ({ kind: 'order-shipped'; courier: string; trackingNumber: string; trackingUrl: string | null } & OrderMessage)
  /** To the buyer: the admin set the order to delivered (ISO time). */
  | ({ kind: 'order-delivered'; deliveredAt: string } & OrderMessage)
  /**
   * To the buyer: the order was cancelled (by them, the admin or the payment window's expiry). `refundPaise` is
   * what they paid and get back (online: through the gateway; cash: by hand); null when nothing was paid.
   */
  | ({
      kind: 'order-cancelled';
      by: 'buyer' | 'admin' | 'expiry' | 'business';
      refundPaise: number | null;
      refundMode: 'online' | 'cash' | 'bank' | null;
    } & OrderMessage)
  /** To the buyer: the gateway refunded the payment. */
  | ({ kind: 'refund-processed'; amountPaise: number; refundId: string | null } & OrderMessage)
  /** To the account holder: a password reset link, valid `validMinutes`. */
  | { kind: 'password-reset'; name: string; resetUrl: string; validMinutes: number }
  /**
   * To the account holder: someone tried to register with their e-mail; nothing was changed. Links to log in and to
   * ask for a reset link (docs/decisions/0022-registration-does-not-reveal-accounts.md).
   */
  | { kind: 'account-exists'; name: string; loginUrl: string; forgotPasswordUrl: string }
  /** To a person the owner invited to the staff: the link that sets their password, valid `validDays`. */
  | { kind: 'staff-invite'; name: string; role: StaffRole; setPasswordUrl: string; validDays: number }
  /** To a person invited to a business: the link that accepts it, valid `validDays` (docs/shop-rules.md#business-accounts). */
  | { kind: 'business-invite'; businessName: string; role: BusinessRole; acceptUrl: string; validDays: number }
  /** To a business's approvers and admins: a buyer's order above the approval limit waits for them. */
  | ({ kind: 'approval-needed'; businessName: string; buyerName: string } & OrderMessage)
  /** To the buyer: their business approved the order (a rejection is the order-cancelled e-mail, by 'business'). */
  | ({ kind: 'approval-decided'; approved: boolean } & OrderMessage)
  /** To a new account holder. */
  | { kind: 'welcome'; name: string }
  /** To the owner: a paid online order or a COD order. */
  | ({ kind: 'owner-new-order' } & OrderMessage)
  /** To the owner: a product (or one of its sizes) reached its low-stock threshold. */
  | {
      kind: 'owner-low-stock';
      productId: string;
      title: string;
      /** The size, when it is a variant's stock. */
      size: string | null;
      stock: number;
      threshold: number;
    }
  /**
   * To the owner: a refund a person must make: a gateway refund that failed its last attempt, or cash collected
   * for a cancelled COD order.
   */
  | ({ kind: 'owner-refund-action'; amountPaise: number; reason: string } & OrderMessage)
  /** To the buyer of a bank-transfer order: the store's bank details (at the time) and what to transfer now. */
  | ({
      kind: 'bank-transfer-due';
      amountPaise: number;
      stage: 'advance' | 'balance' | 'full';
      bank: BankDetails;
    } & OrderMessage)
  /** To the owner: a buyer recorded a bank transfer, to be confirmed or rejected. */
  | ({ kind: 'owner-transfer-recorded'; utr: string; amountPaise: number; transferredOn: string } & OrderMessage)
  /** To the buyer: the owner confirmed (or rejected, with the reason) a transfer; `dueNowPaise` is what is due next. */
  | ({
      kind: 'bank-transfer-decided';
      utr: string;
      amountPaise: number;
      confirmed: boolean;
      reason: string | null;
      dueNowPaise: number;
    } & OrderMessage)
  /** To the buyer: their return request was received by the shop. */
  | ({ kind: 'return-requested'; reason: string } & ReturnMessage)
  /** To the owner: a buyer asked to return goods. */
  | ({ kind: 'owner-return-requested'; reason: string } & ReturnMessage)
  /** To the buyer: the owner approved the return; the goods may be sent back. */
  | ({ kind: 'return-approved' } & ReturnMessage)
  /** To the buyer: the owner refused the return, with the owner's reason. */
  | ({ kind: 'return-refused'; reason: string } & ReturnMessage)
  /** To the buyer: the shop received the goods; `refundPaise` will come back. */
  | ({ kind: 'return-received'; refundPaise: number } & ReturnMessage)
  /** To the buyer: the refund was made (online through the gateway, or cash by hand), with the credit note's number. */
  | ({
      kind: 'return-refunded';
      amountPaise: number;
      mode: 'online' | 'cash';
      refundId: string | null;
      creditNoteNumber: string | null;
    } & ReturnMessage)
  /** To an outlet's people who may buy: the outlet's tasks falling due in 30 days, in 7 days and today. */
  | {
      kind: 'task-reminder';
      businessName: string;
      outletId: string;
      outletName: string;
      tasks: ReminderTask[];
    };

/** The message of one kind. */
export type MailMessageOf<K extends MailKind> = Extract<MailMessage, { kind: K }>;

/** What a rendered message is: the same for the preview, the kept copy and the sent e-mail. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
