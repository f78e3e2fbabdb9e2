/**
 * Accepting a quote (docs/shop-rules.md#quotes): the buyer accepts the version they read, and ONE transaction locks
 * the quote, checks that this version is still the current one and still valid, writes the order at exactly its
 * unit prices and delivery charge (checkout's writeFixedPriceOrder: stock reserved as for any order), names the
 * quote on the order and marks the quote accepted. A second click finds the quote accepted with the same version
 * and answers the same order.
 */
import { indiaDateOf, mayBuy, orderNumber, SERVER_MESSAGES, type QuoteAcceptBody } from '@pumpkart/shared';
import type { AppContext } from '../../context';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { membershipOf } from '../business';
import { writeFixedPriceOrder } from '../checkout';
import { enqueueMails, ownerEmail } from '../mail';
import { QUOTE_NOT_FOUND, readableQuote, type Caller } from './detail';
import { linkOrderToQuote, lockQuote, updateQuote, versionsOfQuote } from './store';

export const ACCEPT_MESSAGES = {
  notBuyer: 'Only the buyer who asked, or a buyer of the same business, can accept this quote.',
  superseded: (current: number) =>
    `This version was superseded by version ${current}. Read the new one, then accept it if it suits you.`,
  expired: (day: string) => `This quote expired on ${day}. Ask the shop for a new one.`,
  notOpen: (status: string) => `This quote is ${status}; it cannot be accepted.`,
  accepted: 'Quote accepted: your order is placed.',
  acceptedAwaitingApproval: 'Quote accepted: your order is placed and waits for approval by your business.',
  productGone: (title: string) => `${title} is no longer in the catalog; ask the shop for a new quote.`,
};

export async function acceptQuote(
  ctx: AppContext,
  caller: Caller,
  quoteId: string,
  body: QuoteAcceptBody,
  now = new Date(),
): Promise<{ orderId: string; replayed: boolean; awaitsApproval: boolean }> {
  const quote = await readableQuote(ctx, caller, quoteId);
  if (quote.userId !== caller.sub) {
    const membership = await membershipOf(ctx.db, caller.sub);
    if (!membership || membership.businessId !== quote.businessId || !mayBuy(membership.role)) {
      throw new ForbiddenError(ACCEPT_MESSAGES.notBuyer);
    }
  }
  if (body.paymentMode === 'cod' && !ctx.config.COD_ENABLED) throw new BadRequestError(SERVER_MESSAGES.codDisabled);
  const today = indiaDateOf(now);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockQuote(tx, quoteId);
    if (!row) throw new NotFoundError(QUOTE_NOT_FOUND);
    if (row.status === 'accepted' && row.acceptedVersion === body.version && row.orderId) {
      return { orderId: row.orderId, replayed: true, availabilityChanged: false, awaitsApproval: false };
    }
    if (row.status !== 'quoted') throw new ConflictError(ACCEPT_MESSAGES.notOpen(row.status));
    const current = (await versionsOfQuote(tx, quoteId)).at(-1);
    if (!current) throw new ConflictError(ACCEPT_MESSAGES.notOpen(row.status));
    if (body.version !== current.version) throw new ConflictError(ACCEPT_MESSAGES.superseded(current.version));
    if (current.validUntil < today) throw new ConflictError(ACCEPT_MESSAGES.expired(current.validUntil));
    const lines = current.lines.map((line) => {
      if (!line.productId) throw new ConflictError(ACCEPT_MESSAGES.productGone(line.title));
      return { ...line, productId: line.productId };
    });
    const placed = await writeFixedPriceOrder(ctx, tx, {
      userId: caller.sub,
      paymentMode: body.paymentMode,
      customer: {
        name: row.customerName,
        email: row.customerEmail,
        phone: row.customerPhone,
        businessName: row.customerBusinessName,
        gstin: row.customerGstin,
      },
      address: row.address,
      lines,
      shippingPaise: current.shippingPaise,
      advancePercent: current.advancePercent,
      businessId: row.businessId,
      outletId: row.outletId,
    });
    await linkOrderToQuote(tx, placed.orderId, quoteId);
    await updateQuote(tx, quoteId, { status: 'accepted', acceptedVersion: current.version, orderId: placed.orderId });
    await enqueueMails(tx, [
      {
        to: ownerEmail(ctx.config),
        message: {
          kind: 'owner-quote-accepted',
          quoteId,
          customerName: row.customerName,
          version: current.version,
          orderNumber: orderNumber(placed.orderId),
        },
      },
    ]);
    return { ...placed, replayed: false };
  });
  if (!outcome.replayed) ctx.mail.wake();
  if (outcome.availabilityChanged) ctx.catalogCache.invalidate();
  return { orderId: outcome.orderId, replayed: outcome.replayed, awaitsApproval: outcome.awaitsApproval };
}
