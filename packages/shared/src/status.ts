/** Order and payment states (docs/shop-rules.md#order-status). */

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A buyer may cancel only while the order is in one of these (docs/shop-rules.md#order-status). */
export const BUYER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];

/** 'success' is the completed state (docs/shop-rules.md#order-status); 'refunded' follows a cancelled paid order. */
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_MODES = ['online', 'cod'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** An order as the API sends it, or as the server reads it, with its payment (null before one exists). */
export interface OrderWithPayment<P extends { mode: PaymentMode; status: PaymentStatus }> {
  status: OrderStatus;
  paymentMode: PaymentMode;
  payment: P | null;
}

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
  if (payment.status === 'success') return 'Paid online';
  if (payment.status === 'refunded') return 'Paid online · refunded';
  return order.status === 'cancelled' ? 'Online · not paid' : 'Online · not paid yet';
}

/** The buyer may cancel their order while it is pending or processing. */
export function buyerMayCancel(order: { status: OrderStatus }): boolean {
  return BUYER_CANCELLABLE_STATUSES.includes(order.status);
}

/**
 * Why an admin may not change this order's status, or null when they may: a cancelled order keeps
 * its status (its stock is already back), and no status changes before the payment is 'success'.
 */
export function adminStatusChangeRefusal<P extends { mode: PaymentMode; status: PaymentStatus }>(
  order: OrderWithPayment<P>,
): 'cancelled' | 'paymentNotComplete' | null {
  if (order.status === 'cancelled') return 'cancelled';
  if (paymentOf(order).status !== 'success') return 'paymentNotComplete';
  return null;
}

export function adminMayChangeStatus<P extends { mode: PaymentMode; status: PaymentStatus }>(
  order: OrderWithPayment<P>,
): boolean {
  return adminStatusChangeRefusal(order) === null;
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
