/**
 * Business accounts (docs/shop-rules.md#business-accounts): a business with its outlets and its people, each person
 * with one role. The business's admin manages it (people, outlets, limits) and buys and approves; an approver also
 * approves orders above the business's approval limit; a buyer places orders; a viewer only sees what the business
 * shares (orders, quotes, invoices, addresses). A person belongs to at most one business.
 */
export const BUSINESS_ROLES = ['admin', 'approver', 'buyer', 'viewer'] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];

/** The oil companies whose brand an outlet carries; "Other" for an independent or private outlet. */
export const OUTLET_BRANDS = ['IOCL', 'BPCL', 'HPCL', 'Nayara', 'Jio-bp', 'Shell', 'MRPL', 'Other'] as const;
export type OutletBrand = (typeof OUTLET_BRANDS)[number];

/** Whether a person with this role may place orders and send requests for quote. */
export const mayBuy = (role: BusinessRole) => role !== 'viewer';

/** Whether a person with this role may approve an order above the business's approval limit. */
export const mayApprove = (role: BusinessRole) => role === 'admin' || role === 'approver';

/** Whether a person with this role manages the business: its people, outlets and approval limit. */
export const managesBusiness = (role: BusinessRole) => role === 'admin';

/**
 * An order's approval (docs/shop-rules.md#business-accounts): pending while a buyer's order above the approval
 * limit waits for an approver or admin; approved lets it be paid and processed; rejected cancels it.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Whether a buyer's order of this total (paise) waits for approval under the business's limit (null: none). */
export const needsApproval = (role: BusinessRole, totalPaise: number, limitPaise: number | null) =>
  role === 'buyer' && limitPaise !== null && totalPaise > limitPaise;

/** How long an invitation's e-mailed link works. */
export const BUSINESS_INVITE_VALID_DAYS = 7;
