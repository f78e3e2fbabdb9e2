/** Order and payment states (docs/shop-rules.md#order-status). */
import type { PaymentTerms } from './bank-transfer';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Each status as people read it, capitalised as the spec's lists name them (the admin and the buyer's pages). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A status as people read it; a text that is no status (an old record) shows as it is. */
export const orderStatusLabel = (status: string): string =>
  (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status;

/** A buyer may cancel only while the order is in one of these (docs/shop-rules.md#order-status). */
export const BUYER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];

/** 'success' is the completed state (docs/shop-rules.md#order-status); 'refunded' follows a cancelled paid order. */
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** 'bank': a bank transfer (NEFT/RTGS/IMPS), with an advance and a balance (docs/shop-rules.md#bank-transfer). */
export const PAYMENT_MODES = ['online', 'cod', 'bank'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** An order as the API sends it, or as the server reads it, with its payment (null before one exists). */
export interface OrderWithPayment<P extends { mode: PaymentMode; status: PaymentStatus }> {
  status: OrderStatus;
  paymentMode: PaymentMode;
  payment: P | null;
}

/** A bank-transfer order's terms as the rules read them: its total, its advance and what was received (paise). */
export type TermsOf = PaymentTerms | null;

/**
 * This order's payment, read from `payment` (the only place the API sends it): its mode, else the
 * order's paymentMode, and its status, else 'pending' (no payment recorded yet).
 */
export function paymentOf<P extends { mode: PaymentMode; status: PaymentStatus }>(
  order: Omit<OrderWithPayment<P>, 'status'>,
): Omit<Partial<P>, 'mode' | 'status'> & { mode: PaymentMode; status: PaymentStatus } {
  const payment: Partial<P> = order.payment ?? {};
  return { ...payment, mode: payment.mode ?? order.paymentMode, status: payment.status ?? 'pending' };
}

/** The order number the buyer sees (My Orders, the confirmation page, the e-mails): the id's last 6 characters. */
export const orderNumber = (orderId: string) => orderId.slice(-6);

/** How an order is paid and where that payment stands, in the words the order pages and the e-mails use. */
export function paymentInWords(order: OrderWithPayment<{ mode: PaymentMode; status: PaymentStatus }>): string {
  const payment = paymentOf(order);
  if (payment.mode === 'cod') {
    if (payment.status === 'success') return 'Cash on delivery · paid';
    if (payment.status === 'refunded') return 'Cash on delivery · cash to be returned';
    if (order.status === 'cancelled') return 'Cash on delivery · not collected';
    return 'Cash on delivery · pay when it arrives';
  }
  if (payment.mode === 'bank') {
    if (payment.status === 'success') return 'Bank transfer · paid';
    if (payment.status === 'refunded') return 'Bank transfer · to be returned';
    return order.status === 'cancelled' ? 'Bank transfer · not paid' : 'Bank transfer · awaiting transfer';
  }
  if (payment.status === 'success') return 'Paid online';
  if (payment.status === 'refunded') return 'Paid online · refunded';
  return order.status === 'cancelled' ? 'Online · not paid' : 'Online · not paid yet';
}

/**
 * The order has left the shop: `shippedAt` is set the first time it is marked shipped or delivered and is never
 * cleared, so an admin's later move back to pending or processing does not make it look unshipped
 * (docs/shop-rules.md#order-status).
 */
export function hasShipped(order: { shippedAt: Date | string | null }): boolean {
  return order.shippedAt !== null;
}

/**
 * The buyer may cancel their order while it is pending or processing and has never shipped: goods the buyer
 * holds (or that are on their way) come back as a return, not through a cancellation.
 */
export function buyerMayCancel(order: { status: OrderStatus; shippedAt: Date | string | null }): boolean {
  return BUYER_CANCELLABLE_STATUSES.includes(order.status) && !hasShipped(order);
}

/** Where each status stands in the order's progress; cancelled is apart from it. */
const PROGRESS: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  pending: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
};

/**
 * An admin's change that takes a shipped or delivered order back (delivered to shipped, either to processing or
 * pending): allowed, as the admin may set any status, but only with a reason, recorded in the audit trail; it keeps
 * the shipment and never refunds, restocks or issues a credit note (docs/shop-rules.md#order-status).
 */
export function isMoveBack(from: OrderStatus, to: OrderStatus): boolean {
  if (from === 'cancelled' || to === 'cancelled') return false;
  return PROGRESS[from] >= PROGRESS.shipped && PROGRESS[to] < PROGRESS[from];
}

/** The longest reason an admin may give for moving an order back. */
export const MOVE_BACK_REASON_MAX = 500;

/**
 * Why an admin may not change this order's status (to `to`, when known), or null when they may: a cancelled order
 * keeps its status (its stock is already back), and no status changes before the payment is 'success'. A
 * bank-transfer order (`terms` given) moves once its advance is received, may be cancelled by the owner while it
 * waits for it, and is shipped or delivered only once fully received (docs/shop-rules.md#bank-transfer).
 */
export function adminStatusChangeRefusal<P extends { mode: PaymentMode; status: PaymentStatus }>(
  order: OrderWithPayment<P>,
  to?: OrderStatus,
  terms: TermsOf = null,
): 'cancelled' | 'paymentNotComplete' | 'balanceDue' | null {
  if (order.status === 'cancelled') return 'cancelled';
  const payment = paymentOf(order);
  if (payment.mode === 'bank' && terms) {
    if (payment.status === 'success') return null;
    if (to === 'cancelled') return null;
    // The advance as advancePaiseOf computes it (bank-transfer.ts imports this file's neighbours, not the reverse).
    const advance = Math.min(terms.totalPaise, Math.ceil((terms.totalPaise * terms.advancePercent) / 100));
    if (terms.receivedPaise < advance) return 'paymentNotComplete';
    return to === 'shipped' || to === 'delivered' ? 'balanceDue' : null;
  }
  if (payment.status !== 'success') return 'paymentNotComplete';
  return null;
}

export function adminMayChangeStatus<P extends { mode: PaymentMode; status: PaymentStatus }>(
  order: OrderWithPayment<P>,
  terms: TermsOf = null,
): boolean {
  return adminStatusChangeRefusal(order, undefined, terms) === null;
}

/**
 * Account roles (docs/shop-rules.md#staff): the owner (`admin`), buyers (`customer`), and the staff the owner
 * invites: orders staff (orders and payments only) and catalog staff (products only).
 */
export const ROLES = ['admin', 'customer', 'orders_staff', 'catalog_staff'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['orders_staff', 'catalog_staff'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Pie-chart colours of the admin dashboard: any other status is grey. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: '#f59e0b',
  processing: '#6366f1',
  shipped: '#06b6d4',
  delivered: '#22c55e',
  cancelled: '#ef4444',
};
export const OTHER_STATUS_COLOR = '#9ca3af';

/**
 * What a quote is (docs/shop-rules.md#quotes). Stored: requested, quoted, accepted, declined, cancelled; a quote
 * answered again reads "revised", and one past its current version's validity date reads "expired".
 */
export const QUOTE_STATUSES = ['requested', 'quoted', 'accepted', 'declined', 'cancelled'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_DISPLAY_STATUSES = [...QUOTE_STATUSES, 'revised', 'expired'] as const;
export type QuoteDisplayStatus = (typeof QUOTE_DISPLAY_STATUSES)[number];

/** A quote's payment terms in words: the share paid in advance, the balance before dispatch, and the owner's note. */
export function quoteTermsText(advancePercent: number, note = ''): string {
  const share =
    advancePercent >= 100
      ? 'Full payment in advance'
      : advancePercent <= 0
        ? 'Payment before dispatch'
        : `${advancePercent}% in advance, the balance before dispatch`;
  return note.trim() ? `${share}. ${note.trim()}` : share;
}
