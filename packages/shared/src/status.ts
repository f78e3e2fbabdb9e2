/** Order and payment states (spec section 4, DESIGN section 3). */

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A buyer may cancel only while the order is in one of these (DESIGN section 3.8). */
export const BUYER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];

/** 'success' is the completed state (spec section 3); 'refunded' follows a cancelled paid order. */
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_MODES = ['online', 'cod'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Pie-chart colours of the admin dashboard (spec section 2): any other status is grey. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: '#f59e0b',
  processing: '#6366f1',
  shipped: '#06b6d4',
  delivered: '#22c55e',
  cancelled: '#ef4444',
};
export const OTHER_STATUS_COLOR = '#9ca3af';
