/**
 * What each e-mail says, as data (docs/shop-rules.md#emails): the outbox row keeps a MailMessage in `data`, and
 * the templates (./templates) render it. A message about an order carries only what the order row does not
 * keep (the refund amount, the tracking data at the time of shipping...): the order itself (lines, amounts,
 * address) never changes after it is placed and is loaded when the message is rendered.
 */
import type { MailKind, StaffRole } from '@pumpkart/shared';

interface OrderMessage {
  orderId: string;
}

export type MailMessage =
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
      by: 'buyer' | 'admin' | 'expiry';
      refundPaise: number | null;
      refundMode: 'online' | 'cash' | null;
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
  | ({ kind: 'owner-refund-action'; amountPaise: number; reason: string } & OrderMessage);

/** The message of one kind. */
export type MailMessageOf<K extends MailKind> = Extract<MailMessage, { kind: K }>;

/** What a rendered message is: the same for the preview, the kept copy and the sent e-mail. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
