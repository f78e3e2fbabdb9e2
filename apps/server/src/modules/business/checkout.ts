/**
 * What checkout needs of a business person (docs/shop-rules.md#business-accounts): whether they may buy, the outlet
 * the order goes to (one of their business's, required), and the approval limit it is held to (docs/decisions/0031-business-order-approval.md).
 */
import { BUSINESS_MESSAGES, mayBuy, needsApproval, type Address, type BusinessRole } from '@pumpkart/shared';
import type { DbOrTx } from '../../db/client';
import { BadRequestError, ForbiddenError } from '../../lib/errors';
import { findBusiness, findMemberEmails, findPlacementRow, membershipOf } from './store';

export interface BusinessPlacement {
  businessId: string;
  legalName: string;
  gstin: string | null;
  role: BusinessRole;
  /** Orders above it wait for approval when a buyer places them; null: none do. */
  approvalLimitPaise: number | null;
  outletId: string;
  /** The outlet's address: the order's delivery address. */
  address: Address;
  /** The list the business buys at (docs/shop-rules.md#business-prices); null: list prices. */
  priceListId: string | null;
}

/**
 * The placement of the user's order for their business; null for a person in no business (a consumer, who sends no
 * outlet: one sent is 400). A viewer is refused (403); a business person without one of the business's outlets 400.
 */
export async function businessOutlet(
  db: DbOrTx,
  userId: string,
  outletId: string | undefined,
): Promise<BusinessPlacement | null> {
  const row = await findPlacementRow(db, userId, outletId);
  if (!row) {
    if (outletId) throw new BadRequestError(BUSINESS_MESSAGES.outletNotFound);
    return null;
  }
  if (!mayBuy(row.role)) throw new ForbiddenError(BUSINESS_MESSAGES.viewerCannotBuy);
  if (!row.outletId || !row.address) throw new BadRequestError(BUSINESS_MESSAGES.outletRequired);
  return { ...row, outletId: row.outletId, address: row.address };
}

/**
 * Whether an order written for a business outside checkout (an accepted quote, docs/shop-rules.md#quotes) waits for
 * approval, by the same rule as checkout's: `userId`'s role in that business (a person no longer in it counts as a
 * buyer, so the business still decides) and its approval limit. Answers the business's name for the approvers' e-mail.
 */
export async function businessApproval(
  db: DbOrTx,
  userId: string,
  businessId: string,
  totalPaise: number,
): Promise<{ waits: boolean; legalName: string }> {
  const [membership, business] = await Promise.all([membershipOf(db, userId), findBusiness(db, businessId)]);
  if (!business) return { waits: false, legalName: '' };
  const role: BusinessRole = membership?.businessId === businessId ? membership.role : 'buyer';
  return { waits: needsApproval(role, totalPaise, business.approvalLimitPaise), legalName: business.legalName };
}

/** Who is told that an order waits for approval: the business's approvers and admins. */
export const approverEmails = (db: DbOrTx, businessId: string) =>
  findMemberEmails(db, businessId, ['admin', 'approver']);

/**
 * Whether the caller is a colleague of the business an order was placed for (any role, a viewer too): they read it,
 * its invoice and its returns as its buyer does. False for a consumer's order (null).
 */
export async function isColleague(db: DbOrTx, userId: string, businessId: string | null): Promise<boolean> {
  if (!businessId) return false;
  return (await membershipOf(db, userId))?.businessId === businessId;
}
